import { useState, type FormEvent } from 'react';
import { isEmailAddress } from '#contract/checks';
import { Button, Notice, TextField } from '../../ui';
import { ConsoleAuthLayout } from './console-auth-layout';

export interface ConsoleSignInScreenProps {
  onSignIn: (email: string, password: string) => void;
  signingIn?: boolean;
  /** the provider's refusal (a wrong e-mail or password, too many tries) */
  error?: string | null;
  /** said once the console signed someone out (their session ended elsewhere, or they asked) */
  notice?: string | null;
}

/** /merchant/sign-in: e-mail and password. */
export function ConsoleSignInScreen({ onSignIn, signingIn, error, notice }: ConsoleSignInScreenProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<{ email?: string; password?: string }>({});

  function submit(e: FormEvent) {
    e.preventDefault();
    const found = {
      ...(isEmailAddress(email) ? {} : { email: email.trim() ? 'Enter an e-mail address such as ana@example.com.' : 'Enter your e-mail address.' }),
      ...(password ? {} : { password: 'Enter your password.' }),
    };
    setProblems(found);
    if (Object.keys(found).length === 0) onSignIn(email.trim(), password);
  }

  return (
    <ConsoleAuthLayout title="Sign in" intro="For the shop's owner and staff.">
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        {notice && <Notice>{notice}</Notice>}
        {error && (
          <Notice tone="danger">
            {error}
          </Notice>
        )}
        <TextField label="E-mail" type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} error={problems.email} disabled={signingIn} />
        <TextField label="Password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} error={problems.password} disabled={signingIn} />
        <Button type="submit" loading={signingIn} fullWidth>
          Sign in
        </Button>
      </form>
    </ConsoleAuthLayout>
  );
}
