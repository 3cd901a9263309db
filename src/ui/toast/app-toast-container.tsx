// The unstyled build: the stock one injects an inline <style>, which the gateway's CSP (style-src 'self') blocks;
// its stylesheet is bundled instead (src/styles.css).
import { ToastContainer, type CloseButtonProps, type ToastContainerProps } from 'react-toastify/unstyled';
import { useLingui } from '@lingui/react/macro';

/** react-toastify's own close button (its markup and classes), named in the language spoken rather than "close". */
function ToastClose({ closeToast, theme }: CloseButtonProps) {
  const { t } = useLingui();
  return (
    <button
      type="button"
      className={`Toastify__close-button Toastify__close-button--${theme}`}
      aria-label={t`Close`}
      onClick={(e) => {
        e.stopPropagation();
        closeToast(true);
      }}
    >
      <svg aria-hidden="true" viewBox="0 0 14 16">
        <path fillRule="evenodd" d="M7.71 8.23l3.75 3.75-1.48 1.48-3.75-3.75-3.75 3.75L1 11.98l3.75-3.75L1 4.48 2.48 3l3.75 3.75L9.98 3l1.48 1.48-3.75 3.75z" />
      </svg>
    </button>
  );
}

/** The app's one toast container: top-right, 5000 ms, light theme (SPEC §9); override per call. */
export function AppToastContainer(props: ToastContainerProps) {
  const { t } = useLingui();
  return (
    <ToastContainer
      position="top-right"
      autoClose={5000}
      theme="light"
      newestOnTop
      closeOnClick={false}
      closeButton={ToastClose}
      aria-label={t`Notifications Alt+T`}
      {...props}
    />
  );
}

// toast() loads react-toastify on first use (./toast), so no page's first paint waits for it.
export { toast } from './toast';
