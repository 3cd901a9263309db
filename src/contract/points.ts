/**
 * Points and their ledger: the schemas of the area's calls (points.calls.ts declares them;
 * points.spec.ts describes them).
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { z } from 'zod';
import { int, nextPage, time } from './answer-fields';
import { id, page } from './fields';
import { languageQuery } from './translations';

/** `point/history`: `lang`, the reader's language, for the entries' reasons (else the customer's own choice, as what is sent to them). */
export const pointHistoryBody = z.object({ customer_id: id, page, lang: languageQuery });
export type PointHistoryBody = z.infer<typeof pointHistoryBody>;

/** A ledger entry. `owner`: an adjustment the shop's owner made, with its reason. */
export const pointEntryAnswer = z.object({
  id: int(),
  type: z.enum(['earn', 'burn', 'expire', 'adjust', 'owner']),
  points: int(),
  balance_after: int(),
  reason: z.string(),
  created_at: time(),
  expires_at: time().nullable().optional().meta({ description: 'when an earned lot expires' }),
});
export type PointEntry = z.infer<typeof pointEntryAnswer>;
export type PointEntryType = PointEntry['type'];

/** Points earned, not yet spendable: an order's until it is completed and the shop's hold has passed, a counter earn's until the hold has. */
export const pendingPointsAnswer = z.object({
  points: int(),
  reason: z.string(),
  available_from: time()
    .nullable()
    .meta({ description: 'when they can be spent (the hourly job credits them within the hour); null: once the order is completed' }),
  order_name: z.string().nullable().meta({ description: 'the order they wait for, when they are an order’s' }),
});
export type PendingPoints = z.infer<typeof pendingPointsAnswer>;

export const pointHistoryAnswer = z.object({
  balance: int(),
  pending_points: int().meta({ description: 'points on their way, not in the balance and not spendable yet' }),
  pending: z.array(pendingPointsAnswer).meta({ description: 'the points on their way, oldest first' }),
  items: z.array(pointEntryAnswer),
  next_page: nextPage(),
  expiring_soon: z.object({ points: int(), expires_at: time() }).nullable().optional().meta({ description: 'points that expire in the next 30 days' }),
});
export type PointHistoryData = z.infer<typeof pointHistoryAnswer>;
