/**
 * Finding "one customer can hold a day's pickup slots with unpaid orders": an order paid online takes
 * its pickup slot when it is placed, before it is paid. Nothing bounded how many such orders one
 * customer held, nor for how long: 120 unpaid orders filled the first 12 slots and everyone else got
 * SLOT_FULL until the payment pages expired. Now an unpaid order holds its slot for 10 minutes, a
 * customer has at most 3 unpaid orders at once (409 UNPAID_ORDERS_LIMIT), the job runner releases an
 * abandoned one when its hold ends, and a payment that arrives after that places it again if a pickup
 * time is free, or puts the money in the wallet. Real HTTP through the gateway to the embedded provider.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { FakeClock, MINUTE, SECOND } from '../../server/lib/clock';
import { startJobs } from '../../server/provider/jobs';
import { createOwnerSetupLink } from '../../server/provider/staff/setup-link';
import { cookiePair } from '../server/gateway.helpers';
import { newStaffEmail, STAFF_PASSWORD } from '../server/merchant.helpers';
import { describeDb, describePostgres, stackCall, useStack, type DbKind, type Stack } from './support';
import { boardApi } from '#contract/board.calls';
import { ordersApi } from '#contract/orders.calls';
import { paymentsApi } from '#contract/payments.calls';
import { staffApi } from '#contract/staff.calls';
import { gatewayCall } from '../support/calls';
import { latteOf, openAllDay } from '../server/orders.helpers';

/** Wednesday 25 November 2026, 10:00 in Manila (the shop's time zone). */
const WED_10AM = new Date('2026-11-25T02:00:00Z');
const HOLD = 10 * MINUTE;
const CAP = 3;
/** unpaid orders one customer sends at once */
const ATTEMPTS = 40;

interface Answer {
  status: number;
  body: { message: string; data: any; error?: { code: string; fields?: Record<string, string> } };
}

async function answer(res: Promise<Response>): Promise<Answer> {
  const r = await res;
  return { status: r.status, body: (await r.json()) as Answer['body'] };
}

function placer(s: Stack, latte: () => number) {
  return (cookie: string, payment: 'gateway' | 'wallet' = 'gateway', extra: object = {}) =>
    answer(
      gatewayCall(s, ordersApi.create, {
        cookie,
        body: { items: [{ product_id: latte(), qty: 1 }], fulfilment: 'pickup', payment_method: payment, idempotency_key: randomUUID(), ...extra },
      }),
    );
}

const slotTaken = async (s: Stack, locationId: number, at: string) =>
  (await s.db.selectFrom('pickup_slots').select('taken').where('location_id', '=', locationId).where('slot_at', '=', new Date(at)).executeTakeFirst())?.taken ??
  0;

const orderRow = (s: Stack, name: string) => s.db.selectFrom('orders').selectAll().where('name', '=', name).executeTakeFirstOrThrow();

const paymentOf = async (s: Stack, name: string) =>
  (await s.db.selectFrom('payments as p').innerJoin('orders as o', 'o.id', 'p.order_id').select('p.id').where('o.name', '=', name).executeTakeFirstOrThrow())
    .id;

async function grantWallet(s: Stack, customerId: number, amount: number): Promise<void> {
  await s.db.transaction().execute(async (trx) => {
    const { postWalletEntry } = await import('../../server/provider/wallet/wallet.ledger');
    await postWalletEntry(trx, { now: () => WED_10AM }, customerId, { type: 'adjust', amount, reason: 'Test grant' });
  });
}

