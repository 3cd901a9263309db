import { useState, type FormEvent, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { E164 } from '#contract/phone';
import { Button, Notice, PhoneField, fieldMessage, toE164 } from '../../ui';

export interface PhoneFormProps {
  /** The merchant's calling code, digits only ("63"). */
  defaultCountryCode?: string;
  /** The national number to start with, as typed. */
  defaultNumber?: string;
  /** Called with the E.164 number when the customer asks for a code. */
  onSendCode?: (phone: string) => void;
  /** True while the code is being requested. */
  sending?: boolean;
  /** Server field errors keyed like the API (`phone`). */
  fieldErrors?: Record<string, string>;
  /** A message for the whole form (network trouble and the like). */
  formError?: string | null;
  /** Seconds until another code may be requested (429 RATE_LIMITED `retry_after`), counting down. */
  retryAfter?: number | null;
  submitLabel?: string;
  hint?: ReactNode;
}

/** "1 minute 5 seconds", "45 seconds" in the language spoken: waits are read aloud, so no "1:05". */
export function formatWait(wait: number): string {
  const s = Math.max(0, Math.ceil(wait));
  const minutes = Math.floor(s / 60);
  const seconds = s % 60;
  const secs = plural(seconds, { one: '# second', other: '# seconds' });
  const mins = plural(minutes, { one: '# minute', other: '# minutes' });
  if (minutes === 0) return secs;
  return seconds === 0 ? mins : `${mins} ${secs}`;
}

/** The phone step shared by /login and /register. */
export function PhoneForm({
  defaultCountryCode = '63',
  defaultNumber = '',
  onSendCode,
  sending = false,
  fieldErrors,
  formError,
  retryAfter,
  submitLabel,
  hint,
}: PhoneFormProps) {
  const { t } = useLingui();
  const [phone, setPhone] = useState(() => toE164(defaultCountryCode, defaultNumber));
  const [localError, setLocalError] = useState<string | undefined>();
  const limited = !!retryAfter && retryAfter > 0;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!phone) {
      setLocalError(t`Enter your phone number.`);
      return;
    }
    if (!E164.test(phone)) {
      const digits = phone.replace(/\D/g, '').length;
      setLocalError(
        /[^\d\s\-.()+]/.test(phone)
          ? t`A phone number has digits only.`
          : digits < 10
            ? t`That number looks too short. Check it and try again.`
            : t`That number looks too long. Check it and try again.`,
      );
      return;
    }
    setLocalError(undefined);
    onSendCode?.(phone);
  };

  const wait = limited ? formatWait(retryAfter!) : '';
  const phoneError = localError ?? fieldMessage(t`Phone number`, fieldErrors?.phone);

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <PhoneField
        name="phone"
        defaultCountryCode={defaultCountryCode}
        defaultNumber={defaultNumber}
        onChange={(value) => {
          setPhone(value);
          if (localError) setLocalError(undefined);
        }}
        error={phoneError}
        hint={hint ?? t`We will text you a 6-digit code.`}
        label={t`Phone number`}
        disabled={sending}
        required
      />
      {limited && (
        <Notice tone="warning">
          {t`Please wait before asking for another code.`} {/* announced once when the notice appears, not on every tick of the countdown */}
          <span aria-live="off">{t`You can ask for a new one in ${wait}.`}</span>
        </Notice>
      )}
      {formError && <Notice tone="danger">{formError}</Notice>}
      <Button type="submit" size="lg" fullWidth loading={sending} disabled={limited}>
        {submitLabel ?? t`Send code`}
      </Button>
    </form>
  );
}
