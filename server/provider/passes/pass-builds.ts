import { availableParallelism } from 'node:os';
import { MINUTE, HOUR } from '../../lib/clock';
import { rateLimited, type UseLimit } from '../http/use-limit';
import { errors } from '../i18n/errors';

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

/** A bound on concurrent work: `run` waits its turn (first come, first served), or is refused at once when the line is full. */
export class BuildGate {
  private running = 0;
  private readonly line: Array<() => void> = [];
  private readonly atOnce: number;
  private readonly waiting: number;
  constructor(atOnce: number, waiting: number) {
    this.atOnce = atOnce;
    this.waiting = waiting;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.atOnce) {
      if (this.line.length >= this.waiting) throw busy();
      await new Promise<void>((turn) => this.line.push(turn));
    } else {
      this.running += 1;
    }
    try {
      return await work();
    } finally {
      // the turn passes straight to the next in line (running stays the same), else a place frees
      const next = this.line.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}

/** This instance's gate for Apple Wallet cards. */
export const passBuilds = new BuildGate(BUILDS_AT_ONCE, BUILDS_WAITING);

/** The log endpoint's per-client limit and sizes (Apple Wallet writes a line or two when something failed). */
export const LOG_LINES = 5;
export const LOG_LINE_CHARS = 200;
export const LOG_CALLS_PER_MINUTE = 10;
export const LOG_WINDOW_MS = MINUTE;
