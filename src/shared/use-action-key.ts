import { useCallback, useRef } from 'react';
import { newIdempotencyKey } from '../api/client';

/**
 * One idempotency key per user action: the same key until the action succeeds (or what it acts on
 * changes), so a double tap or a retry after a lost answer makes one order, one top-up, one spin.
 */
export function useActionKey(): { key: () => string; done: () => void } {
  const ref = useRef<string | null>(null);
  const key = useCallback(() => (ref.current ??= newIdempotencyKey()), []);
  const done = useCallback(() => {
    ref.current = null;
  }, []);
  return { key, done };
}
