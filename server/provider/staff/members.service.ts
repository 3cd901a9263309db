import type { StaffMember, StaffRole } from '#contract/staff';
import type { Database } from '../../db';
import type { ProviderContext } from '../context';
import { AppError, notFound, sessionExpired, validation } from '../http/errors';
import { roleForbidden, type StaffOfRequest } from '../http/staff-session';
import type { Caller } from './caller';
import { confirmPassword } from './sessions.service';
import {
  countOwners,
  getLiveStaff,
  insertAudit,
  listLiveStaff,
  locationNames,
  lockLiveStaff,
  lockOwners,
  markStaffRemoved,
  revokeLinksMadeBy,
  revokeResetLinksOf,
  revokeStaffSessions,
  setStaffLocations,
  setStaffRole,
  staffMember,
} from './staff.repo';

/** The team: who is on it, a member's role and locations changed, a member removed; the shop keeps an owner. */

export async function listStaff(ctx: ProviderContext): Promise<StaffMember[]> {
  return (await listLiveStaff(ctx.db)).map(staffMember);
}

/**
 * The caller is still a live owner, read under the owners lock: a request that passed requireStaff just
 * before its caller was demoted or removed (by another owner, at the same moment) changes nothing.
 */
export async function assertStillOwner(trx: Database, actor: StaffOfRequest): Promise<void> {
  const me = await getLiveStaff(trx, actor.id);
  if (!me) throw sessionExpired();
  if (me.role !== 'owner') throw roleForbidden();
}

const lastOwner = () => new AppError('CONFLICT', 'The shop needs at least one owner: make someone else an owner first.');

/** What a staff update changed: its answer's words depend on it. */
export interface StaffUpdated {
  staff: StaffMember;
  roleChanged: boolean;
}

/**
 * Changes a team member's role, or the locations they work at, or both. A new role ends their sessions
 * at once (they sign in again with it), and the links they made. Locations replace theirs (none: every
 * location); each must be a location. Owners work at every location (locationScope never reads their
 * rows), so locations for an owner, or for someone made one in the same change, are refused rather than
 * kept and ignored; someone made an owner loses the locations they had.
 */
export async function updateStaff(
  ctx: ProviderContext,
  actor: StaffOfRequest,
  input: { id: number; role?: StaffRole | undefined; location_ids?: number[] | undefined; password?: string | undefined },
  caller: Caller,
): Promise<StaffUpdated> {
  // an owner is made only with the caller's password typed again (an open session is not enough), checked
  // before any lock is taken: a hash takes a tenth of a second
  if (input.role === 'owner') await confirmPassword(ctx, actor, input.password ?? '', 'password', caller);
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    await lockOwners(trx);
    await assertStillOwner(trx, actor);
    const target = await lockLiveStaff(trx, input.id);
    if (!target) throw notFound('That team member');
    const role = input.role ?? target.role;
    const wanted = input.location_ids ? [...input.location_ids].sort((x, y) => x - y) : undefined;
    if (role === 'owner' && wanted && wanted.length > 0) throw validation({ location_ids: 'must be empty: owners work at every location' });
    const names = await locationNames(trx, [...target.location_ids, ...(wanted ?? [])]);
    const unknown = (wanted ?? []).filter((l) => !names.has(l));
    if (unknown.length > 0)
      throw validation({ location_ids: `must be the shop's locations (${unknown.join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not)` });
    const locationIds = role === 'owner' ? [] : (wanted ?? target.location_ids);
    const roleChanged = role !== target.role;
    const before = staffMember(target);
    if (!roleChanged && JSON.stringify(locationIds) === JSON.stringify(target.location_ids)) return { staff: before, roleChanged };
    if (roleChanged) {
      if (target.role === 'owner' && (await countOwners(trx)) <= 1) throw lastOwner();
      await setStaffRole(trx, target.id, role);
      await revokeStaffSessions(trx, target.id, now);
      await revokeLinksMadeBy(trx, target.id, actor.id, now);
    }
    await setStaffLocations(trx, target.id, locationIds);
    const after = { ...before, role, location_ids: locationIds };
    const named = (ids: readonly number[]) => ids.map((l) => names.get(l) ?? `#${l}`);
    await insertAudit(trx, {
      staffId: actor.id,
      action: roleChanged ? 'staff.role' : 'staff.locations',
      target: `staff:${target.id}`,
      before: { ...before, locations: named(before.location_ids) },
      after: { ...after, locations: named(after.location_ids) },
      now,
    });
    return { staff: after, roleChanged };
  });
}

/** Removes a team member: their account stops signing in, their sessions end and their unused links stop working, at once. */
export async function removeStaff(ctx: ProviderContext, actor: StaffOfRequest, id: number): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    await lockOwners(trx);
    await assertStillOwner(trx, actor);
    const target = await lockLiveStaff(trx, id);
    if (!target) throw notFound('That team member');
    if (target.role === 'owner' && (await countOwners(trx)) <= 1) throw lastOwner();
    await markStaffRemoved(trx, target.id, now);
    await revokeStaffSessions(trx, target.id, now);
    await revokeLinksMadeBy(trx, target.id, actor.id, now);
    await revokeResetLinksOf(trx, target.id, now);
    await insertAudit(trx, { staffId: actor.id, action: 'staff.remove', target: `staff:${target.id}`, before: staffMember(target), after: null, now });
  });
}
