import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { describedBy, FieldNotes } from '../field-message/field-notes';
import { cx, focusRing } from '../lib/cx';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  label: ReactNode;
  /** Help text under the field (linked with aria-describedby). */
  hint?: ReactNode;
  /** Error message; sets aria-invalid and is announced with the field. */
  error?: ReactNode;
  /** Visually hide the label (it stays the accessible name). */
  hideLabel?: boolean;
  /** Classes for the input itself (`className` is the whole field's: label, input and notes). */
  inputClassName?: string;
  ref?: Ref<HTMLInputElement>;
}

export const inputClass = cx(
  'block min-h-11 w-full rounded-xl border bg-surface-raised px-3 text-base text-ink placeholder:text-muted',
  'disabled:opacity-60',
  focusRing,
);

/** What a field's control needs from its frame: its id, what describes it, and its look. */
export interface FieldControl {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
  className: string;
}

/**
 * The frame every labelled field shares: its label above, the control, a hint and an error below,
 * both linked to the control (aria-describedby) and the error setting aria-invalid.
 */
export function FieldFrame({
  label,
  hint,
  error,
  hideLabel,
  id,
  className,
  control,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  hideLabel?: boolean;
  id?: string;
  className?: string;
  control: (field: FieldControl) => ReactNode;
}) {
  const autoId = useId();
  const inputId = id ?? `tf-${autoId}`;
  return (
    <div className={cx('flex flex-col gap-1', className)}>
      <label htmlFor={inputId} className={cx('text-sm font-medium text-ink', hideLabel && 'sr-only')}>
        {label}
      </label>
      {control({
        id: inputId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy(inputId, hint, error),
        className: cx(inputClass, error ? 'border-danger' : 'border-border'),
      })}
      <FieldNotes id={inputId} hint={hint} error={error} />
    </div>
  );
}

export function TextField({ label, hint, error, hideLabel, id, className, inputClassName, ref, ...rest }: TextFieldProps) {
  return (
    <FieldFrame
      label={label}
      hint={hint}
      error={error}
      hideLabel={hideLabel}
      id={id}
      className={className}
      control={(field) => <input ref={ref} {...field} className={cx(field.className, inputClassName)} {...rest} />}
    />
  );
}
