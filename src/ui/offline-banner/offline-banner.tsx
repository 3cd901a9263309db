import { useLingui } from '@lingui/react/macro';
import { AlertIcon, CheckIcon } from '../icon/base-icons';
import { cx } from '../lib/cx';

/** `online`: nothing shown; `offline`: the app shows what it kept; `back-online`: said for a moment. */
export type ConnectionState = 'online' | 'offline' | 'back-online';

/**
 * The connection line at the top of every page: empty while online (the live region stays, so a change
 * is announced), a warning while offline, and a short note when the connection comes back.
 */
export function OfflineBanner({ state, className }: { state: ConnectionState; className?: string }) {
  const { t } = useLingui();
  return (
    <div
      role="status"
      aria-live="polite"
      className={cx(
        state !== 'online' && 'border-b px-4 py-2 text-sm',
        state === 'offline' && 'border-warning/40 bg-warning/10 text-ink',
        state === 'back-online' && 'border-success/40 bg-success/10 text-ink',
        className,
      )}
    >
      {state === 'offline' && (
        <p className="mx-auto flex max-w-3xl items-start gap-2">
          <AlertIcon size={18} className="mt-0.5 shrink-0 text-warning" />
          <span>
            <strong className="font-semibold">{t`You're offline.`}</strong>{' '}
            {t`Showing what this phone saved. Ordering, top-ups, rewards and spins will work when you're back online.`}
          </span>
        </p>
      )}
      {state === 'back-online' && (
        <p className="mx-auto flex max-w-3xl items-center gap-2">
          <CheckIcon size={18} className="shrink-0 text-success" />
          {t`You're back online.`}
        </p>
      )}
    </div>
  );
}

/**
 * Under balances read from the app's kept copy while offline: when they were read ("As of 9:41 AM",
 * dates.ts asOfWords) and that they update once the connection is back. `one`: a single balance.
 */
export function AsOfNote({ asOf, one = false, className }: { asOf: string; one?: boolean; className?: string }) {
  const { t } = useLingui();
  return (
    <p className={cx('text-sm text-muted', className)}>
      {asOf}. {one ? t`Your balance updates when you're back online.` : t`Your balances update when you're back online.`}
    </p>
  );
}
