import { useLingui } from '@lingui/react/macro';
import { cx } from '../lib/cx';

export interface SpinnerProps {
  /** Pixel size. */
  size?: number;
  /** Accessible name; pass `null` when a surrounding element already announces the busy state. */
  label?: string | null;
  className?: string;
}

export function Spinner({ size = 24, label, className }: SpinnerProps) {
  const { t } = useLingui();
  const name = label === undefined ? t`Loading` : label;
  return (
    <span className={cx('inline-flex items-center justify-center', className)} {...(name ? { role: 'status', 'aria-label': name } : { 'aria-hidden': true })}>
      <svg width={size} height={size} viewBox="0 0 24 24" className="animate-spin motion-reduce:animate-none" aria-hidden="true">
        <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
        <path d="M21 12a9 9 0 0 0-9-9" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
    </span>
  );
}
