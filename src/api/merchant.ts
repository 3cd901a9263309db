/**
 * The merchant console's theme studio and images (staff.ts has the sign-in and the team).
 */
import useSWR from 'swr';
import type { ImageData, PreviewLinkData, ThemeDraftData, ThemeSettings, ThemeVersionData, ThemeVersionsData } from '#contract/merchant';
import type { ImagePurpose } from '#contract/staff-checks';
import { cached } from './cached';
import { apiPost, fetcher } from './client';
import { useMutation } from './mutation';

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
