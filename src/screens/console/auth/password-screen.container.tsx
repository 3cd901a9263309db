import { useEffect, useMemo, useState } from 'react';
import { t } from '@lingui/core/macro';
import { CONSOLE_PAGES } from '#contract/console-routes';
import { useNavigate } from 'react-router-dom';
import type { SiteSettings } from '#contract';
import { useClearDemo } from '../../../api/channels';
import { ApiRequestError } from '../../../api/client';
import { toast } from '../../../ui';
import { useAcceptInvite, useResetPassword, useStaffLink, useStaffSetup } from '../../../api/staff';
import { useSettings } from '../../../api/settings';
import { useAction } from '../../../shared/action';
import { fieldErrorsOf, messageOf } from '../../../shared/errors';
import { linkExpiryFormat } from '../shared/console-format';
import { ConsolePasswordScreen, type PasswordFormValues } from './password-screen';

/** A field's problem as the provider words it ("is already on the team"), said of the field ("This e-mail …"). */
function fieldProblem(name: string, problem: string): string {
  const field = name === 'email' ? t`e-mail` : name;
  return t`This ${field} ${problem}.`;
}

/** The link's code travels after the # sign: browsers never send it to a server or a Referer. */
const codeOfLink = () => decodeURIComponent(window.location.hash.replace(/^#/, ''));

/**
 * The one-time code of the link this tab was opened with, taken out of the address bar once read (it
 * would stay in the history, a screenshot or a shared screen), and read again when a whole link is
 * pasted into this tab: the browser only changes the part after #, without a reload.
 */
function useLinkCode(): string {
  const [code, setCode] = useState(codeOfLink);
  useEffect(() => {
    const read = () => {
      const found = codeOfLink();
      if (found) setCode(found);
      if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    };
    read();
    window.addEventListener('hashchange', read);
    return () => window.removeEventListener('hashchange', read);
  }, []);
  return code;
}

/** /merchant/setup, /merchant/invite and /merchant/reset: the code of a one-time link, what it is for, and the account's details or a new password. */
export default function ConsolePasswordContainer({ page: mode }: { page: 'setup' | 'invite' | 'reset' }) {
  const setup = useStaffSetup();
  const clearDemo = useClearDemo();
  const accept = useAcceptInvite();
  const reset = useResetPassword();
  const navigate = useNavigate();
  const token = useLinkCode();
  const link = useStaffLink(token || null);
  const settings = useSettings().data as SiteSettings | undefined;
  const until = useMemo(() => linkExpiryFormat(settings), [settings]);
  const save = useAction(
    async (values: PasswordFormValues) => {
      if (mode === 'reset') {
        await reset(token, values.password);
        navigate(CONSOLE_PAGES.signIn.path, { replace: true, state: { notice: t`Your new password is set. Sign in with it.` } });
        return;
      }
      const { start, shopName, ...account } = values;
      await (mode === 'setup' ? setup : accept)({ token, ...account });
      // an empty start: the owner exists now, so the demo is cleared with their session (should it fail,
      // the Overview offers "Clear the demo" still, and says why)
      if (start === 'empty') {
        try {
          await clearDemo({ shop_name: shopName });
        } catch (err) {
          const problem = messageOf(err);
          toast.error(t`Your account is ready, but the demo is not cleared yet: ${problem} Clear it from the Overview.`);
        }
      }
      navigate(CONSOLE_PAGES.home.path, { replace: true });
    },
    // the button stays busy until the next page replaces this one
    { leaves: true },
  );
  const fields = fieldErrorsOf(save.error);
  const expired = link.error instanceof ApiRequestError && link.error.code === 'LINK_EXPIRED';
  const info = link.data;
  return (
    <ConsolePasswordScreen
      mode={mode}
      missingLink={!token}
      linkExpired={expired}
      link={info ? { shop: info.shop, role: info.role, invitedBy: info.invited_by, email: info.email, expires: until(info.expires_at) } : undefined}
      saving={save.pending}
      error={
        save.error
          ? fields.token
            ? t`This link is not valid any more. Ask for a new one.`
            : messageOf(save.error)
          : link.error && !expired
            ? messageOf(link.error)
            : null
      }
      fieldErrors={Object.fromEntries(Object.entries(fields).map(([k, problem]) => [k, fieldProblem(k, problem)]))}
      onSubmit={(values) => void save.run(values)}
    />
  );
}
