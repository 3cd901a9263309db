/**
 * Stamp cards (issue 29): "buy 9, the 10th is free". The owner makes a programme in the console's Loyalty
 * area: the products or categories that earn stamps, one stamp per qualifying item or one per visit (an
 * order or a counter sale with at least one of them), how many stamps fill the card, the catalogue reward
 * given as a voucher when it is full, and how long a card lasts after its first stamp. Stamps come in
 * addition to points, when an app order is completed and at once for a counter sale with its products;
 * a card that fills issues its voucher and the stamps left over start the next card. An undone counter
 * earn takes its stamps back (and cancels the voucher it filled, while unused).
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { z } from 'zod';
import { int, time } from './answer-fields';
import { id, requiredText, wholeNumber } from './fields';
import { RULE_STATUSES } from './loyalty-earn';

/** At most this many programmes that are not ended. */
export const STAMP_PROGRAMS_MAX = 10;
export const STAMPS_NEEDED_MIN = 2;
export const STAMPS_NEEDED_MAX = 30;
/** The longest a card may last after its first stamp, in days (0: stamps never expire). */
export const STAMP_EXPIRY_DAYS_MAX = 730;
/** One stamp per qualifying item, or one per visit that has at least one. */
export const STAMP_PER = ['item', 'visit'] as const;
export type StampPer = (typeof STAMP_PER)[number];

/** `merchant/loyalty/stamps/create`: a programme and its fields. */
export const stampProgramBody = z
  .object({
    name: requiredText(60),
    product_ids: z.array(id, { error: 'must be a list of product ids' }).max(100, 'must be at most 100 products').default([]),
    category_ids: z.array(id, { error: 'must be a list of category ids' }).max(50, 'must be at most 50 categories').default([]),
    per: z.enum(STAMP_PER, { error: `must be one of ${STAMP_PER.join(', ')}` }).default('item'),
    stamps_needed: wholeNumber(STAMPS_NEEDED_MIN, STAMPS_NEEDED_MAX, 'stamps'),
    /** the catalogue reward issued as a voucher when a card is full */
    reward_id: id,
    expiry_days: wholeNumber(0, STAMP_EXPIRY_DAYS_MAX, 'days').default(365),
  })
  .refine((p) => p.product_ids.length + p.category_ids.length > 0, {
    message: 'choose at least one product or category',
    path: ['product_ids'],
    // checked beside the other fields' problems (a form shows them all at once), whenever both lists are lists
    // (and only on an object: a programme that is null or missing is the object check's 400, never a throw)
    when: ({ value }) =>
      typeof value === 'object' &&
      value !== null &&
      [(value as Record<string, unknown>).product_ids, (value as Record<string, unknown>).category_ids].every(Array.isArray),
  });
export type StampProgramInput = z.input<typeof stampProgramBody>;
export type StampProgramFields = z.output<typeof stampProgramBody>;

/** `merchant/loyalty/stamps/update`: the programme's id and its fields, whole. */
export const stampProgramUpdateBody = z.object({ id, program: stampProgramBody });
export type StampProgramUpdateInput = z.input<typeof stampProgramUpdateBody>;

/** `merchant/loyalty/stamps/status`: pause, resume or end a programme; an ended one stays ended. */
export const stampProgramStatusBody = z.object({ id, status: z.enum(RULE_STATUSES, { error: `must be one of ${RULE_STATUSES.join(', ')}` }) });
export type StampProgramStatusInput = z.infer<typeof stampProgramStatusBody>;

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

export const stampProgramAnswer = z
  .object({
    id: int(),
    name: z.string(),
    product_ids: z.array(int()),
    category_ids: z.array(int()),
    per: z.enum(STAMP_PER),
    stamps_needed: int(),
    reward_id: int(),
    reward_title: z.string(),
    expiry_days: int().meta({ description: 'a card lasts this many days after its first stamp; 0: stamps never expire' }),
    status: z.enum(RULE_STATUSES),
    created_at: time(),
    updated_at: time(),
    cards_in_progress: int().meta({ description: 'cards with at least one stamp, not full, not expired' }),
    cards_filled: int().meta({ description: 'cards filled so far (each gave a voucher)' }),
    customers: int().meta({ description: 'customers who have had a stamp' }),
  })
  .meta({ id: 'StampProgram' });
export type StampProgram = z.infer<typeof stampProgramAnswer>;
export const stampProgramsAnswer = z.object({ programs: z.array(stampProgramAnswer) });
export type StampProgramsData = z.infer<typeof stampProgramsAnswer>;
export const stampProgramOnlyAnswer = z.object({ program: stampProgramAnswer });
export type StampProgramData = z.infer<typeof stampProgramOnlyAnswer>;

/** A customer's card in a programme, as the app shows it. */
export const stampCardAnswer = z
  .object({
    program_id: int(),
    name: z.string(),
    status: z.enum(['active', 'paused']).meta({ description: 'paused: the card is kept but gives no stamps for now' }),
    per: z.enum(STAMP_PER),
    stamps: int().meta({ description: 'stamps on the current card' }),
    stamps_needed: int(),
    reward_title: z.string(),
    reward_image: z.string(),
    qualifying: z.array(z.string()).meta({ description: 'the names of the products and categories that earn stamps' }),
    qualifying_categories: z
      .array(z.string())
      .meta({ description: 'of `qualifying`, the names that are categories (a stamp for each item from them, not for the category)' }),
    expires_at: time().nullable().meta({ description: "when the current card's stamps expire; null: no stamp yet, or stamps never expire" }),
    cards_filled: int().meta({ description: 'cards this customer has filled in this programme' }),
  })
  .meta({ id: 'StampCard' });
export type StampCard = z.infer<typeof stampCardAnswer>;
export const stampCardsAnswer = z.object({ cards: z.array(stampCardAnswer) });
export type StampCardsData = z.infer<typeof stampCardsAnswer>;

/** What one sale added to one card (a counter earn answers them; an order's completion notice says them). */
export const stampsAddedAnswer = z
  .object({
    program_id: int(),
    name: z.string(),
    added: int().meta({ description: 'stamps this sale gave' }),
    stamps: int().meta({ description: 'stamps on the current card after it' }),
    stamps_needed: int(),
    filled: int().meta({ description: 'cards this sale filled (each issued a voucher for the reward)' }),
  })
  .meta({ id: 'StampsAdded' });
export type StampsAdded = z.infer<typeof stampsAddedAnswer>;
