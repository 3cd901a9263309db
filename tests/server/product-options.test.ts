import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { newStaff, ownerOnPostgres, type TestStaff } from './merchant.helpers';
import { holdAgainstWrites, untilWaiting } from './support/locks';
import { describeDb, describePostgres, useTestProvider, type TestProvider } from './support/provider';
import { boardApi } from '#contract/board.calls';
import { menuApi } from '#contract/menu.calls';
import { optionsApi } from '#contract/options.calls';
import { ordersApi } from '#contract/orders.calls';
import { shopApi } from '#contract/shop.calls';
import { callApi } from '../support/calls';
import type { Call } from '#contract/api';

/**
 * Product options (issue 27): the owner's option groups (bad input on every call, staff refused,
 * audited), products given groups, the catalog showing them, and orders priced with the chosen options
 * (each refusal with its field), keeping what they chose whatever the menu becomes; PRICE_CHANGED; on
 * PostgreSQL, orders racing the owner's change of an option's price.
 */

type Option = { id: number; name: string; price_delta: number; is_default: boolean; available: boolean };
type Group = { id: number; name: string; min_choices: number; max_choices: number; options: Option[]; product_ids: number[] };
type GroupBody = { name: string; min_choices: number; max_choices: number; options: Array<Partial<Option> & { name: string }> };

const SIZE: GroupBody = {
  name: 'Size',
  min_choices: 1,
  max_choices: 1,
  options: [
    { name: 'Regular', is_default: true },
    { name: 'Large', price_delta: 2_000 },
  ],
};
const MILK: GroupBody = {
  name: 'Milk',
  min_choices: 1,
  max_choices: 1,
  options: [
    { name: 'Whole milk', is_default: true },
    { name: 'Oat milk', price_delta: 2_500 },
  ],
};
const EXTRAS: GroupBody = {
  name: 'Extras',
  min_choices: 0,
  max_choices: 3,
  options: ['Extra shot', 'Vanilla', 'Caramel', 'Cream'].map((name, i) => ({ name, price_delta: 3_000 - i * 500 })),
};

