import pLimit, { type LimitFunction } from 'p-limit';

/**
 * A bound on concurrent work on this instance: at most `atOnce` calls run, at most `waiting` more wait
 * their turn (first come, first served, p-limit's line), and a call beyond that is refused at once with
 * `refuse()`'s error, so a burst is answered rather than held. Used for costly work (wallet cards,
 * passes/pass-builds.ts) and for one customer's writing calls (customer-turns.ts).
 */
export class Gate {
  readonly #limit: LimitFunction;
  readonly #most: number;
  readonly #refuse: () => Error;
  #calls = 0;

  constructor(atOnce: number, waiting: number, refuse: () => Error) {
    this.#limit = pLimit(atOnce);
    this.#most = atOnce + waiting;
    this.#refuse = refuse;
  }

  /** calls running or waiting */
  get calls(): number {
    return this.#calls;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.#calls >= this.#most) throw this.#refuse();
    this.#calls += 1;
    try {
      return await this.#limit(work);
    } finally {
      this.#calls -= 1;
    }
  }
}
