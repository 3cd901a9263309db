/**
 * Tips at checkout (issue 51), the provider's side: off by default (a tip refused, the app told
 * nothing); the owner's presets (percentages of the items' subtotal after discounts, rounded half-up;
 * or fixed amounts), a custom amount when allowed and the most a tip may be; a tip earns no points and
 * takes no discount; it is paid with the order and refunded with it when cancelled; the report per
 * location and day in the shop's time zone and its CSV; thirty tipped wallet orders at once on
 * PostgreSQL leave the balance exact; who may call what.
 */
import { expect, it } from 'vitest';
import { ordersApi } from '#contract/orders.calls';
import { settingsApi } from '#contract/settings.calls';
import { tipsApi } from '#contract/tips.calls';
import { boardApi } from '#contract/board.calls';
import { privacyApi } from '#contract/privacy.calls';
import { percentOf, tipPresetAmounts, TIPS_DEFAULT, type TipSettings } from '#contract/tips-rules';
import { ALL_DAY } from '../../server/db/seed/locations';
import { ownerAndStaff } from './merchant.helpers';
import { key, ledgers, makeVoucher, products } from './orders.helpers';
import { parseCsv } from './support/csv';
import { describeEachDb, describePostgres, useTestProvider, type TestProvider } from './support/provider';
import { callApi } from '../support/calls';

const ON: TipSettings = { enabled: true, kind: 'percent', presets: [10, 15, 20], custom: true, max: 50_000 };

function tipsSuite(p: TestProvider) {
  const team = ownerAndStaff(p);
  const save = (body: Record<string, unknown>, token = team.owner.token) => callApi(p, tipsApi.update, { token, body });
  const latte = async () => (await products(p)).latte;
  const basket = async (qty = 1) => ({ items: [{ product_id: (await latte()).id, qty }], fulfilment: 'pickup' as const });
  const quote = async (token: string, extra: Record<string, unknown>, qty = 1) =>
    callApi(p, ordersApi.quote, { token, body: { ...(await basket(qty)), ...extra } });
  const order = async (token: string, extra: Record<string, unknown>, qty = 1) =>
    callApi(p, ordersApi.create, { token, body: { ...(await basket(qty)), payment_method: 'wallet', idempotency_key: key(), ...extra } });
  return { team, save, latte, quote, order };
}

