/** The calls of the merchant's site settings and the provider's health, declared once (api.ts); their schemas and words are in settings.ts. */
import { call } from './api';
import type { HealthData, PreviewQuery, SiteSettings } from './settings';

export const settingsApi = {
  mainSetting: call.anyone.get<SiteSettings>('settings/main-setting'),
  health: call.anyone.get<HealthData>('health'),
  preview: call.anyone.get<SiteSettings, PreviewQuery>('settings/preview'),
};
