import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { cx, focusRing } from '../lib/cx';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  label: ReactNode;
  /** Help text under the field (linked with aria-describedby). */
  hint?: ReactNode;
  /** Error message; sets aria-invalid and is announced with the field. */
  error?: ReactNode;
  /** Visually hide the label (it stays the accessible name). */
  hideLabel?: boolean;
  ref?: Ref<HTMLInputElement>;
}

export const inputClass = cx(
  'block min-h-11 w-full rounded-xl border bg-surface-raised px-3 text-base text-ink placeholder:text-muted',
  'disabled:opacity-60',
  focusRing,
);

export function TextField({ label, hint, error, hideLabel, id, className, ref, ...rest }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? `tf-${autoId}`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cx('flex flex-col gap-1', className)}>
      <label htmlFor={inputId} className={cx('text-sm font-medium text-ink', hideLabel && 'sr-only')}>
        {label}
      </label>
      <input
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cx(inputClass, error ? 'border-danger' : 'border-border')}
        {...rest}
      />
      {hint && (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
