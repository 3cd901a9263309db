import type { ReactNode } from 'react';
import { cx, focusRing } from '../../ui';

export interface AuthLayoutProps {
  /** The page's one h1. */
  title: ReactNode;
  description?: ReactNode;
  /** The merchant's name, shown above the heading. */
  companyName?: string;
  /** The merchant's logo URL. */
  logo?: string;
  children?: ReactNode;
  footer?: ReactNode;
}

/**
 * The signed-out pages: one card centred over the merchant's landing background (which the app
 * shell, or Storybook's `landing` parameter, paints behind the page).
 */
export function AuthLayout({ title, description, companyName, logo, children, footer }: AuthLayoutProps) {
  return (
    <main className="flex min-h-dvh items-center justify-center px-4 py-8">
      <div className="flex w-full max-w-md flex-col gap-6 rounded-3xl border border-border bg-surface-raised p-5 text-ink shadow-lg sm:p-8">
        {(logo || companyName) && (
          <div className="flex items-center gap-3">
            {/* The name is written next to it, so the logo itself is decorative. */}
            {logo && <img src={logo} alt="" width={48} height={48} className="size-12 rounded-xl object-contain" />}
            {companyName && <p className="text-base font-semibold text-muted">{companyName}</p>}
          </div>
        )}
        <div className="flex flex-col gap-2">
          <h1 className="text-2xl font-bold text-ink">{title}</h1>
          {description && <div className="text-muted">{description}</div>}
        </div>
        {children}
        {footer && <div className="flex flex-col items-center gap-2 border-t border-border pt-4 text-center">{footer}</div>}
      </div>
    </main>
  );
}

/** A callback styled as a link (navigation stays with the container). */
export function TextButton({ children, onClick, className }: { children: ReactNode; onClick?: () => void; className?: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className={cx(
        'inline-flex min-h-11 items-center justify-center rounded-lg px-2 font-semibold text-brand-ink underline underline-offset-4 hover:no-underline',
        focusRing,
        className,
      )}
    >
      {children}
    </button>
  );
}
