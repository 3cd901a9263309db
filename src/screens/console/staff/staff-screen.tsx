import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { MerchantLocation } from '#contract/locations';
import type { StaffMember, StaffRole } from '#contract/staff';
import { isEmailAddress } from '#contract/checks';
import { Badge, Button, Card, ConfirmRemove, Dialog, EmptyState, ErrorState, Notice, SkeletonGroup, SkeletonText, TextField, cx, focusRing } from '../../../ui';
import { ROLE_HELP, ROLE_LABEL } from '../layout/console-layout';

export interface CreatedInvite {
  /** the whole link to share: /merchant/invite#<code> on this shop's address */
  link: string;
  role: StaffRole;
  email: string | null;
  /** when the link stops working, already written for people ("24 Nov 2026, 14:05") */
  expires: string;
  /** the link was e-mailed to `email` */
  emailed: boolean;
}

/** An invitation nobody used yet, as the page shows it (times already written for people). */
export interface PendingInviteView {
  id: number;
  role: StaffRole;
  email: string | null;
  /** who made it */
  by: string;
  created: string;
  expires: string;
}

export interface StaffScreenProps {
  staff?: StaffMember[];
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  /** the signed-in owner's own id: they cannot remove themselves here */
  meId: number;
  /** `password`: the owner's own, typed again (an owner invitation needs it) */
  onInvite: (role: StaffRole, email: string | undefined, password: string | undefined) => void;
  inviting?: boolean;
  invite?: CreatedInvite | null;
  inviteError?: string | null;
  /** the provider's word on the typed password (wrong, too many tries) */
  invitePasswordError?: string | null;
  /** invitations not used yet; undefined while loading */
  invites?: PendingInviteView[] | undefined;
  invitesError?: string | null;
  onRevoke: (id: number) => void;
  /** the invitation being cancelled */
  revokingId?: number | null;
  /** `password`: the owner's own, typed again (making someone an owner needs it, as an owner invitation does) */
  onChangeRole: (id: number, role: StaffRole, password?: string) => void;
  /** making an owner is being saved: the dialog stays open, its button busy, until the list shows the new owner */
  makingOwner?: boolean;
  /** why making an owner was refused (a wrong password …): said in the dialog, which stays open */
  makeOwnerError?: string | null;
  /** the make-owner dialog closed (its last refusal can go) */
  onMakeOwnerClose?: () => void;
  onRemove: (id: number) => void;
  /** the member a change is being saved for */
  busyId?: number | null;
  /** a refused change (the last owner cannot be demoted or removed …) */
  actionError?: string | null;
  /** copies the invitation link; absent where the browser cannot */
  onCopy?: (link: string) => void;
  /** the shop's locations: with more than one, where each staff member works can be chosen */
  locations?: ReadonlyArray<Pick<MerchantLocation, 'id' | 'name'>> | undefined;
  /** the locations a staff member works at (none: every location) */
  onSetLocations?: (id: number, locationIds: number[]) => void;
}

/** "Works at: every location" or the names, and the checkboxes that change it (each tick is saved). */
function WorksAt({
  member,
  locations,
  busy,
  onSet,
}: {
  member: StaffMember;
  locations: ReadonlyArray<Pick<MerchantLocation, 'id' | 'name'>>;
  busy: boolean;
  onSet: (ids: number[]) => void;
}) {
  const { t } = useLingui();
  const ids = member.location_ids;
  const names = locations.filter((l) => ids.includes(l.id)).map((l) => l.name);
  const where = ids.length === 0 ? t`every location` : names.join(', ');
  const name = member.name;
  return (
    <details className="w-full text-sm">
      <summary className={cx('cursor-pointer text-muted', focusRing)}>
        <Trans>
          Works at: <span className="text-ink">{where}</span>
        </Trans>
        <span className="sr-only"> {t`— ${name}, change`}</span>
      </summary>
      <fieldset className="mt-2 flex flex-col gap-1" disabled={busy}>
        <legend className="sr-only">
          <Trans>Where {name} works</Trans>
        </legend>
        <p className="text-muted">
          <Trans>They see the orders, the counter and the tickets of the ticked locations. None ticked: every location.</Trans>
        </p>
        {locations.map((l) => (
          <label key={l.id} className="flex min-h-11 items-center gap-2">
            <input
              type="checkbox"
              checked={ids.includes(l.id)}
              onChange={(e) => onSet(e.target.checked ? [...ids, l.id] : ids.filter((x) => x !== l.id))}
              className={cx('size-5', focusRing)}
            />
            {l.name}
          </label>
        ))}
      </fieldset>
    </details>
  );
}

