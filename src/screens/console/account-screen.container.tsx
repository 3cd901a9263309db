import { useState } from 'react';
import { useChangePassword, useStaffMe } from '../../api/merchant';
import { fieldErrorsOf, messageOf } from '../../shared/errors';
import { LoadingScreen } from '../../ui';
import { AccountScreen } from './account-screen';

/** /merchant/account (anyone signed in): their details and a new password. */
export default function AccountContainer() {
  const me = useStaffMe();
  const change = useChangePassword();
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<{ ended: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [currentError, setCurrentError] = useState<string | null>(null);
  if (!me.data) return <LoadingScreen />;
  return (
    <AccountScreen
      me={me.data.staff}
      saving={saving}
      saved={saved}
      error={error}
      currentError={currentError}
      onChangePassword={async (current, next) => {
        setSaving(true);
        setSaved(null);
        setError(null);
        setCurrentError(null);
        try {
          setSaved(await change(current, next));
        } catch (err) {
          if (fieldErrorsOf(err).current_password) setCurrentError('That is not your current password.');
          else setError(messageOf(err));
        } finally {
          setSaving(false);
        }
      }}
    />
  );
}