describePostgres("security: unpaid orders cannot hold the day's pickup slots (PostgreSQL, many at once)", () => {
  const clock = new FakeClock(WED_10AM);
  const s = useStack({ kind: 'postgres', clock });
  let latte = 0;
  let locationId = 0;
  const place = placer(s, () => latte);
  beforeAll(async () => {
    latte = await latteOf(s.db);
  });
  beforeEach(async () => {
    clock.set(WED_10AM);
    locationId = await openAllDay(s.db, 10);
    await s.db.deleteFrom('pickup_slots').execute();
  });

  // 40 at once, four times the provider's pool: as many run together as with 120, which on a host three
  // times slower than this one kept the pool's queue past its 5 s wait (503 for some); with the customer's
  // row lock taken out, 40 place far more than 3 (seen failing)
  it('40 unpaid orders at once from one customer: 3 are placed, the rest answer 409 UNPAID_ORDERS_LIMIT, and the first slot keeps room for others', async () => {
    const attacker = await s.signUp();
    const started = Date.now();
    const all = await Promise.all(Array.from({ length: ATTEMPTS }, () => place(attacker.cookie)));
    const ms = Date.now() - started;
    const placed = all.filter((a) => a.status === 201);
    const refused = all.filter((a) => a.status !== 201);
    const answers: Record<string, number> = {};
    for (const a of all) answers[`${a.status} ${a.body.error?.code ?? ''}`.trim()] = (answers[`${a.status} ${a.body.error?.code ?? ''}`.trim()] ?? 0) + 1;
    expect(placed.length, `placed ${placed.length} of ${ATTEMPTS} unpaid orders in ${ms} ms; the answers: ${JSON.stringify(answers)}`).toBe(CAP);
    // what the database holds, whatever the answers said
    const unpaid = await s.db
      .selectFrom('orders')
      .select('id')
      .where('customer_id', '=', attacker.customerId)
      .where('status', '=', 'pending_payment')
      .execute();
    expect(unpaid).toHaveLength(CAP);
    expect(
      refused.every((a) => a.status === 409 && a.body.error?.code === 'UNPAID_ORDERS_LIMIT'),
      JSON.stringify(refused.find((a) => a.body.error?.code !== 'UNPAID_ORDERS_LIMIT')?.body),
    ).toBe(true);
    expect(refused[0]!.body.message).toMatch(/3 orders waiting for payment/);
    // the attacker's unpaid orders took 3 places in all, whichever slots
    const taken = await s.db
      .selectFrom('pickup_slots')
      .select((eb) => eb.fn.sum<number>('taken').as('n'))
      .where('location_id', '=', locationId)
      .executeTakeFirstOrThrow();
    expect(Number(taken.n)).toBe(CAP);
    // someone else still gets the first pickup time
    const other = await s.signUp();
    const first = placed.map((a) => a.body.data.order.pickup_at as string).sort()[0]!;
    const theirs = await place(other.cookie);
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(201);
    expect(theirs.body.data.order.pickup_at).toBe(first);
  });

  it('the cap holds under concurrency: 30 at once from a customer with 2 unpaid already place exactly 1 more; wallet orders are never capped', async () => {
    const c = await s.signUp();
    await grantWallet(s, c.customerId, 1_000_000);
    expect((await place(c.cookie)).status).toBe(201);
    expect((await place(c.cookie)).status).toBe(201);
    const burst = await Promise.all(Array.from({ length: 30 }, () => place(c.cookie)));
    expect(burst.filter((a) => a.status === 201)).toHaveLength(1);
    expect(burst.filter((a) => a.body.error?.code === 'UNPAID_ORDERS_LIMIT')).toHaveLength(29);
    const unpaid = await s.db.selectFrom('orders').select('id').where('customer_id', '=', c.customerId).where('status', '=', 'pending_payment').execute();
    expect(unpaid).toHaveLength(CAP);
    // paying from the wallet is not holding anything unpaid
    const wallet = await Promise.all(Array.from({ length: 5 }, () => place(c.cookie, 'wallet')));
    expect(wallet.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    // one paid on the sandbox page: room for one more unpaid
    const name = (
      await s.db
        .selectFrom('orders')
        .select('name')
        .where('customer_id', '=', c.customerId)
        .where('status', '=', 'pending_payment')
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).name;
    const paid = await stackCall(s, paymentsApi.sandboxComplete, { params: { id: await paymentOf(s, name) }, cookie: c.cookie, body: { outcome: 'pay' } });
    expect(paid.status).toBe(200);
    expect((await orderRow(s, name)).status).toBe('paid');
    expect((await place(c.cookie)).status).toBe(201);
    expect((await place(c.cookie)).body.error?.code).toBe('UNPAID_ORDERS_LIMIT');
  });
});

describeDb("security: an unpaid order's hold ends and the job runner gives its slot back", (kind: DbKind) => {
  const clock = new FakeClock(WED_10AM);
  const s = useStack({ kind, clock });
  let latte = 0;
  let locationId = 0;
  const place = placer(s, () => latte);
  const stops: Array<() => Promise<void>> = [];
  beforeAll(async () => {
    latte = await latteOf(s.db);
  });
  beforeEach(async () => {
    clock.set(WED_10AM);
    locationId = await openAllDay(s.db, 1);
    await s.db.deleteFrom('pickup_slots').execute();
  });
  afterEach(async () => {
    await Promise.all(stops.splice(0).map((stop) => stop()));
  });

  /** The orders board as the console reads it, through the gateway with an owner's session. */
  async function boardOf(): Promise<{
    orders: Array<{ name: string }>;
    awaiting_payment: Array<{ name: string; status: string; hold_until: string | null }>;
    done: Array<{ name: string; cancel_reason: string | null }>;
  }> {
    const token = await createOwnerSetupLink(s.db, clock);
    const setup = await gatewayCall(s, staffApi.setup, { body: { token, name: 'Olive Owner', email: newStaffEmail(), password: STAFF_PASSWORD } });
    expect(setup.status).toBe(201);
    const cookie = cookiePair({ 'set-cookie': setup.headers.getSetCookie() }, 'staff')!;
    const board = await answer(gatewayCall(s, boardApi.board, { cookie }));
    expect(board.status, JSON.stringify(board.body)).toBe(200);
    return board.body.data;
  }

  /** The job runner (pg-boss) on the stack's provider, releasing holds every second; resolves once `name` is released. */
  async function released(name: string): Promise<void> {
    stops.push(startJobs(s.provider.ctx, { hourly: async () => {}, unpaidEverySeconds: 1 }));
    const deadline = Date.now() + 30 * SECOND;
    while ((await orderRow(s, name)).status === 'pending_payment') {
      if (Date.now() > deadline) throw new Error(`order ${name} was not released within 30 s`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  it('an unpaid order holds its slot for 10 minutes, shows on the board as awaiting payment, then is released: cancelled as unpaid, the slot free, no staff-cancellation notice', async () => {
    const c = await s.signUp();
    const other = await s.signUp();
    // 11:00, a slot with room for one order
    const at = new Date(WED_10AM.getTime() + 60 * MINUTE).toISOString();
    const placed = await place(c.cookie, 'gateway', { pickup_at: at });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const { name } = placed.body.data.order as { name: string };
    expect(placed.body.data.order.pickup_at).toBe(at);
    expect(await slotTaken(s, locationId, at)).toBe(1);
    expect((await place(other.cookie, 'gateway', { pickup_at: at })).body.error?.code).toBe('SLOT_FULL');
    const row = await orderRow(s, name);
    expect(row.hold_until?.toISOString()).toBe(new Date(WED_10AM.getTime() + HOLD).toISOString());
    // on the board: awaiting payment, apart from the orders to make
    const board = await boardOf();
    expect(board.orders.map((o) => o.name)).not.toContain(name);
    expect(board.awaiting_payment.find((o) => o.name === name)).toMatchObject({ status: 'pending_payment', hold_until: row.hold_until!.toISOString() });

    // a minute before the hold ends the job leaves it alone
    clock.advance(HOLD - MINUTE);
    const { releaseUnpaidOrders } = await import('../../server/provider/orders/orders.jobs');
    await releaseUnpaidOrders(s.provider.ctx);
    expect((await orderRow(s, name)).status).toBe('pending_payment');
    expect(await slotTaken(s, locationId, at)).toBe(1);

    clock.advance(MINUTE + SECOND);
    await released(name);
    const after = await orderRow(s, name);
    expect(after.status).toBe('cancelled');
    expect(after.hold_released_at).not.toBeNull();
    expect(await slotTaken(s, locationId, at)).toBe(0);
    const later = await boardOf();
    expect(later.awaiting_payment.map((o) => o.name)).not.toContain(name);
    expect(later.done.find((o) => o.name === name)?.cancel_reason).toBe('Not paid within 10 minutes');
    const notices = await s.db.selectFrom('notifications').select(['title', 'body']).where('customer_id', '=', c.customerId).execute();
    expect(notices.map((n) => n.title)).not.toContain(`Order ${name} cancelled`);
    expect(notices.find((n) => n.title === `Order ${name} was not placed`)?.body).toMatch(/within 10 minutes/);
    // the slot is someone else's to take now
    const theirs = await place(other.cookie, 'gateway', { pickup_at: at });
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(201);
    expect(theirs.body.data.order.pickup_at).toBe(at);
  });

  it('a payment that arrives after the hold was released places the order again when a slot is free', async () => {
    const c = await s.signUp();
    const placed = await place(c.cookie);
    const { name, pickup_at: at } = placed.body.data.order as { name: string; pickup_at: string };
    clock.advance(HOLD + SECOND);
    await released(name);
    expect(await slotTaken(s, locationId, at)).toBe(0);
    // paid on the page after all (a Stripe page stays open 30 minutes)
    const paid = await stackCall(s, paymentsApi.sandboxComplete, { params: { id: await paymentOf(s, name) }, cookie: c.cookie, body: { outcome: 'pay' } });
    expect(paid.status).toBe(200);
    const row = await orderRow(s, name);
    expect(row.status).toBe('paid');
    expect(row.pickup_at).not.toBeNull();
    expect(await slotTaken(s, locationId, row.pickup_at!.toISOString())).toBe(1);
    const wallet = await s.db.selectFrom('customers').select('wallet_balance').where('id', '=', c.customerId).executeTakeFirstOrThrow();
    expect(wallet.wallet_balance).toBe(0);
    const detail = await answer(stackCall(s, ordersApi.detail, { cookie: c.cookie, query: { name } }));
    expect(detail.body.data.order.status).toBe('paid');
  });

  it('a payment that arrives after the hold was released, with every pickup time full, goes to the wallet and the order stays cancelled', async () => {
    const c = await s.signUp();
    const placed = await place(c.cookie);
    const { name } = placed.body.data.order as { name: string };
    const total = placed.body.data.order.total as number;
    clock.advance(HOLD + SECOND);
    await released(name);
    // every slot of today and tomorrow taken by others
    await sql`insert into pickup_slots (location_id, slot_at, taken)
      select ${locationId}::integer, t, 1 from generate_series(${WED_10AM}::timestamptz, ${new Date(WED_10AM.getTime() + 3 * 24 * 60 * MINUTE)}::timestamptz, interval '15 minutes') as t
      on conflict (location_id, slot_at) do update set taken = 1`.execute(s.db);
    const paid = await stackCall(s, paymentsApi.sandboxComplete, { params: { id: await paymentOf(s, name) }, cookie: c.cookie, body: { outcome: 'pay' } });
    expect(paid.status).toBe(200);
    expect((await orderRow(s, name)).status).toBe('cancelled');
    const wallet = await s.db.selectFrom('customers').select('wallet_balance').where('id', '=', c.customerId).executeTakeFirstOrThrow();
    expect(wallet.wallet_balance).toBe(total);
    const notices = await s.db.selectFrom('notifications').select('title').where('customer_id', '=', c.customerId).execute();
    expect(notices.map((n) => n.title)).toContain('Payment moved to your wallet');
  });
});
