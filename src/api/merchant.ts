/**
 * The merchant console's calls (paths under `merchant/`). The staff session is the gateway's own
 * HttpOnly cookie, separate from a customer's: nothing here holds a token.
 */
import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import type { ActivityKind } from '#contract/activity';
import type {
  AuditListData,
  ImageData,
  PendingInvitesData,
  PreviewLinkData,
  StaffInviteData,
  StaffLinkData,
  StaffListData,
  StaffMember,
  StaffRole,
  StaffSessionData,
  StaffSessionState,
  ThemeDraftData,
  ThemeSettings,
  ThemeVersionData,
  ThemeVersionsData,
} from '#contract/merchant';
import type { ImagePurpose } from '#contract/staff-checks';
import { cached } from './cached';
import { apiPost, fetcher, type Key } from './client';
import { useMutation } from './mutation';

export interface StaffMeData {
  staff: StaffMember;
}

/** The signed-in member, on a page only they reach (401 SESSION_EXPIRED when their session ended meanwhile). */
export const useStaffMe = () => useSWR<StaffMeData>(cached.staffMe, fetcher, { shouldRetryOnError: false });
/**
 * Who is signed in, asked by every console page first: answered 200 whoever asks (`staff: null` when
 * nobody is), so a signed-out visitor's browser shows no failed call; and whether the shop has an owner.
 */
export const useStaffSession = () => useSWR<StaffSessionState>(cached.staffSession, fetcher, { shouldRetryOnError: false });
export const useStaffList = () => useSWR<StaffListData>(cached.staffList, fetcher);
export const usePendingInvites = () => useSWR<PendingInvitesData>(cached.staffInvites, fetcher);

/** What the activity log shows: everything, or one person's (a staff id, or the machine key), one kind's, between two days. */
export interface ActivityFilter {
  person?: number | 'machine' | undefined;
  kind?: ActivityKind | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** The audit log, newest first, page by page, filtered. */
export function useAuditLog(filter: ActivityFilter = {}) {
  return useSWRInfinite<AuditListData>(
    (index: number, previous: AuditListData | null): Key | null =>
      previous && previous.next_page === null ? null : [cached.audit, { page: previous?.next_page ?? index + 1, person: filter.person, kind: filter.kind, from: filter.from, to: filter.to }],
    fetcher,
  );
}

/** What a one-time link is for (its page shows the shop, the role, who sent it, the fixed address); never retried: a dead link stays dead. */
export const useStaffLink = (token: string | null) =>
  useSWR<StaffLinkData>(token ? ['merchant/auth/link', { token }] : null, ([, q]: readonly [string, { token: string }]) => apiPost<StaffLinkData>('merchant/auth/link', q), { shouldRetryOnError: false, revalidateOnFocus: false });

export interface PasswordForm {
  token: string;
  name: string;
  email: string;
  password: string;
}

const signedIn = {
  writes: (a: StaffSessionData) => [
    { key: cached.staffMe, data: { staff: a.staff } },
    { key: cached.staffSession, data: { staff: a.staff, has_owner: true } },
  ],
};
export const useStaffLogin = () => useMutation((email: string, password: string) => apiPost<StaffSessionData>('merchant/auth/login', { email, password }), signedIn);
export const useStaffSetup = () => useMutation((form: PasswordForm) => apiPost<StaffSessionData>('merchant/auth/setup', form), signedIn);
export const useAcceptInvite = () => useMutation((form: PasswordForm) => apiPost<StaffSessionData>('merchant/auth/accept-invite', form), signedIn);

const signedOut = {
  writes: () => [
    { key: cached.staffMe, data: undefined },
    { key: cached.staffSession, data: { staff: null, has_owner: true } },
  ],
  refreshes: [cached.staffSession],
};
export const useStaffLogout = () => useMutation(() => apiPost<null>('merchant/auth/logout'), signedOut);
export const useStaffLogoutAll = () => useMutation(() => apiPost<null>('merchant/auth/logout-all'), signedOut);

/** A new password for the signed-in member: the current one first; their other sessions end. */
export const useChangePassword = () => useMutation((current: string, next: string) => apiPost<{ ended: number }>('merchant/auth/password', { current_password: current, new_password: next }), { refreshes: [cached.audit] });
/** Forgot password: a reset link e-mailed to the address if it is a team member's (the same answer either way). */
export const useForgotPassword = () => useMutation((email: string) => apiPost<null>('merchant/auth/forgot', { email }), {});
export const useResetPassword = () => useMutation((token: string, password: string) => apiPost<null>('merchant/auth/reset', { token, password }), {});

const staffChanges = { refreshes: [cached.staffList, cached.staffInvites, cached.audit], wait: true };
export interface InviteForm {
  role: StaffRole;
  email?: string | undefined;
  /** the owner's own password, typed again: an owner invitation needs it */
  password?: string | undefined;
}
export const useInviteStaff = () =>
  useMutation(
    (form: InviteForm) => apiPost<StaffInviteData>('merchant/staff/invite', { role: form.role, ...(form.email ? { email: form.email } : {}), ...(form.password ? { password: form.password } : {}) }),
    { refreshes: [cached.staffInvites, cached.audit] },
  );
export const useRevokeInvite = () => useMutation((id: number) => apiPost<null>('merchant/staff/invites/revoke', { id }), staffChanges);
export const useChangeRole = () => useMutation((id: number, role: StaffRole) => apiPost<{ staff: StaffMember }>('merchant/staff/update', { id, role }), staffChanges);
export const useRemoveStaff = () => useMutation((id: number) => apiPost<null>('merchant/staff/remove', { id }), staffChanges);

// ---------------------------------------------------------------------------------------------
// The theme studio
// ---------------------------------------------------------------------------------------------

export const useThemeDraft = () => useSWR<ThemeDraftData>(cached.themeDraft, fetcher, { revalidateOnFocus: false });
export const useThemeVersions = () => useSWR<ThemeVersionsData>(cached.themeVersions, fetcher);

/** Keeps the draft on the server: the answer is the draft as saved, with its contrast checks. */
export const useSaveThemeDraft = () => useMutation((draft: ThemeSettings) => apiPost<ThemeDraftData>('merchant/theme/draft', draft), { writes: (a) => [{ key: cached.themeDraft, data: a }] });
const published = { refreshes: [cached.themeDraft, cached.themeVersions, cached.audit, cached.settings] };
export const usePublishTheme = () => useMutation(() => apiPost<{ version: ThemeVersionData }>('merchant/theme/publish'), published);
export const useRestoreTheme = () => useMutation((id: number) => apiPost<{ version: ThemeVersionData }>('merchant/theme/restore', { id }), published);
export const useThemePreviewLink = () => useMutation(() => apiPost<PreviewLinkData>('merchant/theme/preview-link'), {});

/** An image (PNG, JPEG or WebP, at most 2 MB), sent as base64: the provider checks its content and stores it no larger than `purpose` is shown. */
export const useUploadImage = () =>
  useMutation((file: { base64: string; name: string; type: string; purpose?: ImagePurpose }) => apiPost<ImageData>('merchant/images', { file: file.base64, name: file.name, type: file.type, ...(file.purpose ? { purpose: file.purpose } : {}) }), {});
