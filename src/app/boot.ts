import type { SiteSettings } from '#contract';
import { appConfigKey, settingsKey, type AppConfig } from '../api/settings';

/**
 * What the gateway puts in index.html (server/gateway/boot-data.ts): the merchant's settings and the
 * app's configuration, so the first page renders without asking for them. Either may be missing (an
 * outside host serving the build, the provider down): the app then asks for them as usual.
 */
export interface BootData {
  settings?: SiteSettings;
  app_config?: AppConfig;
}

export function readBootData(doc: Document = document): BootData {
  const text = doc.getElementById('boot-data')?.textContent;
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as BootData) : {};
  } catch {
    return {};
  }
}

/** SWR's starting data for the keys the boot data answers. */
export function bootFallback(boot: BootData): Record<string, unknown> {
  return {
    ...(boot.settings ? { [settingsKey]: boot.settings } : {}),
    ...(boot.app_config ? { [appConfigKey]: boot.app_config } : {}),
  };
}
