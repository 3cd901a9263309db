import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { consoleHref } from '#contract/console-routes';
import { isEmailAddress } from '#contract/checks';
import { Button, Notice, TextField, cx, focusRing, type RenderLink } from '../../../ui';
import { plainLink } from '../../../ui/lib/link';
import { ConsoleAuthLayout } from './auth-layout';

export interface ConsoleForgotScreenProps {
  onSend: (email: string) => void;
  sending?: boolean;
  /** the address a link was asked for: the page then says to look for the e-mail */
  sentTo?: string | null;
  /** the provider's refusal (no e-mail service, too many tries) */
  error?: string | null;
  renderLink?: RenderLink;
}

/** /merchant/forgot: a link to choose a new password, e-mailed to a team member's address. */
export function ConsoleForgotScreen({ onSend, sending, sentTo, error, renderLink = plainLink }: ConsoleForgotScreenProps) {
  const { t } = useLingui();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const back = renderLink({
    href: consoleHref('signIn'),
    className: cx('font-medium text-brand-ink underline underline-offset-4', focusRing),
    children: t`Back to sign in`,
  });

  if (sentTo) {
    return (
      <ConsoleAuthLayout title={t`Check your e-mail`}>
        <Notice tone="success" title={t`Look for our e-mail`}>
          <p className="text-ink">
            <Trans>
              If <strong className="break-all">{sentTo}</strong> belongs to someone on the team, we have e-mailed it a link to choose a new password. The link
              works once, for an hour.
            </Trans>
          </p>
        </Notice>
        <p className="mt-4 text-sm text-muted">
          <Trans>Nothing after a few minutes? Look in the spam folder, or ask an owner of the shop to invite you again.</Trans>
        </p>
        <p className="mt-4 text-center text-sm">{back}</p>
      </ConsoleAuthLayout>
    );
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!isEmailAddress(email))
      return setProblem(email.trim() ? t`Enter an e-mail address such as ana@example.com.` : t`Enter the e-mail address you sign in with.`);
    setProblem(undefined);
    onSend(email.trim());
  }

  return (
    <ConsoleAuthLayout title={t`Forgot your password?`} intro={t`We will e-mail you a link to choose a new one.`}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        {error && <Notice tone="danger">{error}</Notice>}
        <TextField
          label={t`E-mail`}
          type="email"
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={problem}
          disabled={sending}
        />
        <Button type="submit" loading={sending} fullWidth>
          <Trans>E-mail me a link</Trans>
        </Button>
        <p className="text-center text-sm">{back}</p>
      </form>
    </ConsoleAuthLayout>
  );
}
