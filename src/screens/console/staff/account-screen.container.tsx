import { t as say } from '@lingui/core/macro';
import { useState } from 'react';
import { useChangePassword, useStaffMe } from '../../../api/staff';
import { useAction } from '../../../shared/action';
import { fieldErrorsOf, messageOf } from '../../../shared/errors';
import { LoadingScreen } from '../../../ui';
import { AccountScreen } from './account-screen';

/** /merchant/account (anyone signed in): their details and a new password. */
export default function AccountContainer() {
  const me = useStaffMe();
  const change = useChangePassword();
  const [saved, setSaved] = useState<{ ended: number } | null>(null);
  const save = useAction(async (current: string, next: string) => {
    setSaved(null);
    setSaved(await change(current, next));
  });
  const wrongCurrent = Boolean(fieldErrorsOf(save.error).current_password);
  if (!me.data) return <LoadingScreen />;
  return (
    <AccountScreen
      me={me.data.staff}
      saving={save.pending}
      saved={saved}
      error={save.error && !wrongCurrent ? messageOf(save.error) : null}
      currentError={wrongCurrent ? say`That is not your current password.` : null}
      onChangePassword={(current, next) => void save.run(current, next)}
    />
  );
}
