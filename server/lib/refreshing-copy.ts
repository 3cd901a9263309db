/**
 * A copy of something read from the database that every request needs (the merchant's settings, the menu),
 * kept in memory and read again when it is old, without making requests wait for that read while a copy
 * young enough is at hand:
 *
 * - younger than `freshMs`: the copy, and no read;
 * - older, but younger than `staleMs`: the copy at once, and one read started (one for every request that
 *   finds it old; the copy is replaced when it ends). Under a rush on PGlite, whose one connection serves
 *   statements in turns, the read waits behind every order queued before it, and a shopper opening the menu
 *   would wait with it;
 * - older than `staleMs`, or none (the first request, after `forget`): the request waits for the read, which
 *   every request that comes meanwhile shares.
 *
 * A read that fails leaves the copy as it was (the next request tries again), and fails only the requests
 * that wait for it. `forget` (an edit on this instance) drops the copy and any read already under way, so
 * the next request reads what the edit wrote.
 */
export interface Copy<T> {
  value: T;
  /** when the read that gave it started (ms): the copy is at least as new as this */
  at: number;
}

export class RefreshingCopy<T> {
  #copy: Copy<T> | undefined;
  #reading: Promise<Copy<T>> | undefined;
  /** counts forget(): a read started before the last forget does not become the copy */
  #generation = 0;

  readonly #o: { freshMs: number; staleMs: number; now?: () => number };

  constructor(o: { freshMs: number; staleMs: number; now?: () => number }) {
    this.#o = o;
  }

  /** The copy, or a new one read with `read` (see the class's comment for when). */
  get(read: () => Promise<T>): Promise<Copy<T>> {
    const now = (this.#o.now ?? Date.now)();
    const copy = this.#copy;
    if (copy && now - copy.at < this.#o.freshMs) return Promise.resolve(copy);
    const reading = this.#read(read, now);
    if (copy && now - copy.at < this.#o.staleMs) {
      // its failure is the next request's to see; the copy still serves this one
      reading.catch(() => undefined);
      return Promise.resolve(copy);
    }
    return reading;
  }

  /** Drops the copy and any read under way: the next get reads again. */
  forget(): void {
    this.#generation++;
    this.#copy = undefined;
    this.#reading = undefined;
  }

  #read(read: () => Promise<T>, at: number): Promise<Copy<T>> {
    if (this.#reading) return this.#reading;
    const generation = this.#generation;
    const reading = read().then(
      (value) => {
        const copy = { value, at };
        if (generation === this.#generation) {
          this.#copy = copy;
          this.#reading = undefined;
        }
        return copy;
      },
      (err: unknown) => {
        if (generation === this.#generation) this.#reading = undefined;
        throw err;
      },
    );
    this.#reading = reading;
    return reading;
  }
}
