/**
 * The calls of the merchant's site settings and the provider's health, declared once (api.ts); their schemas
 * are in settings.ts, their words in settings.spec.ts.
 */
import { call } from './api';
import type { HealthData, SiteSettings } from './settings';
import type { PreviewQuery } from './theme';

export const settingsApi = {
  mainSetting: call.anyone.get<SiteSettings>('settings/main-setting'),
  health: call.anyone.get<HealthData>('health'),
};

/**
 * A share-preview link's read (public: whoever holds a live link sees the draft, read-only). The theme
 * area serves and documents it (theme.calls.ts names this declaration); the customer app calls it.
 */
export const previewCall = call.anyone.get<SiteSettings, PreviewQuery>('settings/preview');
