import { useMemo, useState } from 'react';
import { consoleHref } from '#contract/console-routes';
import type { SiteSettings } from '#contract';
import type { StaffRole } from '#contract/merchant';
import { useChangeRole, useInviteStaff, usePendingInvites, useRemoveStaff, useRevokeInvite, useStaffList, useStaffMe } from '../../api/merchant';
import { useSettings } from '../../api/settings';
import { fieldErrorsOf, messageOf } from '../../shared/errors';
import { consoleTimeFormat } from './console-format';
import { useRowActions } from './save.container';
import { StaffScreen, type CreatedInvite } from './staff-screen';

/** /merchant/staff (owners). */
export default function StaffContainer() {
  const me = useStaffMe();
  const list = useStaffList();
  const pending = usePendingInvites();
  const settings = useSettings().data as SiteSettings | undefined;
  const when = useMemo(() => consoleTimeFormat(settings), [settings]);
  const inviteStaff = useInviteStaff();
  const revokeInvite = useRevokeInvite();
  const changeRole = useChangeRole();
  const removeStaff = useRemoveStaff();
  const [inviting, setInviting] = useState(false);
  const [invite, setInvite] = useState<CreatedInvite | null>(null);
  const [inviteError, setInviteError] = useState<string | null>(null);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const rows = useRowActions<number>();
  const revokes = useRowActions<number>();

  return (
    <StaffScreen
      staff={list.data?.staff}
      loading={list.isLoading}
      error={list.error ? messageOf(list.error) : null}
      onRetry={() => void list.mutate()}
      meId={me.data?.staff.id ?? 0}
      inviting={inviting}
      invite={invite}
      inviteError={inviteError}
      invitePasswordError={passwordError}
      onInvite={async (role: StaffRole, email, password) => {
        setInviting(true);
        setInviteError(null);
        setPasswordError(null);
        try {
          const made = await inviteStaff({ role, email, password });
          setInvite({ link: `${window.location.origin}${consoleHref('invite')}#${made.invite_token}`, role: made.role, email: made.email, expires: when(made.expires_at), emailed: made.emailed });
        } catch (err) {
          const fields = fieldErrorsOf(err);
          if (fields.password) setPasswordError('That is not your password. Type it again.');
          else setInviteError(messageOf(err));
        } finally {
          setInviting(false);
        }
      }}
      invites={pending.data?.invites.map((i) => ({ id: i.id, role: i.role, email: i.email, by: i.created_by?.name ?? 'the operator', created: when(i.created_at), expires: when(i.expires_at) }))}
      invitesError={pending.error ? messageOf(pending.error) : null}
      onRevoke={(id) => void revokes.act(id, () => revokeInvite(id))}
      revokingId={revokes.busy}
      onChangeRole={(id, role) => void rows.act(id, () => changeRole(id, role))}
      onRemove={(id) => void rows.act(id, () => removeStaff(id))}
      busyId={rows.busy}
      actionError={rows.error ?? revokes.error}
      {...(navigator.clipboard ? { onCopy: (link: string) => void navigator.clipboard.writeText(link) } : {})}
    />
  );
}
