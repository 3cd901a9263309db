/**
 * The one lifecycle the suites share: something started before a block's tests (a test provider, a
 * gateway stack, the app and its browser) and closed after them, written once here rather than as a
 * `let x; beforeAll(start); afterAll(close)` in every file.
 */
import { afterAll, beforeAll } from 'vitest';

/**
 * Registers `start` in beforeAll and `stop` in afterAll of the block it is called in, and answers a
 * stand-in for what `start` makes: the stand-in forwards every read to it, so a test writes `p.call(…)`
 * as with the object itself. Read it inside tests and hooks only (before beforeAll there is nothing
 * yet, and reading then throws saying so). `stop` runs after the block's own afterAll hooks (vitest
 * runs them last-registered first), so a file's tear-down still finds it running. The methods of an
 * instance of a class (a browser) are called on the instance itself; a plain object's properties are
 * answered as they are (a test provider's `app` stays the Express app). With `skip`, nothing starts
 * (the block's tests are skipped too, for want of what they need).
 */
export function useStarted<T extends object>(
  what: string,
  start: () => Promise<T>,
  stop: (started: T) => Promise<unknown> | unknown,
  o: { skip?: boolean; timeout?: number } = {},
): T {
  let current: T | undefined;
  const { timeout } = o;
  beforeAll(async () => {
    if (!o.skip) current = await start();
  }, timeout);
  afterAll(async () => {
    const started = current;
    current = undefined;
    if (started) await stop(started);
  }, timeout);
  const live = (prop: PropertyKey): T => {
    if (current) return current;
    throw new Error(`${what} is not running: read ${String(prop)} inside a test or a hook of its block`);
  };
  return new Proxy({} as T, {
    get(_, prop) {
      // never mistaken for a promise, nor inspected, before it has started
      if (!current && (prop === 'then' || typeof prop === 'symbol')) return undefined;
      const target = live(prop);
      const value = Reflect.get(target, prop, target) as unknown;
      const plain = Object.getPrototypeOf(target) === Object.prototype;
      return typeof value === 'function' && !plain ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
    set(_, prop, value) {
      return Reflect.set(live(prop), prop, value);
    },
    has(_, prop) {
      return Reflect.has(live(prop), prop);
    },
    // spread and Object.keys see its properties (each reported configurable, as the empty stand-in allows)
    ownKeys() {
      return Reflect.ownKeys(live('its keys'));
    },
    getOwnPropertyDescriptor(_, prop) {
      const d = Reflect.getOwnPropertyDescriptor(live(prop), prop);
      return d && { ...d, configurable: true };
    },
  });
}
