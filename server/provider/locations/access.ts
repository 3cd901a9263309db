import type { StaffRole } from '#contract/staff';
import type { Database } from '../../db';
import { AppError } from '../http/errors';
import { staffLocationIds } from '../staff/staff.repo';

/**
 * Which locations a signed-in member may work at: an owner every one, a staff member those listed for
 * them (none listed: every one). The board, the tickets, the counter and the pause switch check it.
 */
export type LocationScope = 'all' | readonly number[];

export async function locationScope(db: Database, staff: { id: number; role: StaffRole }): Promise<LocationScope> {
  if (staff.role === 'owner') return 'all';
  const ids = await staffLocationIds(db, staff.id);
  return ids.length === 0 ? 'all' : ids;
}

/** Whether the scope covers a location; an order older than locations (null) is everyone's. */
export function inScope(scope: LocationScope, locationId: number | null): boolean {
  return scope === 'all' || locationId === null || scope.includes(locationId);
}

/** 403 LOCATION_FORBIDDEN unless the scope covers the location. */
export function assertInScope(scope: LocationScope, locationId: number | null): void {
  if (!inScope(scope, locationId)) throw new AppError('LOCATION_FORBIDDEN', 'You work at another location: ask an owner to add you to this one.');
}
