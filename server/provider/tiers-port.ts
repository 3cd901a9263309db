import type { Database } from '../db';
import type { EarnTierRise } from '../db/schema';

/**
 * How areas below tiers/ reach it (issue 30): points/ credits pending points in the hourly job, and
 * rewards/ sells the rewards some tiers may redeem early, both below tiers/ (which gives its welcome
 * rewards' vouchers through rewards/ and so sits above it). They call this port, which tiers/ implements
 * (tiers.service.ts tierPort) and embedded.ts puts in the context; they never import tiers/.
 */
export interface TierPort {
  /**
   * In the caller's transaction, after the customer's points or visits changed: placeAfterEarn. Answers
   * the rise (the tier row before, the welcomes given) for a reversal to take back; null: no rise.
   */
  place(trx: Database, customerId: number): Promise<EarnTierRise | null>;
  /**
   * The rewards only a tier (or those above) can redeem, by reward id: the lowest such tier's name and
   * whether `customerId`'s tier can (a guest, null: never). Empty when tiers are off.
   */
  earlyAccess(db: Database, customerId: number | null): Promise<Map<number, { tier: string; unlocked: boolean }>>;
}
