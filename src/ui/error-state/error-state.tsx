import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Button } from '../button/button';
import { AlertIcon } from '../icon/base-icons';
import { RefreshIcon } from '../icon/icon';
import { cx } from '../lib/cx';

export interface ErrorStateProps {
  title?: ReactNode;
  message?: ReactNode;
  /** Shows a retry button when given. */
  onRetry?: () => void;
  retryLabel?: string;
  /** True while the retry is in flight. */
  retrying?: boolean;
  className?: string;
}

export function ErrorState({ title, message, onRetry, retryLabel, retrying, className }: ErrorStateProps) {
  const { t } = useLingui();
  // `null` or '' for no message at all; absent: the usual one
  const said = message === undefined ? t`Please check your connection and try again.` : message;
  return (
    <div role="alert" className={cx('flex flex-col items-center gap-3 px-6 py-10 text-center', className)}>
      <span className="text-danger" aria-hidden="true">
        <AlertIcon size={40} />
      </span>
      <p className="text-lg font-semibold text-ink">{title ?? t`Something went wrong`}</p>
      {said && <p className="max-w-sm text-muted">{said}</p>}
      {onRetry && (
        <Button variant="secondary" onClick={onRetry} loading={retrying} icon={<RefreshIcon size={18} />}>
          {retryLabel ?? t`Try again`}
        </Button>
      )}
    </div>
  );
}
