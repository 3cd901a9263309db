import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { cx, focusRing } from '../lib/cx';
import { Spinner } from '../spinner/spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner, sets aria-busy and ignores clicks, keeping the label for screen readers. */
  loading?: boolean;
  fullWidth?: boolean;
  /** Icon before the label. */
  icon?: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand text-brand-contrast enabled:hover:brightness-95',
  secondary: 'bg-surface-raised text-brand-ink border border-brand-ink enabled:hover:bg-surface',
  ghost: 'bg-transparent text-brand-ink enabled:hover:bg-border/40',
  danger: 'bg-danger text-danger-contrast enabled:hover:brightness-95',
};

/**
 * Disabled: no colour of the brand at all, a grey button with grey text, clearly not the enabled one
 * (not a paler brand, whose white label nobody could read). The label keeps a contrast of at least
 * 4.5:1 (muted on a grey of half the border colour over the surface or a card: about 6:1), so it stays
 * readable; the cursor says it cannot be used.
 */
const disabledLook: Record<ButtonVariant, string> = {
  primary: 'disabled:bg-border/50 disabled:text-muted',
  secondary: 'disabled:border-transparent disabled:bg-border/50 disabled:text-muted',
  ghost: 'disabled:text-muted',
  danger: 'disabled:bg-border/50 disabled:text-muted',
};

// Every size keeps a 44px minimum touch target; sm only tightens the padding.
const sizes: Record<ButtonSize, string> = {
  sm: 'min-h-11 px-3 text-sm',
  md: 'min-h-11 px-4 text-base',
  lg: 'min-h-12 px-6 text-lg',
};

export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  fullWidth = false,
  icon,
  className,
  children,
  disabled,
  type = 'button',
  onClick,
  ref,
  ...rest
}: ButtonProps) {
  return (
    <button
      ref={ref}
      type={type}
      disabled={disabled}
      aria-busy={loading || undefined}
      aria-disabled={loading || undefined}
      onClick={loading ? (e) => e.preventDefault() : onClick}
      className={cx(
        'relative inline-flex min-w-11 select-none items-center justify-center gap-2 rounded-xl font-semibold transition',
        'disabled:cursor-not-allowed',
        focusRing,
        variants[variant],
        disabledLook[variant],
        sizes[size],
        fullWidth && 'w-full',
        className,
      )}
      {...rest}
    >
      {loading && (
        <span className="absolute inset-0 flex items-center justify-center">
          <Spinner size={20} label={null} />
        </span>
      )}
      <span className={cx('inline-flex items-center gap-2', loading && 'opacity-0')}>
        {icon}
        {children}
      </span>
    </button>
  );
}
