import { errors } from '../i18n/errors';
import { Gate } from './gate';
import { rateLimited } from './use-limit';

/**
 * One customer's writing calls taking turns on this instance (CUSTOMER_WRITES_AT_ONCE).
 *
 * A customer's writing calls are their POSTs (http/mount.ts). Each of their orders, top-ups, redemptions
 * and spins locks the customer's row in its transaction, so they run one after the other in the database
 * whatever arrives at once; but each waits for the lock holding one of the instance's pooled connections.
 * A burst from one customer (a script, or a client gone wrong) thus filled the pool and its queue, and
 * everyone else's calls waited behind it. Here a customer's calls past `atOnce` wait in memory, before
 * they take a connection, and run in the order they came; past CUSTOMER_WRITES_WAITING waiting, a call is
 * answered 429 at once. This is fairness, not correctness: the database's locks still decide (a burst
 * spread over many instances runs as before), and the suites that prove them run without it.
 */
export interface CustomerTurns {
  /** `write` run in the customer's turn on this instance */
  run<T>(customerId: number, write: () => Promise<T>): Promise<T>;
  /** customers with calls running or waiting here (a customer's line is dropped once it is empty) */
  readonly lines: number;
}

/** CUSTOMER_WRITES_AT_ONCE's default: a customer's writing calls run one at a time on an instance. */
export const CUSTOMER_WRITES_AT_ONCE = 1;

/**
 * How many more of one customer's writing calls may wait their turn on an instance; one more is answered
 * 429 RATE_LIMITED at once (a person's app sends a few at most), so a burst is answered, not held.
 */
export const CUSTOMER_WRITES_WAITING = 16;

const tooMany = () => rateLimited(1, errors.tooManyAtOnce);

/** Turns of at most `atOnce` calls per customer, CUSTOMER_WRITES_WAITING more waiting; 0: none (every call runs at once). */
export function customerTurns(atOnce: number): CustomerTurns {
  if (!Number.isInteger(atOnce) || atOnce < 0) throw new Error(`calls of one customer at once must be a whole number, 0 or more (got ${atOnce})`);
  // each customer's line, while it has calls running or waiting
  const lines = new Map<number, Gate>();
  return {
    async run(customerId, write) {
      if (atOnce === 0) return write();
      let line = lines.get(customerId);
      if (!line) {
        line = new Gate(atOnce, CUSTOMER_WRITES_WAITING, tooMany);
        lines.set(customerId, line);
      }
      try {
        return await line.run(write);
      } finally {
        if (line.calls === 0) lines.delete(customerId);
      }
    },
    get lines() {
      return lines.size;
    },
  };
}
