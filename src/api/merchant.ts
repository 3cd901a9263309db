/**
 * The merchant console's calls (paths under `merchant/`). The staff session is the gateway's own
 * HttpOnly cookie, separate from a customer's: nothing here holds a token.
 */
import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import type { AuditListData, ImageData, PreviewLinkData, StaffInviteData, StaffListData, StaffMember, StaffRole, StaffSessionData, ThemeDraftData, ThemeSettings, ThemeVersionData, ThemeVersionsData } from '#contract/merchant';
import { cached } from './cached';
import { apiPost, fetcher, type Key } from './client';
import { useMutation } from './mutation';

export interface StaffMeData {
  staff: StaffMember;
}

/** Who is signed in to the console; 401 SESSION_EXPIRED when nobody is. */
export const useStaffMe = () => useSWR<StaffMeData>(cached.staffMe, fetcher, { shouldRetryOnError: false });
export const useStaffList = () => useSWR<StaffListData>(cached.staffList, fetcher);

/** The audit log, newest first, page by page. */
export function useAuditLog() {
  return useSWRInfinite<AuditListData>(
    (index: number, previous: AuditListData | null): Key | null => (previous && previous.next_page === null ? null : [cached.audit, { page: previous?.next_page ?? index + 1 }]),
    fetcher,
  );
}

export interface PasswordForm {
  token: string;
  name: string;
  email: string;
  password: string;
}

const signedIn = { writes: (a: StaffSessionData) => [{ key: cached.staffMe, data: { staff: a.staff } }] };
export const useStaffLogin = () => useMutation((email: string, password: string) => apiPost<StaffSessionData>('merchant/auth/login', { email, password }), signedIn);
export const useStaffSetup = () => useMutation((form: PasswordForm) => apiPost<StaffSessionData>('merchant/auth/setup', form), signedIn);
export const useAcceptInvite = () => useMutation((form: PasswordForm) => apiPost<StaffSessionData>('merchant/auth/accept-invite', form), signedIn);

const signedOut = { writes: () => [{ key: cached.staffMe, data: undefined }], refreshes: [cached.staffMe] };
export const useStaffLogout = () => useMutation(() => apiPost<null>('merchant/auth/logout'), signedOut);
export const useStaffLogoutAll = () => useMutation(() => apiPost<null>('merchant/auth/logout-all'), signedOut);

const staffChanges = { refreshes: [cached.staffList, cached.audit], wait: true };
export const useInviteStaff = () => useMutation((role: StaffRole, email?: string) => apiPost<StaffInviteData>('merchant/staff/invite', { role, ...(email ? { email } : {}) }), { refreshes: [cached.audit] });
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

/** An image for the theme (PNG, JPEG or WebP, at most 2 MB), sent as base64: the provider checks its content. */
export const useUploadImage = () => useMutation((file: { base64: string; name: string; type: string }) => apiPost<ImageData>('merchant/images', { file: file.base64, name: file.name, type: file.type }), {});
