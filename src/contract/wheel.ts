/** The spin-and-win wheel. Part of the contract (src/contract): free of React, of the browser and of Express. */
import { z } from 'zod';
import { idempotencyKey } from './fields';
import type { Voucher } from './rewards';

export type PrizeType = 'points' | 'voucher' | 'none';
export interface WheelSegment {
  id: number;
  label: string;
  /** disclosed probability, 0..1; the segments' probabilities add up to 1 */
  probability: number;
  /** extension */
  prize_type: PrizeType;
  color?: string;
}
export interface WheelConfigData {
  segments: WheelSegment[];
  /** the free spins left today, then as many paid spins as the points buy (spinsLeftToday) */
  spins_left: number;
  spin_cost_points: number;
  /** extension */
  free_spins_left: number;
  points: number;
  odds_version: number;
}
export const spinBody = z.object({ idempotency_key: idempotencyKey });
export interface Prize {
  type: PrizeType;
  label: string;
  points?: number;
  voucher?: Voucher;
}
export interface SpinData {
  segment_id: number;
  prize: Prize;
  /** the free spins left today, then as many paid spins as the points buy (spinsLeftToday) */
  spins_left: number;
  /** extension */
  free_spins_left: number;
  points: number;
}
