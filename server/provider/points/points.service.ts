import type { PointHistoryData } from '#contract';
import { DAY } from '../../lib/clock';
import type { ProviderContext } from '../context';
import { getCustomer } from '../accounts/accounts.repo';
import { notFound } from '../http/errors';
import { expiringBetween, ledgerPage, toPointEntry } from './points.repo';
import { pendingOf } from './points.pending';

export const HISTORY_PAGE_SIZE = 20;
export const EXPIRING_SOON_DAYS = 30;

/**
 * A page of the customer's points history, with the points on their way (pending, not in the balance). `customerId` is the session's customer; asking for any
 * other id is answered exactly like an id that does not exist (404), so nothing about others leaks.
 */
export async function pointHistory(ctx: ProviderContext, sessionCustomerId: number, askedCustomerId: number, page = 1): Promise<PointHistoryData> {
  if (askedCustomerId !== sessionCustomerId) throw notFound('Customer');
  const customer = await getCustomer(ctx.db, sessionCustomerId);
  const rows = await ledgerPage(ctx.db, sessionCustomerId, (page - 1) * HISTORY_PAGE_SIZE, HISTORY_PAGE_SIZE + 1);
  const now = ctx.clock.now();
  const soon = await expiringBetween(ctx.db, sessionCustomerId, now, new Date(now.getTime() + EXPIRING_SOON_DAYS * DAY));
  const pending = await pendingOf(ctx.db, sessionCustomerId);
  return {
    balance: customer.points,
    pending_points: pending.reduce((sum, p) => sum + p.points, 0),
    pending: pending.map((p) => ({
      points: p.points,
      reason: p.reason,
      available_from: p.available_at ? p.available_at.toISOString() : null,
      order_name: p.order_name ?? null,
    })),
    items: rows.slice(0, HISTORY_PAGE_SIZE).map(toPointEntry),
    next_page: rows.length > HISTORY_PAGE_SIZE ? page + 1 : null,
    expiring_soon: soon.points > 0 && soon.first ? { points: soon.points, expires_at: soon.first.toISOString() } : null,
  };
}
