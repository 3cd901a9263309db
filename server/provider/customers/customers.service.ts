import type {
  AdjustPointsBody,
  AdjustPointsData,
  Customer,
  CustomerOnlyData,
  CustomerDetailData,
  CustomerSearchData,
  CustomerSearchQuery,
  CustomerSummary,
} from '#contract';
import { phoneSearchDigits } from '#contract/phone';
import { paths } from '#contract/routes';
import type { Database } from '../../db';
import { getCustomer, lockCustomer, saveLanguage, saveName } from '../accounts/accounts.repo';
import { LANGUAGE_NAMES, type Language } from '#contract/languages';
import type { ProviderContext } from '../context';
import { AppError, notFound, validation } from '../http/errors';
import type { StaffOfRequest } from '../http/staff-session';
import { getMerchant } from '../settings/settings.service';
import { notify } from '../notifications/notify';
import { listCustomerOrders, toOrders } from '../orders/orders.repo';
import { adjustPoints } from '../points/points.ledger';
import { pendingOf } from '../points/points.pending';
import { ledgerPage, toPointEntry } from '../points/points.repo';
import { loadVouchers } from '../rewards/vouchers.repo';
import { insertAudit, recordLookup } from '../staff/staff.repo';
import { walletEntries } from '../wallet/wallet.repo';
import { customerSummary, searchCustomers } from './customers.repo';

/**
 * The shop's customers: the customer's own profile (changing and verifying the e-mail address are
 * auth's, email-verification.service.ts: they share its code rules); in the console, look-up by phone,
 * name or e-mail and a customer's account (staff and owners), and the owner's points adjustment: a
 * ledger entry of its own kind (`owner`) with a required reason, the customer notified, the audit log
 * written; never below zero.
 */

const PAGE = 20;
/** a staff member's look-ups of one kind this close together are one entry in the activity log (a search typed letter by letter) */
const LOOKUP_MERGE_MS = 60_000;

/** The signed-in customer's own profile. */
/** The customer's own profile, with the points on their way (Home says "N points on the way"). */
export async function getProfile(ctx: ProviderContext, customerId: number): Promise<Customer> {
  const [customer, pending] = await Promise.all([getCustomer(ctx.db, customerId), pendingOf(ctx.db, customerId)]);
  return { ...customer, pending_points: pending.reduce((sum, p) => sum + p.points, 0) };
}

/**
 * Keeps the customer's language: one the shop offers now (a code the app does not ship was refused by the
 * contract). A language the shop stops offering stays stored; the app then speaks the shop's choice.
 */
/** The name the shop calls the customer by (checked by the call's schema: 1 to 80 characters once trimmed). */
export async function setName(ctx: ProviderContext, customerId: number, name: string): Promise<CustomerOnlyData> {
  if (!(await saveName(ctx.db, customerId, name))) throw notFound('Customer');
  return { customer: await getProfile(ctx, customerId) };
}

export async function setLanguage(ctx: ProviderContext, customerId: number, language: Language): Promise<CustomerOnlyData> {
  const { rules } = await getMerchant(ctx.db, ctx.merchantId);
  if (!rules.languages.includes(language)) {
    const offered = rules.languages.map((l) => LANGUAGE_NAMES[l]).join(', ');
    throw validation({ language: `is not offered by this shop: choose ${offered}` });
  }
  if (!(await saveLanguage(ctx.db, customerId, language))) throw notFound('Customer');
  return { customer: await getProfile(ctx, customerId) };
}

async function summaryOf(db: Database, customerId: number): Promise<CustomerSummary> {
  const found = await customerSummary(db, customerId);
  if (!found) throw notFound('Customer');
  return found;
}

/** Customers by phone (as typed at a counter, read as the app reads it), name or e-mail; a search is in the activity log. */
export async function searchForStaff(ctx: ProviderContext, staff: StaffOfRequest, q: CustomerSearchQuery): Promise<CustomerSearchData> {
  const page = q.page ?? 1;
  // 0917 123 4567, +63 917…, 0063 917…, 917-1234
  const digits = q.q ? phoneSearchDigits(q.q, (await getMerchant(ctx.db, ctx.merchantId)).rules.default_country_code) : [];
  const rows = await searchCustomers(ctx.db, q.q, digits, (page - 1) * PAGE, PAGE + 1);
  if (q.q) await recordLookup(ctx.db, { staffId: staff.id, action: 'customer.search', target: null, after: { q: q.q }, now: ctx.clock.now() }, LOOKUP_MERGE_MS);
  return { items: rows.slice(0, PAGE), next_page: rows.length > PAGE ? page + 1 : null };
}

/** A customer's account: balances, the latest ledger entries, vouchers and orders; opening it is in the activity log. */
export async function detailForStaff(ctx: ProviderContext, staff: StaffOfRequest, customerId: number): Promise<CustomerDetailData> {
  const customer = await summaryOf(ctx.db, customerId);
  const account = {
    customer,
    birthday: (await getCustomer(ctx.db, customerId)).birthday,
    pending_points: (await pendingOf(ctx.db, customerId)).reduce((s, p) => s + p.points, 0),
    points: (await ledgerPage(ctx.db, customerId, 0, 50)).map(toPointEntry),
    wallet: await walletEntries(ctx.db, customerId, 50, 0),
    vouchers: (await loadVouchers(ctx.db, { customerId })).slice(0, 50),
    orders: await toOrders(ctx.db, await listCustomerOrders(ctx.db, customerId, 20, 0)),
  };
  await recordLookup(
    ctx.db,
    { staffId: staff.id, action: 'customer.view', target: `customer:${customerId}`, after: { name: customer.name }, now: ctx.clock.now() },
    LOOKUP_MERGE_MS,
  );
  return account;
}

/**
 * The owner's adjustment, in `trx` (the idempotent call's transaction): under the customer's lock, an
 * `owner` entry, never below zero; the customer notified, the audit log written.
 */
export async function adjustCustomerPoints(
  ctx: ProviderContext,
  trx: Database,
  staff: StaffOfRequest,
  body: AdjustPointsBody,
  pointsExpiryDays: number,
): Promise<AdjustPointsData> {
  const before = await lockCustomer(trx, body.customer_id);
  if (before.points + body.points < 0) {
    throw new AppError(
      'INSUFFICIENT_POINTS',
      `This customer has ${before.points} points: you can take at most that many.`,
      { points: `must be at least -${before.points}` },
      { points: before.points },
    );
  }
  await adjustPoints(trx, ctx.clock, body.customer_id, body.points, { reason: body.reason, ref: `staff:${staff.id}`, type: 'owner' }, pointsExpiryDays);
  const n = Math.abs(body.points);
  await notify(trx, ctx.clock, body.customer_id, {
    type: 'points_earned',
    title: body.points > 0 ? `You got ${n} points from us` : `${n} points were taken off your balance`,
    body: body.reason,
    link: paths.profilePoint,
    push: body.points > 0 ? 'points' : null,
  });
  const [entry] = await ledgerPage(trx, body.customer_id, 0, 1);
  const customer = await summaryOf(trx, body.customer_id);
  await insertAudit(trx, {
    staffId: staff.id,
    action: 'customer.points',
    target: `customer:${body.customer_id}`,
    before: { points: before.points },
    after: { points: customer.points, change: body.points, reason: body.reason, customer: customer.name },
    now: ctx.clock.now(),
  });
  return { customer, entry: toPointEntry(entry!) };
}
