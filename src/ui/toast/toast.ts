import type { ToastContent, ToastOptions } from 'react-toastify/unstyled';

/**
 * `toast.success(…)` and its kin, loading react-toastify on the first toast: no page's first paint waits
 * for it (the container, src/app/app.tsx, loads it just after). Until a container is mounted,
 * react-toastify queues the toasts it is given and shows them when one is.
 */
type Kind = 'success' | 'error' | 'warn' | 'info';
const show =
  (kind: Kind) =>
  (content: ToastContent, options?: ToastOptions): void => {
    import('react-toastify/unstyled').then(
      ({ toast }) => void toast[kind](content, options),
      (err: unknown) => console.error('A message could not be shown:', content, err),
    );
  };

export const toast = { success: show('success'), error: show('error'), warn: show('warn'), info: show('info') };
