import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { ownerAndStaff, ownerOnPostgres } from './merchant.helpers';
import { holdAgainstWrites, untilWaiting } from './support/locks';
import { describeDb, describePostgres, TEST_MERCHANT_KEY, useTestProvider } from './support/provider';
import { boardApi } from '#contract/board.calls';
import { dashboardApi } from '#contract/dashboard.calls';
import { menuApi, menuMachineApi } from '#contract/menu.calls';
import { ordersApi } from '#contract/orders.calls';
import { shopApi } from '#contract/shop.calls';
import { callApi } from '../support/calls';
import type { Call } from '#contract/api';

/**
 * A catalogue a café can run (issue 27): a product archived (hidden from customers, refused by quotes and
 * orders as not on the menu, kept for the orders that name it) and restored; deleted only when no order
 * names it; products put in a new order within their category; every change audited; staff refused.
 */

interface EditorProduct {
  id: number;
  category_id: number;
  name: string;
  price: number;
  available: boolean;
  position: number;
  archived_at: string | null;
  in_orders: boolean;
}
interface EditorCategory {
  id: number;
  name: string;
  products: EditorProduct[];
}

describeDb('the catalogue lifecycle', (kind) => {
  const p = useTestProvider(kind);
  const team = ownerAndStaff(p);
  const post = (declaration: Call<any, any>, body: unknown, token?: string) => team.post(declaration, body, token);
  const shopIds = async () =>
    ((await callApi(p, shopApi.catalog)).body.data.categories as Array<{ id: number; products: Array<{ id: number }> }>).flatMap((c) =>
      c.products.map((x) => x.id),
    );
  const editorMenu = async () => (await callApi(p, menuApi.menu, { token: team.owner.token })).body.data.categories as EditorCategory[];
  const newCategory = async (name: string) => (await post(menuApi.createCategory, { name }).expect(201)).body.data.category.id as number;
  const newProduct = async (categoryId: number, name: string, price = 16_000) =>
    (await post(menuApi.createProduct, { category_id: categoryId, name, price }).expect(201)).body.data.product as EditorProduct;
  const order = (token: string, productId: number) =>
    callApi(p, ordersApi.create, {
      token,
      body: { items: [{ product_id: productId, qty: 1 }], fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: randomUUID() },
    });
  const lastAudit = (target: string) => p.db.selectFrom('audit_log').selectAll().where('target', '=', target).orderBy('id', 'desc').executeTakeFirstOrThrow();

  it('archives a product: gone from the shop, refused by quote and order as not on the menu, still in the orders that name it', async () => {
    const categoryId = await newCategory('Archive me');
    const scone = await newProduct(categoryId, 'Ube scone', 15_500);
    const c = await p.newCustomer({ wallet: 100_000 });
    const placed = (await order(c.token, scone.id).expect(201)).body.data.order as { name: string };

    const archived = await post(menuApi.archiveProduct, { id: scone.id }).expect(200);
    expect(archived.body.message).toBe('Ube scone is archived: customers no longer see it.');
    expect(archived.body.data.product).toMatchObject({ id: scone.id, archived_at: p.clock.now().toISOString(), in_orders: true });
    expect(await shopIds()).not.toContain(scone.id);

    const quote = await callApi(p, ordersApi.quote, { token: c.token, body: { items: [{ product_id: scone.id, qty: 1 }], fulfilment: 'pickup' } });
    expect([quote.status, quote.body.error.code, quote.body.error.fields]).toEqual([400, 'VALIDATION', { 'items.0.product_id': 'is not on the menu' }]);
    const refused = await order(c.token, scone.id);
    expect([refused.status, refused.body.error.fields]).toEqual([400, { 'items.0.product_id': 'is not on the menu' }]);

    // the customer's order, the board's ticket and the export still name it
    const detail = (await callApi(p, ordersApi.detail, { token: c.token, query: { name: placed.name } }).expect(200)).body.data.order as {
      items: Array<{ name: string; price: number }>;
    };
    expect(detail.items).toEqual([expect.objectContaining({ name: 'Ube scone', price: 15_500 })]);
    const ticket = (await callApi(p, boardApi.detail, { token: team.owner.token, query: { name: placed.name } }).expect(200)).body.data.order as {
      items: Array<{ name: string }>;
    };
    expect(ticket.items.map((i) => i.name)).toEqual(['Ube scone']);
    // the export's days are the shop's (Asia/Manila): past 16:00 UTC its day is already tomorrow's
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila' }).format(p.clock.now());
    const csv = await callApi(p, dashboardApi.exportOrders, { token: team.owner.token, query: { from: day, to: day } }).expect(200);
    expect(csv.text).toContain('Ube scone');

    // the editor lists it, archived; the merchant key no longer finds it
    const inEditor = (await editorMenu()).find((x) => x.id === categoryId)!.products;
    expect(inEditor.map((x) => [x.name, x.archived_at !== null])).toEqual([['Ube scone', true]]);
    const machine = await callApi(p, menuMachineApi.updateProduct, {
      headers: { 'x-merchant-key': TEST_MERCHANT_KEY },
      body: { product_id: scone.id, price: 1 },
    });
    expect([machine.status, machine.body.error.code]).toEqual([404, 'NOT_FOUND']);

    const entry = await lastAudit(`product:${scone.id}`);
    expect(entry).toMatchObject({
      action: 'menu.product.archive',
      staff_id: team.owner.id,
      before: expect.objectContaining({ archived_at: null }),
      after: expect.objectContaining({ name: 'Ube scone' }),
    });
    expect((entry.after as { archived_at: string }).archived_at).toBe(p.clock.now().toISOString());
  });

  it('restores an archived product last in its category: customers see it and can order it again', async () => {
    const categoryId = await newCategory('Restore me');
    const first = await newProduct(categoryId, 'Pan de sal');
    const second = await newProduct(categoryId, 'Ensaymada');
    await post(menuApi.archiveProduct, { id: first.id }).expect(200);
    await post(menuApi.reorderProducts, { category_id: categoryId, ids: [second.id] }).expect(200);
    const restored = await post(menuApi.restoreProduct, { id: first.id }).expect(200);
    expect(restored.body.message).toBe('Pan de sal is back on the menu.');
    expect(restored.body.data.product).toMatchObject({ archived_at: null });
    const category = (await editorMenu()).find((x) => x.id === categoryId)!;
    expect(category.products.map((x) => x.name)).toEqual(['Ensaymada', 'Pan de sal']);
    expect(await shopIds()).toContain(first.id);
    const c = await p.newCustomer({ wallet: 100_000 });
    await order(c.token, first.id).expect(201);
    expect(await lastAudit(`product:${first.id}`)).toMatchObject({
      action: 'menu.product.restore',
      before: expect.objectContaining({ archived_at: expect.any(String) }),
      after: expect.objectContaining({ archived_at: null }),
    });
    // a product that is not archived, or archived twice, is left as it is
    expect((await post(menuApi.restoreProduct, { id: first.id }).expect(200)).body.data.product.archived_at).toBeNull();
    for (const declaration of [menuApi.archiveProduct, menuApi.restoreProduct, menuApi.deleteProduct]) {
      const missing = await post(declaration, { id: 999_999 });
      expect([declaration.path, missing.status, missing.body.error.code]).toEqual([declaration.path, 404, 'NOT_FOUND']);
    }
  });

  it('deletes a product never ordered; one in a past order is refused (409: archive it instead), and stays', async () => {
    const categoryId = await newCategory('Delete me');
    const fresh = await newProduct(categoryId, 'Trial cookie');
    const ordered = await newProduct(categoryId, 'Polvoron');
    const c = await p.newCustomer({ wallet: 100_000 });
    await order(c.token, ordered.id).expect(201);

    const refused = await post(menuApi.deleteProduct, { id: ordered.id });
    expect([refused.status, refused.body.error.code, refused.body.message, refused.body.error.fields]).toEqual([
      409,
      'CONFLICT',
      'This product is in past orders: archive it instead.',
      { id: 'is in past orders' },
    ]);
    expect(await p.db.selectFrom('products').select('id').where('id', '=', ordered.id).executeTakeFirst()).toBeDefined();

    const deleted = await post(menuApi.deleteProduct, { id: fresh.id });
    expect([deleted.status, deleted.body.message]).toEqual([200, 'The product is deleted.']);
    expect(await p.db.selectFrom('products').select('id').where('id', '=', fresh.id).executeTakeFirst()).toBeUndefined();
    expect(await shopIds()).not.toContain(fresh.id);
    expect(await lastAudit(`product:${fresh.id}`)).toMatchObject({
      action: 'menu.product.delete',
      before: expect.objectContaining({ name: 'Trial cookie' }),
      after: null,
    });
  });

  it('removes a category that holds only archived products; those never ordered can still be deleted', async () => {
    const categoryId = await newCategory('Old stock');
    const a = await newProduct(categoryId, 'Old tart');
    const b = await newProduct(categoryId, 'Old pie');
    await post(menuApi.archiveProduct, { id: a.id }).expect(200);
    await post(menuApi.archiveProduct, { id: b.id }).expect(200);
    // the category leaves the menu; its archived products keep it (what their orders were placed under)
    await post(menuApi.deleteCategory, { id: categoryId }).expect(200);
    await post(menuApi.deleteProduct, { id: a.id }).expect(200);
    await post(menuApi.deleteProduct, { id: b.id }).expect(200);
  });

  it('reorders the products of a category: the shop lists them in that order, archived ones left out', async () => {
    const categoryId = await newCategory('Reorder me');
    const [x, y, z, gone] = [
      await newProduct(categoryId, 'X'),
      await newProduct(categoryId, 'Y'),
      await newProduct(categoryId, 'Z'),
      await newProduct(categoryId, 'Gone'),
    ];
    await post(menuApi.archiveProduct, { id: gone.id }).expect(200);
    const res = await post(menuApi.reorderProducts, { category_id: categoryId, ids: [z.id, x.id, y.id] });
    expect([res.status, res.body.message]).toEqual([200, 'The new order is saved.']);
    const answered = (res.body.data.categories as EditorCategory[]).find((c) => c.id === categoryId)!;
    expect(answered.products.filter((q) => !q.archived_at).map((q) => q.name)).toEqual(['Z', 'X', 'Y']);
    const shop = ((await callApi(p, shopApi.catalog)).body.data.categories as Array<{ id: number; products: Array<{ name: string }> }>).find(
      (c) => c.id === categoryId,
    )!;
    expect(shop.products.map((q) => q.name)).toEqual(['Z', 'X', 'Y']);
    expect(await lastAudit(`category:${categoryId}`)).toMatchObject({ action: 'menu.product.reorder', before: [x.id, y.id, z.id], after: [z.id, x.id, y.id] });

    const other = await newProduct(await newCategory('Elsewhere'), 'Elsewhere');
    const bad = {
      missing: [z.id, x.id],
      duplicate: [z.id, x.id, y.id, x.id],
      foreign: [z.id, x.id, other.id],
      archived: [z.id, x.id, y.id, gone.id],
      unknown: [z.id, x.id, 999_999],
    };
    for (const [why, ids] of Object.entries(bad)) {
      const refused = await post(menuApi.reorderProducts, { category_id: categoryId, ids });
      expect([why, refused.status, refused.body.error.fields]).toEqual([why, 400, { ids: 'must list every product of the category once' }]);
    }
    const noCategory = await post(menuApi.reorderProducts, { category_id: 999_999, ids: [x.id] });
    expect([noCategory.status, noCategory.body.error.fields]).toEqual([400, { category_id: 'is not a category of this menu' }]);
    // nothing moved by the refusals
    expect(shop.products.map((q) => q.name)).toEqual(['Z', 'X', 'Y']);
  });

  it('puts a product moved to another category last in it', async () => {
    const from = await newCategory('From');
    const to = await newCategory('To');
    const stays = await newProduct(to, 'Already here');
    const moving = await newProduct(from, 'Moving');
    await post(menuApi.updateProduct, { id: moving.id, category_id: to }).expect(200);
    expect((await editorMenu()).find((c) => c.id === to)!.products.map((q) => q.id)).toEqual([stays.id, moving.id]);
  });

  it('refuses staff (403) and nobody (401) on every new call', async () => {
    const categoryId = await newCategory('Owners only');
    const product = await newProduct(categoryId, 'Guarded');
    const calls: Array<[Call<any, any>, unknown]> = [
      [menuApi.archiveProduct, { id: product.id }],
      [menuApi.restoreProduct, { id: product.id }],
      [menuApi.deleteProduct, { id: product.id }],
      [menuApi.reorderProducts, { category_id: categoryId, ids: [product.id] }],
    ];
    for (const [declaration, body] of calls) {
      const res = await post(declaration, body, team.staff.token);
      expect([declaration.path, res.status, res.body.error.code]).toEqual([declaration.path, 403, 'ROLE_FORBIDDEN']);
      expect((await callApi(p, declaration, { body })).status).toBe(401);
    }
    expect((await editorMenu()).find((c) => c.id === categoryId)!.products).toEqual([expect.objectContaining({ id: product.id, archived_at: null })]);
  });
});

