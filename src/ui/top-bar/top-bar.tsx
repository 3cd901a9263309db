import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { ChevronLeftIcon } from '../icon/icon';
import { cx, focusRing } from '../lib/cx';
import { plainLink, type RenderLink } from '../lib/link';

export interface TopBarProps {
  /** The page heading (rendered as h1). */
  title: ReactNode;
  /** Shows a back button calling this. */
  onBack?: () => void;
  /** Or a back link to this href (rendered with renderLink). */
  backHref?: string;
  backLabel?: string;
  /** Right-hand actions (icon buttons, a cart). */
  right?: ReactNode;
  renderLink?: RenderLink;
  className?: string;
}

const backClass = cx('-ml-2 inline-flex size-11 items-center justify-center rounded-full text-ink hover:bg-surface', focusRing);

export function TopBar({ title, onBack, backHref, backLabel, right, renderLink = plainLink, className }: TopBarProps) {
  const { t } = useLingui();
  const back = backLabel ?? t`Back`;
  return (
    <header className={cx('sticky top-0 z-20 flex min-h-14 items-center gap-2 border-b border-border bg-surface-raised px-4', className)}>
      {onBack ? (
        <button type="button" onClick={onBack} aria-label={back} className={backClass}>
          <ChevronLeftIcon />
        </button>
      ) : backHref ? (
        renderLink({ href: backHref, className: backClass, 'aria-label': back, children: <ChevronLeftIcon /> })
      ) : null}
      <h1 className="min-w-0 flex-1 truncate text-lg font-semibold text-ink">{title}</h1>
      {right && <div className="flex items-center gap-1">{right}</div>}
    </header>
  );
}
