import type { PointHistoryData } from '#contract';
import { DAY } from '../../lib/clock';
import type { ProviderContext } from '../context';
import { getCustomer } from '../accounts/accounts.repo';
import { notFound } from '../http/errors';
import { expiringBetween, ledgerPage, toPointEntry } from './points.repo';
import { pendingOf } from './points.pending';
import { reasonIn } from './reasons';
import { recipientLanguage, sayIn } from '../i18n/translate';
import { getMerchant } from '../settings/settings.service';
import type { Language } from '#contract/languages';

export const HISTORY_PAGE_SIZE = 20;
export const EXPIRING_SOON_DAYS = 30;

/**
 * A page of the customer's points history, with the points on their way (pending, not in the balance). `customerId` is the session's customer; asking for any
 * other id is answered exactly like an id that does not exist (404), so nothing about others leaks. The reasons in
 * `lang` (the app's language spoken), else in the customer's own (their choice while the shop offers it, else its
 * default); an entry without words in its English (reasons.ts).
 */
export async function pointHistory(
  ctx: ProviderContext,
  sessionCustomerId: number,
  askedCustomerId: number,
  page = 1,
  lang?: Language,
): Promise<PointHistoryData> {
  if (askedCustomerId !== sessionCustomerId) throw notFound('Customer');
  const customer = await getCustomer(ctx.db, sessionCustomerId);
  const say = sayIn(lang ?? recipientLanguage(customer.language, (await getMerchant(ctx.db, ctx.merchantId)).rules));
  const rows = await ledgerPage(ctx.db, sessionCustomerId, (page - 1) * HISTORY_PAGE_SIZE, HISTORY_PAGE_SIZE + 1);
  const now = ctx.clock.now();
  const soon = await expiringBetween(ctx.db, sessionCustomerId, now, new Date(now.getTime() + EXPIRING_SOON_DAYS * DAY));
  const pending = await pendingOf(ctx.db, sessionCustomerId);
  return {
    balance: customer.points,
    pending_points: pending.reduce((sum, p) => sum + p.points, 0),
    pending: pending.map((p) => ({
      points: p.points,
      reason: reasonIn(say, p),
      available_from: p.available_at ? p.available_at.toISOString() : null,
      order_name: p.order_name ?? null,
    })),
    items: rows.slice(0, HISTORY_PAGE_SIZE).map((r) => ({ ...toPointEntry(r), reason: reasonIn(say, r) })),
    next_page: rows.length > HISTORY_PAGE_SIZE ? page + 1 : null,
    expiring_soon: soon.points > 0 && soon.first ? { points: soon.points, expires_at: soon.first.toISOString() } : null,
  };
}
