/**
 * The shop's taxes on orders (issue 51), the provider's side: none by default; the owner's rates in the shop
 * settings; included in the menu's prices (taken out, the total unchanged) or added at checkout (on top);
 * taxed once per order and rate, half up, on the items after discounts and the delivery fee, never on the
 * tip; the points earned as without tax; the order keeping its tax lines whatever the rates become; a
 * cancelled order refunding what was paid, tax included; bad settings refused naming the field.
 */
import { expect, it } from 'vitest';
import { boardApi } from '#contract/board.calls';
import { ordersApi } from '#contract/orders.calls';
import { settingsApi } from '#contract/settings.calls';
import { shopSettingsApi } from '#contract/shop-settings.calls';
import { tipsApi } from '#contract/tips.calls';
import { orderTaxes } from '#contract/tax-rules';
import { receiptsApi } from '#contract/receipts.calls';
import { receiptToken } from '../../server/provider/receipts/receipts.service';
import { ownerAndStaff } from './merchant.helpers';
import { completeOrder, key, ledgers, makeVoucher, products } from './orders.helpers';
import { describeEachDb, useTestProvider } from './support/provider';
import { callApi } from '../support/calls';

const VAT = { name: 'VAT', rate: 1200 };

describeEachDb('taxes on orders', (kind) => {
  const p = useTestProvider(kind);
  const team = ownerAndStaff(p);
  const settle = (body: Record<string, unknown>) => callApi(p, shopSettingsApi.update, { token: team.owner.token, body });
  const basket = async (qty = 2) => ({ items: [{ product_id: (await products(p)).latte.id, qty }], fulfilment: 'pickup' as const });
  const quote = async (token: string, extra: Record<string, unknown> = {}) => callApi(p, ordersApi.quote, { token, body: { ...(await basket()), ...extra } });
  const order = async (token: string, extra: Record<string, unknown> = {}) =>
    callApi(p, ordersApi.create, { token, body: { ...(await basket()), payment_method: 'wallet', idempotency_key: key(), ...extra } });

  it('are none by default: no `taxes` in the settings, the quote or the order', async () => {
    const shop = (await callApi(p, shopSettingsApi.read, { token: team.owner.token }).expect(200)).body.data;
    expect([shop.tax_rates, shop.tax_inclusive, shop.tax_number]).toEqual([[], true, '']);
    expect((await callApi(p, settingsApi.mainSetting).expect(200)).body.data.taxes).toBeUndefined();
    const ana = await p.newCustomer({ wallet: 100_000 });
    expect((await quote(ana.token)).body.data).not.toHaveProperty('taxes');
  });

  it('included in the prices: taken out of the total, which does not change, and kept on the order', async () => {
    expect((await settle({ tax_rates: [VAT], tax_inclusive: true, tax_number: 'TIN 123-456-789-000' })).status).toBe(200);
    expect((await callApi(p, settingsApi.mainSetting).expect(200)).body.data.taxes).toEqual({ rates: [VAT], inclusive: true });
    const ana = await p.newCustomer({ wallet: 100_000 });
    const { price } = (await products(p)).latte;
    const q = await quote(ana.token);
    expect(q.status, q.text).toBe(200);
    const vat = Math.floor((2 * 2 * price * 1200 + 11_200) / (2 * 11_200)); // 2 lattes × 12/112, half up
    expect(q.body.data).toMatchObject({ subtotal: 2 * price, total: 2 * price, taxes: { included: true, lines: [{ ...VAT, amount: vat }] } });
    const o = await order(ana.token);
    expect(o.status, o.text).toBe(201);
    expect(o.body.data.order).toMatchObject({ total: 2 * price, taxes: { included: true, lines: [{ ...VAT, amount: vat }] } });
    expect((await ledgers(p, ana.id)).wallet).toBe(100_000 - 2 * price);
    // its receipt prints the VAT inside the total and the shop's tax number
    const row = await p.db.selectFrom('orders').select(['id', 'name']).where('name', '=', o.body.data.order.name).executeTakeFirstOrThrow();
    await completeOrder(p, row.name);
    const receipt = (await callApi(p, receiptsApi.view, { query: { token: receiptToken(p.ctx.secret, row) } }).expect(200)).body.data.receipt;
    expect([receipt.shop.tax_number, receipt.order.taxes]).toEqual(['TIN 123-456-789-000', { included: true, lines: [{ ...VAT, amount: vat }] }]);
    // the order keeps what it was charged whatever the rates become
    await settle({ tax_rates: [{ name: 'VAT', rate: 500 }] }).expect(200);
    const read = await callApi(p, ordersApi.detail, { token: ana.token, query: { name: o.body.data.order.name } });
    expect(read.body.data.order.taxes).toEqual({ included: true, lines: [{ ...VAT, amount: vat }] });
  });

  it('added at checkout: on top of the items after discounts and the delivery fee, never on the tip, earning no points', async () => {
    const ana = await p.newCustomer({ wallet: 200_000 });
    await callApi(p, tipsApi.update, { token: team.owner.token, body: { enabled: true, kind: 'amount', presets: [2_000], custom: false, max: 10_000 } }).expect(
      200,
    );
    const voucherId = await makeVoucher(p, ana.id, { discount: 5_000 });
    const untaxed = (await quote(ana.token, { voucher_id: voucherId, tip: 2_000 })).body.data;
    const rates = [VAT, { name: 'Service', rate: 500 }];
    await settle({ tax_rates: rates, tax_inclusive: false }).expect(200);
    const q = await quote(ana.token, { voucher_id: voucherId, tip: 2_000 });
    expect(q.status, q.text).toBe(200);
    const base = q.body.data.subtotal - q.body.data.discount + q.body.data.delivery_fee;
    const expected = orderTaxes(base, { rates, inclusive: false });
    expect(expected.added).toBeGreaterThan(0);
    expect(q.body.data.taxes).toEqual({ included: false, lines: expected.lines });
    // the tip is not in the base: the total is the untaxed one with the taxes of the base on top
    expect(q.body.data.total).toBe(untaxed.total + expected.added);
    expect(untaxed.total).toBe(base + 2_000);
    // neither tax nor tip earns points: the same as without tax
    expect(q.body.data.points_to_earn).toBe(untaxed.points_to_earn);
    const o = await order(ana.token, { voucher_id: voucherId, tip: 2_000, expected_total: q.body.data.total });
    expect(o.status, o.text).toBe(201);
    expect(o.body.data.order).toMatchObject({ total: q.body.data.total, taxes: { included: false, lines: expected.lines } });
    expect((await ledgers(p, ana.id)).wallet).toBe(200_000 - q.body.data.total);
    // cancelled: what was paid comes back, tax and tip included
    const cancel = await callApi(p, boardApi.cancel, { token: team.staff.token, body: { name: o.body.data.order.name, reason: 'Out of milk' } });
    expect(cancel.status, cancel.text).toBe(200);
    expect(cancel.body.data.order.refund).toEqual({ method: 'wallet', amount: q.body.data.total, status: 'succeeded' });
    expect((await ledgers(p, ana.id)).wallet).toBe(200_000);
    await callApi(p, tipsApi.update, { token: team.owner.token, body: { enabled: false, kind: 'amount', presets: [2_000], custom: false, max: 10_000 } });
  });

  it('refuses bad tax settings naming the field, saving nothing', async () => {
    await settle({ tax_rates: [VAT], tax_inclusive: true }).expect(200);
    for (const [body, field] of [
      [{ tax_rates: [{ name: 'VAT', rate: 0 }] }, 'tax_rates.0.rate'],
      [{ tax_rates: [{ name: 'VAT', rate: 12.5 }] }, 'tax_rates.0.rate'],
      [{ tax_rates: [{ name: 'VAT', rate: 5001 }] }, 'tax_rates.0.rate'],
      [{ tax_rates: [{ name: '', rate: 1200 }] }, 'tax_rates.0.name'],
      [{ tax_rates: [VAT, { name: 'vat', rate: 500 }] }, 'tax_rates'],
      [{ tax_rates: [VAT, VAT, VAT, VAT].map((r, i) => ({ ...r, name: `T${i}` })) }, 'tax_rates'],
      [{ tax_rates: [{ name: 'VAT', rate: 1200, extra: 1 }] }, 'tax_rates.0'],
      [{ tax_inclusive: 'yes' }, 'tax_inclusive'],
      [{ tax_number: 'x'.repeat(41) }, 'tax_number'],
    ] as const) {
      const res = await settle(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(
        Object.keys(res.body.error.fields).some((k) => k === field || k.startsWith(`${field}.`)),
        `${JSON.stringify(body)}: ${res.text}`,
      ).toBe(true);
    }
    const shop = (await callApi(p, shopSettingsApi.read, { token: team.owner.token }).expect(200)).body.data;
    expect([shop.tax_rates, shop.tax_inclusive]).toEqual([[VAT], true]);
    // staff may not change them
    expect((await callApi(p, shopSettingsApi.update, { token: team.staff.token, body: { tax_rates: [] } })).status).toBe(403);
  });
});
