import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { Button, Notice, TextField, cx, fieldMessage, focusRing } from '../../ui';
import { AuthLayout } from './auth-layout';
import { nameProblem } from './name-problem';
import { SignUpTerms, type SignUpTermsProps } from './sign-up-terms';

export interface RegisterNameValues {
  name: string;
  /** Empty when the customer left it out. */
  email: string;
  /** the "Send me offers" box: unticked unless the customer ticks it (opt-in) */
  offers: boolean;
}

export interface RegisterNameScreenProps extends SignUpTermsProps {
  companyName?: string;
  logo?: string;
  defaultValues?: Partial<RegisterNameValues>;
  onSubmit?: (values: RegisterNameValues) => void;
  submitting?: boolean;
  /** Server field errors keyed like the API (`name`, `email`). */
  fieldErrors?: Record<string, string>;
  formError?: string | null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * /register-name: the last registration step, a name and an optional e-mail; the account is made here, so the
 * shop's terms and privacy notice are linked under the button.
 */
export function RegisterNameScreen({
  companyName,
  logo,
  defaultValues,
  onSubmit,
  submitting = false,
  fieldErrors,
  formError,
  privacyUrl,
  termsUrl,
}: RegisterNameScreenProps) {
  const [name, setName] = useState(defaultValues?.name ?? '');
  const [email, setEmail] = useState(defaultValues?.email ?? '');
  const [offers, setOffers] = useState(defaultValues?.offers ?? false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { t } = useLingui();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    const wrongName = nameProblem(name);
    if (wrongName) next.name = wrongName;
    if (email.trim() && !EMAIL.test(email.trim())) next.email = t`Enter an e-mail address like name@example.com, or leave it empty.`;
    setErrors(next);
    if (Object.keys(next).length) return;
    onSubmit?.({ name: name.trim(), email: email.trim(), offers });
  };

  return (
    <AuthLayout title={t`What should we call you?`} description={t`Your number is confirmed. One last step.`} companyName={companyName} logo={logo}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <TextField
          label={t`Your name`}
          name="name"
          autoComplete="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.name ?? fieldMessage(t`Name`, fieldErrors?.name)}
          disabled={submitting}
          required
        />
        <TextField
          label={t`E-mail (optional)`}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          hint={t`For receipts and offers. You can add it later.`}
          error={errors.email ?? fieldMessage(t`E-mail`, fieldErrors?.email)}
          disabled={submitting}
        />
        <label className="flex items-start gap-3 text-sm">
          <input
            type="checkbox"
            name="offers"
            checked={offers}
            onChange={(e) => setOffers(e.target.checked)}
            disabled={submitting}
            className={cx('mt-0.5 size-5 shrink-0 accent-[var(--color-brand)]', focusRing)}
          />
          <span>
            <Trans>Send me offers and news</Trans>
            <span className="block text-muted">
              <Trans>By notification, text or e-mail. You can change this any time in your profile.</Trans>
            </span>
          </span>
        </label>
        {formError && <Notice tone="danger">{formError}</Notice>}
        <Button type="submit" size="lg" fullWidth loading={submitting}>
          <Trans>Create account</Trans>
        </Button>
        <SignUpTerms privacyUrl={privacyUrl} termsUrl={termsUrl} />
      </form>
    </AuthLayout>
  );
}
