import type { ReactNode } from 'react';
import { InboxIcon } from '../icon/icon';
import { cx } from '../lib/cx';

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  /** Decorative icon; an inbox by default. */
  icon?: ReactNode;
  /** Usually a Button or link that gets the user going. */
  action?: ReactNode;
  className?: string;
}

export function EmptyState({ title, description, icon, action, className }: EmptyStateProps) {
  return (
    <div className={cx('flex flex-col items-center gap-3 px-6 py-10 text-center', className)}>
      <span className="text-muted" aria-hidden="true">
        {icon ?? <InboxIcon size={40} />}
      </span>
      <p className="text-lg font-semibold text-ink">{title}</p>
      {description && <p className="max-w-sm text-muted">{description}</p>}
      {action}
    </div>
  );
}
