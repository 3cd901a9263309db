import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { describedBy, FieldNotes } from '../field-message/field-notes';
import { cx, focusRing } from '../lib/cx';

export interface OtpInputProps {
  /** Number of boxes. */
  length?: number;
  /** Name of the whole group, e.g. "Verification code". */
  label?: string;
  /** Called with the digits typed so far on every change. */
  onChange?: (code: string) => void;
  /** Called once all boxes hold a digit. */
  onComplete?: (code: string) => void;
  error?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  className?: string;
}

export function OtpInput({ length = 6, label, onChange, onComplete, error, disabled, autoFocus, className }: OtpInputProps) {
  const [digits, setDigits] = useState<string[]>(() => Array.from({ length }, () => ''));
  const refs = useRef<Array<HTMLInputElement | null>>([]);
  const id = `otp-${useId()}`;
  const { t } = useLingui();
  const name = label ?? t`Verification code`;
  const digitName = (digit: number) => t`Digit ${digit} of ${length}`;

  const focus = (i: number) => refs.current[Math.max(0, Math.min(length - 1, i))]?.focus();

  // Disabled while a code is checked, a box loses the focus; when the boxes open again (a wrong code) they
  // take it back, on the first empty box, so the code can be retyped at once: unless the customer put it elsewhere.
  const wasDisabled = useRef(disabled);
  useEffect(() => {
    const reopened = wasDisabled.current && !disabled;
    wasDisabled.current = disabled;
    if (!reopened || !autoFocus) return;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    const empty = refs.current.findIndex((el) => el?.value === '');
    focus(empty === -1 ? length - 1 : empty);
  });

  const commit = (next: string[]) => {
    setDigits(next);
    const code = next.join('');
    onChange?.(code);
    if (next.every((d) => d !== '')) onComplete?.(code);
  };

  // Fills from box `start` onward; used by paste and by autofill that drops the whole code in one box.
  const fill = (start: number, text: string) => {
    const incoming = text
      .replace(/\D/g, '')
      .slice(0, length - start)
      .split('');
    if (incoming.length === 0) return;
    const next = [...digits];
    incoming.forEach((d, k) => (next[start + k] = d));
    commit(next);
    focus(Math.min(start + incoming.length, length - 1));
  };

  const onInput = (i: number, value: string) => {
    const only = value.replace(/\D/g, '');
    if (only.length > 1) return fill(i, only);
    const next = [...digits];
    next[i] = only;
    commit(next);
    if (only) focus(i + 1);
  };

  const onKeyDown = (i: number, e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Backspace') {
      e.preventDefault();
      const next = [...digits];
      if (next[i]) {
        next[i] = '';
        commit(next);
      } else if (i > 0) {
        next[i - 1] = '';
        commit(next);
        focus(i - 1);
      }
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault();
      focus(i - 1);
    } else if (e.key === 'ArrowRight') {
      e.preventDefault();
      focus(i + 1);
    }
  };

  const onPaste = (i: number, e: ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault();
    fill(i, e.clipboardData.getData('text'));
  };

  return (
    <div className={cx('flex flex-col gap-2', className)}>
      <fieldset className="m-0 border-0 p-0" aria-describedby={describedBy(id, null, error)}>
        <legend className="mb-2 text-sm font-medium text-ink">{name}</legend>
        <div className="flex gap-2">
          {digits.map((d, i) => (
            <input
              key={i}
              ref={(el) => {
                refs.current[i] = el;
              }}
              value={d}
              onChange={(e) => onInput(i, e.target.value)}
              onKeyDown={(e) => onKeyDown(i, e)}
              onPaste={(e) => onPaste(i, e)}
              onFocus={(e) => e.target.select()}
              // The first box accepts the whole code from the OS keyboard suggestion.
              autoComplete={i === 0 ? 'one-time-code' : 'off'}
              inputMode="numeric"
              pattern="[0-9]*"
              maxLength={i === 0 ? length : 1}
              autoFocus={autoFocus && i === 0}
              disabled={disabled}
              aria-label={digitName(i + 1)}
              aria-invalid={error ? true : undefined}
              className={cx(
                'h-12 w-11 rounded-xl border bg-surface-raised text-center text-xl font-semibold text-ink',
                error ? 'border-danger' : 'border-border',
                focusRing,
              )}
            />
          ))}
        </div>
      </fieldset>
      <FieldNotes id={id} error={error} />
    </div>
  );
}
