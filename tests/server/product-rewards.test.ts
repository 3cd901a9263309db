import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { ownerAndStaff } from './merchant.helpers';
import { describeDb, useTestProvider } from './support/provider';
import { boardApi } from '#contract/board.calls';
import { counterApi } from '#contract/counter.calls';
import { ordersApi } from '#contract/orders.calls';
import { rewardsApi, rewardsEditorApi } from '#contract/rewards.calls';
import { shopApi } from '#contract/shop.calls';
import { walletApi } from '#contract/wallet.calls';
import { callApi } from '../support/calls';
import { menuApi } from '#contract/menu.calls';
import { shopSettingsApi } from '#contract/shop-settings.calls';

/**
 * Rewards for a product (issue 27): a reward gives a product of the menu free (once, at 0) rather than an
 * amount off. Redeemed into a voucher as any reward; at checkout the voucher puts the product in the order
 * as a line at 0 (totals and points as without it); at the counter it is a free item. Its product
 * archived, checkout refuses it while the counter still honours it.
 */

interface Product {
  id: number;
  name: string;
  price: number;
  option_groups?: Array<{ name: string }>;
}

describeDb('rewards for a product', (kind) => {
  const p = useTestProvider(kind);
  const team = ownerAndStaff(p);
  let latte: Product;
  let croissant: Product;

  beforeAll(async () => {
    const all = ((await callApi(p, shopApi.catalog)).body.data.categories as Array<{ products: Product[] }>).flatMap((c) => c.products);
    latte = all.find((x) => x.name === 'Ube latte')!;
    // a product of its own: neither reward's (a voucher's product in the basket is made free, not added)
    croissant = all.find((x) => x.price >= 15_000 && x.id !== latte.id && x.name !== 'Spanish latte')!;
  });

  const createReward = (body: Record<string, unknown>, token?: string) =>
    team.post(rewardsEditorApi.create, { title: 'Free ube latte', points_cost: 100, stock_total: null, valid_days: 30, ...body }, token);
  const redeem = async (token: string, name: string) =>
    (await callApi(p, rewardsApi.redeem, { token, body: { name, idempotency_key: randomUUID() } }).expect(201)).body.data.voucher as {
      id: number;
      reward: { free_product: string | null };
    };
  const basket = (voucherId: number) => ({ items: [{ product_id: croissant.id, qty: 1 }], fulfilment: 'pickup', voucher_id: voucherId });

  it('makes a reward that gives a product: the owner sees the product, customers "Free <product>"', async () => {
    const res = await createReward({ product_id: latte.id });
    expect(res.status).toBe(201);
    expect(res.body.data.reward).toMatchObject({ discount_amount: 0, product: { id: latte.id, name: 'Ube latte', archived: false } });
    const listed = ((await callApi(p, rewardsApi.list)).body.data.rewards as Array<{ name: string; free_product?: string | null }>).find(
      (r) => r.name === res.body.data.reward.name,
    );
    expect(listed?.free_product).toBe('Ube latte');
    expect(
      await p.db.selectFrom('audit_log').select(['action', 'after']).where('target', '=', `reward:${res.body.data.reward.name}`).executeTakeFirstOrThrow(),
    ).toMatchObject({
      action: 'reward.create',
      after: expect.objectContaining({ product: expect.objectContaining({ name: 'Ube latte' }) }),
    });
  });

  it('refuses a free product with an amount off, a product not on the menu, and staff', async () => {
    const both = await createReward({ product_id: latte.id, discount_amount: 5_000 });
    expect([both.status, both.body.error.fields]).toEqual([400, { discount_amount: 'must be 0 when the reward is a free product' }]);
    const unknown = await createReward({ product_id: 999_999 });
    expect([unknown.status, unknown.body.error.fields]).toEqual([400, { product_id: 'is not on the menu' }]);
    const staff = await createReward({ product_id: latte.id }, team.staff.token);
    expect([staff.status, staff.body.error.code]).toEqual([403, 'ROLE_FORBIDDEN']);

    // an amount-off reward becomes a free product, and back; an amount off added to a product reward is refused
    const amount = (await createReward({ title: 'Twenty off', discount_amount: 2_000 }).expect(201)).body.data.reward as { name: string };
    const update = (body: Record<string, unknown>, token?: string) => team.post(rewardsEditorApi.update, { name: amount.name, ...body }, token);
    const mixed = await update({ product_id: latte.id });
    expect([mixed.status, mixed.body.error.fields]).toEqual([400, { discount_amount: 'must be 0 when the reward is a free product' }]);
    expect((await update({ product_id: latte.id, discount_amount: 0 }).expect(200)).body.data.reward.product).toMatchObject({ id: latte.id });
    expect((await update({ discount_amount: 100 })).body.error.fields).toEqual({ discount_amount: 'must be 0 when the reward is a free product' });
    expect((await update({ product_id: null, discount_amount: 2_000 }).expect(200)).body.data.reward).toMatchObject({ product: null, discount_amount: 2_000 });
    expect((await update({ product_id: latte.id, discount_amount: 0 }, team.staff.token)).status).toBe(403);
    const audit = await p.db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('target', '=', `reward:${amount.name}`)
      .where('action', '=', 'reward.update')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect([(audit.before as { product: unknown }).product, (audit.after as { product: unknown }).product]).toEqual([
      expect.objectContaining({ id: latte.id }),
      null,
    ]);
  });

  it('at checkout puts the product in the order at 0: subtotal, total and points as without it; the voucher is used', async () => {
    const reward = (await createReward({ title: 'Latte on us', product_id: latte.id }).expect(201)).body.data.reward as { name: string };
    const c = await p.newCustomer({ points: 500, wallet: 100_000 });
    const voucher = await redeem(c.token, reward.name);
    expect(voucher.reward.free_product).toBe('Ube latte');

    const quote = (await callApi(p, ordersApi.quote, { token: c.token, body: basket(voucher.id) }).expect(200)).body.data;
    expect(quote).toMatchObject({ subtotal: croissant.price, discount: 0, total: croissant.price, points_to_earn: Math.floor(croissant.price / 1_000) });

    const created = await callApi(p, ordersApi.create, {
      token: c.token,
      body: { ...basket(voucher.id), payment_method: 'wallet', idempotency_key: randomUUID() },
    });
    expect(created.status).toBe(201);
    const order = created.body.data.order as {
      name: string;
      subtotal: number;
      discount: number;
      total: number;
      points_earned: number;
      items: Array<{ product_id: number; name: string; price: number; qty: number }>;
    };
    expect(order).toMatchObject({ subtotal: croissant.price, discount: 0, total: croissant.price });
    expect(order.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ product_id: croissant.id, price: croissant.price, qty: 1 }),
        expect.objectContaining({ product_id: latte.id, name: 'Ube latte', price: 0, qty: 1 }),
      ]),
    );
    expect(order.items).toHaveLength(2);
    const wallet = (await callApi(p, walletApi.balance, { token: c.token })).body.data.balance as number;
    expect(wallet).toBe(100_000 - croissant.price);
    const earned = await p.db.selectFrom('orders').select('points_earned').where('name', '=', order.name).executeTakeFirstOrThrow();
    expect(earned.points_earned).toBe(Math.floor(croissant.price / 1_000));
    const used = await p.db.selectFrom('vouchers').select(['status']).where('id', '=', voucher.id).executeTakeFirstOrThrow();
    expect(used.status).toBe('used');
    // the board's ticket shows the free line
    const ticket = (await callApi(p, boardApi.detail, { token: team.owner.token, query: { name: order.name } }).expect(200)).body.data.order as {
      items: Array<{ name: string; price: number }>;
    };
    expect(ticket.items).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Ube latte', price: 0 })]));
  });

  it('a free product with options comes with its default options, at 0', async () => {
    const all = ((await callApi(p, shopApi.catalog)).body.data.categories as Array<{ products: Product[] }>).flatMap((c) => c.products);
    const spanish = all.find((x) => x.name === 'Spanish latte')!;
    expect(spanish.option_groups?.map((g) => g.name)).toEqual(['Size', 'Milk', 'Extras']);
    const reward = (await createReward({ title: 'Spanish latte on us', product_id: spanish.id }).expect(201)).body.data.reward as { name: string };
    const c = await p.newCustomer({ points: 500, wallet: 100_000 });
    const voucher = await redeem(c.token, reward.name);
    const created = await callApi(p, ordersApi.create, {
      token: c.token,
      body: { ...basket(voucher.id), payment_method: 'wallet', idempotency_key: randomUUID() },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const items = created.body.data.order.items as Array<{
      name: string;
      price: number;
      options?: Array<{ group: string; name: string; price_delta: number }>;
    }>;
    expect(items.find((i) => i.name === 'Spanish latte' && i.price === 0)).toEqual(
      expect.objectContaining({
        price: 0,
        options: [
          { group: 'Size', name: 'Regular', price_delta: 0 },
          { group: 'Milk', name: 'Whole milk', price_delta: 0 },
        ],
      }),
    );
    expect(created.body.data.order.total).toBe(croissant.price);
  });

  it('makes one of the basket free when it holds the product: the dearest, as the customer chose it; no second one', async () => {
    type Grouped = Omit<Product, 'option_groups'> & {
      option_groups: Array<{ name: string; options: Array<{ id: number; name: string; price_delta: number }> }>;
    };
    const all = ((await callApi(p, shopApi.catalog)).body.data.categories as Array<{ products: Grouped[] }>).flatMap((c) => c.products);
    const spanish = all.find((x) => x.name === 'Spanish latte')!;
    const option = (group: string, name: string) => spanish.option_groups.find((g) => g.name === group)!.options.find((o) => o.name === name)!;
    const large = option('Size', 'Large');
    const oat = option('Milk', 'Oat milk');
    const dear = spanish.price + large.price_delta + oat.price_delta;
    const reward = (await createReward({ title: 'Free Spanish latte, any size, any milk', product_id: spanish.id }).expect(201)).body.data.reward as {
      name: string;
    };
    const c = await p.newCustomer({ points: 500, wallet: 100_000 });
    const voucher = await redeem(c.token, reward.name);
    const body = {
      items: [
        { product_id: spanish.id, qty: 1 },
        { product_id: spanish.id, qty: 2, options: [large.id, oat.id] },
      ],
      fulfilment: 'pickup',
      voucher_id: voucher.id,
    };
    const quote = (await callApi(p, ordersApi.quote, { token: c.token, body }).expect(200)).body.data;
    // one Large oat latte free: the subtotal is what is paid for, a Regular and the other Large oat
    expect(quote).toMatchObject({
      subtotal: spanish.price + dear,
      discount: 0,
      total: spanish.price + dear,
      free_item: { product_id: spanish.id, name: 'Spanish latte', options: ['Large', 'Oat milk'], value: dear, in_cart: true },
    });
    const created = await callApi(p, ordersApi.create, {
      token: c.token,
      body: { ...body, payment_method: 'wallet', idempotency_key: randomUUID(), expected_total: quote.total },
    }).expect(201);
    const items = (created.body.data.order.items as Array<{ price: number; qty: number; options?: Array<{ name: string; price_delta: number }> }>).map((i) => ({
      price: i.price,
      qty: i.qty,
      options: (i.options ?? []).map((o) => `${o.name} ${o.price_delta}`),
    }));
    // three lattes, as in the basket: none added
    expect(items.reduce((n, i) => n + i.qty, 0)).toBe(3);
    expect(items).toEqual(
      expect.arrayContaining([
        { price: dear, qty: 1, options: [`Large ${large.price_delta}`, `Oat milk ${oat.price_delta}`] },
        { price: 0, qty: 1, options: ['Large 0', 'Oat milk 0'] },
      ]),
    );
    expect(created.body.data.order.total).toBe(spanish.price + dear);
    // without the product in the basket, it comes added, and the quote says so
    const other = await redeem(c.token, reward.name);
    const added = (await callApi(p, ordersApi.quote, { token: c.token, body: basket(other.id) }).expect(200)).body.data;
    expect(added.free_item).toMatchObject({ product_id: spanish.id, in_cart: false, value: spanish.price });
    expect(added.subtotal).toBe(croissant.price);
    // an amount off names no free item
    expect(
      (await callApi(p, ordersApi.quote, { token: c.token, body: { items: [{ product_id: croissant.id, qty: 1 }], fulfilment: 'pickup' } }).expect(200)).body
        .data.free_item ?? null,
    ).toBeNull();
  });

  it('counts toward the minimum order only what is paid for: a free latte does not make up the difference', async () => {
    const reward = (await createReward({ title: 'Free ube latte for the minimum', product_id: latte.id }).expect(201)).body.data.reward as { name: string };
    const c = await p.newCustomer({ points: 500, wallet: 100_000 });
    // a minimum the croissant alone misses and the croissant with a paid latte would reach
    const minOrder = croissant.price + Math.ceil(latte.price / 2);
    const before = (await callApi(p, shopSettingsApi.read, { token: team.owner.token }).expect(200)).body.data.min_order as number;
    await team.post(shopSettingsApi.update, { min_order: minOrder }).expect(200);
    try {
      const voucher = await redeem(c.token, reward.name);
      const items = [
        { product_id: croissant.id, qty: 1 },
        { product_id: latte.id, qty: 1 },
      ];
      const quote = (await callApi(p, ordersApi.quote, { token: c.token, body: { items, fulfilment: 'pickup', voucher_id: voucher.id } }).expect(200)).body
        .data;
      expect(quote).toMatchObject({
        subtotal: croissant.price,
        min_order: minOrder,
        below_minimum_by: minOrder - croissant.price,
        free_item: { in_cart: true },
      });
      const refused = await callApi(p, ordersApi.create, {
        token: c.token,
        body: { items, fulfilment: 'pickup', voucher_id: voucher.id, payment_method: 'wallet', idempotency_key: randomUUID() },
      });
      expect([refused.status, refused.body.error.code, refused.body.data.below_minimum_by]).toEqual([400, 'BELOW_MINIMUM', minOrder - croissant.price]);
      // the same basket without the voucher pays for the latte, and reaches the minimum
      const paid = (await callApi(p, ordersApi.quote, { token: c.token, body: { items, fulfilment: 'pickup' } }).expect(200)).body.data;
      expect([paid.subtotal, paid.below_minimum_by]).toEqual([croissant.price + latte.price, 0]);
    } finally {
      await team.post(shopSettingsApi.update, { min_order: before }).expect(200);
    }
  });

  it('refuses at checkout a voucher whose product is sold out or archived; the counter still honours it as a free item', async () => {
    const product = (
      await team
        .post(menuApi.createProduct, {
          category_id: (await p.db.selectFrom('categories').select('id').orderBy('id').executeTakeFirstOrThrow()).id,
          name: 'Halo-halo',
          price: 16_000,
        })
        .expect(201)
    ).body.data.product as Product;
    const reward = (await createReward({ title: 'Free halo-halo', product_id: product.id }).expect(201)).body.data.reward as { name: string };
    const c = await p.newCustomer({ points: 500, wallet: 100_000 });
    const voucher = await redeem(c.token, reward.name);

    await team.post(menuApi.updateProduct, { id: product.id, available: false }).expect(200);
    const soldOut = await callApi(p, ordersApi.quote, { token: c.token, body: basket(voucher.id) });
    expect([soldOut.status, soldOut.body.error.code, soldOut.body.error.fields]).toEqual([
      400,
      'VOUCHER_INVALID',
      { voucher_id: 'the product is sold out right now' },
    ]);
    await team.post(menuApi.updateProduct, { id: product.id, available: true }).expect(200);

    // a product a reward gives is not deleted (its vouchers would lose it): archived instead
    const refused = await team.post(menuApi.deleteProduct, { id: product.id });
    expect([refused.status, refused.body.error.code, refused.body.error.fields]).toEqual([409, 'CONFLICT', { id: 'is given by a reward' }]);
    await team.post(menuApi.archiveProduct, { id: product.id }).expect(200);

    for (const call of [ordersApi.quote.path, ordersApi.create.path] as const) {
      const res = await p.call('post', call, {
        token: c.token,
        body: call === ordersApi.create.path ? { ...basket(voucher.id), payment_method: 'wallet', idempotency_key: randomUUID() } : basket(voucher.id),
      });
      expect([call, res.status, res.body.error.code, res.body.error.fields]).toEqual([
        call,
        400,
        'VOUCHER_INVALID',
        { voucher_id: 'the product is not on the menu any more' },
      ]);
      expect(res.body.message).toMatch(/not on the menu any more\. Show it at the counter instead\./);
    }
    // nothing was charged nor used
    expect((await callApi(p, walletApi.balance, { token: c.token })).body.data.balance).toBe(100_000);
    // the owner sees the reward's product archived
    const inEditor = (
      (await callApi(p, rewardsEditorApi.list, { token: team.owner.token })).body.data.rewards as Array<{ name: string; product: unknown }>
    ).find((r) => r.name === reward.name);
    expect(inEditor?.product).toEqual({ id: product.id, name: 'Halo-halo', archived: true });

    // the counter: the free item shown, and redeemed
    const code = (await callApi(p, rewardsApi.voucherCode, { token: c.token, query: { id: voucher.id } }).expect(200)).body.data.current.short_code as string;
    const looked = await callApi(p, counterApi.lookup, { token: team.staff.token, body: { code } }).expect(200);
    expect(looked.body.data.voucher).toMatchObject({ usable: true, reward: { title: 'Free halo-halo', free_product: 'Halo-halo' } });
    const redeemed = await callApi(p, counterApi.redeem, { token: team.staff.token, body: { code } });
    expect(redeemed.status).toBe(201);
    expect(redeemed.body.data.voucher.reward.free_product).toBe('Halo-halo');
    const after = await p.db.selectFrom('vouchers').select('status').where('id', '=', voucher.id).executeTakeFirstOrThrow();
    expect(after.status).toBe('used');
  });

  it('a reward can no longer be pointed at an archived product', async () => {
    const archived = (await p.db.selectFrom('products').select('id').where('archived_at', 'is not', null).executeTakeFirstOrThrow()).id;
    const res = await createReward({ title: 'Ghost', product_id: archived });
    expect([res.status, res.body.error.fields]).toEqual([400, { product_id: 'is not on the menu' }]);
  });
});