function InviteForm({
  onInvite,
  inviting,
  inviteError,
  invitePasswordError,
}: Pick<StaffScreenProps, 'onInvite' | 'inviting' | 'inviteError' | 'invitePasswordError'>) {
  const { t } = useLingui();
  const [role, setRole] = useState<StaffRole>('staff');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<{ email?: string; password?: string }>({});
  const roleName = useId();
  function submit(e: FormEvent) {
    e.preventDefault();
    const found = {
      ...(email.trim() && !isEmailAddress(email) ? { email: t`Enter an e-mail address such as ana@example.com, or leave it empty.` } : {}),
      ...(role === 'owner' && !password ? { password: t`Type your password: an owner can do everything, so we check it is you.` } : {}),
    };
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    onInvite(role, email.trim() || undefined, role === 'owner' ? password : undefined);
  }
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium">
          <Trans>Role</Trans>
        </legend>
        {(['staff', 'owner'] as const).map((r) => (
          <label key={r} className="flex items-start gap-2">
            <input type="radio" name={roleName} value={r} checked={role === r} onChange={() => setRole(r)} className={cx('mt-1 size-4', focusRing)} />
            <span>
              <span className="font-medium">{ROLE_LABEL[r]}</span> <span className="text-muted">— {ROLE_HELP[r]}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <TextField
        label={t`Their e-mail (optional)`}
        hint={t`Only this address can use the link; we e-mail it to them where the shop sends e-mail.`}
        type="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={problems.email}
        disabled={inviting}
      />
      {role === 'owner' && (
        <TextField
          label={t`Your password`}
          hint={t`An owner can do everything: type your own password to confirm it is you.`}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={problems.password ?? invitePasswordError ?? undefined}
          disabled={inviting}
        />
      )}
      {inviteError && <Notice tone="danger">{inviteError}</Notice>}
      <Button type="submit" loading={inviting}>
        {t`Create invitation link`}
      </Button>
    </form>
  );
}

/** Where the new invitation went (or is to go), its role and until when it works. */
function InviteSent({ invite }: { invite: CreatedInvite }) {
  const { t } = useLingui();
  const role = ROLE_LABEL[invite.role];
  const { email, expires } = invite;
  return (
    <p className="text-ink">
      {invite.emailed
        ? t`We e-mailed this link to ${email} (${role}). It works once, until ${expires}.`
        : email
          ? t`Send this link to ${email} (${role}). It works once, until ${expires}.`
          : t`Send this link to the person you invite (${role}). It works once, until ${expires}.`}
    </p>
  );
}

/** The invitations not used yet, each with its Cancel. */
function PendingInvites({ invites, invitesError, onRevoke, revokingId }: Pick<StaffScreenProps, 'invites' | 'invitesError' | 'onRevoke' | 'revokingId'>) {
  const { t } = useLingui();
  return (
    <section aria-labelledby="invites-heading" className="flex flex-col gap-3 lg:col-span-2">
      <h2 id="invites-heading" className="text-lg font-semibold">
        <Trans>Invitations not used yet</Trans>
      </h2>
      <p className="text-sm text-muted">
        <Trans>
          Each works until it is used, it expires, or you cancel it. One also stops working when the person who made it is removed, made staff or signs out
          everywhere.
        </Trans>
      </p>
      {invitesError && !invites ? (
        <Notice tone="danger">{invitesError}</Notice>
      ) : !invites ? (
        <SkeletonGroup label={t`Loading the invitations`}>
          <SkeletonText lines={2} />
        </SkeletonGroup>
      ) : invites.length === 0 ? (
        <p className="text-muted">
          <Trans>None: every invitation was used, expired or cancelled.</Trans>
        </p>
      ) : (
        <ul className="flex flex-col gap-2">
          {invites.map(({ by, created, expires, email, ...i }) => (
            <Card as="li" key={i.id} className="flex flex-wrap items-center justify-between gap-3">
              <div className="min-w-0">
                <p className="font-medium break-words">
                  {email ?? t`Anyone with the link`} <Badge tone={i.role === 'owner' ? 'warning' : 'neutral'}>{ROLE_LABEL[i.role]}</Badge>
                </p>
                <p className="text-sm text-muted">
                  <Trans>
                    Made by {by} on {created} · works until {expires}
                  </Trans>
                </p>
              </div>
              <Button
                variant="secondary"
                size="sm"
                loading={revokingId === i.id}
                onClick={() => onRevoke(i.id)}
                aria-label={email ? t`Cancel the invitation for ${email}` : t`Cancel the invitation for anyone with the link`}
              >
                {t`Cancel invitation`}
              </Button>
            </Card>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * Asks for the owner's own password before making `member` an owner: an owner can do everything, and a
 * session left open on a counter tablet must not be enough to make one.
 */
function ConfirmOwner({
  member,
  onConfirm,
  onClose,
  saving = false,
  error,
}: {
  member: StaffMember | null;
  onConfirm: (password: string) => void;
  onClose: () => void;
  saving?: boolean;
  error?: string | null;
}) {
  const { t } = useLingui();
  const formId = useId();
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  // closed, by Keep their role, Escape or the list showing the new owner (StaffScreen): the password typed goes with it
  useEffect(() => {
    if (member === null) {
      setPassword('');
      setMissing(false);
    }
  }, [member]);
  // it stays open until the list shows the new owner (StaffScreen closes it), so a refusal is said here
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!password) return setMissing(true);
    setMissing(false);
    onConfirm(password);
  };
  return (
    <Dialog
      open={member !== null}
      onOpenChange={(open) => !open && onClose()}
      title={member ? t`Make ${member.name} an owner?` : t`Make an owner?`}
      description={t`An owner can do everything: change the shop, its money and its team. Type your own password to confirm it is you.`}
      footer={
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t`Keep their role`}
          </Button>
          <Button type="submit" form={formId} loading={saving}>
            {t`Make owner`}
          </Button>
        </div>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <TextField
          label={t`Your password`}
          type="password"
          autoComplete="current-password"
          autoFocus
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={missing ? t`Type your password to make them an owner.` : (error ?? undefined)}
        />
      </form>
    </Dialog>
  );
}

/** A member's role, changed on the spot (an owner through ConfirmOwner). */
function RoleSelect({ member, busy, onChange }: { member: StaffMember; busy: boolean; onChange: (role: StaffRole) => void }) {
  const { t } = useLingui();
  const id = `role-${member.id}`;
  return (
    <>
      <label className="sr-only" htmlFor={id}>
        {t`Role of ${member.name}`}
      </label>
      <select
        id={id}
        className={cx('min-h-11 rounded-xl border border-border bg-surface-raised px-3 text-base text-ink aria-disabled:opacity-60', focusRing)}
        value={member.role}
        // not `disabled`: that would drop the keyboard's focus while the change is saved; a change meanwhile is ignored
        aria-disabled={busy}
        onChange={(e) => !busy && onChange(e.target.value as StaffRole)}
      >
        <option value="staff">{ROLE_LABEL.staff}</option>
        <option value="owner">{ROLE_LABEL.owner}</option>
      </select>
    </>
  );
}

/** /merchant/staff (owners): who can sign in, with which role; invitations, role changes, removals. */
export function StaffScreen(props: StaffScreenProps) {
  const {
    staff,
    loading,
    error,
    onRetry,
    meId,
    invite,
    onChangeRole,
    onRemove,
    busyId,
    actionError,
    onCopy,
    invites,
    invitesError,
    onRevoke,
    revokingId,
    locations = [],
    onSetLocations,
    makingOwner = false,
    makeOwnerError,
    onMakeOwnerClose,
  } = props;
  const { t } = useLingui();
  const [removing, setRemoving] = useState<StaffMember | null>(null);
  const [promoting, setPromoting] = useState<StaffMember | null>(null);
  // the list shows the member an owner now: the make-owner dialog has done its work
  const promoted = promoting !== null && staff?.some((m) => m.id === promoting.id && m.role === 'owner') === true;
  useEffect(() => {
    if (promoted) setPromoting(null);
  }, [promoted]);

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
      <section aria-labelledby="staff-list-heading" className="flex flex-col gap-3">
        <h2 id="staff-list-heading" className="text-lg font-semibold">
          <Trans>People who can sign in</Trans>
        </h2>
        {actionError && <Notice tone="danger">{actionError}</Notice>}
        {loading && !staff ? (
          <SkeletonGroup label={t`Loading the staff`}>
            <SkeletonText lines={4} />
          </SkeletonGroup>
        ) : error && !staff ? (
          <ErrorState title={t`We could not load the staff`} message={error} onRetry={onRetry} />
        ) : !staff || staff.length === 0 ? (
          <EmptyState title={t`Nobody yet`} description={t`Invite the people who work at the counter.`} />
        ) : (
          <ul className="flex flex-col gap-2">
            {staff.map(({ name, ...m }) => (
              <Card as="li" key={m.id} className="flex flex-wrap items-center justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-medium">
                    {name} {m.id === meId && <Badge>{t`You`}</Badge>}
                  </p>
                  <p className="truncate text-sm text-muted">{m.email}</p>
                </div>
                <div className="flex items-center gap-2">
                  <RoleSelect
                    member={{ ...m, name }}
                    busy={busyId === m.id}
                    // an owner is made only with the owner's password (ConfirmOwner); staff at once
                    onChange={(role) => (role === 'owner' ? setPromoting({ ...m, name }) : onChangeRole(m.id, role))}
                  />
                  {m.id !== meId && (
                    <Button variant="secondary" size="sm" disabled={busyId === m.id} onClick={() => setRemoving({ ...m, name })} aria-label={t`Remove ${name}`}>
                      {t`Remove`}
                    </Button>
                  )}
                </div>
                {locations.length > 1 && onSetLocations && m.role === 'staff' && (
                  <WorksAt member={{ ...m, name }} locations={locations} busy={busyId === m.id} onSet={(ids) => onSetLocations(m.id, ids)} />
                )}
              </Card>
            ))}
          </ul>
        )}
      </section>
      <Card as="section" title={t`Invite someone`} headingLevel={2} className="self-start">
        <div className="mt-3 flex flex-col gap-4">
          <InviteForm onInvite={props.onInvite} inviting={props.inviting} inviteError={props.inviteError} invitePasswordError={props.invitePasswordError} />
          {invite && (
            <Notice tone="success" title={invite.emailed ? t`Invitation sent` : t`Invitation link ready`}>
              <InviteSent invite={invite} />
              <p className="mt-2 rounded-lg border border-border bg-surface-raised p-2 font-mono text-sm break-all text-ink">{invite.link}</p>
              {onCopy && (
                <Button className="mt-2" variant="secondary" size="sm" onClick={() => onCopy(invite.link)}>
                  {t`Copy link`}
                </Button>
              )}
            </Notice>
          )}
        </div>
      </Card>
      <PendingInvites invites={invites} invitesError={invitesError} onRevoke={onRevoke} revokingId={revokingId} />
      <ConfirmOwner
        member={promoting}
        onConfirm={(password) => promoting && onChangeRole(promoting.id, 'owner', password)}
        onClose={() => {
          setPromoting(null);
          onMakeOwnerClose?.();
        }}
        saving={makingOwner}
        error={makeOwnerError}
      />
      <ConfirmRemove
        item={removing}
        description={t`They are signed out at once and can no longer sign in; invitations they made stop working. Their past changes stay in Activity.`}
        onRemove={(r) => onRemove(r.id)}
        onClose={() => setRemoving(null)}
      />
    </div>
  );
}
