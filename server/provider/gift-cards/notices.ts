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
import type { Language } from '#contract/languages';
import { sayToCustomer } from '../accounts/language';
import { giftCard as words } from '../i18n/messages';
import { notify } from '../notifications/notify';
import type { GiftCardRow } from './gift-cards.repo';

/** The shop's money and languages (its rules): the notice in the buyer's language, the amount in the shop's locale. */
type Money = { currency: string; locale: string; language_default: Language; languages: readonly Language[] };

/** The buyer's notice that `card` was sent to its recipient; its id (null: a card with no buyer). */
export async function noticeDelivered(trx: Database, clock: Clock, card: GiftCardRow, m: Money): Promise<number | null> {
  if (card.buyer_id === null) return null;
  const say = await sayToCustomer(trx, m, card.buyer_id);
  const values = { to: card.to_name, amount: formatMoney(card.amount, m.currency, m.locale) };
  return notify(trx, clock, card.buyer_id, {
    type: 'gift_card',
    title: say(words.sentTitle, values),
    body: say(card.to_phone ? words.sentBySms : words.sentByEmail, values),
    link: paths.giftCards,
  });
}

/** The buyer's notice that `card` was claimed (added to its recipient's wallet). */
export async function noticeClaimed(trx: Database, clock: Clock, card: GiftCardRow, m: Money): Promise<void> {
  if (card.buyer_id === null) return;
  const say = await sayToCustomer(trx, m, card.buyer_id);
  const values = { to: card.to_name, amount: formatMoney(card.amount, m.currency, m.locale) };
  await notify(trx, clock, card.buyer_id, {
    type: 'gift_card',
    title: say(words.claimedTitle, values),
    body: say(words.claimedBody, values),
    link: paths.giftCards,
  });
}
