import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent, type ReactNode } from 'react';
import { AlertIcon, AppShell, Badge, Button, Card, CheckIcon, ErrorState, Notice, OtpInput, Skeleton, SkeletonGroup, TextField, TopBar } from '../../ui';
import { isEmailAddress } from '#contract/checks';
import { formatWait } from '../auth/phone-form';

export interface ChangeEmailScreenProps {
  /** The customer's e-mail today, or null when none is set. */
  currentEmail?: string | null;
  /** Sends the new address (already trimmed and checked). */
  onSubmit?: (email: string) => void;
  submitting?: boolean;
  /** Server-side field errors, e.g. `{ email: 'is already used by another account' }`. */
  fieldErrors?: Record<string, string>;
  /** An error that belongs to no field. */
  formError?: string | null;
  /** The address was saved: shows the confirmation. */
  saved?: boolean;
  /** Prefills the field (stories, going back to edit). */
  defaultEmail?: string;
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  onBack?: () => void;
  /** "Back to profile" after saving. */
  onDone?: () => void;
  nav?: ReactNode;
  /** The current address is verified: its owner entered the code e-mailed to it. */
  emailVerified?: boolean;
  /** A code was e-mailed to the current address: the code boxes show. */
  codeSent?: boolean;
  /** Seconds before another code may be asked for; 0: now. */
  resendIn?: number;
  /** E-mails a code to the current address. */
  onSendCode?: () => void;
  sendingCode?: boolean;
  /** Why no code could be sent (no e-mail service just now, asked too often). */
  sendError?: string | null;
  /** Checks a complete 6-digit code. */
  onVerifyCode?: (code: string) => void;
  verifying?: boolean;
  /** Why the code was refused ("That code is not right. 4 tries left."). */
  codeError?: string | null;
  /** The address was verified just now: says so. */
  justVerified?: boolean;
}

interface VerificationProps {
  email: string;
  codeSent: boolean;
  resendIn: number;
  onSendCode?: () => void;
  sendingCode: boolean;
  sendError?: string | null;
  onVerifyCode?: (code: string) => void;
  verifying: boolean;
  codeError?: string | null;
}

/**
 * Proving the address: a code is e-mailed to it, the customer types it here. Only a verified address
 * signs in with Google to this account, so the page says why it matters.
 */
function EmailVerification({ email, codeSent, resendIn, onSendCode, sendingCode, sendError, onVerifyCode, verifying, codeError }: VerificationProps) {
  const { t } = useLingui();
  const [code, setCode] = useState('');
  const [tooShort, setTooShort] = useState(false);
  // a new code clears the boxes: OtpInput keeps its own digits, so it is remounted
  const [round, setRound] = useState(0);

  const verify = (value: string) => {
    if (!/^\d{6}$/.test(value)) return setTooShort(true);
    setTooShort(false);
    onVerifyCode?.(value);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    verify(code);
  };
  const send = () => {
    setCode('');
    setRound((r) => r + 1);
    onSendCode?.();
  };
  const sendLabel = codeSent ? t`Send a new code` : t`Send me a code`;
  const wait = formatWait(resendIn);

  return (
    <section aria-labelledby="verify-heading" className="flex flex-col gap-3">
      <h2 id="verify-heading" className="text-lg font-semibold text-ink">
        {t`Verify your e-mail`}
      </h2>
      {codeSent ? (
        <p className="text-muted">
          <Trans>
            We sent a 6-digit code to <span className="break-all font-semibold text-ink">{email}</span>. It can take a minute to arrive, so check your spam
            folder too.
          </Trans>
        </p>
      ) : (
        <p className="text-muted">{t`We'll e-mail you a code to make sure this address is yours. Once it's verified, you can also sign in with Google using it.`}</p>
      )}
      {sendError && <Notice tone="danger">{sendError}</Notice>}
      {codeSent && (
        <form noValidate onSubmit={submit} className="flex flex-col gap-3" aria-label={t`Enter the code`}>
          <OtpInput
            key={round}
            label={t`6-digit code from the e-mail`}
            disabled={verifying}
            error={tooShort ? t`Enter all 6 digits of the code.` : (codeError ?? undefined)}
            onChange={(value) => {
              setCode(value);
              if (tooShort) setTooShort(false);
            }}
            onComplete={verify}
          />
          <Button type="submit" fullWidth loading={verifying}>
            {t`Verify e-mail`}
          </Button>
        </form>
      )}
      {resendIn > 0 ? (
        <p className="text-sm text-muted">
          {codeSent ? (
            <Trans>
              You can ask for a new code in <span className="font-semibold tabular-nums text-ink">{wait}</span>.
            </Trans>
          ) : (
            <Trans>
              You can ask for a code in <span className="font-semibold tabular-nums text-ink">{wait}</span>.
            </Trans>
          )}
        </p>
      ) : (
        <Button variant={codeSent ? 'secondary' : 'primary'} fullWidth onClick={send} loading={sendingCode}>
          {sendLabel}
        </Button>
      )}
    </section>
  );
}

/** The contract's e-mail rule (the one the provider applies), with the page's own words. */
export function validateEmail(value: string, current?: string | null): string | null {
  const email = value.trim();
  if (!email) return t`Enter your new e-mail address.`;
  if (!isEmailAddress(email)) return t`Enter an e-mail address like name@example.com.`;
  if (current && email.toLowerCase() === current.toLowerCase()) return t`This is already your e-mail address.`;
  return null;
}

