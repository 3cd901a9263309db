/**
 * "Order again" (issue 51), the provider's side: `order/again` gives a past order's lines back on today's
 * menu, and names every way today differs (a product archived or sold out, an option no longer offered, a
 * required group with nothing left to choose, a new price), never dropping or repricing in silence; the
 * lines it gives are priced by `order/quote` at exactly the prices it names. Another customer's order is
 * not there; no session, no call; a name that cannot be an order is refused on `name`.
 */
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { menuApi } from '#contract/menu.calls';
import { optionsApi } from '#contract/options.calls';
import { ordersApi } from '#contract/orders.calls';
import type { Call } from '#contract/api';
import { newStaff } from './merchant.helpers';
import { describeEachDb, useTestProvider } from './support/provider';
import { callApi } from '../support/calls';

interface Option {
  id: number;
  name: string;
}

describeEachDb('order again', (kind) => {
  const p = useTestProvider(kind);

  /** A small menu of the test's own, bought once by a customer: answers what the later steps change. */
  async function boughtOnce() {
    const owner = await newStaff(p.db, p.clock, { role: 'owner' });
    const post = async (declaration: Call<any, any>, body: unknown) => {
      const res = await callApi(p, declaration, { token: owner.token, body });
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
      return res.body.data;
    };
    const tag = randomUUID().slice(0, 6);
    const milk = (
      await post(optionsApi.createGroup, {
        name: `Milk ${tag}`,
        min_choices: 1,
        max_choices: 1,
        options: [
          { name: 'Whole', is_default: true },
          { name: 'Oat', price_delta: 2_000 },
        ],
      })
    ).group as { id: number; name: string; options: Option[] };
    const oat = milk.options.find((o) => o.name === 'Oat')!.id;
    const { category } = await post(menuApi.createCategory, { name: `Reorder ${tag}` });
    const product = async (name: string, price: number, groups: number[] = []) =>
      (await post(menuApi.createProduct, { category_id: category.id, name: `${name} ${tag}`, price, option_group_ids: groups })).product as {
        id: number;
        name: string;
      };
    const [latte, bun, cake, tea] = [
      await product('Latte', 15_000, [milk.id]),
      await product('Bun', 6_000),
      await product('Cake', 9_000),
      await product('Tea', 8_000),
    ];
    const ana = await p.newCustomer({ wallet: 500_000 });
    const placed = await callApi(p, ordersApi.create, {
      token: ana.token,
      body: {
        items: [
          { product_id: latte.id, qty: 2, options: [oat] },
          { product_id: bun.id, qty: 1 },
          { product_id: cake.id, qty: 3 },
          { product_id: tea.id, qty: 1 },
        ],
        fulfilment: 'pickup',
        payment_method: 'wallet',
        idempotency_key: randomUUID(),
      },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    return { post, ana, name: placed.body.data.order.name as string, milk, oat, latte, bun, cake, tea };
  }

  it('gives the same lines back while nothing changed, and they quote at the same total', async () => {
    const { ana, name, oat, latte, bun, cake, tea } = await boughtOnce();
    const res = await callApi(p, ordersApi.again, { token: ana.token, query: { name } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual({
      lines: [
        { product_id: latte.id, qty: 2, options: [oat] },
        { product_id: bun.id, qty: 1 },
        { product_id: cake.id, qty: 3 },
        { product_id: tea.id, qty: 1 },
      ],
      changes: [],
    });
    const quote = await callApi(p, ordersApi.quote, { token: ana.token, body: { items: res.body.data.lines, fulfilment: 'pickup' } });
    expect(quote.status, quote.text).toBe(200);
    expect(quote.body.data.subtotal).toBe(2 * 17_000 + 6_000 + 3 * 9_000 + 8_000);
  });

  it('names what the menu changed since: archived, sold out, an option gone, a new price; the rest quotes as named', async () => {
    const { post, ana, name, milk, oat, latte, bun, cake, tea } = await boughtOnce();
    await post(menuApi.archiveProduct, { id: bun.id });
    await post(menuApi.updateProduct, { id: cake.id, available: false });
    await post(optionsApi.setAvailability, { id: oat, available: false });
    await post(menuApi.updateProduct, { id: tea.id, price: 8_500 });
    const res = await callApi(p, ordersApi.again, { token: ana.token, query: { name } });
    expect(res.status, res.text).toBe(200);
    const whole = milk.options.find((o) => o.name === 'Whole')!.id;
    expect(res.body.data.lines).toEqual([
      { product_id: latte.id, qty: 2, options: [whole] },
      { product_id: tea.id, qty: 1 },
    ]);
    expect(res.body.data.changes).toEqual([
      { kind: 'option_gone', name: latte.name, option: `${milk.name}: Oat` },
      { kind: 'price_changed', name: latte.name, was: 17_000, now: 15_000 },
      { kind: 'gone', name: bun.name },
      { kind: 'sold_out', name: cake.name },
      { kind: 'price_changed', name: tea.name, was: 8_000, now: 8_500 },
    ]);
    const quote = await callApi(p, ordersApi.quote, { token: ana.token, body: { items: res.body.data.lines, fulfilment: 'pickup' } });
    expect(quote.status, quote.text).toBe(200);
    expect(quote.body.data.subtotal).toBe(2 * 15_000 + 8_500);
  });

  it('a group that now needs a choice and has none to give leaves the line out and says so', async () => {
    const { post, ana, name, milk, latte } = await boughtOnce();
    // the only default is sold out, and Oat too: nothing can be chosen for the latte
    for (const o of milk.options) await post(optionsApi.setAvailability, { id: o.id, available: false });
    const res = await callApi(p, ordersApi.again, { token: ana.token, query: { name } });
    expect(res.body.data.lines.map((l: { product_id: number }) => l.product_id)).not.toContain(latte.id);
    expect(res.body.data.changes).toContainEqual({ kind: 'choose_options', name: latte.name, group: milk.name });
  });

  it("is refused for another customer's order, without a session, and for a name that cannot be an order", async () => {
    const { name } = await boughtOnce();
    const ben = await p.newCustomer();
    expect((await callApi(p, ordersApi.again, { token: ben.token, query: { name } })).status).toBe(404);
    expect((await callApi(p, ordersApi.again, { query: { name } })).status).toBe(401);
    const bad = await callApi(p, ordersApi.again, { token: ben.token, query: { name: 'not an order' } });
    expect([bad.status, Object.keys(bad.body.error.fields)]).toEqual([400, ['name']]);
  });
});
