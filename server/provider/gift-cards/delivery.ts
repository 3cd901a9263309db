/**
 * Sends eGift cards whose time has come: a text message or an e-mail with the link that opens the card.
 * The job runner calls deliverDueGiftCards every few seconds (jobs.ts), and gift-card/buy once more after
 * a purchase to be sent now. Each card is taken by the statement that marks it delivered, so two runs or
 * two instances never send one twice, and with it the buyer's notice that it was sent (notices.ts); then
 * it is sent, outside any transaction (a sender may write rows of its own, such as the development
 * outbox); a send that fails puts the card back for the next run and takes the notice back.
 */
import { formatMoney } from '#contract/money';
import { to } from '#contract/routes';
import type { ProviderContext } from '../context';
import { getMerchant } from '../settings/settings.service';
import { dueCardIds, putBackDue, takeDueCard, withdrawNotice, type GiftCardRow } from './gift-cards.repo';
import { noticeDelivered } from './notices';

const BATCH = 20;

/** The link to a card: the shop's public origin and the app's page for it (the path alone when the origin is unknown). */
export function giftCardLink(ctx: ProviderContext, number: string): string {
  const path = to.giftCard(number);
  const origin = ctx.publicUrl();
  return origin ? new URL(path, origin).href : path;
}

async function send(ctx: ProviderContext, card: GiftCardRow, shop: string, money: (n: number) => string): Promise<void> {
  const link = giftCardLink(ctx, card.number);
  const what = `${card.from_name} sent you a ${money(card.amount)} gift card for ${shop}!`;
  const note = card.message ? ` "${card.message}"` : '';
  if (card.to_phone) return ctx.sender.send(card.to_phone, `${what}${note} Open it here: ${link}`);
  if (card.to_email && ctx.mailer)
    return ctx.mailer.sendEmail(
      card.to_email,
      `${card.from_name} sent you a ${shop} gift card`,
      `Hi ${card.to_name},\n\n${what}\n${card.message ? `\n${card.message}\n` : ''}\nOpen it and add it to your wallet: ${link}\n\nThe link is the gift: keep it to yourself.`,
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
    // taken with the buyer's notice that it was sent, in one transaction
    const taken = await ctx.db.transaction().execute(async (trx) => {
      const card = await takeDueCard(trx, id, now);
      return card ? { card, notice: await noticeDelivered(trx, ctx.clock, card, rules) } : null;
    });
    if (!taken) continue;
    const { card, notice } = taken;
    try {
      await send(ctx, card, settings.setting_company, money);
      sent++;
    } catch (err) {
      // not sent after all: the card is due again and its notice gone, together
      await ctx.db.transaction().execute(async (trx) => {
        await putBackDue(trx, card.id);
        if (notice !== null) await withdrawNotice(trx, notice);
      });
      ctx.logger.warn({ err, gift_card: id }, 'a gift card could not be sent: tried again on the next run');
    }
  }
  return sent;
}
