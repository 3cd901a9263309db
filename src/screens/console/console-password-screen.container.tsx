import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAcceptInvite, useStaffSetup } from '../../api/merchant';
import { fieldErrorsOf, messageOf } from '../../app/errors';
import { ConsolePasswordScreen } from './console-password-screen';

/** The link's code travels after the # sign: browsers never send it to a server or a Referer. */
const codeOfLink = () => decodeURIComponent(window.location.hash.replace(/^#/, ''));

/** /merchant/setup and /merchant/invite: the code of a one-time link, and the new account's details. */
export default function ConsolePasswordContainer({ mode }: { mode: 'setup' | 'invite' }) {
  const setup = useStaffSetup();
  const accept = useAcceptInvite();
  const navigate = useNavigate();
  const [token] = useState(codeOfLink);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  return (
    <ConsolePasswordScreen
      mode={mode}
      missingLink={!token}
      saving={saving}
      error={error}
      fieldErrors={fieldErrors}
      onSubmit={async (values) => {
        setSaving(true);
        setError(null);
        setFieldErrors({});
        try {
          await (mode === 'setup' ? setup : accept)({ token, ...values });
          navigate('/', { replace: true });
        } catch (err) {
          const fields = fieldErrorsOf(err);
          setFieldErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, `This ${k === 'email' ? 'e-mail' : k} ${v}.`])));
          setError(fields.token ? 'This link is not valid. Ask for a new one.' : messageOf(err));
          setSaving(false);
        }
      }}
    />
  );
}
