/** Points and their ledger (point/history). Part of the contract (src/contract): free of React, of the browser and of Express. */
import { z } from 'zod';
import { id, page } from './fields';

export const pointHistoryBody = z.object({ customer_id: id, page });
export type PointHistoryBody = z.infer<typeof pointHistoryBody>;
/** owner: an adjustment the shop's owner made, with its reason */
export type PointEntryType = 'earn' | 'burn' | 'expire' | 'adjust' | 'owner';
export interface PointEntry {
  id: number;
  type: PointEntryType;
  points: number;
  balance_after: number;
  reason: string;
  created_at: string;
  /** extension: when an earned lot expires */
  expires_at?: string | null;
}
export interface PointHistoryData {
  balance: number;
  items: PointEntry[];
  next_page: number | null;
  /** extension: points that expire in the next 30 days */
  expiring_soon?: { points: number; expires_at: string } | null;
}
