/**
 * Guest orders at the table, the provider's side: a first name and a table's signed code start a guest
 * session (4 hours, bound to the table's location) that may only quote, place (dine-in at its location,
 * paid by card or at the counter) and read its own orders, pay them and sign out; every other customer
 * call is 403 GUEST_FORBIDDEN, decided in one place by the calls' declarations. A guest earns nothing;
 * a member claims the order's points with its signed claim token, once, within a day of its payment;
 * and on PostgreSQL, twenty claims at once (one member, or two racing) credit once.
 */
import { describe, expect, it } from 'vitest';
import { ALL_CALLS } from '#contract/calls';
import type { Call } from '#contract/api';
import { boardApi } from '#contract/board.calls';
import { customersApi, customersConsoleApi } from '#contract/customers.calls';
import { giftCardsApi } from '#contract/gift-cards.calls';
import { loyaltyConsoleApi } from '#contract/loyalty.calls';
import { pointsApi } from '#contract/points.calls';
import { rewardsApi } from '#contract/rewards.calls';
import { walletApi } from '#contract/wallet.calls';
import { wheelApi } from '#contract/wheel.calls';
import { ordersApi } from '#contract/orders.calls';
import { paymentsApi } from '#contract/payments.calls';
import { receiptsApi } from '#contract/receipts.calls';
import { shopSettingsApi } from '#contract/shop-settings.calls';
import { tablesApi, tablesConsoleApi } from '#contract/tables.calls';
import { authApi } from '#contract/auth.calls';
import { readClaimToken } from '../../server/provider/receipts/guest-claim';
import { purgeAuthLeftovers } from '../../server/provider/auth/auth.service';
import { ownerAndStaff } from './merchant.helpers';
import { insertLocation, key, ledgers, makeVoucher, products } from './orders.helpers';
import { describeEachDb, describePostgres, TEST_MERCHANT_KEY, TEST_SECRET, useTestProvider, type TestProvider } from './support/provider';
import { callApi, pathOf } from '../support/calls';

/** Wednesday 25 November 2026, 10:00 in Manila (the shop's time zone). */
const WED_10AM = new Date('2026-11-25T02:00:00Z');
const HOUR = 3_600_000;

function helpers(p: TestProvider, team: ReturnType<typeof ownerAndStaff>) {
  const firstLocation = async () => p.db.selectFrom('locations').select(['id']).orderBy('position').orderBy('id').executeTakeFirstOrThrow();
  const addLocation = (name: string) => insertLocation(p.db, name);
  const addTable = async (locationId: number, label: string) => {
    const res = await team.post(tablesConsoleApi.create, { location_id: locationId, label });
    expect(res.status, res.text).toBe(201);
    return (res.body.data as { tables: { id: number; label: string; code: string }[] }).tables.find((t) => t.label === label)!;
  };
  const rules = (body: Record<string, boolean>) => team.post(shopSettingsApi.update, body).expect(200);
  const guest = (code: string, name: string, ip?: string) => callApi(p, tablesApi.guest, { body: { table_code: code, name }, ...(ip ? { ip } : {}) });
  const guestToken = async (code: string, name = 'Ana') => {
    const res = await guest(code, name);
    expect(res.status, res.text).toBe(201);
    return res.body.data.token as string;
  };
  const basket = async () => [{ product_id: (await products(p)).latte.id, qty: 2 }];
  const order = async (token: string, extra: Record<string, unknown>) =>
    callApi(p, ordersApi.create, {
      token,
      body: { items: await basket(), fulfilment: 'dine_in', payment_method: 'counter', idempotency_key: key(), ...extra },
    });
  const markPaid = (name: string) => callApi(p, boardApi.markPaid, { token: team.staff.token, body: { name, how: 'cash' } });
  const finish = async (name: string) => {
    for (const status of ['ready', 'completed']) {
      const res = await callApi(p, ordersApi.status, { headers: { 'x-merchant-key': TEST_MERCHANT_KEY }, body: { name, status } });
      expect(res.status, res.text).toBe(200);
    }
  };
  const row = (name: string) => p.db.selectFrom('orders').selectAll().where('name', '=', name).executeTakeFirstOrThrow();
  const detail = async (token: string, name: string) => (await callApi(p, ordersApi.detail, { token, query: { name } }).expect(200)).body.data.order;
  const claim = (token: string, claimToken: string) => callApi(p, ordersApi.claim, { token, body: { token: claimToken } });
  /** A guest's order at the table, paid at the counter: its name and claim token. */
  const paidGuestOrder = async (code: string, name = 'Ana') => {
    const token = await guestToken(code, name);
    const placed = await order(token, { table_code: code });
    expect(placed.status, placed.text).toBe(201);
    const orderName = placed.body.data.order.name as string;
    await markPaid(orderName).expect(200);
    const offer = (await detail(token, orderName)).guest_claim as { points: number; claim_by: string; claim_token: string };
    return { token, name: orderName, offer };
  };
  return { firstLocation, addLocation, addTable, rules, guest, guestToken, order, markPaid, finish, row, detail, claim, paidGuestOrder };
}

