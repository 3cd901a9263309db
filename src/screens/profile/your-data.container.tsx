import { t } from '@lingui/core/macro';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '#contract/routes';
import { appShortName } from '#contract/short-name';
import { downloadMyData, useDeletionStatus, useRequestDeletion } from '../../api/privacy';
import { useAuth } from '../../app/auth/auth-context';
import { useSite } from '../../app/settings';
import { useAction } from '../../shared/action';
import { messageOf } from '../../shared/errors';
import { toast } from '../../ui';
import { formatDate } from '../../ui/lib/dates';
import { YourData } from './your-data';

/**
 * The profile's "Your data": customer/data saved as a file, and customer/deletion (read when the dialog
 * opens) before customer/deletion/request. The request ends every session of the customer's, so a
 * success signs the app out as Log out does and goes to the sign-in page, saying until when signing
 * in keeps the account.
 */
export function YourDataContainer() {
  const { settings } = useSite();
  const { logout } = useAuth();
  const navigate = useNavigate();
  const [deleteOpen, setDeleteOpen] = useState(false);
  const status = useDeletionStatus(deleteOpen);
  const download = useAction(() => downloadMyData(appShortName(settings), settings.timezone));
  const requestDeletion = useRequestDeletion();
  const remove = useAction(async () => {
    const { deletion } = await requestDeletion();
    setDeleteOpen(false);
    // The provider has already ended every session: logout's own call answers 401, which it ignores (the
    // gateway clears the cookie then), and it forgets the customer here as on any log out.
    await logout();
    const day = deletion ? formatDate(deletion.erase_after, settings.locale, settings.timezone) : null;
    const said = day
      ? t`Your account will be deleted on ${day}. Sign in before then to keep it.`
      : t`Your account will be deleted. Sign in before then to keep it.`;
    toast.success(said, { toastId: 'account-deletion', autoClose: 10_000 });
    void navigate(paths.login, { replace: true });
  });

  return (
    <YourData
      onDownload={() => void download.run()}
      downloading={download.pending}
      downloadError={download.error ? messageOf(download.error) : null}
      deleteOpen={deleteOpen}
      onDeleteOpenChange={(open) => {
        // the request under way decides: it closes the dialog itself when it succeeds
        if (remove.pending) return;
        remove.reset();
        setDeleteOpen(open);
      }}
      status={status.data}
      statusError={status.error && !status.data ? messageOf(status.error) : null}
      onRetryStatus={() => void status.mutate()}
      onDelete={() => void remove.run()}
      deleting={remove.pending}
      deleteError={remove.error ? messageOf(remove.error) : null}
      currency={settings.currency}
      locale={settings.locale}
    />
  );
}
