import { useCallback, useRef, useState } from 'react';
import { ApiRequestError } from '../api/client';
import { useActionKey } from '../shared/use-action-key';

/**
 * Only a lost answer may be retried with the same idempotency key; a refusal is that key's answer
 * (the provider replays it), so the next attempt is another action with a key of its own.
 */
export const isRetryable = (err: unknown) =>
  !(err instanceof ApiRequestError) || err.status === 0 || err.status >= 500 || err.code === 'IDEMPOTENCY_IN_PROGRESS';

export type ActionOutcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

/**
 * A user action that creates something (a voucher, a top-up, a spin): one idempotency key per action,
 * kept for retries after a lost answer, and one call at a time, so a double tap makes one of it.
 * Other arguments (another amount) make another action. `start` answers null when a call is running.
 */
export function useKeyedAction<A extends unknown[], T>(run: (idempotencyKey: string, ...args: A) => Promise<T>) {
  const actionKey = useActionKey();
  const runRef = useRef(run);
  runRef.current = run;
  const busy = useRef(false);
  const keyFor = useRef<string | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const start = useCallback(
    async (...args: A): Promise<ActionOutcome<T> | null> => {
      if (busy.current) return null;
      const signature = JSON.stringify(args);
      if (keyFor.current !== signature) actionKey.done();
      keyFor.current = signature;
      busy.current = true;
      setPending(true);
      setError(null);
      try {
        const value = await runRef.current(actionKey.key(), ...args);
        actionKey.done();
        keyFor.current = null;
        return { ok: true, value };
      } catch (err) {
        if (!isRetryable(err)) {
          actionKey.done();
          keyFor.current = null;
        }
        setError(err);
        return { ok: false, error: err };
      } finally {
        busy.current = false;
        setPending(false);
      }
    },
    [actionKey],
  );
  const reset = useCallback(() => setError(null), []);
  return { start, pending, error, reset };
}
