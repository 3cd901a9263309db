import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { newStaff, ownerOnPostgres, type TestStaff } from './merchant.helpers';
import { holdAgainstWrites, untilWaiting } from './support/locks';
import { describeDb, describePostgres, useTestProvider } from './support/provider';
import { menuApi } from '#contract/menu.calls';
import { ordersApi } from '#contract/orders.calls';
import { shopApi } from '#contract/shop.calls';
import { callApi, undeclared } from '../support/calls';
import type { Call } from '#contract/api';

/**
 * The owner's menu editor (issue 14): categories added, renamed, reordered, removed only when empty;
 * products added, changed and sold out; customers see it at once on this instance (the menu's cache
 * forgets); an order keeps the price it was placed at; every change in the audit log; staff refused.
 */

interface Category {
  id: number;
  name: string;
  position: number;
  products: Array<{ id: number; name: string; price: number; available: boolean; category_id: number }>;
}

describeDb('the menu editor', (kind) => {
  const p = useTestProvider(kind);
  let owner: TestStaff;
  let staff: TestStaff;
  beforeAll(async () => {
    owner = await newStaff(p.db, p.clock, { role: 'owner' });
    staff = await newStaff(p.db, p.clock, { role: 'staff' });
  });

  const post = (declaration: Call<any, any>, body: unknown, token = owner.token) => callApi(p, declaration, { token, body });
  const catalog = async () => (await callApi(p, shopApi.catalog)).body.data.categories as Category[];
  const editorMenu = async () => (await callApi(p, menuApi.menu, { token: owner.token })).body.data.categories as Category[];

  it('adds a category at the end and a product in it: customers see it on the menu at once', async () => {
    await catalog(); // the menu is cached now
    const created = await post(menuApi.createCategory, { name: '  Seasonal  ' });
    expect(created.status).toBe(201);
    const category = created.body.data.category as { id: number; name: string; position: number };
    expect(category.name).toBe('Seasonal');
    const product = await post(menuApi.createProduct, { category_id: category.id, name: 'Pumpkin spice latte', description: 'Only in autumn.', price: 18_500 });
    expect(product.status).toBe(201);
    expect(product.body.data.product).toMatchObject({ name: 'Pumpkin spice latte', price: 18_500, available: true, image: '' });
    const shop = await catalog();
    expect(shop.at(-1)).toMatchObject({ name: 'Seasonal', products: [{ name: 'Pumpkin spice latte', price: 18_500, available: true }] });
    // and a customer can order it
    const c = await p.newCustomer({ wallet: 100_000 });
    const order = await callApi(p, ordersApi.create, {
      token: c.token,
      body: { items: [{ product_id: product.body.data.product.id, qty: 1 }], fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: randomUUID() },
    });
    expect(order.status).toBe(201);
  });

  it('renames and reorders categories; the list must name each category once', async () => {
    const before = await editorMenu();
    const last = before.at(-1)!;
    expect((await post(menuApi.renameCategory, { id: last.id, name: 'Autumn specials' })).body.data.category.name).toBe('Autumn specials');
    const ids = before.map((c) => c.id);
    const reversed = [...ids].reverse();
    const res = await post(menuApi.reorderCategories, { ids: reversed });
    expect(res.status).toBe(200);
    expect((res.body.data.categories as Category[]).map((c) => c.id)).toEqual(reversed);
    expect((await catalog()).map((c) => c.id)).toEqual(reversed);
    for (const bad of [ids.slice(1), [...ids, ids[0]], [...ids.slice(1), 999_999]]) {
      const refused = await post(menuApi.reorderCategories, { ids: bad });
      expect([refused.status, Object.keys(refused.body.error.fields)]).toEqual([400, ['ids']]);
    }
    expect((await post(menuApi.renameCategory, { id: 999_999, name: 'x' })).status).toBe(404);
  });

  it('removes only an empty category', async () => {
    const full = (await editorMenu()).find((c) => c.products.length > 0)!;
    const refused = await post(menuApi.deleteCategory, { id: full.id });
    expect([refused.status, refused.body.error.code]).toEqual([409, 'CONFLICT']);
    expect(refused.body.message).toMatch(/on the menu: archive or move them first/);
    const empty = (await post(menuApi.createCategory, { name: 'Empty' })).body.data.category as { id: number };
    expect((await post(menuApi.deleteCategory, { id: empty.id })).status).toBe(200);
    expect((await editorMenu()).some((c) => c.id === empty.id)).toBe(false);
  });

  it('removes a category whose products are all archived: they keep it for their orders, nobody sees it', async () => {
    const category = (await post(menuApi.createCategory, { name: 'Winter drinks' })).body.data.category as { id: number };
    const product = (await post(menuApi.createProduct, { category_id: category.id, name: 'Mulled cider', price: 18_000 })).body.data.product as { id: number };
    const c = await p.newCustomer({ wallet: 100_000 });
    const order = await callApi(p, ordersApi.create, {
      token: c.token,
      body: { items: [{ product_id: product.id, qty: 1 }], fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: randomUUID() },
    });
    expect(order.status).toBe(201);
    expect((await post(menuApi.archiveProduct, { id: product.id })).status).toBe(200);
    expect((await post(menuApi.deleteCategory, { id: category.id })).status).toBe(200);
    expect((await editorMenu()).some((x) => x.id === category.id)).toBe(false);
    expect((await catalog()).some((x) => x.id === category.id)).toBe(false);
    // the archived product is still there, in its category, and the order still names it
    const kept = await p.db.selectFrom('products').select(['category_id', 'archived_at']).where('id', '=', product.id).executeTakeFirstOrThrow();
    expect(kept.category_id).toBe(category.id);
    const mine = await callApi(p, ordersApi.detail, { token: c.token, query: { name: order.body.data.order.name } });
    expect(mine.body.data.order.items[0]).toMatchObject({ name: 'Mulled cider' });
    // a removed category takes no new product, and is not renamed
    const added = await post(menuApi.createProduct, { category_id: category.id, name: 'Hot toddy', price: 9_000 });
    expect([added.status, added.body.error?.fields]).toEqual([400, { category_id: 'is not a category of this menu' }]);
    expect((await post(menuApi.renameCategory, { id: category.id, name: 'Back' })).status).toBe(404);
    // restoring its product brings the category back, last on the menu
    expect((await post(menuApi.restoreProduct, { id: product.id })).status).toBe(200);
    const back = (await editorMenu()).at(-1)!;
    expect([back.id, back.products.map((x) => x.id)]).toEqual([category.id, [product.id]]);
  });

  it('refuses to remove a category with products on the menu, saying how many', async () => {
    const category = (await post(menuApi.createCategory, { name: 'Two left' })).body.data.category as { id: number };
    for (const name of ['Cold brew', 'Iced mocha', 'Iced tea']) await post(menuApi.createProduct, { category_id: category.id, name, price: 10_000 });
    const [first] = (await editorMenu()).find((x) => x.id === category.id)!.products;
    await post(menuApi.archiveProduct, { id: first!.id });
    const refused = await post(menuApi.deleteCategory, { id: category.id });
    expect([refused.status, refused.body.error.code]).toEqual([409, 'CONFLICT']);
    expect(refused.body.message).toBe('Two left still has 2 products on the menu: archive or move them first.');
  });

  it('archives every product of a category at once, and then the category can go', async () => {
    const category = (await post(menuApi.createCategory, { name: 'Set-up samples' })).body.data.category as { id: number };
    for (const name of ['Sample A', 'Sample B']) await post(menuApi.createProduct, { category_id: category.id, name, price: 5_000 });
    const res = await post(menuApi.archiveCategoryProducts, { id: category.id });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('2 products of Set-up samples are archived: customers no longer see them.');
    const inEditor = (await editorMenu()).find((x) => x.id === category.id)!;
    expect(inEditor.products.every((x) => (x as { archived_at?: string | null }).archived_at)).toBe(true);
    expect((await catalog()).find((x) => x.id === category.id)?.products ?? []).toEqual([]);
    expect((await post(menuApi.archiveCategoryProducts, { id: 999_999 })).status).toBe(404);
    expect((await post(menuApi.archiveCategoryProducts, { id: category.id }, staff.token)).status).toBe(403);
    expect((await post(menuApi.deleteCategory, { id: category.id })).status).toBe(200);
  });

  it('sells a product out: customers see it unavailable and cannot order it; back on sale, they can', async () => {
    const item = (await catalog()).flatMap((c) => c.products).find((x) => x.available && x.price >= 15_000)!;
    expect((await post(menuApi.updateProduct, { id: item.id, available: false })).body.data.product.available).toBe(false);
    expect((await catalog()).flatMap((c) => c.products).find((x) => x.id === item.id)!.available).toBe(false);
    const c = await p.newCustomer({ wallet: 100_000 });
    const order = () =>
      callApi(p, ordersApi.create, {
        token: c.token,
        body: { items: [{ product_id: item.id, qty: 1 }], fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: randomUUID() },
      });
    expect((await order()).body.error.code).toBe('PRODUCT_UNAVAILABLE');
    await post(menuApi.updateProduct, { id: item.id, available: true });
    expect((await order()).status).toBe(201);
  });

  it('changes a price for new orders only: an order already placed keeps its price', async () => {
    const item = (await catalog()).flatMap((c) => c.products).find((x) => x.available && x.price >= 15_000)!;
    const c = await p.newCustomer({ wallet: 1_000_000 });
    const placed = (
      await callApi(p, ordersApi.create, {
        token: c.token,
        body: { items: [{ product_id: item.id, qty: 2 }], fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: randomUUID() },
      })
    ).body.data.order as { name: string; total: number };
    await post(menuApi.updateProduct, { id: item.id, price: item.price + 5_000, name: `${item.name} (large)` });
    const again = (await callApi(p, ordersApi.detail, { token: c.token, query: { name: placed.name } })).body.data.order as {
      total: number;
      items: Array<{ price: number; name: string }>;
    };
    expect(again.total).toBe(placed.total);
    expect(again.items[0]).toMatchObject({ price: item.price, name: item.name });
    const quote = await callApi(p, ordersApi.quote, { token: c.token, body: { items: [{ product_id: item.id, qty: 2 }], fulfilment: 'pickup' } });
    expect(quote.body.data.subtotal).toBe(2 * (item.price + 5_000));
  });

  it('moves a product to another category, and refuses a category that does not exist', async () => {
    const menu = await editorMenu();
    const product = menu[0]!.products[0]!;
    const target = menu[1]!;
    expect((await post(menuApi.updateProduct, { id: product.id, category_id: target.id })).body.data.product.category_id).toBe(target.id);
    const refused = await post(menuApi.updateProduct, { id: product.id, category_id: 999_999 });
    expect([refused.status, Object.keys(refused.body.error.fields)]).toEqual([400, ['category_id']]);
    const missing = await post(menuApi.createProduct, { category_id: 999_999, name: 'Ghost', price: 100 });
    expect([missing.status, Object.keys(missing.body.error.fields)]).toEqual([400, ['category_id']]);
    expect((await post(menuApi.updateProduct, { id: 999_999, price: 100 })).status).toBe(404);
  });

  it('takes an uploaded image, and refuses one from another scheme', async () => {
    const product = (await editorMenu()).flatMap((c) => c.products)[0]!;
    // an uploaded image's address (a file, not a declared call)
    const uploaded = `/api/${undeclared('media/0f1e2d.png')}`;
    const ok = await post(menuApi.updateProduct, { id: product.id, image: uploaded });
    expect(ok.body.data.product.image).toBe(uploaded);
    for (const image of ['javascript:alert(1)', 'http://evil.example/a.png', '//evil.example/a.png']) {
      const res = await post(menuApi.updateProduct, { id: product.id, image });
      expect([res.status, Object.keys(res.body.error.fields)]).toEqual([400, ['image']]);
    }
  });

  it('writes every change to the audit log with before and after', async () => {
    const product = (await editorMenu()).flatMap((c) => c.products)[0]!;
    await post(menuApi.updateProduct, { id: product.id, price: 12_300 });
    const entry = await p.db.selectFrom('audit_log').selectAll().where('target', '=', `product:${product.id}`).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ action: 'menu.product.update', staff_id: owner.id });
    expect((entry.after as { price: number }).price).toBe(12_300);
    expect((entry.before as { price: number }).price).toBe(product.price);
  });

  it('refuses staff on every editor call (403), and nobody without a session (401)', async () => {
    const menu = await editorMenu();
    const calls: Array<[Call<any, any>, unknown]> = [
      [menuApi.createCategory, { name: 'No' }],
      [menuApi.renameCategory, { id: menu[0]!.id, name: 'No' }],
      [menuApi.reorderCategories, { ids: menu.map((c) => c.id) }],
      [menuApi.updateProduct, { id: menu.flatMap((c) => c.products)[0]!.id, price: 1 }],
    ];
    for (const [declaration, body] of calls) {
      const res = await post(declaration, body, staff.token);
      expect([declaration.path, res.status, res.body.error.code]).toEqual([declaration.path, 403, 'ROLE_FORBIDDEN']);
      expect((await callApi(p, declaration, { body })).status).toBe(401);
    }
    expect((await callApi(p, menuApi.menu, { token: staff.token })).status).toBe(403);
  });
});

