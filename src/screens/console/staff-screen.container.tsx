import { useState } from 'react';
import type { StaffRole } from '#contract/merchant';
import { useChangeRole, useInviteStaff, useRemoveStaff, useStaffList, useStaffMe } from '../../api/merchant';
import { messageOf } from '../../app/errors';
import { useRowActions } from './save.container';
import { StaffScreen, type CreatedInvite } from './staff-screen';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

/** /merchant/staff (owners). */
export default function StaffContainer() {
  const me = useStaffMe();
  const list = useStaffList();
  const inviteStaff = useInviteStaff();
  const changeRole = useChangeRole();
  const removeStaff = useRemoveStaff();
  const [inviting, setInviting] = useState(false);
  const [invite, setInvite] = useState<CreatedInvite | null>(null);
  const [inviteError, setInviteError] = useState<string | null>(null);
  const rows = useRowActions<number>();

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
      onInvite={async (role: StaffRole, email) => {
        setInviting(true);
        setInviteError(null);
        try {
          const made = await inviteStaff(role, email);
          setInvite({ link: `${window.location.origin}/merchant/invite#${made.invite_token}`, role: made.role, email: made.email, expires: when(made.expires_at) });
        } catch (err) {
          setInviteError(messageOf(err));
        } finally {
          setInviting(false);
        }
      }}
      onChangeRole={(id, role) => void rows.act(id, () => changeRole(id, role))}
      onRemove={(id) => void rows.act(id, () => removeStaff(id))}
      busyId={rows.busy}
      actionError={rows.error}
      {...(navigator.clipboard ? { onCopy: (link: string) => void navigator.clipboard.writeText(link) } : {})}
    />
  );
}
