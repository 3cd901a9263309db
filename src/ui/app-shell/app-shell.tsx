import type { ReactNode } from 'react';
import { cx } from '../lib/cx';

export interface AppShellProps {
  /** Usually a TopBar. */
  header?: ReactNode;
  /** Usually a BottomNav: fixed at the bottom on phones, shown above the content from `md`. */
  nav?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** The app column: full width on phones, a centred column on desktop, room for the bottom nav. */
export function AppShell({ header, nav, children, className }: AppShellProps) {
  return (
    <div className={cx('min-h-dvh bg-surface text-ink', className)}>
      {/* One nav, first in the DOM: BottomNav is fixed to the bottom on phones, static on top from md. */}
      {nav}
      <div className="mx-auto flex min-h-dvh w-full max-w-3xl flex-col md:min-h-0">
        {header}
        <main className={cx('flex-1 px-4 py-4 md:px-6 md:py-6', !!nav && 'pb-24 md:pb-6')}>{children}</main>
      </div>
    </div>
  );
}
