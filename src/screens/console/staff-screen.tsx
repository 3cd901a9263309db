import { useId, useState, type FormEvent } from 'react';
import type { StaffMember, StaffRole } from '#contract/merchant';
import { isEmailAddress } from '#contract/checks';
import { Badge, Button, Card, ConfirmRemove, EmptyState, ErrorState, Notice, SkeletonGroup, SkeletonText, TextField, cx, focusRing } from '../../ui';
import { ROLE_LABEL } from './console-layout';

export interface CreatedInvite {
  /** the whole link to share: /merchant/invite#<code> on this shop's address */
  link: string;
  role: StaffRole;
  email: string | null;
  /** when the link stops working, already written for people ("24 Nov, 14:05") */
  expires: string;
}

export interface StaffScreenProps {
  staff?: StaffMember[];
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  /** the signed-in owner's own id: they cannot remove themselves here */
  meId: number;
  onInvite: (role: StaffRole, email: string | undefined) => void;
  inviting?: boolean;
  invite?: CreatedInvite | null;
  inviteError?: string | null;
  onChangeRole: (id: number, role: StaffRole) => void;
  onRemove: (id: number) => void;
  /** the member a change is being saved for */
  busyId?: number | null;
  /** a refused change (the last owner cannot be demoted or removed …) */
  actionError?: string | null;
  /** copies the invitation link; absent where the browser cannot */
  onCopy?: (link: string) => void;
}

const ROLE_HELP: Record<StaffRole, string> = {
  owner: 'Everything: the brand, the staff, and every page of the console.',
  staff: 'Orders and the counter only.',
};

function InviteForm({ onInvite, inviting, inviteError }: Pick<StaffScreenProps, 'onInvite' | 'inviting' | 'inviteError'>) {
  const [role, setRole] = useState<StaffRole>('staff');
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const roleName = useId();
  function submit(e: FormEvent) {
    e.preventDefault();
    if (email.trim() && !isEmailAddress(email)) return setProblem('Enter an e-mail address such as ana@example.com, or leave it empty.');
    setProblem(undefined);
    onInvite(role, email.trim() || undefined);
  }
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium">Role</legend>
        {(['staff', 'owner'] as const).map((r) => (
          <label key={r} className="flex items-start gap-2">
            <input type="radio" name={roleName} value={r} checked={role === r} onChange={() => setRole(r)} className={cx('mt-1 size-4', focusRing)} />
            <span>
              <span className="font-medium">{ROLE_LABEL[r]}</span> <span className="text-muted">— {ROLE_HELP[r]}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <TextField label="Their e-mail (optional)" hint="Only this address can use the link." type="email" value={email} onChange={(e) => setEmail(e.target.value)} error={problem} disabled={inviting} />
      {inviteError && (
        <Notice tone="danger">
          {inviteError}
        </Notice>
      )}
      <Button type="submit" loading={inviting}>
        Create invitation link
      </Button>
    </form>
  );
}

/** /merchant/staff (owners): who can sign in, with which role; invitations, role changes, removals. */
export function StaffScreen(props: StaffScreenProps) {
  const { staff, loading, error, onRetry, meId, invite, onChangeRole, onRemove, busyId, actionError, onCopy } = props;
  const [removing, setRemoving] = useState<StaffMember | null>(null);

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
      <section aria-labelledby="staff-list-heading" className="flex flex-col gap-3">
        <h2 id="staff-list-heading" className="text-lg font-semibold">
          People who can sign in
        </h2>
        {actionError && (
          <Notice tone="danger">
            {actionError}
          </Notice>
        )}
        {loading && !staff ? (
          <SkeletonGroup label="Loading the staff">
            <SkeletonText lines={4} />
          </SkeletonGroup>
        ) : error && !staff ? (
          <ErrorState title="We could not load the staff" message={error} onRetry={onRetry} />
        ) : !staff || staff.length === 0 ? (
          <EmptyState title="Nobody yet" description="Invite the people who work at the counter." />
        ) : (
          <ul className="flex flex-col gap-2">
            {staff.map((m) => (
              <Card as="li" key={m.id} className="flex flex-wrap items-center justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-medium">
                    {m.name} {m.id === meId && <Badge>You</Badge>}
                  </p>
                  <p className="truncate text-sm text-muted">{m.email}</p>
                </div>
                <div className="flex items-center gap-2">
                  <label className="sr-only" htmlFor={`role-${m.id}`}>
                    Role of {m.name}
                  </label>
                  <select
                    id={`role-${m.id}`}
                    className={cx('min-h-11 rounded-xl border border-border bg-surface-raised px-3 text-base text-ink disabled:opacity-60', focusRing)}
                    value={m.role}
                    disabled={busyId === m.id}
                    onChange={(e) => onChangeRole(m.id, e.target.value as StaffRole)}
                  >
                    <option value="staff">{ROLE_LABEL.staff}</option>
                    <option value="owner">{ROLE_LABEL.owner}</option>
                  </select>
                  {m.id !== meId && (
                    <Button variant="secondary" size="sm" disabled={busyId === m.id} onClick={() => setRemoving(m)} aria-label={`Remove ${m.name}`}>
                      Remove
                    </Button>
                  )}
                </div>
              </Card>
            ))}
          </ul>
        )}
      </section>
      <Card as="section" title="Invite someone" headingLevel={2} className="self-start">
        <div className="mt-3 flex flex-col gap-4">
          <InviteForm onInvite={props.onInvite} inviting={props.inviting} inviteError={props.inviteError} />
          {invite && (
            <Notice tone="success" title="Invitation link ready">
              <p className="text-ink">
                Send this link to {invite.email ?? 'the person you invite'} ({ROLE_LABEL[invite.role]}). It works once, until {invite.expires}.
              </p>
              <p className="mt-2 rounded-lg border border-border bg-surface-raised p-2 font-mono text-sm break-all text-ink">{invite.link}</p>
              {onCopy && (
                <Button className="mt-2" variant="secondary" size="sm" onClick={() => onCopy(invite.link)}>
                  Copy link
                </Button>
              )}
            </Notice>
          )}
        </div>
      </Card>
      <ConfirmRemove item={removing} description="They are signed out at once and can no longer sign in. Their past changes stay in the activity log." onRemove={(r) => onRemove(r.id)} onClose={() => setRemoving(null)} />
    </div>
  );
}
