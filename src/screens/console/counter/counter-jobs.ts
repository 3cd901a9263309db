/**
 * The counter's two jobs and the small rules they share: which job a scanned code belongs to, the
 * points a sale earns, and who may still undo what. Pure, so the screen, its container and the unit
 * tests read the same rules.
 */
import { plural } from '@lingui/core/macro';
import type { StaffRole } from '#contract/staff';

/** "Redeem a voucher" or "Give points". */
export type CounterJob = 'redeem' | 'earn';

/**
 * The job a scanned QR code belongs to, by the prefix of its signed text (`LV1.` a voucher's, as
 * server/provider/rewards/voucher-codes.ts signs them; `LM1.` a member card's, `LP1.` a wallet card's), so a scan goes to the
 * right job whichever is chosen; null: not one of ours (the job on screen tries it and says what it is).
 */
export function jobOfScan(text: string): CounterJob | null {
  const t = text.trim().toUpperCase();
  // a member card's rotating code, or a wallet card's fixed one
  if (t.startsWith('LM1.') || t.startsWith('LP1.')) return 'earn';
  if (t.startsWith('LV1.')) return 'redeem';
  return null;
}

/**
 * The code a customer was found by that can spend their points too: the rotating code their app shows.
 * Null for a phone number or a wallet card's fixed `LP1.` code: they give points, never spend them.
 */
export function spendingCode(find: { code: string } | { phone: string }): string | null {
  if (!('code' in find)) return null;
  return find.code.trim().toUpperCase().startsWith('LP1.') ? null : find.code;
}

/** The points a sale earns at the shop's rate: one per `pointsPerAmount` minor units, rounded down. */
export function pointsFor(amount: number, pointsPerAmount: number): number {
  if (!(pointsPerAmount > 0) || !(amount > 0)) return 0;
  return Math.floor(amount / pointsPerAmount);
}

/** A redemption or an earn: staff may undo it until `undo_until`, an owner at any time, never twice. */
export const canUndo = (r: { undone_at: string | null; undo_until: string }, role: StaffRole, now: number) =>
  !r.undone_at && (role === 'owner' || now < Date.parse(r.undo_until));

/** A refusal as the counter shows it: a title by the refusal's kind and the provider's own words. */
export interface CounterRefusal {
  title: string;
  message: string;
}

/** "1 point", "1,200 points". */
export const points = (n: number) => plural(n, { one: '# point', other: '# points' });
/** "1 more point", "40 more points". */
export const morePoints = (n: number) => plural(n, { one: '# more point', other: '# more points' });
