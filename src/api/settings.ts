import type { MapConfig } from '#contract/map';
import useSWR from 'swr';
import { previewCall, settingsApi } from '#contract/settings.calls';
import { keyOf, type Key } from './client';
import { useCall } from './use-call';

export const settingsKey = settingsApi.mainSetting.path;

/**
 * A share-preview link from the merchant console (`/?preview=<code>`) shows the draft theme instead of
 * the live one, for the rest of this tab's visit; the provider answers it only while the link lives.
 */
function previewCode(): string | null {
  try {
    const code = new URLSearchParams(location.search).get('preview');
    if (code && /^[\w-]{20,200}$/.test(code)) sessionStorage.setItem('preview', code);
    return sessionStorage.getItem('preview');
  } catch {
    return null;
  }
}

/** Whether this visit shows a share-preview link's draft (the app then says so on every page). */
export function isPreviewVisit(): boolean {
  return previewCode() !== null;
}

/** Where the settings come from: the live ones, or a share-preview link's draft. */
export function settingsSource(): Key {
  const code = previewCode();
  return code ? keyOf(previewCall, { token: code }) : settingsKey;
}

/**
 * Site settings: read again every 10 s while the app is open and when it comes back into view, so an
 * owner's change (a new pickup address, minimum order, points rate) reaches an open app within 15 s
 * (the provider's and the gateway's caches keep the answer at most 5 s each). An unchanged answer
 * changes nothing on the page (SWR compares it). Failures are logged and the app renders anyway.
 */
export function useSettings() {
  const code = previewCode();
  return useCall(code ? previewCall : settingsApi.mainSetting, code ? { token: code } : undefined, {
    revalidateOnFocus: true,
    revalidateIfStale: false,
    refreshInterval: SETTINGS_REFRESH_MS,
  });
}

/** How often an open app reads the settings again (ms). */
const SETTINGS_REFRESH_MS = 10_000;

export interface AppConfig {
  google_client_id: string | null;
  /** the address map (null: none); missing from a gateway older than the map */
  map?: MapConfig | null;
}

export async function fetchAppConfig(): Promise<AppConfig> {
  try {
    const res = await fetch('/app-config.json', { credentials: 'same-origin' });
    if (!res.ok) return { google_client_id: null };
    return (await res.json()) as AppConfig;
  } catch {
    return { google_client_id: null };
  }
}

/** The SWR key of the gateway's /app-config.json (not an API call: the gateway's own, the same for everyone). */
export const appConfigKey = 'app-config';

export function useAppConfig() {
  return useSWR(appConfigKey, fetchAppConfig, { revalidateOnFocus: false, revalidateIfStale: false });
}
