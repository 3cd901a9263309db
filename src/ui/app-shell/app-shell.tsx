import { useLingui } from '@lingui/react/macro';
import { useRef, type ReactNode } from 'react';
import { cx, focusRing } from '../lib/cx';

export interface AppShellProps {
  /** Usually a TopBar. */
  header?: ReactNode;
  /** Usually a BottomNav: fixed at the bottom on phones, shown above the content from `md`. */
  nav?: ReactNode;
  children: ReactNode;
  className?: string;
}

/**
 * The app column: full width on phones, a centred column on desktop, room for the bottom nav.
 * Keyboard order: "Skip to content" first (shown when focused, it moves focus to the main content),
 * then the page, then the nav. The nav comes last in the DOM, where it sits on phones; from `md` it
 * is drawn on top by `order`, so the layout is as before.
 */
export function AppShell({ header, nav, children, className }: AppShellProps) {
  const main = useRef<HTMLElement>(null);
  const { t } = useLingui();
  return (
    <div className={cx('flex min-h-dvh flex-col bg-surface text-ink', className)}>
      <a
        href="#main-content"
        // focus moves without changing the address: the router would read "#main-content" as a new location
        onClick={(e) => {
          e.preventDefault();
          main.current?.focus();
          main.current?.scrollIntoView?.({ block: 'start' });
        }}
        className={cx(
          'sr-only focus-visible:not-sr-only focus-visible:fixed focus-visible:top-2 focus-visible:left-2 focus-visible:z-50',
          'rounded-xl bg-surface-raised px-4 py-3 font-semibold text-ink shadow-lg',
          focusRing,
        )}
      >
        {t`Skip to content`}
      </a>
      <div className="mx-auto flex min-h-dvh w-full max-w-3xl flex-col md:min-h-0">
        {header}
        <main id="main-content" ref={main} tabIndex={-1} className={cx('flex-1 px-4 py-4 outline-none md:px-6 md:py-6', !!nav && 'pb-24 md:pb-6')}>
          {children}
        </main>
      </div>
      {nav && <div className="md:order-first">{nav}</div>}
    </div>
  );
}
