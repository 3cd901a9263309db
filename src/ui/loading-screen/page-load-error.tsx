import { useLingui } from '@lingui/react/macro';
import { cx, focusRing } from '../lib/cx';

export interface PageLoadErrorProps {
  /** Try again (load the page's code again), or reload the page when `reload`. */
  onRetry: () => void;
  /** Loading again did not help either: the button reloads the whole page. */
  reload?: boolean;
  /** The page's code arrived but failed while drawing the page (a fault of ours, not the connection). */
  crashed?: boolean;
  /** The page's whole screen (the customer app); false inside a layout (the merchant console). */
  fullScreen?: boolean;
}

/**
 * What shows instead of a page whose code did not arrive (a failed request, or none after a long wait):
 * never an endless "Loading…" nor a blank page, always a way to try again. It is in the app's first
 * download, so it is plain markup (no Button, no icons: /login's budget).
 */
export function PageLoadError({ onRetry, reload = false, crashed = false, fullScreen = true }: PageLoadErrorProps) {
  const { t } = useLingui();
  const message = crashed
    ? t`Something went wrong while showing it. Reloading the page usually fixes it.`
    : reload
      ? t`It still didn’t load. Reloading the page usually fixes it.`
      : t`Check your connection, then try again.`;
  return (
    <div role="alert" className={cx('flex flex-col items-center justify-center gap-3 px-6 py-10 text-center', fullScreen && 'min-h-dvh bg-surface')}>
      <p className="text-lg font-semibold text-ink">{t`This page didn’t load`}</p>
      <p className="max-w-sm text-muted">{message}</p>
      <button
        type="button"
        onClick={onRetry}
        className={cx('min-h-11 rounded-xl border border-brand-ink bg-surface-raised px-4 font-semibold text-brand-ink hover:bg-surface', focusRing)}
      >
        {reload || crashed ? t`Reload the page` : t`Try again`}
      </button>
    </div>
  );
}
