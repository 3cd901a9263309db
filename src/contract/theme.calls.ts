/**
 * The calls of the theme (the console's Brand page, and a share-preview link's read), declared once (api.ts);
 * their schemas are in theme.ts, their words in theme.spec.ts.
 */
import { call } from './api';
import { previewCall } from './settings.calls';
import type { PreviewLinkData, ThemeDraftData, ThemeSettings, ThemeVersionOnlyData, ThemeVersionsData } from './theme';

export const themeApi = {
  draft: call.owner.get<ThemeDraftData>('merchant/theme/draft'),
  saveDraft: call.owner.post<ThemeDraftData, ThemeSettings>('merchant/theme/draft'),
  publish: call.owner.post<ThemeVersionOnlyData>('merchant/theme/publish'),
  versions: call.owner.get<ThemeVersionsData>('merchant/theme/versions'),
  restore: call.owner.post<ThemeVersionOnlyData, { id: number }>('merchant/theme/restore'),
  previewLink: call.owner.post<PreviewLinkData>('merchant/theme/preview-link', { status: 201 }),
  /** public: whoever holds a live preview link sees the draft, read-only (declared with the settings) */
  preview: previewCall,
};
