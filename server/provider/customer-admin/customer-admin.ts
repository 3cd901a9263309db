import type { Router } from 'express';
import type { z } from 'zod';
import { adjustPointsBody, customerDetailQuery, customerSearchQuery, type CustomerDetailData, type CustomerSummary } from '#contract/editors';
import { phoneSearchDigits } from '#contract/phone';
import { paths } from '#contract/routes';
import type { Database } from '../../db';
import type { ProviderContext } from '../context';
import { lockCustomer } from '../customers/customers.repo';
import { apiRouter } from '../http/api-router';
import { send } from '../http/envelope';
import { AppError, notFound } from '../http/errors';
import { idempotent } from '../http/idempotency';
import { requireStaff, staffOf, type StaffOfRequest } from '../http/staff-session';
import { parse } from '../http/validate';
import { getMerchant } from '../merchant/merchant.service';
import { notify } from '../notifications/notify';
import { toOrders } from '../orders/orders.repo';
import { adjustPoints } from '../points/points.ledger';
import { ledgerPage, toPointEntry } from '../points/points.repo';
import { loadVouchers } from '../rewards/vouchers.repo';
import { insertAudit, recordLookup } from '../staff/staff.repo';
import { walletEntries } from '../wallet/wallet.repo';

/**
 * The shop's customers in the console: look-up by phone, name or e-mail and a customer's account
 * (staff and owners), and the owner's points adjustment: a ledger entry of its own kind (`owner`) with
 * a required reason, the customer notified, the audit log written; never below zero.
 */

const PAGE = 20;
/** a staff member's look-ups of one kind this close together are one entry in the activity log (a search typed letter by letter) */
const LOOKUP_MERGE_MS = 60_000;
const SUMMARY = ['id', 'name', 'phone', 'email', 'points', 'wallet_balance', 'created_at'] as const;

type SummaryRow = { id: number; name: string; phone: string | null; email: string | null; points: number; wallet_balance: number; created_at: Date };
const toSummary = (r: SummaryRow): CustomerSummary => ({ ...r, created_at: r.created_at.toISOString() });

const likeText = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

async function search(db: Database, q: z.infer<typeof customerSearchQuery>, countryCode: string) {
  const page = q.page ?? 1;
  let query = db.selectFrom('customers').select(SUMMARY).orderBy('id', 'desc').offset((page - 1) * PAGE).limit(PAGE + 1);
  if (q.q) {
    // a phone number as typed at a counter, read as the app reads it: 0917 123 4567, +63 917…, 0063 917…, 917-1234
    const digits = phoneSearchDigits(q.q, countryCode);
    query = query.where((eb) =>
      eb.or([eb('name', 'ilike', likeText(q.q)), eb('email', 'ilike', likeText(q.q)), ...digits.map((d) => eb('phone', 'like', likeText(d)))]),
    );
  }
  const rows = await query.execute();
  return { items: rows.slice(0, PAGE).map(toSummary), next_page: rows.length > PAGE ? page + 1 : null };
}

async function detail(db: Database, customerId: number): Promise<CustomerDetailData> {
  const row = await db.selectFrom('customers').select(SUMMARY).where('id', '=', customerId).executeTakeFirst();
  if (!row) throw notFound('Customer');
  const orders = await db.selectFrom('orders').selectAll().where('customer_id', '=', customerId).orderBy('id', 'desc').limit(20).execute();
  return {
    customer: toSummary(row),
    points: (await ledgerPage(db, customerId, 0, 50)).map(toPointEntry),
    wallet: await walletEntries(db, customerId, 50, 0),
    vouchers: (await loadVouchers(db, { customerId })).slice(0, 50),
    orders: await toOrders(db, orders),
  };
}

async function adjust(ctx: ProviderContext, staff: StaffOfRequest, body: z.infer<typeof adjustPointsBody>) {
  const merchant = await getMerchant(ctx.db, ctx.merchantId);
  const answer = await idempotent(ctx.db, ctx.clock, { customerId: body.customer_id, scope: 'merchant/customers/adjust-points', key: body.idempotency_key, body }, async (trx) => {
    const customer = await trx.selectFrom('customers').select('id').where('id', '=', body.customer_id).executeTakeFirst();
    if (!customer) throw notFound('Customer');
    const before = await lockCustomer(trx, body.customer_id);
    if (before.points + body.points < 0) {
      throw new AppError('INSUFFICIENT_POINTS', `This customer has ${before.points} points: you can take at most that many.`, { points: `must be at least -${before.points}` }, { points: before.points });
    }
    await adjustPoints(trx, ctx.clock, body.customer_id, body.points, { reason: body.reason, ref: `staff:${staff.id}`, type: 'owner' }, merchant.rules.points_expiry_days);
    const n = Math.abs(body.points);
    await notify(trx, ctx.clock, body.customer_id, {
      type: 'points_earned',
      title: body.points > 0 ? `You got ${n} points from us` : `${n} points were taken off your balance`,
      body: body.reason,
      link: paths.profilePoint,
    });
    const [entry] = await ledgerPage(trx, body.customer_id, 0, 1);
    const row = await trx.selectFrom('customers').select(SUMMARY).where('id', '=', body.customer_id).executeTakeFirstOrThrow();
    await insertAudit(trx, {
      staffId: staff.id,
      action: 'customer.points',
      target: `customer:${body.customer_id}`,
      before: { points: before.points },
      after: { points: row.points, change: body.points, reason: body.reason, customer: row.name },
      now: ctx.clock.now(),
    });
    return { status: 201, message: 'The points are adjusted and the customer is told.', data: { customer: toSummary(row), entry: toPointEntry(entry!) } };
  });
  return answer;
}

export function customerAdminRoutes(ctx: ProviderContext): Router {
  const r = apiRouter();

  // look-ups are in the activity log: who searched for what, whose account they opened
  r.get('/merchant/customers', requireStaff(ctx), async (req, res) => {
    const q = parse(customerSearchQuery, req.query);
    const found = await search(ctx.db, q, (await getMerchant(ctx.db, ctx.merchantId)).rules.default_country_code);
    if (q.q) await recordLookup(ctx.db, { staffId: staffOf(res).id, action: 'customer.search', target: null, after: { q: q.q }, now: ctx.clock.now() }, LOOKUP_MERGE_MS);
    send(res, 200, 'Customers found.', found);
  });

  r.get('/merchant/customers/detail', requireStaff(ctx), async (req, res) => {
    const q = parse(customerDetailQuery, req.query);
    const account = await detail(ctx.db, q.id);
    await recordLookup(ctx.db, { staffId: staffOf(res).id, action: 'customer.view', target: `customer:${q.id}`, after: { name: account.customer.name }, now: ctx.clock.now() }, LOOKUP_MERGE_MS);
    send(res, 200, 'The customer.', account);
  });

  r.post('/merchant/customers/adjust-points', requireStaff(ctx, 'owner'), async (req, res) => {
    const body = parse(adjustPointsBody, req.body);
    const answer = await adjust(ctx, staffOf(res), body);
    res.status(answer.status).json(answer);
  });

  return r;
}

