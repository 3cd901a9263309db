/**
 * What phone codes and e-mail codes share: their refusals, and the per-address limit on wrong entries.
 */
import { HOUR, SECOND } from '../../lib/clock';
import type { ProviderContext } from '../context';
import { AppError, said } from '../http/errors';
import { rateLimited } from '../http/use-limit';
import type { MerchantRules } from '../settings/settings.service';
import { releaseCodeTry, reserveCodeTry } from './auth.repo';
import { errors } from '../i18n/errors';

// 429 RATE_LIMITED with Retry-After: made in http/use-limit.ts, for every limit
export { rateLimited };

export const codeExpired = () => new AppError('CODE_EXPIRED', errors.codeExpired, { code: 'has expired; ask for a new code' });
export const tooManyAttempts = () =>
  new AppError('TOO_MANY_ATTEMPTS', errors.codeTooManyTries, { code: 'too many wrong tries; ask for a new code' }, { attempts_left: 0 });
export const invalidCode = (left: number) =>
  new AppError('INVALID_CODE', said(errors.codeWrong, { left }), { code: 'is not the code we sent' }, { attempts_left: left });

/** A code try counted against the client's hourly allowance of wrong entries; released when the code was right. */
export interface CodeTry {
  release(): Promise<void>;
}

/**
 * Counts one code entry from a client (see http/client-key.ts) before the code is compared, and refuses it
 * (429 RATE_LIMITED with retry_after) once the client made `code_failures_per_ip_per_hour` wrong entries
 * within the hour, whichever phones or addresses they were for: the limit per code alone lets one
 * client guess across many codes. The entry is counted first and taken back when the code was right,
 * so concurrent guesses cannot slip past the count.
 */
export async function countCodeTry(ctx: ProviderContext, rules: MerchantRules, clientKey: string): Promise<CodeTry> {
  const now = ctx.clock.now();
  const res = await reserveCodeTry(ctx.db, clientKey, now, new Date(now.getTime() - HOUR), rules.code_failures_per_ip_per_hour);
  if ('blockedUntilOldest' in res) {
    const oldest = res.blockedUntilOldest ?? now;
    throw rateLimited((oldest.getTime() + HOUR - now.getTime()) / SECOND, errors.codeWrongTooOften);
  }
  return { release: () => releaseCodeTry(ctx.db, res.id) };
}
