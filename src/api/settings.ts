import useSWR from 'swr';
import { cached } from './cached';
import { fetcher } from './client';
import type { SiteSettings } from '#contract';

export const settingsKey = cached.settings;

/** Site settings: read once per session (they change rarely); failures are logged and the app renders anyway. */
export function useSettings() {
  return useSWR<SiteSettings>(settingsKey, fetcher, { revalidateOnFocus: false, revalidateIfStale: false });
}

export interface AppConfig {
  google_client_id: string | null;
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

export const appConfigKey = cached.appConfig;

export function useAppConfig() {
  return useSWR<AppConfig>(appConfigKey, fetchAppConfig, { revalidateOnFocus: false, revalidateIfStale: false });
}
