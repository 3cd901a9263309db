/**
 * The owner's gift card report (console, Gift cards): of a period of the shop's days, the cards sold,
 * claimed and refunded and the gift money spent, the last cards sold (numbers masked); and, now, the
 * outstanding gift-card balance, a liability of its own beside the wallets' (the dashboard shows it too).
 * Every figure is a query over the cards and the wallet ledger, never a counter kept on the side.
 */
import type { GiftCardReportData } from '#contract/gift-cards';
import type { Database } from '../../db';
import { dayBounds } from '../settings/settings.repo';
import { getMerchant } from '../settings/settings.service';
import { cardsSoldIn, giftPeriodRow, outstandingGiftRow } from './gift-cards.repo';
import { stateOf } from './gift-cards.service';

const RECENT = 20;

/** The outstanding gift-card balance now: cards not claimed nor refunded, and gift money in wallets. */
export async function outstandingGiftBalance(db: Database): Promise<GiftCardReportData['outstanding']> {
  const o = await outstandingGiftRow(db);
  return { ...o, total: o.unclaimed + o.in_wallets };
}

export async function giftCardReport(db: Database, merchantId: string, now: Date, q: { from: string; to: string }): Promise<GiftCardReportData> {
  const { rules } = await getMerchant(db, merchantId);
  const { start, end } = await dayBounds(db, q.from, q.to, rules.timezone);
  const [period, outstanding, recent] = await Promise.all([giftPeriodRow(db, start, end), outstandingGiftBalance(db), cardsSoldIn(db, start, end, RECENT)]);
  return {
    from: q.from,
    to: q.to,
    timezone: rules.timezone,
    currency: rules.currency,
    ...period,
    outstanding,
    recent: recent.map((c) => ({
      id: c.id,
      last4: c.number.slice(-4),
      amount: c.amount,
      state: stateOf(c, now),
      sold_at: (c.activated_at ?? c.created_at).toISOString(),
      claimed_at: c.claimed_at ? c.claimed_at.toISOString() : null,
    })),
  };
}
