import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { consoleHref } from '#contract/console-routes';
import { isEmailAddress } from '#contract/checks';
import { Button, Notice, TextField, cx, focusRing, type RenderLink } from '../../../ui';
import { plainLink } from '../../../ui/lib/link';
import { ConsoleAuthLayout } from './auth-layout';

export interface ConsoleSignInScreenProps {
  onSignIn: (email: string, password: string) => void;
  signingIn?: boolean;
  /** the provider's refusal (a wrong e-mail or password, too many tries) */
  error?: string | null;
  /** said once the console signed someone out (their session ended elsewhere, or they asked), or a new password was set */
  notice?: string | null;
  /** the shop has no owner yet: nobody can sign in, the page says how to get the set-up link */
  noOwner?: boolean;
  renderLink?: RenderLink;
}

/** What the operator does to make the first owner, said where people look first. */
function NoOwner() {
  const { t } = useLingui();
  return (
    <Notice tone="warning" title={t`This shop has no owner yet`}>
      <p className="text-ink">
        <Trans>Nobody can sign in until the shop’s first owner is set up, with a one-time link made on the computer that runs the shop:</Trans>
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-ink">
        <li>
          <Trans>
            While trying it out (<code>npm start</code>), the link is printed in that terminal, under “The merchant console has no owner yet”.
          </Trans>
        </li>
        <li>
          <Trans>
            Anywhere else, run <code className="break-all">npm run merchant -- owner-link</code> there and open the link it prints.
          </Trans>
        </li>
      </ul>
      <p className="mt-2 text-ink">
        <Trans>You can paste the whole link into this tab.</Trans>
      </p>
    </Notice>
  );
}

/** /merchant/sign-in: e-mail and password; a forgotten password; a shop with no owner says how to begin. */
export function ConsoleSignInScreen({ onSignIn, signingIn, error, notice, noOwner, renderLink = plainLink }: ConsoleSignInScreenProps) {
  const { t } = useLingui();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<{ email?: string; password?: string }>({});

  if (noOwner) {
    return (
      <ConsoleAuthLayout title={t`Set up your shop`}>
        <NoOwner />
      </ConsoleAuthLayout>
    );
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const found = {
      ...(isEmailAddress(email) ? {} : { email: email.trim() ? t`Enter an e-mail address such as ana@example.com.` : t`Enter your e-mail address.` }),
      ...(password ? {} : { password: t`Enter your password.` }),
    };
    setProblems(found);
    if (Object.keys(found).length === 0) onSignIn(email.trim(), password);
  }

  return (
    <ConsoleAuthLayout title={t`Sign in`} intro={t`For the shop's owner and staff.`}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        {notice && <Notice>{notice}</Notice>}
        {/* the provider's answer was to an earlier try: once the form itself finds something wrong, it is not shown beside it */}
        {error && Object.keys(problems).length === 0 && <Notice tone="danger">{error}</Notice>}
        <TextField
          label={t`E-mail`}
          type="email"
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={problems.email}
          disabled={signingIn}
        />
        <TextField
          label={t`Password`}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={problems.password}
          disabled={signingIn}
        />
        <Button type="submit" loading={signingIn} fullWidth>
          <Trans>Sign in</Trans>
        </Button>
        <p className="text-center text-sm">
          {renderLink({
            href: consoleHref('forgot'),
            className: cx('font-medium text-brand-ink underline underline-offset-4', focusRing),
            children: t`Forgot your password?`,
          })}
        </p>
      </form>
    </ConsoleAuthLayout>
  );
}