describePostgres('the menu editor racing itself', () => {
  const on = ownerOnPostgres();

  const post = (declaration: Call<any, any>, body: unknown) => Promise.resolve(callApi(on.p, declaration, { token: on.owner.token, body }));

  it('a product added to a category while it is being removed: a clear refusal, never a server error or a product without a category', async () => {
    const { p } = on;
    const category = (await post(menuApi.createCategory, { name: 'Going soon' })).body.data.category as { id: number };
    // The removal is held after it has found the category empty and removed it, before it commits (its
    // audit entry waits); the product is added meanwhile.
    const audit = await holdAgainstWrites(p.db, 'audit_log');
    const removing = post(menuApi.deleteCategory, { id: category.id });
    await untilWaiting(p.db, 1);
    const adding = post(menuApi.createProduct, { category_id: category.id, name: 'Late scone', price: 9_000 });
    await untilWaiting(p.db, 2, adding);
    await audit.release();
    const [removed, added] = await Promise.all([removing, adding]);
    expect(removed.status).toBe(200);
    // the answer a category that does not exist gets: the field named, in plain words
    expect([added.status, added.body.error?.fields]).toEqual([400, { category_id: 'is not a category of this menu' }]);
    const orphans = await p.db.selectFrom('products').select('id').where('name', '=', 'Late scone').execute();
    expect(orphans).toEqual([]);
  });
});
