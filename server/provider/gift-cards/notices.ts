/**
 * What a gift card's buyer is told in the app (issue 49): when the card they sent is delivered, and when
 * it is claimed. Each notice is written in the transaction of its change (the card marked delivered, the
 * card claimed), so it exists exactly when the change does; a send that fails takes its notice back with
 * the card (delivery.ts). In the app only: no push (no push kind is theirs).
 */
import { formatMoney } from '#contract/money';
import { paths } from '#contract/routes';
import type { Database } from '../../db';
import type { Clock } from '../../lib/clock';
import { notify } from '../notifications/notify';
import type { GiftCardRow } from './gift-cards.repo';

type Money = { currency: string; locale: string };

/** The buyer's notice that `card` was sent to its recipient; its id (null: a card with no buyer). */
export async function noticeDelivered(trx: Database, clock: Clock, card: GiftCardRow, m: Money): Promise<number | null> {
  if (card.buyer_id === null) return null;
  const how = card.to_phone ? 'by text message' : 'by e-mail';
  return notify(trx, clock, card.buyer_id, {
    type: 'gift_card',
    title: `Your gift card for ${card.to_name} was sent`,
    body: `We sent ${card.to_name} your ${formatMoney(card.amount, m.currency, m.locale)} gift card ${how}. We will tell you when they add it to their wallet.`,
    link: paths.giftCards,
  });
}

/** The buyer's notice that `card` was claimed (added to its recipient's wallet). */
export async function noticeClaimed(trx: Database, clock: Clock, card: GiftCardRow, m: Money): Promise<void> {
  if (card.buyer_id === null) return;
  await notify(trx, clock, card.buyer_id, {
    type: 'gift_card',
    title: `${card.to_name} added your gift card`,
    body: `Your ${formatMoney(card.amount, m.currency, m.locale)} gift card is in ${card.to_name}'s wallet now. Thank you for sending it!`,
    link: paths.giftCards,
  });
}
