/**
 * Sends eGift cards whose time has come: a text message or an e-mail with the link that opens the card.
 * The job runner calls deliverDueGiftCards every few seconds (jobs.ts), and gift-card/buy once more after
 * a purchase to be sent now. Each card is taken by the statement that leases it to this run, so two runs
 * or two instances never send one twice; then it is sent, outside any transaction (a sender may write rows
 * of its own, such as the development outbox), and marked delivered, with
 * its buyer's notice that it was sent (notices.ts) in the same transaction. A send that fails puts the card back
 * for the next run; a run that dies mid-way leaves its lease to run out, and a later run sends the card.
 */
import { formatMoney } from '#contract/money';
import { to } from '#contract/routes';
import { MINUTE } from '../../lib/clock';
import type { ProviderContext } from '../context';
import { sayToCustomer } from '../accounts/language';
import { giftCardSent as giftWords } from '../i18n/messages';
import { sayIn } from '../i18n/translate';
import { getMerchant, type MerchantRules } from '../settings/settings.service';
import { dueCardIds, markDelivered, putBackDue, takeDueCard, type GiftCardRow } from './gift-cards.repo';
import { noticeDelivered } from './notices';

const BATCH = 20;
/**
 * How long a run holds a card it is sending before another may take it: far longer than a text or an
 * e-mail takes (their clients give up within a minute), so only a run that died lets it go.
 */
export const SENDING_LEASE_MS = 5 * MINUTE;

/** The link to a card: the shop's public origin and the app's page for it (the path alone when the origin is unknown). */
export function giftCardLink(ctx: ProviderContext, number: string): string {
  const path = to.giftCard(number);
  const origin = ctx.publicUrl();
  return origin ? new URL(path, origin).href : path;
}

async function send(ctx: ProviderContext, card: GiftCardRow, shop: string, money: (n: number) => string, rules: MerchantRules): Promise<void> {
  const link = giftCardLink(ctx, card.number);
  // the recipient may have no account: in the buyer's language (who writes to them), else the shop's default
  const say = card.buyer_id !== null ? await sayToCustomer(ctx.db, rules, card.buyer_id) : sayIn(rules.language_default);
  const words = { from: card.from_name, to: card.to_name, amount: money(card.amount), shop, link };
  if (card.to_phone) return ctx.sender.send(card.to_phone, card.message ? say(giftWords.smsNote, { ...words, note: card.message }) : say(giftWords.sms, words));
  if (card.to_email && ctx.mailer)
    return ctx.mailer.sendEmail(
      card.to_email,
      say(giftWords.subject, words),
      `${say(giftWords.hi, words)}\n\n${say(giftWords.what, words)}\n${card.message ? `\n${card.message}\n` : ''}\n${say(giftWords.open, words)}\n\n${say(giftWords.secret)}`,
    );
  throw new Error('no way to reach this gift card recipient (e-mail is not set up)');
}

/** Sends the cards due now (or only `onlyId`); answers how many were sent. */
export async function deliverDueGiftCards(ctx: ProviderContext, onlyId?: number): Promise<number> {
  const now = ctx.clock.now();
  const ids = onlyId === undefined ? await dueCardIds(ctx.db, now, BATCH) : [onlyId];
  if (ids.length === 0) return 0;
  const { rules, settings } = await getMerchant(ctx.db, ctx.merchantId);
  const money = (n: number) => formatMoney(n, rules.currency, rules.locale);
  let sent = 0;
  for (const id of ids) {
    const card = await takeDueCard(ctx.db, id, now, new Date(now.getTime() + SENDING_LEASE_MS));
    if (!card) continue;
    try {
      await send(ctx, card, settings.setting_company, money, rules);
    } catch (err) {
      // not sent: the card is due again for the next run, and its buyer was told nothing
      await putBackDue(ctx.db, card.id);
      ctx.logger.warn({ err, gift_card: id }, 'a gift card could not be sent: tried again on the next run');
      continue;
    }
    // sent: marked delivered with the buyer's notice, together
    await ctx.db.transaction().execute(async (trx) => {
      const delivered = await markDelivered(trx, card.id, ctx.clock.now());
      if (delivered) await noticeDelivered(trx, ctx.clock, delivered, rules);
    });
    sent++;
  }
  return sent;
}
