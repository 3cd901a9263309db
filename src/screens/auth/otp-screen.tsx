import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, Notice, OtpInput } from '../../ui';
import { AuthLayout, TextButton } from './auth-layout';
import { formatPhone } from './format-phone';
import { formatWait } from './phone-form';

/** The provider's answers to a wrong code (CONTRACT section 4). */
export type OtpErrorCode = 'INVALID_CODE' | 'CODE_EXPIRED' | 'TOO_MANY_ATTEMPTS';

export interface OtpScreenProps {
  /** The E.164 number the code was sent to. */
  phone: string;
  companyName?: string;
  logo?: string;
  /** Verifies a complete 6-digit code. */
  onVerify?: (code: string) => void;
  /** True while the code is being checked. */
  verifying?: boolean;
  /** Why the last code was refused. */
  errorCode?: OtpErrorCode | null;
  /** With INVALID_CODE: tries left before the code stops working. */
  attemptsLeft?: number | null;
  /** Any other problem (network, server). */
  formError?: string | null;
  /** Seconds until a new code may be sent; 0 shows the "Resend code" button. */
  resendIn?: number;
  onResend?: () => void;
  /** True while a new code is being requested. */
  resending?: boolean;
  /** Goes back to the phone step. */
  onChangeNumber?: () => void;
  /** Heading; registration says "Confirm your number". */
  title?: string;
}

/**
 * Sends each code once: a check spends one of the few tries, so the same code is not sent while it is
 * checked (six digits verify at once; Verify right after would send it twice), nor after it was
 * refused, until a digit changes. `triedAgain`: Verify was pressed on the refused code.
 */
function useSendOnce({ onVerify, verifying, errorCode, formError }: Pick<OtpScreenProps, 'onVerify' | 'verifying' | 'errorCode' | 'formError'>) {
  const [triedAgain, setTriedAgain] = useState(false);
  // a ref, not state: a second send may come before the next render
  const sent = useRef<string | null>(null);
  // no answer about the code itself (the network, the server): the same code may be sent again
  useEffect(() => {
    if (formError) sent.current = null;
  }, [formError]);
  return {
    triedAgain,
    send(code: string) {
      if (verifying) return;
      if (code === sent.current) return setTriedAgain(errorCode === 'INVALID_CODE');
      sent.current = code;
      setTriedAgain(false);
      onVerify?.(code);
    },
    changed: () => setTriedAgain(false),
    forget() {
      sent.current = null;
      setTriedAgain(false);
    },
  };
}

/** /otp (and /register-otp): six boxes for the texted code, resend countdown, wrong/expired code. */
export function OtpScreen({
  phone,
  companyName,
  logo,
  onVerify,
  verifying = false,
  errorCode,
  attemptsLeft,
  formError,
  resendIn = 0,
  onResend,
  resending = false,
  onChangeNumber,
  title,
}: OtpScreenProps) {
  const { t } = useLingui();
  const [code, setCode] = useState('');
  // A new code clears the boxes: OtpInput keeps its own digits, so it is remounted.
  const [round, setRound] = useState(0);
  const [tooShort, setTooShort] = useState(false);
  const once = useSendOnce({ onVerify, verifying, errorCode, formError });
  const dead = errorCode === 'CODE_EXPIRED' || errorCode === 'TOO_MANY_ATTEMPTS';

  const verify = (value: string) => {
    setTooShort(!/^\d{6}$/.test(value));
    if (/^\d{6}$/.test(value)) once.send(value);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    verify(code);
  };

  const resend = () => {
    once.forget();
    setCode('');
    setRound((r) => r + 1);
    onResend?.();
  };

  const number = formatPhone(phone);
  const wait = formatWait(resendIn);
  let codeError: string | undefined;
  if (tooShort) codeError = t`Enter all 6 digits of the code.`;
  else if (once.triedAgain && errorCode === 'INVALID_CODE') codeError = t`You already tried this code and it isn't right. Change it, then Verify.`;
  else if (errorCode === 'INVALID_CODE')
    codeError =
      attemptsLeft != null
        ? plural(attemptsLeft, { one: "That code isn't right. You have # try left.", other: "That code isn't right. You have # tries left." })
        : t`That code isn't right. Check the text message and try again.`;

  return (
    <AuthLayout
      title={title ?? t`Enter your code`}
      companyName={companyName}
      logo={logo}
      description={
        <p>
          <Trans>
            We sent a 6-digit code to <span className="font-semibold whitespace-nowrap text-ink">{number}</span>.
          </Trans>{' '}
          <TextButton onClick={onChangeNumber} className="-my-2">
            <Trans>Change number</Trans>
          </TextButton>
        </p>
      }
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <OtpInput
          key={round}
          label={t`6-digit code`}
          autoFocus
          disabled={verifying || dead}
          error={codeError}
          onChange={(value) => {
            setCode(value);
            if (tooShort) setTooShort(false);
            once.changed();
          }}
          onComplete={verify}
        />
        {errorCode === 'CODE_EXPIRED' && (
          <Notice tone="danger" title={t`This code has expired`}>
            <Trans>Codes work for 5 minutes. Ask for a new one below.</Trans>
          </Notice>
        )}
        {errorCode === 'TOO_MANY_ATTEMPTS' && (
          <Notice tone="danger" title={t`Too many wrong tries`}>
            <Trans>For your safety this code no longer works. Ask for a new one below.</Trans>
          </Notice>
        )}
        {formError && <Notice tone="danger">{formError}</Notice>}
        <Button type="submit" size="lg" fullWidth loading={verifying} disabled={dead}>
          <Trans>Verify</Trans>
        </Button>
      </form>
      <div className="flex flex-col items-center gap-1 text-center">
        {resendIn > 0 ? (
          <p className="text-muted">
            <Trans>
              Didn't get it? You can ask for a new code in <span className="font-semibold tabular-nums text-ink">{wait}</span>.
            </Trans>
          </p>
        ) : (
          <>
            <p className="text-muted">
              <Trans>Didn't get the code?</Trans>
            </p>
            <Button variant={dead ? 'primary' : 'secondary'} onClick={resend} loading={resending} fullWidth={dead}>
              <Trans>Resend code</Trans>
            </Button>
          </>
        )}
      </div>
    </AuthLayout>
  );
}
