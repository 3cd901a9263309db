import type { PointHistoryData } from '#contract';
import { DAY } from '../../lib/clock';
import type { ProviderContext } from '../context';
import { getCustomer } from '../accounts/accounts.repo';
import { notFound } from '../http/errors';
import { expiringBetween, ledgerPage, rewardTitles, toPointEntry } from './points.repo';
import { pendingOf } from './points.pending';
import { reasonIn } from './reasons';
import { recipientLanguage, sayIn } from '../i18n/translate';
import { getMerchant } from '../settings/settings.service';
import type { Language } from '#contract/languages';
import { titleIn } from '#contract/translations';
import type { ReasonWords } from '../../db/schema';

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
  const language = lang ?? recipientLanguage(customer.language, (await getMerchant(ctx.db, ctx.merchantId)).rules);
  const rows = await ledgerPage(ctx.db, sessionCustomerId, (page - 1) * HISTORY_PAGE_SIZE, HISTORY_PAGE_SIZE + 1);
  const now = ctx.clock.now();
  const soon = await expiringBetween(ctx.db, sessionCustomerId, now, new Date(now.getTime() + EXPIRING_SOON_DAYS * DAY));
  const pending = await pendingOf(ctx.db, sessionCustomerId);
  const say = await sayWithRewards(ctx, language, rows);
  return {
    balance: customer.points,
    pending_points: pending.reduce((sum, p) => sum + p.points, 0),
    pending: pending.map((p) => ({
      points: p.points,
      reason: say(p),
      available_from: p.available_at ? p.available_at.toISOString() : null,
      order_name: p.order_name ?? null,
    })),
    items: rows.slice(0, HISTORY_PAGE_SIZE).map((r) => ({ ...toPointEntry(r), reason: say(r) })),
    next_page: rows.length > HISTORY_PAGE_SIZE ? page + 1 : null,
    expiring_soon: soon.points > 0 && soon.first ? { points: soon.points, expires_at: soon.first.toISOString() } : null,
  };
}

type Entry = { reason: string; reason_words?: ReasonWords | null };

/**
 * The reasons of these entries in `language`, a reward named in one (`reward_name` among its words' values) by its
 * title in that language where the owner wrote one (one read for the page's rewards; none when no entry names one).
 */
async function sayWithRewards(ctx: ProviderContext, language: Language, rows: readonly Entry[]): Promise<(row: Entry) => string> {
  const say = sayIn(language);
  const nameOf = (row: Entry) => row.reason_words?.values?.reward_name;
  const names = [...new Set(rows.map(nameOf).filter((n): n is string => typeof n === 'string'))];
  const titles = new Map((await rewardTitles(ctx.db, names)).map((r) => [r.name, titleIn(r, language)]));
  return (row) => {
    const title = titles.get(nameOf(row) as string);
    const words = title && row.reason_words ? { ...row.reason_words, values: { ...row.reason_words.values, reward: title } } : row.reason_words;
    return reasonIn(say, { reason: row.reason, reason_words: words });
  };
}
