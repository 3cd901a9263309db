import { MINUTE, SECOND } from '../../lib/clock';
import { rateLimited } from '../auth/codes';
import type { ProviderContext } from '../context';
import { AppError } from '../http/errors';
import type { StaffOfRequest } from '../http/staff-session';
import { insertAudit } from '../staff/staff.repo';
import { codeFailuresSince, insertCodeFailure } from './counter.repo';

/**
 * Unknown codes a staff session may type at the counter in a minute. A short code is 40 bits and lives
 * a minute, so guessing one is hopeless anyway; the cap keeps a stolen or scripted session from trying,
 * and its owner hears of it: the session's 30th unknown code writes one entry in Activity.
 */
export const UNKNOWN_CODES_PER_MINUTE = 30;

/** Runs a look-up or a redemption of a typed or scanned code, counting the session's unknown codes. */
export async function withCodeLimit<T>(ctx: ProviderContext, staff: StaffOfRequest, run: () => Promise<T>): Promise<T> {
  const now = ctx.clock.now();
  const since = new Date(now.getTime() - MINUTE);
  const recent = await codeFailuresSince(ctx.db, staff.sessionId, since);
  const n = Number(recent.n);
  if (n >= UNKNOWN_CODES_PER_MINUTE) {
    const oldest = recent.oldest ? new Date(recent.oldest).getTime() : now.getTime();
    throw rateLimited(
      (oldest + MINUTE - now.getTime()) / SECOND,
      'Too many codes we did not recognise. Please wait a minute, then scan the QR code rather than typing.',
    );
  }
  try {
    return await run();
  } catch (err) {
    if (err instanceof AppError && err.code === 'CODE_UNKNOWN') {
      await ctx.db.transaction().execute(async (trx) => {
        await insertCodeFailure(trx, staff.sessionId, now);
        if (n + 1 === UNKNOWN_CODES_PER_MINUTE) {
          await insertAudit(trx, {
            staffId: staff.id,
            action: 'counter.code_limit',
            target: `staff:${staff.id}`,
            before: null,
            after: { unknown_codes: UNKNOWN_CODES_PER_MINUTE, minutes: 1 },
            now,
          });
        }
      });
    }
    throw err;
  }
}