describeEachDb('tips at checkout', (kind) => {
  const p = useTestProvider(kind);
  const { team, save, latte, quote, order } = tipsSuite(p);

  it('are off by default: the app is told nothing, and a tip is refused naming the field, nothing written', async () => {
    expect((await callApi(p, tipsApi.settings, { token: team.owner.token }).expect(200)).body.data).toEqual(TIPS_DEFAULT);
    expect(TIPS_DEFAULT.enabled).toBe(false);
    expect((await callApi(p, settingsApi.mainSetting).expect(200)).body.data.tips).toBeUndefined();
    const ana = await p.newCustomer({ wallet: 100_000 });
    const q = await quote(ana.token, { tip: 1_000 });
    expect([q.status, q.body.error.code, Object.keys(q.body.error.fields)]).toEqual([400, 'VALIDATION', ['tip']]);
    const o = await order(ana.token, { tip: 1_000 });
    expect([o.status, Object.keys(o.body.error.fields)]).toEqual([400, ['tip']]);
    expect(await p.db.selectFrom('orders').select('id').where('customer_id', '=', ana.id).execute()).toEqual([]);
    expect((await ledgers(p, ana.id)).wallet).toBe(100_000);
    // no tip (absent or 0) is as it always was: no `tip` in the answers
    const plain = await quote(ana.token, { tip: 0 });
    expect(plain.status).toBe(200);
    expect(plain.body.data).not.toHaveProperty('tip');
  });

  it('percentage presets: of the subtotal after discounts, rounded half-up, capped at the max; a custom amount up to the max', async () => {
    await save({ ...ON }).expect(200);
    expect((await callApi(p, settingsApi.mainSetting).expect(200)).body.data.tips).toEqual({
      kind: 'percent',
      presets: [10, 15, 20],
      custom: true,
      max: 50_000,
    });
    const ana = await p.newCustomer({ wallet: 1_000_000 });
    const { price } = await latte();
    // the rounding rule: half-up to the minor unit
    expect([percentOf(16_505, 10), percentOf(16_504, 10), percentOf(16_505, 15)]).toEqual([1_651, 1_650, 2_476]);
    const [ten, fifteen] = tipPresetAmounts(ON, price);
    const q = await quote(ana.token, { tip: fifteen });
    expect(q.status, q.text).toBe(200);
    expect(q.body.data).toMatchObject({ subtotal: price, discount: 0, tip: fifteen, total: price + fifteen! });
    // neither a preset nor (custom off) allowed; over the max
    expect((await quote(ana.token, { tip: ten! + 1 })).status).toBe(200);
    expect((await quote(ana.token, { tip: 50_001 })).body.error.fields).toEqual({ tip: expect.stringContaining('at most') });
    await save({ ...ON, custom: false }).expect(200);
    expect((await quote(ana.token, { tip: ten! + 1 })).body.error.fields).toEqual({ tip: 'must be one of the tip choices shown' });
    expect((await quote(ana.token, { tip: ten })).status).toBe(200);
    // a percentage of a big order is capped at the max (10 lattes: 20 % is 33,000 over a max of 25,000)
    await save({ ...ON, custom: false, max: 25_000 }).expect(200);
    const big = await quote(ana.token, { tip: 25_000 }, 10);
    expect([big.status, big.body.data.tip]).toEqual([200, 25_000]);
    expect((await quote(ana.token, { tip: percentOf(price * 10, 20) }, 10)).status).toBe(400);
  });

  it('fixed presets; a tip earns no points, takes no discount, is paid from the wallet with the order and shows on the order and the board', async () => {
    await save({ enabled: true, kind: 'amount', presets: [2_000, 5_000], custom: false, max: 10_000 }).expect(200);
    const ana = await p.newCustomer({ wallet: 100_000 });
    const { price } = await latte();
    const voucher = await makeVoucher(p, ana.id, { discount: 5_000 });
    const without = (await quote(ana.token, { voucher_id: voucher })).body.data;
    const res = await order(ana.token, { voucher_id: voucher, tip: 5_000, expected_total: price - 5_000 + 5_000 });
    expect(res.status, res.text).toBe(201);
    const placed = res.body.data.order;
    // the voucher's discount is what it was without a tip, and the points too
    expect(placed).toMatchObject({ subtotal: price, discount: 5_000, tip: 5_000, total: price, points_earned: without.points_to_earn });
    expect(without.points_to_earn).toBe(Math.floor((price - 5_000) / 1_000));
    const w = await ledgers(p, ana.id);
    expect([w.wallet, w.walletSum]).toEqual([100_000 - price, 100_000 - price]);
    expect((await callApi(p, ordersApi.detail, { token: ana.token, query: { name: placed.name } }).expect(200)).body.data.order.tip).toBe(5_000);
    const ticket = await callApi(p, boardApi.detail, { token: team.staff.token, query: { name: placed.name } });
    expect([ticket.status, ticket.body.data.order.tip, ticket.body.data.order.total]).toEqual([200, 5_000, price]);
    // the customer's own data (privacy export) carries it too
    const mine = (await callApi(p, privacyApi.dataExport, { token: ana.token }).expect(200)).body.data.orders;
    expect(mine.find((o: { name: string }) => o.name === placed.name)).toMatchObject({ tip: 5_000, total: price });
    // 3,000 is no preset and custom amounts are off
    expect((await order(ana.token, { tip: 3_000 })).status).toBe(400);
  });

  it('a cancelled order refunds its tip with it: the wallet is whole again', async () => {
    await save({ ...ON }).expect(200);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila' }).format(p.clock.now());
    const tipsToday = async () =>
      (await callApi(p, tipsApi.report, { token: team.owner.token, query: { from: today, to: today } }).expect(200)).body.data.total;
    const earlier = await tipsToday();
    const ana = await p.newCustomer({ wallet: 100_000 });
    const res = await order(ana.token, { tip: 3_333 });
    expect(res.status, res.text).toBe(201);
    const { name, total } = res.body.data.order;
    expect((await ledgers(p, ana.id)).wallet).toBe(100_000 - total);
    expect(await tipsToday()).toBe(earlier + 3_333);
    const cancel = await callApi(p, boardApi.cancel, { token: team.staff.token, body: { name, reason: 'Out of milk' } });
    expect(cancel.status, cancel.text).toBe(200);
    expect(cancel.body.data.order.refund).toEqual({ method: 'wallet', amount: total, status: 'succeeded' });
    const w = await ledgers(p, ana.id);
    expect([w.wallet, w.walletSum]).toEqual([100_000, 100_000]);
    // a cancelled order's tip leaves the report
    expect(await tipsToday()).toBe(earlier);
  });

  it('the report: tips per location and day in the shop’s time zone, one location or all, and its CSV', async () => {
    await save({ ...ON }).expect(200);
    const first = await p.db.selectFrom('locations').select(['id', 'name']).orderBy('position').orderBy('id').executeTakeFirstOrThrow();
    await p.db
      .updateTable('locations')
      .set({ hours: JSON.stringify(ALL_DAY) })
      .execute();
    const second = (
      await p.db
        .insertInto('locations')
        .values({ name: 'Cebu', address: '1 Main Street, Cebu', lat: 10.3, lng: 123.9, hours: JSON.stringify(ALL_DAY), delivery_areas: '[]', position: 9 })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const ana = await p.newCustomer({ wallet: 1_000_000 });
    const at = async (iso: string, tip: number, location_id: number) => {
      p.clock.set(new Date(iso));
      const res = await order(ana.token, { tip, location_id });
      expect(res.status, res.text).toBe(201);
    };
    // 23:30 in Manila on the 19th, then 00:30 on the 20th (16:30 UTC on the 19th), and Cebu on the 20th
    await at('2026-11-19T15:30:00Z', 1_000, first.id);
    await at('2026-11-19T16:30:00Z', 2_000, first.id);
    await at('2026-11-19T17:00:00Z', 3_000, first.id);
    await at('2026-11-20T01:00:00Z', 4_000, second);
    // an order without a tip is not in it
    p.clock.set(new Date('2026-11-20T02:00:00Z'));
    expect((await order(ana.token, {})).status).toBe(201);
    const report = async (query: { from: string; to: string; location_id?: number }) =>
      (await callApi(p, tipsApi.report, { token: team.owner.token, query }).expect(200)).body.data;
    expect(await report({ from: '2026-11-19', to: '2026-11-20' })).toEqual({
      timezone: 'Asia/Manila',
      rows: [
        { day: '2026-11-20', location_id: second, location: 'Cebu', orders: 1, tips: 4_000 },
        { day: '2026-11-20', location_id: first.id, location: first.name, orders: 2, tips: 5_000 },
        { day: '2026-11-19', location_id: first.id, location: first.name, orders: 1, tips: 1_000 },
      ].sort((a, b) => (a.day === b.day ? a.location.localeCompare(b.location) : a.day < b.day ? 1 : -1)),
      total: 10_000,
    });
    expect((await report({ from: '2026-11-20', to: '2026-11-20', location_id: second })).rows).toEqual([
      { day: '2026-11-20', location_id: second, location: 'Cebu', orders: 1, tips: 4_000 },
    ]);
    const csv = await callApi(p, tipsApi.exportTips, { token: team.owner.token, query: { from: '2026-11-19', to: '2026-11-19' } });
    expect([csv.status, csv.headers['content-type'], csv.headers['content-disposition']]).toEqual([
      200,
      'text/csv; charset=utf-8',
      'attachment; filename="tips-2026-11-19-to-2026-11-19.csv"',
    ]);
    expect(parseCsv(csv.text, ',')).toEqual([
      ['day (Asia/Manila)', 'location_id', 'location', 'orders', 'currency', 'tips'],
      ['2026-11-19', String(first.id), first.name, '1', 'PHP', '10.00'],
    ]);
  });

  it('settings: only owners change them, whole and checked, audited; staff and customers are refused', async () => {
    expect((await save({ ...ON }, team.staff.token)).status).toBe(403);
    expect((await callApi(p, tipsApi.settings, { token: team.staff.token })).status).toBe(403);
    expect((await callApi(p, tipsApi.report, { token: team.staff.token, query: { from: '2026-11-19', to: '2026-11-19' } })).status).toBe(403);
    const ana = await p.newCustomer();
    expect((await callApi(p, tipsApi.settings, { token: ana.token })).status).toBe(401);
    const before = (await callApi(p, tipsApi.settings, { token: team.owner.token }).expect(200)).body.data;
    for (const [body, field] of [
      [{ ...ON, presets: [10, 10] }, 'presets'],
      [{ ...ON, presets: [1, 2, 3, 4, 5] }, 'presets'],
      [{ ...ON, presets: [150] }, 'presets'],
      [{ ...ON, kind: 'amount', presets: [60_000] }, 'presets'],
      [{ ...ON, presets: [], custom: false }, 'presets'],
      [{ ...ON, kind: 'share' }, 'kind'],
      [{ ...ON, max: 0 }, 'max'],
      [{ ...ON, enabled: 'yes' }, 'enabled'],
      [{ ...ON, extra: 1 }, ''],
    ] as const) {
      const res = await save(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      if (field) expect(Object.keys(res.body.error.fields), JSON.stringify(body)).toContain(field);
    }
    expect((await callApi(p, tipsApi.settings, { token: team.owner.token }).expect(200)).body.data).toEqual(before);
    const next = { ...ON, presets: [5, 12], max: 12_345 };
    expect((await save(next).expect(200)).body.data).toEqual(next);
    const audit = await p.db
      .selectFrom('audit_log')
      .select(['action', 'staff_id', 'before', 'after'])
      .where('action', '=', 'settings.tips')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    expect(audit).toEqual({ action: 'settings.tips', staff_id: team.owner.id, before, after: next });
  });
});

describePostgres('tips under concurrency', () => {
  const p = useTestProvider('postgres');
  const { save, latte, order } = tipsSuite(p);

  it('thirty tipped wallet orders at once on a balance for twenty: twenty paid, the balance exact and equal to its ledger', async () => {
    await save({ ...ON, kind: 'amount', presets: [2_000], custom: false }).expect(200);
    const { price } = await latte();
    const each = price + 2_000;
    const ana = await p.newCustomer({ wallet: each * 20 });
    const answers = await Promise.all(Array.from({ length: 30 }, () => order(ana.token, { tip: 2_000 })));
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(20);
    const w = await ledgers(p, ana.id);
    expect([w.wallet, w.walletSum, w.walletEntries]).toEqual([0, 0, 21]);
    const tips = await p.db.selectFrom('orders').select(['tip', 'total']).where('customer_id', '=', ana.id).execute();
    expect(tips).toHaveLength(20);
    expect(tips.every((t) => t.tip === 2_000 && t.total === each)).toBe(true);
  });
});
