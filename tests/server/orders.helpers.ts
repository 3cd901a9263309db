/** Shared set-up for the commerce suites (catalogue, orders, wallet, payments, races). */
import { createHmac, randomUUID } from 'node:crypto';
import request from 'supertest';
import type { Database } from '../../server/db';
import { issueVoucher } from '../../server/provider/rewards/vouchers.repo';
import { earnPoints } from '../../server/provider/points/points.ledger';
import { TEST_MERCHANT_KEY, TEST_WEBHOOK_SECRET, type TestProvider } from './support/provider';
import { ordersApi } from '#contract/orders.calls';
import { callApi, providerUrl } from '../support/calls';
import { paymentsApi } from '#contract/payments.calls';

export async function menu(p: TestProvider): Promise<Map<string, { id: number; price: number; available: boolean }>> {
  const rows = await p.db.selectFrom('products').select(['id', 'name', 'price', 'available']).execute();
  return new Map(rows.map((r) => [r.name, { id: r.id, price: r.price, available: r.available }]));
}

/** The product ids the suites order: a ₱165 latte, a ₱95 croissant, and one the seed marks unavailable. */
export async function products(p: TestProvider) {
  const m = await menu(p);
  return { latte: m.get('Spanish latte')!, croissant: m.get('Butter croissant')!, coldBrew: m.get('Cold brew')! };
}

let seq = 0;
/** An active voucher of the customer's own for a reward of the test's own: an amount off, or with `productId` that product free. */
export async function makeVoucher(p: TestProvider, customerId: number, o: { discount?: number; validDays?: number; productId?: number } = {}): Promise<number> {
  const name = `test-discount-${++seq}-${randomUUID().slice(0, 8)}`;
  const reward = await p.db
    .insertInto('rewards')
    .values({
      name,
      title: `Test discount ${seq}`,
      points_cost: 100,
      valid_days: o.validDays ?? 30,
      per_customer_limit: null,
      stock: null,
      discount_amount: o.productId === undefined ? (o.discount ?? 5000) : 0,
      product_id: o.productId ?? null,
      position: 100 + seq,
    })
    .returning(['id', 'valid_days'])
    .executeTakeFirstOrThrow();
  return p.db.transaction().execute((trx) => issueVoucher(trx, p.clock, customerId, reward, 'redeem'));
}

export async function makeAddress(p: TestProvider, customerId: number): Promise<number> {
  const row = await p.db
    .insertInto('addresses')
    .values({
      customer_id: customerId,
      label: 'Home',
      recipient: 'Ana Cruz',
      phone: '+639171234567',
      line1: '12 Calle Mabini',
      city: 'Makati',
      postal_code: '1200',
      lat: 14.55,
      lng: 121.02,
      note: null,
      created_at: p.clock.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Balances and the sums of their ledgers, which must always agree. */
export async function ledgers(p: TestProvider, customerId: number) {
  const c = await p.db.selectFrom('customers').select(['wallet_balance', 'points']).where('id', '=', customerId).executeTakeFirstOrThrow();
  const w = await p.db.selectFrom('wallet_ledger').select('amount').where('customer_id', '=', customerId).execute();
  const pts = await p.db.selectFrom('points_ledger').select('points').where('customer_id', '=', customerId).execute();
  return {
    wallet: c.wallet_balance,
    walletSum: w.reduce((s, r) => s + r.amount, 0),
    walletEntries: w.length,
    points: c.points,
    pointsSum: pts.reduce((s, r) => s + r.points, 0),
  };
}

export const key = () => randomUUID();

/** Signs a raw webhook body independently of the server's code, as the gateway documents it. */
export function signature(raw: string, t: number, secret = TEST_WEBHOOK_SECRET): string {
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${raw}`).digest('hex')}`;
}

export function webhookEvent(paymentId: string, amount: number, type: 'payment.succeeded' | 'payment.failed', created: number, id: string = randomUUID()) {
  return JSON.stringify({ id, type, payment_id: paymentId, amount, created });
}

/** POSTs a raw body to payment/webhook with no gateway signature, only the payment signature. */
export function postWebhook(p: TestProvider, raw: string, sig?: string) {
  let t = request(p.app).post(providerUrl('', paymentsApi.webhook)).set('content-type', 'application/json');
  if (sig !== undefined) t = t.set('x-sandbox-signature', sig);
  return t.send(raw);
}

export const unix = (p: TestProvider) => Math.floor(p.clock.now().getTime() / 1000);

/**
 * Makes a paid order one paid before pending points (migration 0020): its points credited at payment,
 * as orders were until then, and no pending row. Such orders are still being cancelled: the take-back
 * (orders/take-back.ts) is for them, and for points credited when a refund comes later.
 */
export async function creditedAtPayment(p: TestProvider, orderName: string): Promise<number> {
  return p.db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom('points_pending')
      .where('ref', '=', `order:${orderName}`)
      .where('status', '=', 'pending')
      .returning(['customer_id', 'points'])
      .executeTakeFirstOrThrow();
    await earnPoints(trx, p.clock, row.customer_id, row.points, { reason: `Order ${orderName}`, ref: `order:${orderName}` });
    return row.points;
  });
}

/** Takes a paid pickup order to completed through the machine integration (its points are credited then, pending points). */
export async function completeOrder(p: TestProvider, name: string): Promise<void> {
  for (const status of ['preparing', 'ready', 'completed']) {
    const res = await callApi(p, ordersApi.status, { headers: { 'x-merchant-key': TEST_MERCHANT_KEY }, body: { name, status } });
    if (res.status !== 200) throw new Error(`order ${name} → ${status}: ${res.status} ${JSON.stringify(res.body)}`);
  }
}

/** Hours open all day, every day (00:00 to 00:00): a location that takes orders whatever the test's clock. */
export const ALL_DAY = Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [{ open: '00:00', close: '00:00' }]]));

/** The first location (by position), open all day, not paused, `capacity` orders a pickup slot; its id. */
export async function openAllDay(db: Database, capacity: number): Promise<number> {
  const l = await db.selectFrom('locations').select('id').orderBy('position').orderBy('id').executeTakeFirstOrThrow();
  await db
    .updateTable('locations')
    .set({ hours: JSON.stringify(ALL_DAY), slot_capacity: capacity, paused: false, paused_until: null })
    .where('id', '=', l.id)
    .execute();
  return l.id;
}

/** The seeded Spanish latte's id. */
export const latteOf = async (db: Database) => (await db.selectFrom('products').select('id').where('name', '=', 'Spanish latte').executeTakeFirstOrThrow()).id;

/** A second location, open all day, with no delivery area; its id. */
export async function insertLocation(db: Database, name: string): Promise<number> {
  return (
    await db
      .insertInto('locations')
      .values({ name, address: `1 Main Street, ${name}`, lat: 10.3, lng: 123.9, hours: JSON.stringify(ALL_DAY), delivery_areas: '[]', position: 1 })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}
