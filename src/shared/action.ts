import { useCallback, useRef, useState } from 'react';
import { ApiRequestError, newIdempotencyKey } from '../api/client';

/**
 * The one way a container runs what a person asked for (save, send, redeem, pay): `run` starts it and
 * never throws; `pending` says it is under way, `error` how the last one failed, for the screen.
 *
 *   const save = useAction((values: Form) => saveProfile(values));
 *   <Screen onSave={(v) => void save.run(v)} saving={save.pending} error={save.error ? messageOf(save.error) : null} />
 *
 * `useKeyedAction` is the same for a call the provider makes idempotent (a voucher, a top-up, an
 * order, a spin): one idempotency key per action, kept across retries after a lost answer.
 */

export type ActionOutcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

export interface Action<A extends unknown[], T> {
  /** Runs the action: its value or its failure; null when it was not started (one is under way already). */
  run: (...args: A) => Promise<ActionOutcome<T> | null>;
  /** a run is under way */
  pending: boolean;
  /** the arguments of the run under way (which row is busy), else null */
  running: A | null;
  /** how the last run failed, until the next run or `reset` */
  error: unknown;
  /** the arguments of the run that failed (which row the error is about), else null */
  failed: A | null;
  /** forgets the last failure (the form was closed, the person moved on) */
  reset: () => void;
}

interface ActionOptions {
  /**
   * Runs may overlap: one-click actions on a list's rows (mark sold out, remove), each row its own call.
   * Otherwise a run while one is under way is not started (a double tap sends once).
   */
  overlap?: boolean;
  /**
   * A run that succeeds ends by leaving the page (set-up, sign-in): it stays pending, and no other run
   * starts, until the page is gone. The router keeps the page on screen while the next one loads (its
   * code, its data), and a form back to idle there looked as if nothing had happened.
   */
  leaves?: boolean;
}

export function useAction<A extends unknown[], T>(action: (...args: A) => Promise<T>, { overlap = false, leaves = false }: ActionOptions = {}): Action<A, T> {
  const latest = useRef(action);
  latest.current = action;
  const underWay = useRef(0);
  const [running, setRunning] = useState<A | null>(null);
  const [failure, setFailure] = useState<{ args: A; error: unknown } | null>(null);

  const run = useCallback(
    async (...args: A): Promise<ActionOutcome<T> | null> => {
      if (underWay.current > 0 && !overlap) return null;
      underWay.current += 1;
      setRunning(args);
      setFailure(null);
      let left = false;
      try {
        const value = await latest.current(...args);
        left = leaves;
        return { ok: true, value };
      } catch (error) {
        setFailure({ args, error });
        return { ok: false, error };
      } finally {
        // a run that left the page stays under way: the page shows it is busy until it is replaced
        if (!left) {
          underWay.current -= 1;
          if (underWay.current === 0) setRunning(null);
        }
      }
    },
    [overlap, leaves],
  );
  const reset = useCallback(() => setFailure(null), []);
  return { run, pending: running !== null, running, error: failure?.error ?? null, failed: failure?.args ?? null, reset };
}

/**
 * Only a lost answer may be retried with the same idempotency key; a refusal is that key's answer
 * (the provider replays it), so the next attempt is another action with a key of its own.
 */
export const isRetryable = (err: unknown) =>
  !(err instanceof ApiRequestError) || err.status === 0 || err.status >= 500 || err.code === 'IDEMPOTENCY_IN_PROGRESS';

/**
 * An action the provider makes idempotent: `action` gets the action's idempotency key, the same one
 * until it succeeds or is refused, so a double tap or a retry after a lost answer makes one voucher, one
 * top-up, one spin. Other arguments (another amount) make another action, with a key of its own. One
 * run at a time.
 */
export function useKeyedAction<A extends unknown[], T>(action: (idempotencyKey: string, ...args: A) => Promise<T>): Action<A, T> {
  const kept = useRef<{ key: string; args: string } | null>(null);
  return useAction(async (...args: A) => {
    const signature = JSON.stringify(args);
    if (kept.current?.args !== signature) kept.current = { key: newIdempotencyKey(), args: signature };
    try {
      const value = await action(kept.current.key, ...args);
      kept.current = null;
      return value;
    } catch (err) {
      if (!isRetryable(err)) kept.current = null;
      throw err;
    }
  });
}