/** A value for each `{param}` of a path, so every declared call can be made. */
const anyParams = (c: Call<unknown, unknown>) => Object.fromEntries([...c.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1]!, '1']));

describeEachDb('guest orders at the table', (kind) => {
  const p = useTestProvider(kind);
  const team = ownerAndStaff(p);
  const t = helpers(p, team);

  it('a guest session from a table code and a first name; bad names 400; forged codes 404 and counted; tables off 409', async () => {
    p.clock.set(WED_10AM);
    const loc = await t.firstLocation();
    const table = await t.addTable(loc.id, 'G1');
    await t.rules({ dine_in: false });
    const off = await t.guest(table.code, 'Ana');
    expect([off.status, off.body.error.code]).toEqual([409, 'CONFLICT']);
    await t.rules({ dine_in: true });
    const res = await t.guest(table.code, '  Ana  ');
    expect(res.status, res.text).toBe(201);
    expect(res.body.data.guest).toEqual({ name: 'Ana', location_id: loc.id, table: 'G1', expires_at: new Date(WED_10AM.getTime() + 4 * HOUR).toISOString() });
    const guestRow = await p.db.selectFrom('customers').selectAll().where('name', '=', 'Ana').where('guest_location_id', '=', loc.id).executeTakeFirstOrThrow();
    expect([guestRow.phone, guestRow.google_sub, guestRow.points]).toEqual([null, null, 0]);
    for (const [name, field] of [
      ['', 'is required'],
      ['   ', 'is required'],
      ['A'.repeat(41), 'must be at most 40 characters'],
      ['Ana<script>', 'must be a first name: letters, spaces, apostrophes and hyphens'],
      ['1234', 'must be a first name: letters, spaces, apostrophes and hyphens'],
    ]) {
      const bad = await t.guest(table.code, name!);
      expect([bad.status, bad.body.error.fields], name).toEqual([400, { name: field }]);
    }
    expect((await t.guest(table.code, "Mary-Jane O'Neil")).status).toBe(201);
    // a forged code (the table id changed, the mac kept) and a removed table: 404 alike, counted as wrong codes
    const forged = table.code.replace(/^t1\.(\w+)\.(\w+)\./, (_m, l: string) => `t1.${l}.zz.`);
    const wrong = await t.guest(forged, 'Ana', '203.0.113.77');
    expect([wrong.status, wrong.body.error.code]).toEqual([404, 'NOT_FOUND']);
    const tries = await p.db.selectFrom('code_failures').selectAll().execute();
    expect(tries.length).toBeGreaterThan(0);
    // at most 30 guest sessions an hour from one address
    for (let i = 0; i < 30; i++) expect((await t.guest(table.code, 'Crowd', '198.51.100.30')).status).toBe(201);
    const flood = await t.guest(table.code, 'Crowd', '198.51.100.30');
    expect([flood.status, flood.body.error.code, flood.headers['retry-after']]).toEqual([429, 'RATE_LIMITED', '3600']);
    // the session ends after 4 hours
    const token = res.body.data.token as string;
    await callApi(p, ordersApi.list, { token, query: {} }).expect(200);
    p.clock.advance(4 * HOUR + 1000);
    const late = await callApi(p, ordersApi.list, { token, query: {} });
    expect([late.status, late.body.error.code]).toEqual([401, 'SESSION_EXPIRED']);
  });

  it('a guest session makes only the calls declared for guests: every other customer call is 403 GUEST_FORBIDDEN', async () => {
    p.clock.set(WED_10AM);
    const loc = await t.firstLocation();
    const table = await t.addTable(loc.id, 'G2');
    await t.rules({ dine_in: true });
    const token = await t.guestToken(table.code);
    const memberOnly = ALL_CALLS.filter((c) => c.auth === 'customer' && !c.guests);
    // the exploits the allow-list must stop, among them
    for (const call of [
      walletApi.topup,
      walletApi.balance,
      customersApi.profile,
      pointsApi.history,
      rewardsApi.redeem,
      wheelApi.spin,
      giftCardsApi.claim,
      ordersApi.claim,
      ordersApi.again,
    ]) {
      expect(memberOnly, call.path).toContain(call);
    }
    for (const c of memberOnly) {
      const res = await p.call(c.method, pathOf(c, anyParams(c)), { token, body: {}, query: {} });
      expect([res.status, res.body.error?.code, res.body.message], c.path).toEqual([403, 'GUEST_FORBIDDEN', 'Sign in with your phone to do this.']);
    }
    // what it may make: the declared ones
    const pathsOf = (...calls: Call<unknown, unknown>[]) => calls.map((c) => c.path).sort();
    expect(pathsOf(...ALL_CALLS.filter((c) => c.guests))).toEqual(
      pathsOf(authApi.logout, ordersApi.create, ordersApi.detail, ordersApi.list, ordersApi.quote, paymentsApi.sandboxComplete),
    );
    // and a member's session is unchanged
    const member = await p.newCustomer();
    await callApi(p, ordersApi.list, { token: member.token, query: {} }).expect(200);
    // signing out works for a guest
    await callApi(p, authApi.logout, { token }).expect(200);
    expect((await callApi(p, ordersApi.list, { token, query: {} })).status).toBe(401);
  });

  it('a guest orders at its own location only, by card or at the counter: no wallet, voucher, promo code, pickup or delivery', async () => {
    p.clock.set(WED_10AM);
    const loc = await t.firstLocation();
    const table = await t.addTable(loc.id, 'G3');
    const other = await t.addLocation('Uptown');
    const otherTable = await t.addTable(other, 'U1');
    await t.rules({ dine_in: true, pay_at_counter: true });
    const token = await t.guestToken(table.code, 'Ana');
    const guestId = (await p.db.selectFrom('sessions').select('customer_id').orderBy('id', 'desc').executeTakeFirstOrThrow()).customer_id;
    const refusals: [Record<string, unknown>, string][] = [
      [{ table_code: otherTable.code }, 'This table is at another location. Scan the code on your table to order there.'],
      [{ table_code: table.code, payment_method: 'wallet' }, 'Guests pay by card or at the counter. Sign in with your phone to pay from your wallet.'],
      [{ table_code: table.code, voucher_id: await makeVoucher(p, guestId) }, 'Sign in with your phone to use a voucher.'],
      [{ table_code: table.code, promo_code: 'WELCOME10' }, 'Sign in with your phone to use a promo code.'],
      [{ fulfilment: 'pickup', payment_method: 'gateway' }, 'Guests order at their table. Sign in with your phone to order for pickup or delivery.'],
    ];
    for (const [extra, message] of refusals) {
      const res = await t.order(token, extra);
      expect([res.status, res.body.error?.code, res.body.message], JSON.stringify(extra)).toEqual([403, 'GUEST_FORBIDDEN', message]);
      const quote = await callApi(p, ordersApi.quote, {
        token,
        body: { items: [{ product_id: (await products(p)).latte.id, qty: 1 }], fulfilment: 'dine_in', ...extra },
      });
      // a quote takes no payment method: the wallet is refused when ordering
      expect(quote.status, JSON.stringify(extra)).toBe(extra.payment_method === 'wallet' ? 200 : 403);
    }
    expect(await p.db.selectFrom('orders').select('id').where('customer_id', '=', guestId).execute()).toEqual([]);
    // at the counter: made at once, with the guest's name; the board says "(guest)"
    const placed = await t.order(token, { table_code: table.code });
    expect(placed.status, placed.text).toBe(201);
    expect(placed.body.data.order).toMatchObject({ guest_name: 'Ana', table_label: 'G3', points_earned: 0 });
    const board = (await callApi(p, boardApi.board, { token: team.staff.token, query: {} }).expect(200)).body.data;
    const card = [...board.orders, ...(board.awaiting_payment ?? [])].find((c: { name: string }) => c.name === placed.body.data.order.name);
    expect([card.customer_first_name, card.table_label]).toEqual(['Ana (guest)', 'G3']);
    // by card through the gateway (the sandbox): the guest pays its own order
    const online = await t.order(token, { table_code: table.code, payment_method: 'gateway' });
    expect(online.status, online.text).toBe(201);
    const paymentId = (online.body.data.payment_url as string).split('/').pop()!;
    await callApi(p, paymentsApi.sandboxComplete, { token, params: { id: paymentId }, body: { outcome: 'pay' } }).expect(200);
    expect((await t.row(online.body.data.order.name)).paid_at).not.toBeNull();
    // another guest (or a member) sees neither order
    const bob = await t.guestToken(table.code, 'Bob');
    expect((await callApi(p, ordersApi.detail, { token: bob, query: { name: placed.body.data.order.name } })).status).toBe(404);
    expect((await callApi(p, ordersApi.list, { token: bob, query: {} }).expect(200)).body.data.orders).toEqual([]);
    // a guest is no member of the console's lists
    const list = (await callApi(p, customersConsoleApi.search, { token: team.owner.token, query: { q: '' } }).expect(200)).body.data;
    expect(JSON.stringify(list)).not.toContain('"Ana"');
  });

  it('a guest earns nothing; a member claims the points once, within a day; a refund after takes them back', async () => {
    p.clock.set(WED_10AM);
    const loc = await t.firstLocation();
    const table = await t.addTable(loc.id, 'G4');
    await t.rules({ dine_in: true, pay_at_counter: true });
    const a = await t.paidGuestOrder(table.code, 'Ana');
    await t.finish(a.name);
    const paid = await t.row(a.name);
    const guestId = paid.customer_id;
    // nothing earned: no points, nothing pending, no stamps
    expect(paid.points_earned).toBe(0);
    expect(await p.db.selectFrom('points_pending').select('id').where('ref', '=', `order:${a.name}`).execute()).toEqual([]);
    expect((await ledgers(p, guestId)).points).toBe(0);
    expect(await p.db.selectFrom('points_ledger').select('id').where('customer_id', '=', guestId).execute()).toEqual([]);
    // the offer: the points it would have earned, until a day after its payment, a signed token bound to the order
    expect(a.offer.points).toBe(paid.points_to_earn);
    expect(a.offer.points).toBeGreaterThan(0);
    expect(a.offer.claim_by).toBe(new Date(paid.paid_at!.getTime() + 24 * HOUR).toISOString());
    expect(readClaimToken(TEST_SECRET, a.offer.claim_token)).toBe(a.name);
    // the guest reads its receipt by the link on its order page: the same offer
    const receiptUrl = (await t.detail(a.token, a.name)).receipt_url as string;
    const receiptToken = decodeURIComponent(receiptUrl.split('/').pop()!);
    const receipt = (await callApi(p, receiptsApi.view, { query: { token: receiptToken } }).expect(200)).body.data;
    expect(receipt.receipt.guest_claim).toEqual(a.offer);
    // the order number alone, or a token altered, claims nothing
    const member = await p.newCustomer({ name: 'Ana Santos' });
    const forged = await t.claim(member.token, `c1.${a.name}.${'A'.repeat(32)}`);
    expect([forged.status, forged.body.error.code]).toEqual([404, 'NOT_FOUND']);
    const bad = await t.claim(member.token, a.name);
    expect([bad.status, bad.body.error.fields]).toEqual([400, { token: 'must be a claim link' }]);
    // a guest cannot claim
    expect((await t.claim(a.token, a.offer.claim_token)).status).toBe(403);
    // claimed: the order is the member's, with its points (completed: credited now)
    const claimed = await t.claim(member.token, a.offer.claim_token);
    expect(claimed.status, claimed.text).toBe(200);
    expect(claimed.body.data.points).toBe(a.offer.points);
    expect((await ledgers(p, member.id)).points).toBe(a.offer.points);
    const mine = (await callApi(p, ordersApi.list, { token: member.token, query: {} }).expect(200)).body.data.orders;
    expect(mine.map((o: { name: string }) => o.name)).toContain(a.name);
    expect((await t.detail(member.token, a.name)).guest_claim).toBeUndefined();
    expect((await callApi(p, receiptsApi.view, { query: { token: receiptToken } }).expect(200)).body.data.receipt).not.toHaveProperty('guest_claim');
    // twice, or by another member: 409
    const again = await t.claim(member.token, a.offer.claim_token);
    expect([again.status, again.body.error.code, again.body.message]).toEqual([409, 'ALREADY_CLAIMED', 'The points of this order were claimed already.']);
    const other = await p.newCustomer();
    expect((await t.claim(other.token, a.offer.claim_token)).body.error.code).toBe('ALREADY_CLAIMED');
    // the guest no longer sees it as theirs
    expect((await callApi(p, ordersApi.detail, { token: a.token, query: { name: a.name } })).status).toBe(404);
    // a cancellation after the claim takes the points back as for any order
    await callApi(p, ordersApi.status, { headers: { 'x-merchant-key': TEST_MERCHANT_KEY }, body: { name: a.name, status: 'cancelled' } });
    const after = await t.row(a.name);
    if (after.status === 'cancelled') expect((await ledgers(p, member.id)).points).toBe(0);

    // late: a day after its payment
    const b = await t.paidGuestOrder(table.code, 'Bea');
    p.clock.advance(24 * HOUR);
    const late = await t.claim(member.token, b.offer.claim_token);
    expect([late.status, late.body.error.code]).toEqual([410, 'CLAIM_EXPIRED']);
    // not paid yet (at the counter): no offer, and a token refused
    const c = await t.guestToken(table.code, 'Cy');
    const unpaid = (await t.order(c, { table_code: table.code })).body.data.order.name as string;
    expect((await t.detail(c, unpaid)).guest_claim).toBeUndefined();
    const { claimToken } = await import('../../server/provider/receipts/guest-claim');
    const early = await t.claim(member.token, claimToken(TEST_SECRET, unpaid));
    expect([early.status, early.body.error.code]).toEqual([409, 'CONFLICT']);
  });

  it("the claim earns by the member's rules: one welcome bonus for their first order, however many guest orders they claim", async () => {
    p.clock.set(WED_10AM);
    const loc = await t.firstLocation();
    const table = await t.addTable(loc.id, 'G8');
    await t.rules({ dine_in: true, pay_at_counter: true });
    const made = await callApi(p, loyaltyConsoleApi.create, { token: team.owner.token, body: { kind: 'first_order', name: 'Welcome bonus', points: 50 } });
    expect(made.status, made.text).toBe(201);
    const welcome = made.body.data.rule as { id: number };
    const a = await t.paidGuestOrder(table.code, 'Ana');
    const b = await t.paidGuestOrder(table.code, 'Ana');
    await t.finish(a.name);
    await t.finish(b.name);
    // each guest's offer counts the bonus: as far as the guest knows, a first order
    const base = a.offer.points - 50;
    expect(base).toBeGreaterThan(0);
    expect(b.offer.points).toBe(a.offer.points);
    const member = await p.newCustomer();
    const first = await t.claim(member.token, a.offer.claim_token);
    expect([first.status, first.body.data?.points]).toEqual([200, base + 50]);
    // the member's second order: the base alone, the bonus once
    const second = await t.claim(member.token, b.offer.claim_token);
    expect([second.status, second.body.data?.points]).toEqual([200, base]);
    expect((await ledgers(p, member.id)).points).toBe(2 * base + 50);
    expect((await t.row(b.name)).points_earned).toBe(base);
    // the rule's uses are the member's: one welcome, for the first claim
    const uses = await p.db.selectFrom('loyalty_rule_uses').select(['customer_id', 'order_id', 'points']).where('rule_id', '=', welcome.id).execute();
    expect(uses).toEqual([{ customer_id: member.id, order_id: (await t.row(a.name)).id, points: 50 }]);
    // a member who has ordered before gets no welcome bonus from a guest order either
    const c = await t.paidGuestOrder(table.code, 'Cy');
    await t.finish(c.name);
    const regular = await p.newCustomer({ wallet: 100_000 });
    const own = await callApi(p, ordersApi.create, {
      token: regular.token,
      body: { items: [{ product_id: (await products(p)).latte.id, qty: 1 }], fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: key() },
    });
    expect([own.status, own.body.data?.order.points_breakdown.at(-1).label], own.text).toEqual([201, 'Welcome bonus']);
    // told in the member's language
    await callApi(p, customersApi.language, { token: regular.token, body: { language: 'id' } }).expect(200);
    const claimed = await t.claim(regular.token, c.offer.claim_token);
    expect([claimed.status, claimed.body.data?.points]).toEqual([200, base]);
    const notices = (customerId: number) =>
      p.db.selectFrom('notifications').select(['title', 'body']).where('customer_id', '=', customerId).where('type', '=', 'points_earned').execute();
    expect(await notices(member.id)).toContainEqual({ title: `${base + 50} points added`, body: `For order ${a.name}, which you ordered as a guest.` });
    expect(await notices(regular.id)).toContainEqual({ title: `${base} poin ditambahkan`, body: `Untuk pesanan ${c.name}, yang Anda pesan sebagai tamu.` });
  });

  it('a claimed order not yet completed: its points pending for the member until it is', async () => {
    p.clock.set(WED_10AM);
    const loc = await t.firstLocation();
    const table = await t.addTable(loc.id, 'G5');
    await t.rules({ dine_in: true, pay_at_counter: true });
    const a = await t.paidGuestOrder(table.code, 'Ana');
    const member = await p.newCustomer();
    await t.claim(member.token, a.offer.claim_token).expect(200);
    const pending = await p.db.selectFrom('points_pending').select(['customer_id', 'points', 'status']).where('ref', '=', `order:${a.name}`).execute();
    expect(pending).toEqual([{ customer_id: member.id, points: a.offer.points, status: 'pending' }]);
    expect((await ledgers(p, member.id)).points).toBe(0);
    await t.finish(a.name);
    expect((await ledgers(p, member.id)).points).toBe(a.offer.points);
  });

  it('housekeeping: guest sessions go once ended; after the claim window the guests are erased (the first name), claimed orders kept', async () => {
    p.clock.set(WED_10AM);
    const loc = await t.firstLocation();
    const table = await t.addTable(loc.id, 'G6');
    await t.rules({ dine_in: true, pay_at_counter: true });
    await t.guestToken(table.code, 'Idle');
    const idle = (await p.db.selectFrom('customers').select('id').where('name', '=', 'Idle').executeTakeFirstOrThrow()).id;
    const a = await t.paidGuestOrder(table.code, 'Zoe');
    const zoe = (await t.row(a.name)).customer_id;
    const b = await t.paidGuestOrder(table.code, 'Yul');
    const member = await p.newCustomer();
    await t.claim(member.token, b.offer.claim_token).expect(200);
    // within the window nothing goes
    p.clock.advance(24 * HOUR);
    await purgeAuthLeftovers(p.ctx);
    expect((await p.db.selectFrom('customers').select('id').where('id', '=', idle).execute()).length).toBe(1);
    p.clock.advance(25 * HOUR);
    await purgeAuthLeftovers(p.ctx);
    expect((await p.db.selectFrom('customers').select('name').where('id', '=', idle).executeTakeFirstOrThrow()).name).toBe('Guest');
    expect(await p.db.selectFrom('sessions').select('id').where('customer_id', 'in', [idle, zoe]).execute()).toEqual([]);
    const erased = await p.db.selectFrom('customers').select(['name', 'erased_at']).where('id', '=', zoe).executeTakeFirstOrThrow();
    expect(erased.name).toBe('Guest');
    expect(erased.erased_at).not.toBeNull();
    expect([(await t.row(a.name)).guest_name, (await t.row(b.name)).guest_name, (await t.row(b.name)).customer_id]).toEqual(['Guest', 'Yul', member.id]);
  });
});