/** Turns a server field message ("is already used") into a sentence about the field. */
function serverMessage(message: string | undefined): string | undefined {
  if (!message) return undefined;
  return /^[a-z]/.test(message) ? `This e-mail address ${message}.` : message;
}

/**
 * After a save: the address now kept, and its verification when it still needs one (receipts and offers by
 * e-mail have choices of their own, in the profile: nothing is promised here).
 */
function SavedView({
  email,
  verifiedNotice,
  verification,
  onDone,
}: {
  email: string | null;
  verifiedNotice: ReactNode;
  verification: ReactNode;
  onDone?: () => void;
}) {
  const { t } = useLingui();
  return (
    <div className="mx-auto flex w-full max-w-md flex-col items-center gap-5 py-8">
      <div role="status" className="flex flex-col items-center gap-3 text-center">
        <span className="inline-flex size-14 items-center justify-center rounded-full bg-success/10 text-success" aria-hidden="true">
          <CheckIcon size={32} />
        </span>
        <h2 className="text-xl font-bold text-ink">{t`E-mail saved`}</h2>
        <p className="max-w-sm text-muted">
          <Trans>
            Your e-mail address is now <span className="font-semibold text-ink">{email}</span>.
          </Trans>
        </p>
      </div>
      {verifiedNotice}
      {verification && <div className="w-full">{verification}</div>}
      {onDone && (
        <Button variant={verification ? 'ghost' : 'primary'} onClick={onDone}>
          {t`Back to profile`}
        </Button>
      )}
    </div>
  );
}

function CurrentEmail({ email, verified }: { email: string | null; verified: boolean }) {
  const { t } = useLingui();
  return (
    <Card>
      <p className="text-sm text-muted">{t`Current e-mail`}</p>
      <p className="break-all font-semibold text-ink">{email ?? t`None yet`}</p>
      {email && (
        <Badge tone={verified ? 'success' : 'warning'} className="mt-2">
          {verified ? <CheckIcon size={16} /> : <AlertIcon size={16} />}
          {verified ? t`Verified` : t`Not verified`}
        </Badge>
      )}
    </Card>
  );
}

export function ChangeEmailScreen({
  currentEmail = null,
  onSubmit,
  submitting = false,
  fieldErrors,
  formError,
  saved = false,
  defaultEmail = '',
  loading = false,
  error,
  onRetry,
  onBack,
  onDone,
  nav,
  emailVerified = false,
  codeSent = false,
  resendIn = 0,
  onSendCode,
  sendingCode = false,
  sendError,
  onVerifyCode,
  verifying = false,
  codeError,
  justVerified = false,
}: ChangeEmailScreenProps) {
  const [value, setValue] = useState(defaultEmail);
  const [localError, setLocalError] = useState<string | null>(null);
  const { t } = useLingui();
  const title = currentEmail ? t`Change e-mail` : t`Add e-mail`;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = validateEmail(value, currentEmail);
    setLocalError(problem);
    if (!problem) onSubmit?.(value.trim());
  };

  const verification =
    currentEmail && !emailVerified ? (
      <EmailVerification
        email={currentEmail}
        codeSent={codeSent}
        resendIn={resendIn}
        onSendCode={onSendCode}
        sendingCode={sendingCode}
        sendError={sendError}
        onVerifyCode={onVerifyCode}
        verifying={verifying}
        codeError={codeError}
      />
    ) : null;
  const verifiedNotice = justVerified && emailVerified ? <Notice tone="success">{t`Your e-mail address is verified.`}</Notice> : null;

  let body: ReactNode;
  if (error) {
    body = <ErrorState title={t`We couldn't load your details`} message={error} onRetry={onRetry} />;
  } else if (loading) {
    body = (
      <SkeletonGroup label={t`Loading your details`} className="flex flex-col gap-4">
        <Skeleton height="4rem" />
        <Skeleton height="2.75rem" />
        <Skeleton height="2.75rem" />
      </SkeletonGroup>
    );
  } else if (saved) {
    body = <SavedView email={value.trim() || currentEmail} verifiedNotice={verifiedNotice} verification={verification} onDone={onDone} />;
  } else {
    const fieldError = localError ?? serverMessage(fieldErrors?.email);
    body = (
      <div className="mx-auto flex w-full max-w-md flex-col gap-6">
        <CurrentEmail email={currentEmail} verified={emailVerified} />
        {verifiedNotice}
        {verification}
        <form noValidate onSubmit={submit} className="flex flex-col gap-5" aria-labelledby="email-form-heading">
          <h2 id="email-form-heading" className={verification ? 'text-lg font-semibold text-ink' : 'sr-only'}>
            {verification ? t`Use another address` : title}
          </h2>
          {formError && (
            <p role="alert" className="flex gap-2 rounded-xl border border-danger/40 bg-danger/10 p-3 text-sm font-medium text-danger">
              <AlertIcon size={18} className="mt-0.5 shrink-0" />
              {formError}
            </p>
          )}
          <TextField
            label={t`New e-mail`}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              if (localError) setLocalError(null);
            }}
            hint={t`We use it for receipts and to help you get back into your account.`}
            error={fieldError}
            disabled={submitting}
          />
          <Button type="submit" size="lg" fullWidth loading={submitting}>
            {t`Save e-mail`}
          </Button>
        </form>
      </div>
    );
  }

  return (
    <AppShell header={<TopBar title={title} onBack={onBack} />} nav={nav}>
      {body}
    </AppShell>
  );
}
