/**
 * A provider listens before its database can be reached: until its start-up steps (migrations, the
 * seed) have run, every call is answered 503 PROVIDER_UNAVAILABLE with Retry-After and GET /healthz
 * says why; the steps are tried again and again (backoff from 0.5 s up to 5 s) until they succeed. A
 * database that is down when an instance (re)starts therefore no longer stops the instance: it becomes
 * ready within seconds of the database's return, without anyone restarting it.
 */
import type { Logger } from 'pino';
import { isDatabaseUnavailable } from '../db/unavailable';

export interface Readiness {
  readonly ready: boolean;
  /** why the provider is not ready yet (for /healthz and the log) */
  readonly reason: string;
  /** settles once the steps have run; never rejects */
  readonly whenReady: Promise<void>;
  /** stops trying (the provider is closing) */
  stop(): void;
}

const FIRST_WAIT_MS = 500;
const LONGEST_WAIT_MS = 5_000;

/** A provider with nothing to wait for (tests, a database already prepared). */
export const READY: Readiness = { ready: true, reason: '', whenReady: Promise.resolve(), stop() {} };

/** Runs `steps` until they succeed, in the background. */
export function prepareInBackground(steps: () => Promise<void>, logger: Logger): Readiness {
  let ready = false;
  let stopped = false;
  let reason = 'preparing the database (migrations)';
  let wake: (() => void) | undefined;
  let markReady!: () => void;
  const whenReady = new Promise<void>((resolve) => (markReady = resolve));

  void (async () => {
    let wait = FIRST_WAIT_MS;
    let tries = 0;
    while (!stopped) {
      try {
        await steps();
        ready = true;
        if (tries > 0) logger.info(`the database is reachable: ready after ${tries + 1} attempts`);
        markReady();
        return;
      } catch (err) {
        tries++;
        const message = (err as Error).message;
        const away = isDatabaseUnavailable(err);
        const now = away ? 'waiting for the database: it cannot be reached' : 'the database could not be prepared (see the log)';
        // one line when the reason changes, then one every 10 tries: a long outage does not flood the log
        if (now !== reason || tries % 10 === 1) {
          if (away) logger.warn({ message, attempt: tries }, `${now}; trying again (calls are answered 503 until then)`);
          else logger.error({ message, attempt: tries }, `${now}; trying again`);
        }
        reason = now;
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, wait).unref();
      });
      wait = Math.min(wait * 2, LONGEST_WAIT_MS);
    }
  })();

  return {
    get ready() {
      return ready;
    },
    get reason() {
      return ready ? '' : reason;
    },
    whenReady,
    stop() {
      stopped = true;
      wake?.();
    },
  };
}
