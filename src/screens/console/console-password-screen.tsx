import { useState, type FormEvent } from 'react';
import { isEmailAddress } from '#contract/checks';
import { STAFF_PASSWORD_MIN, staffPasswordProblem } from '#contract/staff-checks';
import { Button, Notice, TextField } from '../../ui';
import { ConsoleAuthLayout } from './console-auth-layout';

export interface PasswordFormValues {
  name: string;
  email: string;
  password: string;
}

export interface ConsolePasswordScreenProps {
  /** setup: the shop's first owner, from the operator's set-up link; invite: someone the owner invited */
  mode: 'setup' | 'invite';
  /** the link carries no code at all (opened without its #… part) */
  missingLink?: boolean;
  onSubmit: (values: PasswordFormValues) => void;
  saving?: boolean;
  /** the provider's refusal: a used or expired link, an e-mail in use … */
  error?: string | null;
  /** the provider's field errors, by field name */
  fieldErrors?: Partial<Record<keyof PasswordFormValues, string>>;
}

const TEXT = {
  setup: { title: 'Set up your shop', intro: 'You are the first owner. Choose the e-mail and password you will sign in with.', button: 'Create owner account' },
  invite: { title: 'Join the team', intro: 'You were invited to the merchant console. Choose the e-mail and password you will sign in with.', button: 'Create my account' },
} as const;

/** /merchant/setup and /merchant/invite: a one-time link becomes an account with a password. */
export function ConsolePasswordScreen({ mode, missingLink, onSubmit, saving, error, fieldErrors = {} }: ConsolePasswordScreenProps) {
  const [values, setValues] = useState<PasswordFormValues>({ name: '', email: '', password: '' });
  const [confirm, setConfirm] = useState('');
  const [problems, setProblems] = useState<Partial<Record<keyof PasswordFormValues | 'confirm', string>>>({});
  const text = TEXT[mode];

  if (missingLink) {
    return (
      <ConsoleAuthLayout title={text.title}>
        <Notice tone="warning" title="This link is incomplete">
          Open the whole link you were given (it ends with a long code after a # sign), or ask for a new one.
        </Notice>
      </ConsoleAuthLayout>
    );
  }

  const set = (field: keyof PasswordFormValues) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value }));

  function submit(e: FormEvent) {
    e.preventDefault();
    const found: typeof problems = {};
    if (!values.name.trim()) found.name = 'Enter your name.';
    if (!isEmailAddress(values.email)) found.email = values.email.trim() ? 'Enter an e-mail address such as ana@example.com.' : 'Enter your e-mail address.';
    const weak = staffPasswordProblem(values.password);
    if (weak) found.password = weak;
    else if (confirm !== values.password) found.confirm = 'The two passwords are not the same.';
    setProblems(found);
    if (Object.keys(found).length === 0) onSubmit({ name: values.name.trim(), email: values.email.trim(), password: values.password });
  }

  return (
    <ConsoleAuthLayout title={text.title} intro={text.intro}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        {error && (
          <Notice tone="danger">
            {error}
          </Notice>
        )}
        <TextField label="Your name" autoComplete="name" value={values.name} onChange={set('name')} error={problems.name ?? fieldErrors.name} disabled={saving} />
        <TextField label="E-mail" type="email" autoComplete="username" value={values.email} onChange={set('email')} error={problems.email ?? fieldErrors.email} disabled={saving} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${STAFF_PASSWORD_MIN} characters.`}
          value={values.password}
          onChange={set('password')}
          error={problems.password ?? fieldErrors.password}
          disabled={saving}
        />
        <TextField label="Password again" type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} error={problems.confirm} disabled={saving} />
        <Button type="submit" loading={saving} fullWidth>
          {text.button}
        </Button>
      </form>
    </ConsoleAuthLayout>
  );
}
