import { useState, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { ChevronDownIcon } from '../icon/base-icons';
import { cx } from '../lib/cx';
import { FieldFrame } from '../text-field/text-field';
import { CALLING_CODES, splitCallingCode, toE164, type CallingCode } from './countries';

export interface PhoneFieldProps {
  label?: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  /** Calling code selected at first, digits only (the merchant's `default_country_code`). */
  defaultCountryCode?: string;
  /** Initial national number as typed. */
  defaultNumber?: string;
  /** Called on every change with the E.164 number (`+6281234567890`), "" when empty, or the text as typed when it is not a phone number (see toE164). */
  onChange?: (e164: string) => void;
  /** Form field name; a hidden input carries the E.164 value. */
  name?: string;
  codes?: CallingCode[];
  disabled?: boolean;
  required?: boolean;
  className?: string;
  id?: string;
}

export function PhoneField({
  label,
  hint,
  error,
  defaultCountryCode = '62',
  defaultNumber = '',
  onChange,
  name,
  codes = CALLING_CODES,
  disabled,
  required,
  className,
  id,
}: PhoneFieldProps) {
  const { t } = useLingui();
  const known = codes.some((c) => c.code === defaultCountryCode);
  const options = known ? codes : [{ code: defaultCountryCode, label: `+${defaultCountryCode}` }, ...codes];
  const [cc, setCc] = useState(defaultCountryCode);
  const [number, setNumber] = useState(defaultNumber);
  const e164 = toE164(cc, number);

  return (
    <FieldFrame
      label={label ?? t`Phone number`}
      hint={hint}
      error={error}
      id={id}
      className={className}
      control={(field) => (
        <div className="flex gap-2">
          {/* The closed select shows only "+62"; the open list names each country. The real select
              sits transparent on top, so keyboard, screen readers and native pickers all work. */}
          <div
            className={cx(
              'relative flex min-h-11 w-24 shrink-0 items-center justify-between gap-1 rounded-xl border border-border bg-surface-raised px-3 text-base text-ink',
              'has-[select:focus-visible]:outline-3 has-[select:focus-visible]:outline-offset-2 has-[select:focus-visible]:outline-focus',
              disabled && 'opacity-60',
            )}
          >
            <span aria-hidden="true">+{cc}</span>
            <ChevronDownIcon size={16} className="text-muted" />
            <select
              aria-label={t`Country code`}
              value={cc}
              disabled={disabled}
              onChange={(e) => {
                setCc(e.target.value);
                onChange?.(toE164(e.target.value, number));
              }}
              className="absolute inset-0 cursor-pointer opacity-0 outline-none"
            >
              {options.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.label}
                </option>
              ))}
            </select>
          </div>
          <input
            {...field}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            value={number}
            disabled={disabled}
            required={required}
            onChange={(e) => {
              // "+44 7911 123456" next to +63: the select moves to +44 and keeps the rest (issue 46)
              const own = splitCallingCode(e.target.value, options);
              const code = own?.code ?? cc;
              const national = own?.national ?? e.target.value;
              setCc(code);
              setNumber(national);
              onChange?.(toE164(code, national));
            }}
          />
          {/* a hidden input has no box: no gap either */}
          {name && <input type="hidden" name={name} value={e164} />}
        </div>
      )}
    />
  );
}
