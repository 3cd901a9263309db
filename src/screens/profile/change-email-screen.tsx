import { useState, type FormEvent, type ReactNode } from 'react';
import { AlertIcon, AppShell, Button, Card, CheckIcon, ErrorState, Skeleton, SkeletonGroup, TextField, TopBar } from '../../ui';

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
}

// A practical check, not RFC 5322: one @, something before it, a dot in the domain, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateEmail(value: string, current?: string | null): string | null {
  const email = value.trim();
  if (!email) return 'Enter your new e-mail address.';
  if (email.length > 254 || !EMAIL.test(email)) return 'Enter an e-mail address like name@example.com.';
  if (current && email.toLowerCase() === current.toLowerCase()) return 'This is already your e-mail address.';
  return null;
}

/** Turns a server field message ("is already used") into a sentence about the field. */
function serverMessage(message: string | undefined): string | undefined {
  if (!message) return undefined;
  return /^[a-z]/.test(message) ? `This e-mail address ${message}.` : message;
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
}: ChangeEmailScreenProps) {
  const [value, setValue] = useState(defaultEmail);
  const [localError, setLocalError] = useState<string | null>(null);
  const title = currentEmail ? 'Change e-mail' : 'Add e-mail';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = validateEmail(value, currentEmail);
    setLocalError(problem);
    if (!problem) onSubmit?.(value.trim());
  };

  let body: ReactNode;
  if (error) {
    body = <ErrorState title="We couldn't load your details" message={error} onRetry={onRetry} />;
  } else if (loading) {
    body = (
      <SkeletonGroup label="Loading your details" className="flex flex-col gap-4">
        <Skeleton height="4rem" />
        <Skeleton height="2.75rem" />
        <Skeleton height="2.75rem" />
      </SkeletonGroup>
    );
  } else if (saved) {
    body = (
      <div role="status" className="flex flex-col items-center gap-3 py-8 text-center">
        <span className="inline-flex size-14 items-center justify-center rounded-full bg-success/10 text-success" aria-hidden="true">
          <CheckIcon size={32} />
        </span>
        <h2 className="text-xl font-bold text-ink">E-mail saved</h2>
        <p className="max-w-sm text-muted">
          We'll send receipts and news to <span className="font-semibold text-ink">{value.trim() || currentEmail}</span> from now on.
        </p>
        {onDone && <Button onClick={onDone}>Back to profile</Button>}
      </div>
    );
  } else {
    const fieldError = localError ?? serverMessage(fieldErrors?.email);
    body = (
      <form noValidate onSubmit={submit} className="mx-auto flex w-full max-w-md flex-col gap-5" aria-labelledby="email-form-heading">
        <h2 id="email-form-heading" className="sr-only">
          {title}
        </h2>
        <Card>
          <p className="text-sm text-muted">Current e-mail</p>
          <p className="break-all font-semibold text-ink">{currentEmail ?? 'None yet'}</p>
        </Card>
        {formError && (
          <p role="alert" className="flex gap-2 rounded-xl border border-danger/40 bg-danger/10 p-3 text-sm font-medium text-danger">
            <AlertIcon size={18} className="mt-0.5 shrink-0" />
            {formError}
          </p>
        )}
        <TextField
          label="New e-mail"
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
          hint="We use it for receipts and to help you get back into your account."
          error={fieldError}
          disabled={submitting}
        />
        <Button type="submit" size="lg" fullWidth loading={submitting}>
          Save e-mail
        </Button>
      </form>
    );
  }

  return (
    <AppShell header={<TopBar title={title} onBack={onBack} />} nav={nav}>
      {body}
    </AppShell>
  );
}
