import { availableParallelism } from 'node:os';
import { MINUTE, HOUR } from '../../lib/clock';
import { rateLimited, type UseLimit } from '../http/use-limit';
import { errors } from '../i18n/errors';
import { Gate } from '../http/gate';

/**
 * What an Apple Wallet card may cost. Building one (its images resized, its manifest signed) takes about
 * 115 ms of CPU: a customer needs it once or twice, so each may download 10 an hour (counted in the
 * database, on every instance: http/use-limit.ts), and an instance builds at most BUILDS_AT_ONCE at a
 * time with at most BUILDS_WAITING more in line; beyond that a download is answered 429 at once, so a
 * burst of downloads from many accounts cannot hold the rest of the shop behind it.
 */
export const PASS_DOWNLOADS: UseLimit = {
  scope: 'pass-download',
  limit: 10,
  windowMs: HOUR,
  message: errors.cardDownloads,
};
export const BUILDS_AT_ONCE = Math.max(1, Math.min(4, availableParallelism() - 1));
export const BUILDS_WAITING = 8;

const busy = () => rateLimited(5, 'Many wallet cards are being made right now. Please try again in a few seconds.');

/** This instance's gate for Apple Wallet cards. */
export const passBuilds = new Gate(BUILDS_AT_ONCE, BUILDS_WAITING, busy);

/** The log endpoint's per-client limit and sizes (Apple Wallet writes a line or two when something failed). */
export const LOG_LINES = 5;
export const LOG_LINE_CHARS = 200;
export const LOG_CALLS_PER_MINUTE = 10;
export const LOG_WINDOW_MS = MINUTE;
