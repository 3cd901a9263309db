import { t as say } from '@lingui/core/macro';
import { useMemo, useState } from 'react';
import { consoleHref } from '#contract/console-routes';
import type { SiteSettings } from '#contract';
import type { StaffRole } from '#contract/staff';
import { useMerchantLocations } from '../../../api/locations';
import {
  useChangeRole,
  useSetStaffLocations,
  useInviteStaff,
  usePendingInvites,
  useRemoveStaff,
  useRevokeInvite,
  useStaffList,
  useStaffMe,
} from '../../../api/staff';
import { useSettings } from '../../../api/settings';
import { useAction } from '../../../shared/action';
import { fieldErrorsOf, messageOf } from '../../../shared/errors';
import { consoleTimeFormat, linkExpiryFormat } from '../shared/console-format';
import { useRowActions } from '../shared/save.container';
import { StaffScreen, type CreatedInvite } from './staff-screen';

/** /merchant/staff (owners). */
export default function StaffContainer() {
  const me = useStaffMe();
  const list = useStaffList();
  const pending = usePendingInvites();
  const settings = useSettings().data as SiteSettings | undefined;
  const when = useMemo(() => consoleTimeFormat(settings), [settings]);
  const until = useMemo(() => linkExpiryFormat(settings), [settings]);
  const inviteStaff = useInviteStaff();
  const revokeInvite = useRevokeInvite();
  const changeRole = useChangeRole();
  const removeStaff = useRemoveStaff();
  const setLocations = useSetStaffLocations();
  const locations = useMerchantLocations();
  const [invite, setInvite] = useState<CreatedInvite | null>(null);
  const inviting = useAction(async (role: StaffRole, email: string | undefined, password: string | undefined) => {
    const made = await inviteStaff({ role, email, password });
    setInvite({
      link: `${window.location.origin}${consoleHref('invite')}#${made.invite_token}`,
      role: made.role,
      email: made.email,
      expires: until(made.expires_at),
      emailed: made.emailed,
    });
  });
  const wrongPassword = Boolean(fieldErrorsOf(inviting.error).password);
  const rows = useRowActions<number>();
  // making an owner: its own action, answered in its dialog (a wrong password is typed again there)
  const promote = useAction((id: number, password: string) => changeRole(id, 'owner', password));
  const promoteWrongPassword = Boolean(fieldErrorsOf(promote.error).password);
  const revokes = useRowActions<number>();

  return (
    <StaffScreen
      staff={list.data?.staff}
      loading={list.isLoading}
      error={list.error ? messageOf(list.error) : null}
      onRetry={() => void list.mutate()}
      meId={me.data?.staff.id ?? 0}
      inviting={inviting.pending}
      invite={invite}
      inviteError={inviting.error && !wrongPassword ? messageOf(inviting.error) : null}
      invitePasswordError={wrongPassword ? say`That is not your password. Type it again.` : null}
      onInvite={(role: StaffRole, email, password) => void inviting.run(role, email, password)}
      invites={pending.data?.invites.map((i) => ({
        id: i.id,
        role: i.role,
        email: i.email,
        by: i.created_by?.name ?? say`the operator`,
        created: when(i.created_at),
        expires: until(i.expires_at),
      }))}
      invitesError={pending.error ? messageOf(pending.error) : null}
      onRevoke={(id) => void revokes.act(id, () => revokeInvite(id))}
      revokingId={revokes.busy}
      onChangeRole={(id, role, password) =>
        void (role === 'owner' && password ? promote.run(id, password) : rows.act(id, () => changeRole(id, role, password)))
      }
      makingOwner={promote.pending}
      makeOwnerError={promote.error ? (promoteWrongPassword ? say`That is not your password. Type it again.` : messageOf(promote.error)) : null}
      onMakeOwnerClose={promote.reset}
      onRemove={(id) => void rows.act(id, () => removeStaff(id))}
      locations={locations.data?.locations}
      onSetLocations={(id, ids) => void rows.act(id, () => setLocations(id, ids))}
      busyId={rows.busy}
      actionError={rows.error ?? revokes.error}
      {...(navigator.clipboard ? { onCopy: (link: string) => void navigator.clipboard.writeText(link) } : {})}
    />
  );
}