describePostgres('the catalogue lifecycle racing itself', () => {
  const on = ownerOnPostgres();
  const post = (declaration: Call<any, any>, body: unknown) => Promise.resolve(callApi(on.p, declaration, { token: on.owner.token, body }));

  it('a product restored while another is added to its category: each gets a place of its own', async () => {
    const { p } = on;
    const categoryId = (await post(menuApi.createCategory, { name: 'Busy' })).body.data.category.id as number;
    const a = (await post(menuApi.createProduct, { category_id: categoryId, name: 'Away', price: 16_000 })).body.data.product as EditorProduct;
    const b = (await post(menuApi.createProduct, { category_id: categoryId, name: 'Stays', price: 16_000 })).body.data.product as EditorProduct;
    expect((await post(menuApi.archiveProduct, { id: a.id })).status).toBe(200);
    // The restore is held after it has found its place, before it commits (its audit entry waits); the
    // product is added meanwhile, and would take the same place without the category's lock.
    const audit = await holdAgainstWrites(p.db, 'audit_log');
    const restoring = post(menuApi.restoreProduct, { id: a.id });
    await untilWaiting(p.db, 1);
    const adding = post(menuApi.createProduct, { category_id: categoryId, name: 'New', price: 16_000 });
    await untilWaiting(p.db, 2, adding);
    await audit.release();
    const [restored, added] = await Promise.all([restoring, adding]);
    expect([restored.status, added.status]).toEqual([200, 201]);
    const rows = await p.db.selectFrom('products').select(['name', 'position']).where('category_id', '=', categoryId).orderBy('position').execute();
    expect(rows.map((r) => r.name)).toEqual([b.name, 'Away', 'New']);
    expect(new Set(rows.map((r) => r.position)).size).toBe(3);
  });
});
