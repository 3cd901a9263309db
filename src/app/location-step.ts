import { paths } from '#contract/routes';

/**
 * The router state around /set-location, the step that chooses coordinates for an address. The point
 * itself is kept in the checkout (`location`); the state says where to come back to, and whether the
 * page coming back should take the point (so an old point never lands on an unrelated form).
 */
export interface LocationStepState {
  /** Where /set-location continues to: /add-new-address (default) or /profile/add-address. */
  returnTo?: string;
  /** The address being edited on /profile/add-address, to reopen it on return. */
  editingId?: number | null;
}

export interface LocatedState {
  located: true;
  editingId?: number | null;
}

const RETURN_TO: readonly string[] = [paths.addNewAddress, paths.profileAddAddress];

export function readLocationStep(state: unknown): { returnTo: string; editingId: number | null } {
  const s = (state ?? {}) as LocationStepState;
  return {
    returnTo: s.returnTo && RETURN_TO.includes(s.returnTo) ? s.returnTo : paths.addNewAddress,
    editingId: typeof s.editingId === 'number' ? s.editingId : null,
  };
}

export function readLocated(state: unknown): { located: boolean; editingId: number | null } {
  const s = (state ?? {}) as Partial<LocatedState>;
  return { located: s.located === true, editingId: typeof s.editingId === 'number' ? s.editingId : null };
}
