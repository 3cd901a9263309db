import { useEffect, useState } from 'react';

/**
 * Whole seconds left until a moment (ms since the epoch), re-read once a second while there are any;
 * null when there is no moment. For the waits before a new one-time code may be asked for.
 */
export function useSecondsUntil(until: number): number;
export function useSecondsUntil(until: number | null): number | null;
export function useSecondsUntil(until: number | null): number | null {
  const left = until === null ? null : Math.max(0, Math.ceil((until - Date.now()) / 1000));
  const [, tick] = useState(0);
  useEffect(() => {
    if (!left) return;
    const t = setTimeout(() => tick((n) => n + 1), 1000);
    return () => clearTimeout(t);
  });
  return left;
}
