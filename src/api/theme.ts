/** The theme (the console's Brand page): the draft kept on the server, publishing, versions, share-preview links. */
import { settingsApi } from '#contract/settings.calls';
import { staffApi } from '#contract/staff.calls';
import type { ThemeSettings } from '#contract/theme';
import { themeApi } from '#contract/theme.calls';
import { callApi, keyOf } from './client';
import { useCall } from './use-call';
import { useMutation } from './mutation';

const draftKey = keyOf(themeApi.draft);

export const useThemeDraft = () => useCall(themeApi.draft, undefined, { revalidateOnFocus: false });
export const useThemeVersions = () => useCall(themeApi.versions);

/** Keeps the draft on the server: the answer is the draft as saved, with its contrast checks. */
export const useSaveThemeDraft = () =>
  useMutation((draft: ThemeSettings) => callApi(themeApi.saveDraft, draft), { writes: (a) => [{ key: draftKey, data: a }] });
const published = { refreshes: [themeApi.draft.path, themeApi.versions.path, staffApi.audit.path, settingsApi.mainSetting.path] };
export const usePublishTheme = () => useMutation(() => callApi(themeApi.publish), published);
export const useRestoreTheme = () => useMutation((id: number) => callApi(themeApi.restore, { id }), published);
export const useThemePreviewLink = () => useMutation(() => callApi(themeApi.previewLink), {});
