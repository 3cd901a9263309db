/**
 * Finding "one customer's burst holds every database connection": each of a customer's orders waits for
 * that customer's row lock inside its transaction, holding one of the provider's pooled connections
 * while it waits. Two hundred orders sent at once by one signed-in customer filled the pool (10
 * connections) and its queue, so another customer's order, sent just after them, waited behind a third
 * to a half of them (and a long enough burst keeps others past the pool's 5 s wait: 503). Now a
 * customer's calls that write (every POST of a signed-in customer: orders, top-ups, redemptions, spins
 * …) take turns on each instance before they take a connection (CUSTOMER_WRITES_AT_ONCE, one by
 * default), so a burst waits in memory and holds one connection, and everyone else's calls go on; past
 * 16 waiting, one more is answered 429 at once. Counted, not timed: how many of the burst had been
 * answered when the other customer's order was.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { FakeClock } from '../../server/lib/clock';
import { CUSTOMER_WRITES_AT_ONCE, CUSTOMER_WRITES_WAITING } from '../../server/provider/http/customer-turns';
import { describePostgres, useStack, type Stack } from './support';
import { ordersApi } from '#contract/orders.calls';
import { gatewayCall } from '../support/calls';
import { latteOf, openAllDay } from '../server/orders.helpers';

/** Wednesday 25 November 2026, 10:00 in Manila (the shop's time zone). */
const WED_10AM = new Date('2026-11-25T02:00:00Z');
/**
 * orders one customer sends at once: without turns the other customer's order was answered after 65 to
 * 98 of them; with turns 163 are refused at once (429), and of the 37 taken in, 22 to 24 were answered
 * before the other's (the time the gateway and the provider take to read the burst's 200 requests,
 * every one a signed HTTP call with its session checked)
 */
const BURST = 200;

function placer(s: Stack, latte: () => number) {
  return async (cookie: string) => {
    const r = await gatewayCall(s, ordersApi.create, {
      cookie,
      body: { items: [{ product_id: latte(), qty: 1 }], fulfilment: 'pickup', payment_method: 'gateway', idempotency_key: randomUUID() },
    });
    const body = (await r.json()) as { message: string; error?: { code: string } };
    return { status: r.status, code: body.error?.code, message: body.message, retryAfter: r.headers.get('retry-after') };
  };
}

/**
 * One customer's BURST orders at once, and another customer's order sent right after them: how many of
 * the burst's orders that were taken in (not refused at once with 429) were answered before the other's,
 * and every answer.
 */
async function burstAndBystander(s: Stack, place: ReturnType<typeof placer>) {
  const attacker = await s.signUp();
  const other = await s.signUp();
  let answered = 0;
  const burst = Array.from({ length: BURST }, () =>
    place(attacker.cookie).then((a) => {
      if (a.status !== 429) answered += 1;
      return a;
    }),
  );
  const theirs = await place(other.cookie);
  const before = answered;
  const all = await Promise.all(burst);
  return { theirs, before, all };
}

function tally(all: { status: number; code?: string | undefined }[]): Record<string, number> {
  const t: Record<string, number> = {};
  for (const a of all) t[`${a.status} ${a.code ?? ''}`.trim()] = (t[`${a.status} ${a.code ?? ''}`.trim()] ?? 0) + 1;
  return t;
}

describePostgres("security: one customer's burst of orders does not hold everyone else's (PostgreSQL)", () => {
  const clock = new FakeClock(WED_10AM);
  // the product's default, as `npm start` runs it
  const s = useStack({ kind: 'postgres', clock, customerWritesAtOnce: CUSTOMER_WRITES_AT_ONCE });
  let latte = 0;
  const place = placer(s, () => latte);
  beforeAll(async () => {
    latte = await latteOf(s.db);
  });
  beforeEach(async () => {
    clock.set(WED_10AM);
    await openAllDay(s.db, 50);
  });

  it(`${BURST} orders at once from one customer: another customer's order, sent after them, is answered before a quarter of them`, async () => {
    const { theirs, before, all } = await burstAndBystander(s, place);
    expect(theirs.status, JSON.stringify(theirs)).toBe(201);
    expect(before, `${before} of the burst's ${BURST} were answered before the other customer's order`).toBeLessThan(BURST / 4);
    // the burst itself: taken one at a time, 3 unpaid orders placed and the rest of those taken in refused
    // for that; past the line's 16 waiting, refused at once
    const answers = tally(all);
    expect(Object.keys(answers).sort(), JSON.stringify(answers)).toEqual(['201', '409 UNPAID_ORDERS_LIMIT', '429 RATE_LIMITED']);
    expect(answers['201']).toBe(3);
    expect(answers['409 UNPAID_ORDERS_LIMIT']).toBeGreaterThanOrEqual(CUSTOMER_WRITES_WAITING + 1 - 3);
    const refused = all.filter((a) => a.status === 429);
    expect(refused.every((a) => a.retryAfter === '1' && a.message === 'Many of your requests are still going. Please wait a moment and try again.')).toBe(true);
    const unpaid = await s.db.selectFrom('orders').select('id').where('status', '=', 'pending_payment').where('name', 'is not', null).execute();
    expect(unpaid).toHaveLength(3 + 1);
    // nothing is kept for a customer once their calls are done
    expect(s.provider.ctx.customerTurns.lines).toBe(0);
  });
});
