import { beforeEach, expect, it } from 'vitest';
import { GIFT_PURCHASE, GIFT_SETTINGS } from './gift-cards.helpers';
import { newStaffSession, ownerAndStaff } from './merchant.helpers';
import { key, products } from './orders.helpers';
import { describeEachDb, useTestProvider } from './support/provider';
import { giftCardsApi, giftCardsConsoleApi } from '#contract/gift-cards.calls';
import type { GiftCardReportData, SentGiftCard } from '#contract/gift-cards';
import { ordersApi } from '#contract/orders.calls';
import { dashboardApi } from '#contract/dashboard.calls';
import { parseCsv } from './support/csv';
import { callApi } from '../support/calls';

/**
 * The owner's gift card report (issue 49): a period's cards sold, claimed, refunded and the gift money
 * spent, counted in the shop's days (Manila, UTC+8), the last cards sold with their numbers masked, and
 * the outstanding gift-card balance, which moves by exactly sold - refunded - spent; owners only.
 */

/** Thursday 3 December 2026, 10:00 in Manila. */
const START = new Date('2026-12-03T02:00:00Z');

describeEachDb('gift card report', (kind) => {
  const p = useTestProvider(kind);
  const team = ownerAndStaff(p);
  beforeEach(async () => {
    p.clock.set(START.getTime());
    for (const m of [team.owner, team.staff]) m.token = (await newStaffSession(p.db, p.clock, m.id)).token;
    await callApi(p, giftCardsConsoleApi.update, { token: team.owner.token, body: GIFT_SETTINGS }).expect(200);
  });
  const report = async (from: string, to = from) =>
    (await callApi(p, giftCardsConsoleApi.report, { token: team.owner.token, query: { from, to } }).expect(200)).body.data as GiftCardReportData;
  const buy = async (token: string, extra: Record<string, unknown> = {}) => {
    const res = await callApi(p, giftCardsApi.buy, { token, body: { ...GIFT_PURCHASE, idempotency_key: key(), ...extra } });
    expect(res.status, res.text).toBe(201);
    return res.body.data.card as SentGiftCard;
  };
  const number = (c: SentGiftCard) => c.number.replace(/-/g, '');

  it("counts a period's cards in the shop's days; the outstanding balance moves by sold - refunded - spent", async () => {
    const before = await report('2026-12-03');
    const ana = await p.newCustomer({ wallet: 400_000 });
    const ben = await p.newCustomer();
    const first = await buy(ana.token, { amount: 100_000 });
    const second = await buy(ana.token, { amount: 50_000 });
    // Ben claims the first and spends part of it on an order; Ana has the second refunded
    await callApi(p, giftCardsApi.claim, { token: ben.token, body: { number: number(first) } }).expect(200);
    const P = await products(p);
    const order = await callApi(p, ordersApi.create, {
      token: ben.token,
      body: { items: [{ product_id: P.latte.id, qty: 1 }], fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: key() },
    }).expect(201);
    const total = order.body.data.order.total as number;
    await callApi(p, giftCardsApi.refund, { token: ana.token, body: { id: second.id } }).expect(200);
    // 23:30 in Manila, still the 3rd: counted; 00:30 on the 4th (still the 3rd in UTC): not
    p.clock.set(Date.parse('2026-12-03T15:30:00Z'));
    const late = await buy(ana.token, { amount: 20_000 });
    p.clock.set(Date.parse('2026-12-03T16:30:00Z'));
    const nextDay = await buy(ana.token, { amount: 30_000 });
    // (signed in afresh: a console session does not last the night)
    team.owner.token = (await newStaffSession(p.db, p.clock, team.owner.id)).token;

    const r = await report('2026-12-03');
    expect(r).toMatchObject({ from: '2026-12-03', to: '2026-12-03', timezone: 'Asia/Manila', currency: 'PHP' });
    expect(r.sold).toEqual({ count: before.sold.count + 3, amount: before.sold.amount + 170_000 });
    expect(r.claimed).toEqual({ count: before.claimed.count + 1, amount: before.claimed.amount + 100_000 });
    expect(r.refunded).toEqual({ count: before.refunded.count + 1, amount: before.refunded.amount + 50_000 });
    expect(r.spent - before.spent).toBe(total);
    // the 4th's sale is the 4th's
    const next = await report('2026-12-04');
    expect(next.recent.map((c) => c.id)).toContain(nextDay.id);
    expect(r.recent.map((c) => c.id)).not.toContain(nextDay.id);

    // now: the cards not claimed (the late one and the next day's) and Ben's gift money left
    const o = r.outstanding;
    expect(o.total).toBe(o.unclaimed + o.in_wallets);
    expect(o.unclaimed - before.outstanding.unclaimed).toBe(50_000);
    expect(o.unclaimed_count - before.outstanding.unclaimed_count).toBe(2);
    expect(o.in_wallets - before.outstanding.in_wallets).toBe(100_000 - total);
    // over both days, the balance moved by what was sold, less what was refunded and spent
    const both = await report('2026-12-03', '2026-12-04');
    expect(o.total - before.outstanding.total).toBe(
      both.sold.amount - before.sold.amount - (both.refunded.amount - before.refunded.amount) - (both.spent - before.spent),
    );

    // the list: newest first, each number masked to its last four, no one's contact
    expect(r.recent.slice(0, 3).map((c) => [c.id, c.last4, c.amount, c.state])).toEqual([
      [late.id, number(late).slice(-4), 20_000, 'delivered'],
      [second.id, number(second).slice(-4), 50_000, 'refunded'],
      [first.id, number(first).slice(-4), 100_000, 'claimed'],
    ]);
    const text = JSON.stringify(r);
    for (const c of [first, second, late]) expect(text).not.toContain(number(c).slice(0, 8));
    expect(text).not.toMatch(/639175550101|Ben|Ana/);
  });

  it("puts the outstanding balance on the dashboard beside the wallets' own money, and the cards sold in a CSV export", async () => {
    const dashboard = async () => (await callApi(p, dashboardApi.dashboard, { token: team.owner.token, query: { period: 'today' } }).expect(200)).body.data;
    const before = (await dashboard()).liability;
    const ana = await p.newCustomer({ wallet: 300_000, name: 'Ana' });
    const ben = await p.newCustomer({ name: 'Ben' });
    const card = await buy(ana.token, { amount: 100_000 });
    await buy(ana.token, { amount: 50_000, to_phone: '0917 555 0199' });
    await callApi(p, giftCardsApi.claim, { token: ben.token, body: { number: number(card) } }).expect(200);
    const after = (await dashboard()).liability;
    // Ana's own money went down by what she paid; the gift cards owe both cards (one in Ben's wallet, one not claimed)
    expect(after.wallets - before.wallets).toBe(300_000 - 150_000);
    expect(after.gift_cards - before.gift_cards).toBe(150_000);
    expect(after.gift_cards).toBe((await report('2026-12-03')).outstanding.total);

    const res = await callApi(p, dashboardApi.exportGiftCards, { token: team.owner.token, query: { from: '2026-12-03', to: '2026-12-03' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="gift-cards-2026-12-03-to-2026-12-03.csv"');
    const [header, ...rows] = parseCsv(res.text, ',');
    expect(header!.slice(0, 3)).toEqual(['card', 'sold_at (Asia/Manila)', 'delivered_at (Asia/Manila)']);
    const col = (row: string[], name: string) => row[header!.findIndex((h) => h === name || h.startsWith(`${name} (`))];
    const mine = rows.find((r) => col(r, 'card') === `…${number(card).slice(-4)}`)!;
    expect([col(mine, 'sold_at'), col(mine, 'state'), col(mine, 'currency'), col(mine, 'amount'), col(mine, 'buyer'), col(mine, 'claimed_by')]).toEqual([
      '2026-12-03 10:00:00',
      'claimed',
      'PHP',
      '1000.00',
      'Ana',
      'Ben',
    ]);
    // the last row: the balance still owed; no full number and no recipient's phone anywhere
    const last = rows.at(-1)!;
    expect([col(last, 'card'), col(last, 'amount')]).toEqual(['outstanding', (after.gift_cards / 100).toFixed(2)]);
    expect(res.text).not.toContain(number(card).slice(0, 8));
    expect(res.text).not.toMatch(/639175550101|639175550199/);
    // it is in the activity log, and only owners may download it
    const audit = await p.db.selectFrom('audit_log').select('action').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit.action).toBe('export.gift_cards');
    const staff = await callApi(p, dashboardApi.exportGiftCards, { token: team.staff.token, query: { from: '2026-12-03', to: '2026-12-03' } });
    expect(staff.status).toBe(403);
  });

  it('is for owners only', async () => {
    const query = { from: '2026-12-01', to: '2026-12-03' };
    const staff = await callApi(p, giftCardsConsoleApi.report, { token: team.staff.token, query });
    expect([staff.status, staff.body.error.code]).toEqual([403, 'ROLE_FORBIDDEN']);
    const customer = await p.newCustomer();
    expect((await callApi(p, giftCardsConsoleApi.report, { token: customer.token, query })).status).toBe(401);
    expect((await callApi(p, giftCardsConsoleApi.report, { query })).status).toBe(401);
    // a period of the shop's days: ordered, at most 366
    const wrong = await callApi(p, giftCardsConsoleApi.report, { token: team.owner.token, query: { from: '2026-12-03', to: '2026-12-01' } });
    expect([wrong.status, Object.keys(wrong.body.error.fields)]).toEqual([400, ['to']]);
  });
});
