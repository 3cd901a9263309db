/**
 * Physical gift cards (issue 49): the owner's batches of card numbers to print (each card inactive until
 * sold), and the counter's calls: sell and activate a card with an amount paid at the till, check what is
 * left on a card, spend part of it for a walk-in, add it to a member's wallet as gift money.
 * The schemas of the area's calls (gift-cards-physical.calls.ts declares them, gift-cards-physical.spec.ts
 * describes them) and the types inferred from them.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { z } from 'zod';
import { int, money, time } from './answer-fields';
import { id, idempotencyKey } from './fields';
import { GIFT_AMOUNT_MAX, GIFT_AMOUNT_MIN, GIFT_BATCH_LABEL_MAX, GIFT_BATCH_MAX } from './gift-card-rules';
import { giftCardNumber } from './gift-cards';

// ---------------------------------------------------------------------------------------------
// The owner's batches
// ---------------------------------------------------------------------------------------------

/** `merchant/gift-cards/batches/create`: how many cards to print, and a label to know the batch by. */
export const giftCardBatchBody = z.object({
  label: z
    .string({ error: 'must be text' })
    .trim()
    .min(1, 'is required')
    .max(GIFT_BATCH_LABEL_MAX, `must be at most ${GIFT_BATCH_LABEL_MAX} characters`)
    .refine((v) => !/[\r\n\t]/.test(v), 'must be one line'),
  count: z
    .number({ error: 'must be a number of cards' })
    .int('must be a whole number of cards')
    .min(1, 'must be at least 1')
    .max(GIFT_BATCH_MAX, `must be at most ${GIFT_BATCH_MAX}`),
});
export type GiftCardBatchInput = z.input<typeof giftCardBatchBody>;

export const giftCardBatchAnswer = z
  .object({
    id: int(),
    label: z.string(),
    count: int().meta({ description: 'cards in the batch' }),
    activated: int().meta({ description: 'of them, sold and activated at the counter' }),
    created_at: time(),
  })
  .meta({ id: 'GiftCardBatch' });
export type GiftCardBatch = z.infer<typeof giftCardBatchAnswer>;
export const giftCardBatchesData = z.object({ batches: z.array(giftCardBatchAnswer) });
export type GiftCardBatchesData = z.infer<typeof giftCardBatchesData>;
export const giftCardBatchData = z.object({ batch: giftCardBatchAnswer });
export type GiftCardBatchData = z.infer<typeof giftCardBatchData>;

/** `merchant/gift-cards/batches.csv`: one batch's numbers. */
export const giftCardBatchCsvQuery = z.object({ batch_id: id });
export type GiftCardBatchCsvInput = z.input<typeof giftCardBatchCsvQuery>;

// ---------------------------------------------------------------------------------------------
// The counter
// ---------------------------------------------------------------------------------------------

const amount = z
  .number({ error: 'must be an amount in minor units' })
  .int('must be a whole number of minor units')
  .min(GIFT_AMOUNT_MIN, `must be at least ${GIFT_AMOUNT_MIN}`)
  .max(GIFT_AMOUNT_MAX, `must be at most ${GIFT_AMOUNT_MAX}`);

/** `merchant/counter/gift-card`: a card by its number as typed or scanned. */
export const counterGiftCardBody = z.object({ number: giftCardNumber });
export type CounterGiftCardInput = z.input<typeof counterGiftCardBody>;

/** `merchant/counter/gift-card/activate`: a printed card sold, with the amount paid at the till. */
export const counterGiftCardActivateBody = z.object({ number: giftCardNumber, amount, idempotency_key: idempotencyKey });
export type CounterGiftCardActivateInput = z.input<typeof counterGiftCardActivateBody>;

/** `merchant/counter/gift-card/spend`: part of a card spent for a walk-in (no member). */
export const counterGiftCardSpendBody = z.object({
  number: giftCardNumber,
  amount: z
    .number({ error: 'must be an amount in minor units' })
    .int('must be a whole number of minor units')
    .min(1, 'must be more than 0')
    .max(GIFT_AMOUNT_MAX, `must be at most ${GIFT_AMOUNT_MAX}`),
  idempotency_key: idempotencyKey,
});
export type CounterGiftCardSpendInput = z.input<typeof counterGiftCardSpendBody>;

/** `merchant/counter/gift-card/add`: what is left on a card into a member's wallet (the member found with merchant/counter/member). */
export const counterGiftCardAddBody = z.object({ number: giftCardNumber, customer_id: id });
export type CounterGiftCardAddInput = z.input<typeof counterGiftCardAddBody>;

/** A card as the counter sees it: its number masked, what is left on it, where it stands. */
export const counterGiftCardAnswer = z
  .object({
    last4: z.string().meta({ description: "the number's last four characters" }),
    kind: z.enum(['physical', 'egift']),
    state: z
      .enum(['inactive', 'active', 'claimed', 'refunded', 'expired', 'unpaid'])
      .meta({ description: 'inactive: printed, not sold; active: it has value; claimed: in a wallet; unpaid: an eGift whose payment is not made' }),
    amount: money().meta({ description: 'its value when sold (0 while inactive)' }),
    balance: money().meta({ description: 'what is left on it now (0 unless active)' }),
    activated_at: time().nullable(),
    expires_at: time().nullable(),
  })
  .meta({ id: 'CounterGiftCard' });
export type CounterGiftCard = z.infer<typeof counterGiftCardAnswer>;
export const counterGiftCardData = z.object({ card: counterGiftCardAnswer, currency: z.string() });
export type CounterGiftCardData = z.infer<typeof counterGiftCardData>;
export const counterGiftCardSpendData = z.object({
  card: counterGiftCardAnswer,
  currency: z.string(),
  spent: money().meta({ description: 'what was taken off the card' }),
});
export type CounterGiftCardSpendData = z.infer<typeof counterGiftCardSpendData>;
export const counterGiftCardAddData = z.object({
  amount: money().meta({ description: "what was added to the member's wallet, as gift money" }),
  first_name: z.string(),
  balance: money().meta({ description: "the member's wallet balance after" }),
  currency: z.string(),
});
export type CounterGiftCardAddData = z.infer<typeof counterGiftCardAddData>;
