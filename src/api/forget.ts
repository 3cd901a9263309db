/**
 * Forgetting the customer (on sign-in, logout and an expired session): SWR's answers about them, and
 * the copies the service worker keeps for offline use (src/sw.ts), so the next person on a shared phone
 * sees none of it. Apart from mutation.ts because the entry needs it and the sign-in pages need nothing
 * else of that file: /login's first load stays within its budget.
 */
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { CUSTOMER_CACHE } from '../pwa/offline-reads';
import { appConfigKey, settingsKey } from './settings';

/** The API path an entry of SWR's cache came from: the key itself, or the first part of an array key. */
export function pathOf(key: unknown): string | null {
  if (typeof key === 'string') return key;
  return Array.isArray(key) && typeof key[0] === 'string' ? key[0] : null;
}

/** The merchant's settings and the app's configuration: the same for every customer, kept across sign-ins. */
const MERCHANT_DATA: ReadonlySet<string> = new Set([settingsKey, appConfigKey]);

/** Deletes the service worker's copies of the customer's reads (nothing to do without Cache Storage). */
export async function forgetOfflineCopies(): Promise<void> {
  try {
    if (typeof caches !== 'undefined') await caches.delete(CUSTOMER_CACHE);
  } catch {
    // storage the browser refuses (privacy modes) holds no copies either
  }
}

/**
 * Forgets every answer about the customer, without asking again, and the worker's offline copies; the
 * merchant's settings stay, so the signed-out pages keep the shop's look.
 */
export function useForgetCustomer(): () => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(async () => {
    await Promise.all([forgetOfflineCopies(), mutate((key) => !MERCHANT_DATA.has(pathOf(key) ?? ''), undefined, { revalidate: false })]);
  }, [mutate]);
}
