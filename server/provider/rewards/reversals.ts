import type { Database } from '../../db';
import { AppError } from '../http/errors';
import { cancelUnusedVouchers } from './vouchers.repo';

/**
 * The vouchers a reversed sale gave (its stamp cards' and the tier welcome it reached), cancelled while
 * unused, in the reversal's transaction. One used already refuses the reversal: 409 CONFLICT naming it
 * (its reward's title and id, in `data.voucher_id`), so the staff member knows why; the caller's
 * transaction rolls back and nothing changed. `what` says where the voucher came from, for the message.
 */
export async function takeBackVouchers(trx: Database, voucherIds: readonly number[], now: Date, what: string): Promise<void> {
  const used = await cancelUnusedVouchers(trx, voucherIds, now);
  if (!used) return;
  throw new AppError(
    'CONFLICT',
    `The ${used.title} voucher (no. ${used.id}) ${what} has been used already, so this sale cannot be undone. An owner can correct the points in Customers instead.`,
    undefined,
    { voucher_id: used.id, reward_title: used.title },
  );
}