/** The calls the tests make as the owner (or anyone with `token`). */
function tools(p: TestProvider, owner: () => TestStaff) {
  const post = (declaration: Call<any, any>, body: unknown, token = owner().token) => callApi(p, declaration, { token, body });
  const group = async (body: GroupBody) => {
    const res = await post(optionsApi.createGroup, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.group as Group;
  };
  const drink = async (name: string, price: number, groups: Group[]) => {
    const category = (await post(menuApi.createCategory, { name: `Test ${randomUUID().slice(0, 8)}` })).body.data.category as { id: number };
    const res = await post(menuApi.createProduct, { category_id: category.id, name, price, option_group_ids: groups.map((g) => g.id) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.product as { id: number; name: string; price: number; option_group_ids: number[] };
  };
  const option = (g: Group, name: string) => g.options.find((o) => o.name === name)!.id;
  const basket = (productId: number, options?: number[], qty = 1) => ({
    items: [{ product_id: productId, qty, ...(options ? { options } : {}) }],
    fulfilment: 'pickup',
  });
  const order = (token: string, body: object) =>
    callApi(p, ordersApi.create, { token, body: { payment_method: 'wallet', idempotency_key: randomUUID(), ...body } });
  const quote = (token: string, body: object) => callApi(p, ordersApi.quote, { token, body });
  return { post, group, drink, option, basket, order, quote };
}

describeDb('product options', (kind) => {
  const p = useTestProvider(kind);
  let owner: TestStaff;
  let staff: TestStaff;
  beforeAll(async () => {
    owner = await newStaff(p.db, p.clock, { role: 'owner' });
    staff = await newStaff(p.db, p.clock, { role: 'staff' });
  });
  const t = tools(p, () => owner);
  const groups = async () => (await callApi(p, optionsApi.groups, { token: owner.token })).body.data.groups as Group[];

  it('the seeded coffees have Size, Milk and Extras; the catalog shows them in order, a sold-out option included', async () => {
    const seeded = await groups();
    expect(seeded.map((g) => [g.name, g.min_choices, g.max_choices])).toEqual([
      ['Size', 1, 1],
      ['Milk', 1, 1],
      ['Extras', 0, 3],
    ]);
    const milk = seeded[1]!;
    await t.post(optionsApi.setAvailability, { id: t.option(milk, 'Oat milk'), available: false });
    const catalog = (await callApi(p, shopApi.catalog)).body.data.categories as Array<{
      products: Array<{ name: string; option_groups: Array<{ name: string; options: Option[] }> }>;
    }>;
    const latte = catalog.flatMap((c) => c.products).find((x) => x.name === 'Spanish latte')!;
    expect(latte.option_groups.map((g) => g.name)).toEqual(['Size', 'Milk', 'Extras']);
    expect(latte.option_groups[1]!.options).toEqual([
      { id: expect.any(Number), name: 'Whole milk', price_delta: 0, is_default: true, available: true },
      { id: expect.any(Number), name: 'Oat milk', price_delta: 2_500, is_default: false, available: false },
    ]);
    const croissant = catalog.flatMap((c) => c.products).find((x) => x.name === 'Butter croissant')!;
    expect(croissant.option_groups).toEqual([]);
    await t.post(optionsApi.setAvailability, { id: t.option(milk, 'Oat milk'), available: true });
  });

  it('adds a group, lists it with its products, and gives products groups in the order listed', async () => {
    const size = await t.group(SIZE);
    expect(size).toMatchObject({ name: 'Size', min_choices: 1, max_choices: 1, product_ids: [] });
    expect(size.options.map((o) => [o.name, o.price_delta, o.is_default, o.available])).toEqual([
      ['Regular', 0, true, true],
      ['Large', 2_000, false, true],
    ]);
    const milk = await t.group(MILK);
    const tea = await t.drink('Milk tea', 12_000, [milk, size]);
    expect(tea.option_group_ids).toEqual([milk.id, size.id]);
    const listed = await groups();
    expect(listed.find((g) => g.id === size.id)!.product_ids).toEqual([tea.id]);
    const editor = (await callApi(p, menuApi.menu, { token: owner.token })).body.data.categories as Array<{
      products: Array<{ id: number; option_group_ids: number[] }>;
    }>;
    expect(editor.flatMap((c) => c.products).find((x) => x.id === tea.id)!.option_group_ids).toEqual([milk.id, size.id]);
    // reordered, then taken off; other fields untouched
    expect((await t.post(menuApi.updateProduct, { id: tea.id, option_group_ids: [size.id, milk.id] })).body.data.product).toMatchObject({
      option_group_ids: [size.id, milk.id],
      price: 12_000,
    });
    expect((await t.post(menuApi.updateProduct, { id: tea.id, option_group_ids: [] })).body.data.product.option_group_ids).toEqual([]);
    for (const [body, field] of [
      [{ id: tea.id, option_group_ids: [999_999] }, 'option_group_ids'],
      [{ id: tea.id, option_group_ids: [size.id, size.id] }, 'option_group_ids'],
      [{ id: tea.id, option_group_ids: 'size' }, 'option_group_ids'],
      [{ id: tea.id, option_group_ids: Array.from({ length: 11 }, (_, i) => i + 1) }, 'option_group_ids'],
    ] as const) {
      const res = await t.post(menuApi.updateProduct, body);
      expect([res.status, res.body.error.code, Object.keys(res.body.error.fields)]).toEqual([400, 'VALIDATION', [field]]);
    }
    const created = await t.post(menuApi.createProduct, {
      category_id: editor.length ? (await p.db.selectFrom('categories').select('id').executeTakeFirstOrThrow()).id : 0,
      name: 'Ghost tea',
      price: 100,
      option_group_ids: [999_999],
    });
    expect([created.status, created.body.error.fields]).toEqual([400, { option_group_ids: 'include a group that no longer exists' }]);
    expect(await p.db.selectFrom('products').select('id').where('name', '=', 'Ghost tea').execute()).toEqual([]);
  });

  it('refuses bad groups field by field, in plain words, and keeps nothing of them', async () => {
    const before = (await groups()).length;
    const cases: Array<[unknown, string]> = [
      [{ ...SIZE, name: '  ' }, 'name'],
      [{ ...SIZE, name: 'x'.repeat(41) }, 'name'],
      [{ ...SIZE, min_choices: -1 }, 'min_choices'],
      [{ ...SIZE, min_choices: 1.5 }, 'min_choices'],
      [{ ...SIZE, max_choices: 0, min_choices: 0, options: [{ name: 'Regular' }] }, 'max_choices'],
      [{ ...SIZE, max_choices: 11 }, 'max_choices'],
      [{ ...SIZE, min_choices: 2, max_choices: 1 }, 'min_choices'],
      [{ ...SIZE, min_choices: 3, max_choices: 3 }, 'min_choices'],
      [{ ...SIZE, min_choices: 0, options: [] }, 'options'],
      [{ ...SIZE, options: Array.from({ length: 21 }, (_, i) => ({ name: `Option ${i}` })) }, 'options'],
      [
        {
          ...SIZE,
          options: [
            { name: 'Regular', is_default: true },
            { name: 'Large', is_default: true },
          ],
        },
        'options',
      ],
      [{ ...SIZE, options: [{ name: 'Regular' }, { name: 'regular' }] }, 'options.1.name'],
      [{ ...SIZE, options: [{ name: '' }] }, 'options.0.name'],
      [{ ...SIZE, options: [{ name: 'Large', price_delta: -100 }] }, 'options.0.price_delta'],
      [{ ...SIZE, options: [{ name: 'Large', price_delta: 1.5 }] }, 'options.0.price_delta'],
      [{ ...SIZE, options: [{ name: 'Large', available: 'no' }] }, 'options.0.available'],
    ];
    for (const [body, field] of cases) {
      const res = await t.post(optionsApi.createGroup, body);
      expect([JSON.stringify(body).slice(0, 80), res.status, res.body.error?.code, Object.keys(res.body.error?.fields ?? {})]).toEqual([
        JSON.stringify(body).slice(0, 80),
        400,
        'VALIDATION',
        [field],
      ]);
      expect(res.body.error.fields[field]).toMatch(/^(is|must|add|can) [a-z]/);
    }
    expect((await t.post(optionsApi.createGroup, { ...SIZE, min_choices: 2, max_choices: 1 })).body.error.fields).toEqual({
      min_choices: 'must not be more than the most choices',
    });
    expect((await groups()).length).toBe(before);
    // the other calls
    const g = await t.group(SIZE);
    for (const [declaration, body, field] of [
      [optionsApi.updateGroup, { ...SIZE, id: 'one' }, 'id'],
      [optionsApi.updateGroup, { ...SIZE, id: g.id, name: '' }, 'name'],
      [optionsApi.updateGroup, { ...SIZE, id: g.id, options: [{ id: 999_999, name: 'Large' }] }, 'options.0.id'],
      [
        optionsApi.updateGroup,
        {
          ...SIZE,
          id: g.id,
          options: [
            { id: g.options[1]!.id, name: 'Large' },
            { id: g.options[1]!.id, name: 'Huge' },
          ],
        },
        'options.1.id',
      ],
      [optionsApi.deleteGroup, {}, 'id'],
      [optionsApi.setAvailability, { id: g.options[0]!.id }, 'available'],
      [optionsApi.setAvailability, { id: -1, available: true }, 'id'],
    ] as const) {
      const res = await t.post(declaration, body);
      expect([declaration.path, res.status, Object.keys(res.body.error?.fields ?? {})]).toEqual([declaration.path, 400, [field]]);
    }
    expect((await groups()).find((x) => x.id === g.id)!.options.map((o) => o.name)).toEqual(['Regular', 'Large']);
    for (const [declaration, body] of [
      [optionsApi.updateGroup, { ...SIZE, id: 999_999 }],
      [optionsApi.deleteGroup, { id: 999_999 }],
      [optionsApi.setAvailability, { id: 999_999, available: false }],
    ] as const) {
      expect([declaration.path, (await t.post(declaration, body)).status]).toEqual([declaration.path, 404]);
    }
  });

  it('changes a group whole: listed options keep their ids, new ones are added, left-out ones removed; delete detaches it', async () => {
    const g = await t.group(SIZE);
    const tea = await t.drink('Jasmine tea', 9_000, [g]);
    const regular = g.options[0]!;
    const res = await t.post(optionsApi.updateGroup, {
      id: g.id,
      name: 'Cup',
      min_choices: 0,
      max_choices: 1,
      options: [
        { name: 'Venti', price_delta: 4_000 },
        { id: regular.id, name: 'Tall', price_delta: 0, is_default: true },
      ],
    });
    expect(res.status).toBe(200);
    const after = res.body.data.group as Group;
    expect(after).toMatchObject({ id: g.id, name: 'Cup', min_choices: 0, product_ids: [tea.id] });
    expect(after.options.map((o) => o.name)).toEqual(['Venti', 'Tall']);
    expect(after.options[1]!.id).toBe(regular.id);
    expect(after.options.some((o) => o.id === g.options[1]!.id)).toBe(false);
    expect((await t.post(optionsApi.deleteGroup, { id: g.id })).status).toBe(200);
    expect((await groups()).some((x) => x.id === g.id)).toBe(false);
    const editor = (await callApi(p, menuApi.menu, { token: owner.token })).body.data.categories as Array<{
      products: Array<{ id: number; option_group_ids: number[] }>;
    }>;
    expect(editor.flatMap((c) => c.products).find((x) => x.id === tea.id)!.option_group_ids).toEqual([]);
  });

  it('writes each change to the activity log with before and after', async () => {
    const g = await t.group(MILK);
    const oat = g.options[1]!.id;
    await t.post(optionsApi.updateGroup, { ...MILK, id: g.id, name: 'Milks', options: [MILK.options[0], { ...MILK.options[1], id: oat }] });
    expect((await t.post(optionsApi.setAvailability, { id: oat, available: false })).status).toBe(200);
    await t.post(optionsApi.deleteGroup, { id: g.id });
    const entries = await p.db
      .selectFrom('audit_log')
      .select(['action', 'target', 'before', 'after', 'staff_id'])
      .where('target', 'in', [`option_group:${g.id}`, `option:${oat}`])
      .orderBy('id')
      .execute();
    expect(entries.map((e) => [e.action, e.staff_id])).toEqual([
      ['menu.option_group.create', owner.id],
      ['menu.option_group.update', owner.id],
      ['menu.option.availability', owner.id],
      ['menu.option_group.delete', owner.id],
    ]);
    expect([entries[0]!.before, (entries[0]!.after as Group).name]).toEqual([null, 'Milk']);
    expect([(entries[1]!.before as Group).name, (entries[1]!.after as Group).name]).toEqual(['Milk', 'Milks']);
    expect([entries[2]!.before, entries[2]!.after]).toEqual([
      { name: 'Oat milk', available: true },
      { name: 'Oat milk', available: false },
    ]);
    expect([(entries[3]!.before as Group).name, entries[3]!.after]).toEqual(['Milks', null]);
  });

  it('refuses staff on every options call (403) and nobody without a session (401)', async () => {
    const g = await t.group(SIZE);
    for (const [declaration, body] of [
      [optionsApi.createGroup, SIZE],
      [optionsApi.updateGroup, { ...SIZE, id: g.id, name: 'Staff size' }],
      [optionsApi.deleteGroup, { id: g.id }],
      [optionsApi.setAvailability, { id: g.options[0]!.id, available: false }],
    ] as const) {
      const res = await t.post(declaration, body, staff.token);
      expect([declaration.path, res.status, res.body.error.code]).toEqual([declaration.path, 403, 'ROLE_FORBIDDEN']);
      expect((await callApi(p, declaration, { body })).status).toBe(401);
    }
    expect((await callApi(p, optionsApi.groups, { token: staff.token })).status).toBe(403);
    expect((await groups()).find((x) => x.id === g.id)).toMatchObject({ name: 'Size', options: [{ available: true }, { available: true }] });
  });

  it('prices a line with its options, takes the defaults when options are left out, and keeps the choices on the order', async () => {
    const [size, milk, extras] = [await t.group(SIZE), await t.group(MILK), await t.group(EXTRAS)];
    const latte = await t.drink('Flat white', 15_000, [size, milk, extras]);
    const c = await p.newCustomer({ wallet: 1_000_000 });
    const chosen = [t.option(extras, 'Extra shot'), t.option(milk, 'Oat milk'), t.option(size, 'Large')];
    const quote = await t.quote(c.token, t.basket(latte.id, chosen, 2));
    expect([quote.status, quote.body.data.subtotal]).toEqual([200, 2 * (15_000 + 2_000 + 2_500 + 3_000)]);
    expect((await t.quote(c.token, t.basket(latte.id))).body.data.subtotal).toBe(15_000);
    const placed = await t.order(c.token, { ...t.basket(latte.id, chosen, 2), expected_total: quote.body.data.total });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const line = placed.body.data.order.items[0];
    expect(line).toMatchObject({ price: 22_500, qty: 2 });
    // in the groups' order, whatever order they were sent in
    expect(line.options).toEqual([
      { group: 'Size', name: 'Large', price_delta: 2_000 },
      { group: 'Milk', name: 'Oat milk', price_delta: 2_500 },
      { group: 'Extras', name: 'Extra shot', price_delta: 3_000 },
    ]);
    expect(placed.body.data.order.total).toBe(45_000);
    const plain = await t.order(c.token, t.basket(latte.id));
    expect(plain.body.data.order.items[0]).toMatchObject({
      price: 15_000,
      options: [
        { group: 'Size', name: 'Regular', price_delta: 0 },
        { group: 'Milk', name: 'Whole milk', price_delta: 0 },
      ],
    });

    // the menu changes: the placed order keeps what it chose and paid
    await t.post(optionsApi.updateGroup, {
      ...SIZE,
      id: size.id,
      options: [
        { id: t.option(size, 'Regular'), name: 'Small', is_default: true },
        { name: 'Huge', price_delta: 9_000 },
      ],
    });
    await t.post(optionsApi.updateGroup, {
      ...MILK,
      id: milk.id,
      options: [
        { id: t.option(milk, 'Oat milk'), name: 'Oat', price_delta: 9_900 },
        { name: 'Whole', is_default: true },
      ],
    });
    await t.post(optionsApi.deleteGroup, { id: extras.id });
    await t.post(menuApi.updateProduct, { id: latte.id, price: 19_000 });
    const name = placed.body.data.order.name as string;
    const again = (await callApi(p, ordersApi.detail, { token: c.token, query: { name } })).body.data.order;
    expect([again.total, again.items[0].price, again.items[0].options]).toEqual([45_000, 22_500, line.options]);
    const board = (await callApi(p, boardApi.detail, { token: staff.token, query: { name } })).body.data.order;
    expect(board.items[0]).toMatchObject({ price: 22_500, options: line.options });
    expect((await callApi(p, boardApi.board, { token: staff.token })).body.data.orders.find((o: { name: string }) => o.name === name).items[0].options).toEqual(
      line.options,
    );
    // a line without options: no options listed
    const croissant = await t.drink('Plain sandwich', 20_000, []);
    const bare = await t.order(c.token, t.basket(croissant.id));
    expect(bare.status, JSON.stringify(bare.body)).toBe(201);
    expect(bare.body.data.order.items[0].options).toBeUndefined();
  });

  it('refuses each wrong choice, naming the line in plain words, and charges nothing', async () => {
    const [size, milk, extras] = [await t.group(SIZE), await t.group(MILK), await t.group(EXTRAS)];
    const espresso = await t.drink('Espresso', 10_000, [size, extras]);
    const toppings = await t.group({ name: 'Toppings', min_choices: 0, max_choices: 2, options: [{ name: 'Foam' }, { name: 'Cocoa' }, { name: 'Cinnamon' }] });
    const cortado = await t.drink('Cortado', 12_000, [toppings]);
    const noDefault = await t.group({ name: 'Size', min_choices: 1, max_choices: 1, options: [{ name: 'Small' }, { name: 'Big', price_delta: 1_000 }] });
    const mocha = await t.drink('Mocha', 14_000, [noDefault]);
    const c = await p.newCustomer({ wallet: 1_000_000 });
    const large = t.option(size, 'Large');
    // each line's fragment for its field, and the message: the first bad line's whole sentence
    const cases: Array<[object, string, string]> = [
      [
        {
          items: [
            { product_id: cortado.id, qty: 1 },
            { product_id: espresso.id, qty: 1, options: [t.option(milk, 'Oat milk'), large] },
          ],
        },
        'Oat milk is not an option of Espresso',
        'Oat milk is not an option of Espresso.',
      ],
      [{ items: [{ product_id: espresso.id, qty: 1, options: [] }] }, 'choose a Size', 'Choose a Size for Espresso.'],
      [
        { items: [{ product_id: espresso.id, qty: 1, options: [large, t.option(size, 'Regular')] }] },
        'choose only one Size',
        'Choose only one Size for Espresso.',
      ],
      [
        { items: [{ product_id: espresso.id, qty: 1, options: [large, ...extras.options.map((o) => o.id)] }] },
        'choose at most 3 Extras',
        'Choose at most 3 Extras for Espresso.',
      ],
      [
        { items: [{ product_id: cortado.id, qty: 1, options: toppings.options.map((o) => o.id) }] },
        'choose at most 2 Toppings',
        'Choose at most 2 Toppings for Cortado.',
      ],
      [{ items: [{ product_id: mocha.id, qty: 1 }] }, 'choose a Size', 'Choose a Size for Mocha.'],
      [
        { items: [{ product_id: espresso.id, qty: 1, options: [999_999] }] },
        'An option that is no longer on the menu is not an option of Espresso',
        'An option that is no longer on the menu is not an option of Espresso.',
      ],
    ];
    for (const [body, words, message] of cases) {
      for (const call of [t.quote, t.order]) {
        const res = await call(c.token, { fulfilment: 'pickup', ...body });
        const n = (body as { items: unknown[] }).items.length - 1;
        expect([res.status, res.body.error?.code, res.body.error?.fields, res.body.message]).toEqual([
          400,
          'VALIDATION',
          { [`items.${n}.options`]: words },
          message,
        ]);
      }
    }
    // the sentence in the language the app speaks (docs/languages.md, "The API's errors")
    const inIndonesian = await callApi(p, ordersApi.quote, {
      token: c.token,
      body: { fulfilment: 'pickup', items: [{ product_id: mocha.id, qty: 1 }] },
      headers: { 'accept-language': 'id' },
    });
    expect([inIndonesian.status, inIndonesian.body.message]).toEqual([400, 'Pilih Size untuk Mocha.']);
    const twice = await t.quote(c.token, t.basket(espresso.id, [large, large]));
    expect([twice.status, Object.keys(twice.body.error.fields)]).toEqual([400, ['items.0.options']]);
    expect((await t.quote(c.token, t.basket(espresso.id, [large]))).body.message).toBe('Order priced.');
    const mochaWithSize = await t.quote(c.token, t.basket(mocha.id, [t.option(noDefault, 'Big')]));
    expect(mochaWithSize.body.data.subtotal).toBe(15_000);

    // sold out: 409 naming the line; the defaults skip a sold-out default and then ask for a choice
    await t.post(optionsApi.setAvailability, { id: large, available: false });
    const soldOut = await t.order(c.token, t.basket(espresso.id, [large]));
    expect([soldOut.status, soldOut.body.error.code, soldOut.body.error.fields, soldOut.body.message]).toEqual([
      409,
      'PRODUCT_UNAVAILABLE',
      { 'items.0.options': 'Large is sold out' },
      'Large is sold out. Choose another Size for Espresso.',
    ]);
    await t.post(optionsApi.setAvailability, { id: t.option(size, 'Regular'), available: false });
    expect((await t.quote(c.token, t.basket(espresso.id))).body.error.fields).toEqual({ 'items.0.options': 'choose a Size' });
    const wallet = await p.db.selectFrom('customers').select('wallet_balance').where('id', '=', c.id).executeTakeFirstOrThrow();
    expect(wallet.wallet_balance).toBe(1_000_000);
    expect(await p.db.selectFrom('orders').select('id').where('customer_id', '=', c.id).execute()).toEqual([]);
  });

  it('answers 409 PRICE_CHANGED with the new quote when the total is not the one the customer saw', async () => {
    const size = await t.group(SIZE);
    const latte = await t.drink('Cafe latte', 15_000, [size]);
    const c = await p.newCustomer({ wallet: 1_000_000 });
    const basket = t.basket(latte.id, [t.option(size, 'Large')]);
    const seen = (await t.quote(c.token, basket)).body.data.total as number;
    expect(seen).toBe(17_000);
    await t.post(optionsApi.updateGroup, {
      ...SIZE,
      id: size.id,
      options: [
        { id: size.options[0]!.id, name: 'Regular', is_default: true },
        { id: size.options[1]!.id, name: 'Large', price_delta: 3_000 },
      ],
    });
    const refused = await t.order(c.token, { ...basket, expected_total: seen });
    expect([refused.status, refused.body.error.code, refused.body.data.total, refused.body.data.subtotal]).toEqual([409, 'PRICE_CHANGED', 18_000, 18_000]);
    expect(refused.body.message).toMatch(/total is now ₱180\.00/);
    expect(await p.db.selectFrom('orders').select('id').where('customer_id', '=', c.id).execute()).toEqual([]);
    const ok = await t.order(c.token, { ...basket, expected_total: refused.body.data.total });
    expect([ok.status, ok.body.data.order.total]).toEqual([201, 18_000]);
    const bad = await t.order(c.token, { ...basket, expected_total: 170.5 });
    expect([bad.status, Object.keys(bad.body.error.fields)]).toEqual([400, ['expected_total']]);
  });
});

describePostgres('orders racing the owner’s change of an option price', () => {
  const on = ownerOnPostgres();

  it('20 orders while the size prices change 4 times: each order is wholly at one price or the other, and an expected total is kept or refused', async () => {
    const { p } = on;
    const t = tools(p, () => on.owner);
    const size = await t.group(SIZE);
    const latte = await t.drink('Race latte', 15_000, [size]);
    const [regular, large] = [t.option(size, 'Regular'), t.option(size, 'Large')];
    const versions = [
      { regular: 0, large: 2_000 },
      { regular: 500, large: 3_000 },
    ];
    const setVersion = (v: (typeof versions)[number]) =>
      t.post(optionsApi.updateGroup, {
        ...SIZE,
        id: size.id,
        options: [
          { id: regular, name: 'Regular', is_default: true, price_delta: v.regular },
          { id: large, name: 'Large', price_delta: v.large },
        ],
      });
    // two lines, one of each size: a mix of versions would show as (0, 3000) or (500, 2000)
    const body = {
      items: [
        { product_id: latte.id, qty: 1, options: [regular] },
        { product_id: latte.id, qty: 2, options: [large] },
      ],
      fulfilment: 'pickup',
    };
    const totalAt = (v: (typeof versions)[number]) => 15_000 + v.regular + 2 * (15_000 + v.large);
    const customers = await Promise.all(Array.from({ length: 20 }, () => p.newCustomer({ wallet: 1_000_000 })));
    // four waves of five orders, each racing the owner's next change; half of each wave says the total it was shown
    const ordering: Array<ReturnType<typeof t.order>> = [];
    const shown: number[] = [];
    for (let wave = 0; wave < 4; wave++) {
      const now = versions[wave % 2]!;
      for (const c of customers.slice(wave * 5, wave * 5 + 5)) {
        const n = ordering.length;
        shown[n] = totalAt(now);
        ordering.push(t.order(c.token, { ...body, ...(n % 2 === 0 ? { expected_total: shown[n] } : {}) }));
      }
      expect((await setVersion(versions[(wave + 1) % 2]!)).status).toBe(200);
    }
    const answers = await Promise.all(ordering);
    let refused = 0;
    for (const [i, res] of answers.entries()) {
      if (res.status === 409) {
        // refused only when it said a total, and then it is told the other one
        expect([i % 2, res.body.error.code]).toEqual([0, 'PRICE_CHANGED']);
        expect(res.body.data.total).not.toBe(shown[i]);
        expect(versions.map(totalAt)).toContain(res.body.data.total);
        refused++;
        continue;
      }
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const order = res.body.data.order as {
        total: number;
        items: Array<{ price: number; qty: number; options: Array<{ name: string; price_delta: number }> }>;
      };
      const deltas = { regular: order.items[0]!.options[0]!.price_delta, large: order.items[1]!.options[0]!.price_delta };
      expect(versions).toContainEqual(deltas);
      expect(order.items.map((l) => l.price)).toEqual([15_000 + deltas.regular, 15_000 + deltas.large]);
      expect(order.total).toBe(totalAt(deltas));
      if (i % 2 === 0) expect(order.total).toBe(shown[i]);
      const wallet = await p.db.selectFrom('customers').select('wallet_balance').where('id', '=', customers[i]!.id).executeTakeFirstOrThrow();
      expect(wallet.wallet_balance).toBe(1_000_000 - order.total);
    }
    const atTotal = answers.filter((r) => r.status === 201).map((r) => String(r.body.data.order.total));
    console.log('20 orders racing 4 size-price changes:', {
      refused,
      ...Object.fromEntries([...new Set(atTotal)].map((t) => [t, atTotal.filter((x) => x === t).length])),
    });
    // what each order kept in the database says the same
    const rows = await p.db
      .selectFrom('order_items as i')
      .innerJoin('order_item_options as x', 'x.order_item_id', 'i.id')
      .select(['i.price', 'x.price_delta'])
      .where('i.product_id', '=', latte.id)
      .execute();
    expect(rows.length).toBe(2 * (answers.length - refused));
    for (const r of rows) expect(r.price).toBe(15_000 + r.price_delta);
  });

  it('both orders of commit, forced: an order holding its prices makes the change wait; a change under way makes orders wait, then they see it whole', async () => {
    const { p } = on;
    const t = tools(p, () => on.owner);
    const size = await t.group(SIZE);
    const latte = await t.drink('Held latte', 15_000, [size]);
    const [regular, large] = [t.option(size, 'Regular'), t.option(size, 'Large')];
    const setLarge = (delta: number) =>
      t.post(optionsApi.updateGroup, {
        ...SIZE,
        id: size.id,
        options: [
          { id: regular, name: 'Regular', is_default: true },
          { id: large, name: 'Large', price_delta: delta },
        ],
      });
    const body = (expected?: number) => ({ ...t.basket(latte.id, [large]), ...(expected !== undefined ? { expected_total: expected } : {}) });
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => p.newCustomer({ wallet: 1_000_000 })));

    // the order first: it stops at its lines, holding what it priced; the change waits for it
    const items = await holdAgainstWrites(p.db, 'order_items');
    const ordering = Promise.resolve(t.order(a!.token, body(17_000)));
    await untilWaiting(p.db, 1, ordering);
    const changing = Promise.resolve(setLarge(5_000));
    let changeDone = false;
    void changing.then(() => (changeDone = true));
    await untilWaiting(p.db, 2, changing);
    // the change waits for the order's hold on the group, not for the held table
    expect(changeDone).toBe(false);
    await items.release();
    const [first, changed] = await Promise.all([ordering, changing]);
    expect([first.status, first.body.data.order.total, first.body.data.order.items[0].options[0].price_delta]).toEqual([201, 17_000, 2_000]);
    expect(changed.body.data.group.options[1].price_delta).toBe(5_000);

    // the change first: it stops at its activity entry, holding the group; the orders wait, then see the new price
    const audit = await holdAgainstWrites(p.db, 'audit_log');
    const changingBack = Promise.resolve(setLarge(3_000));
    await untilWaiting(p.db, 1, changingBack);
    const told = Promise.resolve(t.order(b!.token, body(20_000)));
    const plain = Promise.resolve(t.order(c!.token, body()));
    await untilWaiting(p.db, 3, Promise.all([told, plain]));
    await audit.release();
    const [back, refused, placed] = await Promise.all([changingBack, told, plain]);
    expect(back.status).toBe(200);
    expect([refused.status, refused.body.error.code, refused.body.data.total]).toEqual([409, 'PRICE_CHANGED', 18_000]);
    expect([placed.status, placed.body.data.order.total, placed.body.data.order.items[0].price]).toEqual([201, 18_000, 18_000]);
  });
});