describePostgres('guest orders: claims racing', () => {
  const p = useTestProvider('postgres', { poolSize: 10 });
  const team = ownerAndStaff(p);
  const t = helpers(p, team);

  describe('twenty claims at once', () => {
    it('one member twenty times, and two members ten times each: exactly one credit each order', async () => {
      p.clock.set(WED_10AM);
      const loc = await t.firstLocation();
      const table = await t.addTable(loc.id, 'R1');
      await t.rules({ dine_in: true, pay_at_counter: true });
      const one = await t.paidGuestOrder(table.code, 'Ana');
      await t.finish(one.name);
      const member = await p.newCustomer();
      const same = await Promise.all(Array.from({ length: 20 }, () => t.claim(member.token, one.offer.claim_token)));
      expect(same.filter((r) => r.status === 200)).toHaveLength(1);
      expect(same.filter((r) => r.status === 409).every((r) => r.body.error.code === 'ALREADY_CLAIMED')).toBe(true);
      expect(same.filter((r) => r.status === 409)).toHaveLength(19);
      expect((await ledgers(p, member.id)).points).toBe(one.offer.points);

      const two = await t.paidGuestOrder(table.code, 'Bea');
      await t.finish(two.name);
      const [x, y] = [await p.newCustomer(), await p.newCustomer()];
      const raced = await Promise.all(Array.from({ length: 20 }, (_, i) => t.claim((i % 2 ? x : y).token, two.offer.claim_token)));
      expect(raced.filter((r) => r.status === 200)).toHaveLength(1);
      const credits = await p.db.selectFrom('points_ledger').select(['customer_id', 'points']).where('ref', '=', `order:${two.name}`).execute();
      expect(credits).toHaveLength(1);
      expect(credits[0]!.points).toBe(two.offer.points);
      expect((await ledgers(p, x.id)).points + (await ledgers(p, y.id)).points).toBe(two.offer.points);
    });
  });
});
