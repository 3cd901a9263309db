import type { ToastContent, ToastOptions } from 'react-toastify/unstyled';

/**
 * `toast.success(…)` and its kin, loading react-toastify on the first toast: no page loads it before it
 * has something to say (src/app/app.tsx mounts the container on the first toast, `onFirstToast`).
 * Until a container is mounted, react-toastify queues the toasts it is given and shows them when one is.
 */
type Kind = 'success' | 'error' | 'warn' | 'info';

let asked = false;
const waiting = new Set<() => void>();

/** Whether a toast has been asked for yet. */
export const toastAsked = (): boolean => asked;

/** Calls `fn` once, on the first toast (at once when one was already asked for); returns the unsubscribe. */
export function onFirstToast(fn: () => void): () => void {
  if (asked) {
    fn();
    return () => {};
  }
  waiting.add(fn);
  return () => void waiting.delete(fn);
}

const show =
  (kind: Kind) =>
  (content: ToastContent, options?: ToastOptions): void => {
    if (!asked) {
      asked = true;
      for (const fn of waiting) fn();
      waiting.clear();
    }
    import('react-toastify/unstyled').then(
      ({ toast }) => void toast[kind](content, options),
      (err: unknown) => console.error('A message could not be shown:', content, err),
    );
  };

export const toast = { success: show('success'), error: show('error'), warn: show('warn'), info: show('info') };
