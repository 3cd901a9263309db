import type { ReactNode } from 'react';
import { AlertIcon, CheckIcon, InfoIcon } from '../icon/base-icons';
import { cx } from '../lib/cx';

export type NoticeTone = 'info' | 'warning' | 'danger' | 'success';

const tones: Record<NoticeTone, string> = {
  info: 'border-border bg-surface text-ink',
  warning: 'border-warning/40 bg-warning/10 text-warning',
  danger: 'border-danger/40 bg-danger/10 text-danger',
  success: 'border-success/40 bg-success/10 text-success',
};

/**
 * A boxed message inside a page. `danger` is announced at once (role alert), the others politely
 * (role status).
 */
export function Notice({
  tone = 'info',
  title,
  children,
  action,
  className,
}: {
  tone?: NoticeTone;
  title?: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  const Icon = tone === 'success' ? CheckIcon : tone === 'info' ? InfoIcon : AlertIcon;
  return (
    <div role={tone === 'danger' ? 'alert' : 'status'} className={cx('flex items-start gap-2 rounded-xl border p-3 text-sm', tones[tone], className)}>
      <Icon size={18} className="mt-0.5 shrink-0" />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        {title && <p className="font-semibold">{title}</p>}
        {children && <div>{children}</div>}
        {action}
      </div>
    </div>
  );
}
