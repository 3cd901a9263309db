/**
 * The merchant console's sign-in, its team and its activity log. The staff session is the gateway's own
 * HttpOnly cookie, separate from a customer's: nothing here holds a token.
 */
import useSWR from 'swr';
import type { ActivityKind } from '#contract/activity';
import type { StaffRole, StaffSessionData, StaffSetupInput } from '#contract/staff';
import { staffApi } from '#contract/staff.calls';
import { callApi, keyOf } from './client';
import { pagesOf, useCall } from './use-call';
import { useCallPages } from './use-call-pages';
import { useMutation } from './mutation';

const meKey = keyOf(staffApi.me);
const sessionKey = keyOf(staffApi.session);

/** The signed-in member, on a page only they reach (401 SESSION_EXPIRED when their session ended meanwhile). */
export const useStaffMe = () => useCall(staffApi.me, undefined, { shouldRetryOnError: false });
/**
 * Who is signed in, asked by every console page first: answered 200 whoever asks (`staff: null` when
 * nobody is), so a signed-out visitor's browser shows no failed call; and whether the shop has an owner.
 */
export const useStaffSession = () => useCall(staffApi.session, undefined, { shouldRetryOnError: false });
export const useStaffList = () => useCall(staffApi.team);
export const usePendingInvites = () => useCall(staffApi.invites);

/** What the activity log shows: everything, or one person's (a staff id, or the machine key), one kind's, between two days. */
export interface ActivityFilter {
  person?: number | 'machine' | undefined;
  kind?: ActivityKind | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** The audit log, newest first, page by page, filtered. */
export function useAuditLog(filter: ActivityFilter = {}) {
  return useCallPages(pagesOf(staffApi.audit, (page) => ({ page, person: filter.person, kind: filter.kind, from: filter.from, to: filter.to })));
}

/** What a one-time link is for (its page shows the shop, the role, who sent it, the fixed address); never retried: a dead link stays dead. */
export const useStaffLink = (token: string | null) =>
  useSWR(token ? keyOf(staffApi.link, { token }) : null, () => callApi(staffApi.link, { token: token! }), {
    shouldRetryOnError: false,
    revalidateOnFocus: false,
  });

const signedIn = {
  writes: (a: StaffSessionData) => [
    { key: meKey, data: { staff: a.staff } },
    { key: sessionKey, data: { staff: a.staff, has_owner: true } },
  ],
};
export const useStaffLogin = () => useMutation((email: string, password: string) => callApi(staffApi.login, { email, password }), signedIn);
export const useStaffSetup = () => useMutation((form: StaffSetupInput) => callApi(staffApi.setup, form), signedIn);
export const useAcceptInvite = () => useMutation((form: StaffSetupInput) => callApi(staffApi.acceptInvite, form), signedIn);

const signedOut = {
  writes: () => [
    { key: meKey, data: undefined },
    { key: sessionKey, data: { staff: null, has_owner: true } },
  ],
  refreshes: [staffApi.session.path],
};
export const useStaffLogout = () => useMutation(() => callApi(staffApi.logout), signedOut);
export const useStaffLogoutAll = () => useMutation(() => callApi(staffApi.logoutAll), signedOut);

/** A new password for the signed-in member: the current one first; their other sessions end. */
export const useChangePassword = () =>
  useMutation((current: string, next: string) => callApi(staffApi.password, { current_password: current, new_password: next }), {
    refreshes: [staffApi.audit.path],
  });
/** Forgot password: a reset link e-mailed to the address if it is a team member's (the same answer either way). */
export const useForgotPassword = () => useMutation((email: string) => callApi(staffApi.forgot, { email }), {});
export const useResetPassword = () => useMutation((token: string, password: string) => callApi(staffApi.reset, { token, password }), {});

const staffChanges = { refreshes: [staffApi.team.path, staffApi.invites.path, staffApi.audit.path], wait: true };
export interface InviteForm {
  role: StaffRole;
  email?: string | undefined;
  /** the owner's own password, typed again: an owner invitation needs it */
  password?: string | undefined;
}
export const useInviteStaff = () =>
  useMutation(
    (form: InviteForm) =>
      callApi(staffApi.invite, { role: form.role, ...(form.email ? { email: form.email } : {}), ...(form.password ? { password: form.password } : {}) }),
    {
      refreshes: [staffApi.invites.path, staffApi.audit.path],
    },
  );
export const useRevokeInvite = () => useMutation((id: number) => callApi(staffApi.revokeInvite, { id }), staffChanges);
/** the locations a staff member works at (none: every location) */
export const useSetStaffLocations = () =>
  useMutation((id: number, locationIds: number[]) => callApi(staffApi.update, { id, location_ids: locationIds }), staffChanges);
export const useChangeRole = () =>
  useMutation((id: number, role: StaffRole, password?: string) => callApi(staffApi.update, { id, role, ...(password ? { password } : {}) }), staffChanges);
export const useRemoveStaff = () => useMutation((id: number) => callApi(staffApi.remove, { id }), staffChanges);
