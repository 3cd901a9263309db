/** How the console says what an offer gives: the offer form's choices and the activity log's changes alike. */
import { msg } from '@lingui/core/macro';
import type { OfferKind } from '#contract/offer-rules';
import { spoken } from './spoken';

export const OFFER_KIND_WORDS: Readonly<Record<OfferKind, string>> = spoken<OfferKind>({
  percent_off: msg`A percentage off the order`,
  amount_off: msg`An amount off the order`,
  free_product: msg`A free product`,
  buy_x_get_y: msg`Buy some, get some free or off`,
});
