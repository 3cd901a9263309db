/**
 * When Home offers to install the app (issue 31): after the customer's first order, never on their first
 * visit, never once installed, and not again for 30 days after "Not now". Where the browser can prompt
 * (Chromium's `beforeinstallprompt`, captured here) it offers an Install button; on iOS, where no browser
 * can, the steps through the Share menu. Loaded with Home's code only: nothing of it is on /login.
 */
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';

/** Chromium's event (not in TypeScript's DOM library). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** After "Not now", asked again no sooner than this (ms). */
export const INSTALL_COOL_OFF_MS = 30 * 24 * 60 * 60 * 1000;
export const DISMISSED_KEY = 'install.dismissedAt';
export const VISITS_KEY = 'install.visits';
const COUNTED_KEY = 'install.counted';

export interface InstallSituation {
  /** running installed (display-mode standalone, or iOS's navigator.standalone) */
  standalone: boolean;
  /** the browser handed over its install prompt (`beforeinstallprompt`) */
  canPrompt: boolean;
  /** iOS or iPadOS, where installing is Share → Add to Home Screen */
  ios: boolean;
  /** the customer has ordered at least once */
  hasOrdered: boolean;
  /** visits (browser sessions) that opened Home, this one included */
  visits: number;
  /** when "Not now" was last chosen (ms), or null */
  dismissedAt: number | null;
  now: number;
}

export type InstallOffer = 'prompt' | 'ios' | null;

/** What Home offers in this situation: the browser's prompt, the iOS steps, or nothing. */
export function installOffer(s: InstallSituation): InstallOffer {
  if (s.standalone || !s.hasOrdered || s.visits < 2) return null;
  if (s.dismissedAt !== null && s.now - s.dismissedAt < INSTALL_COOL_OFF_MS) return null;
  if (s.canPrompt) return 'prompt';
  return s.ios ? 'ios' : null;
}

/** iOS or iPadOS (which says it is a Mac, but has touch). */
export function isIos(userAgent: string, maxTouchPoints: number): boolean {
  return /iPad|iPhone|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}

function readNumber(storage: Storage, key: string): number | null {
  const n = Number(storage.getItem(key) ?? Number.NaN);
  return Number.isFinite(n) ? n : null;
}

/** Counts this visit once per browser session (a tab's sessionStorage) and answers the count. */
export function countVisit(local: Storage, session: Storage): number {
  const visits = readNumber(local, VISITS_KEY) ?? 0;
  if (session.getItem(COUNTED_KEY)) return visits;
  session.setItem(COUNTED_KEY, '1');
  local.setItem(VISITS_KEY, String(visits + 1));
  return visits + 1;
}

// The browser's prompt, captured whenever it comes (it comes once per page load, maybe before Home shows).
let deferred: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((l) => l());
if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault(); // no mini-infobar: Home offers it at its moment
    deferred = e as BeforeInstallPromptEvent;
    changed();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    changed();
  });
}
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

function isStandalone(): boolean {
  return window.matchMedia?.('(display-mode: standalone)').matches || (navigator as Navigator & { standalone?: boolean }).standalone === true;
}

function safely<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback; // storage refused (a private window's quota, a blocked cookie setting)
  }
}

export type InstallPromptState = 'prompt' | 'ios' | 'installed' | null;

/**
 * Home's install offer: what to show, and what Install and Not now do. `installed` once the browser
 * says the app was installed from the offer (shown until closed).
 */
export function useInstallPrompt(hasOrdered: boolean): { state: InstallPromptState; install: () => void; dismiss: () => void } {
  const prompt = useSyncExternalStore(
    subscribe,
    () => deferred,
    () => null,
  );
  const [visits] = useState(() => safely(() => countVisit(localStorage, sessionStorage), 0));
  const [dismissedAt, setDismissedAt] = useState(() => safely(() => readNumber(localStorage, DISMISSED_KEY), null));
  const [installed, setInstalled] = useState(false);
  const [now] = useState(() => Date.now());
  const [ios] = useState(() => isIos(navigator.userAgent, navigator.maxTouchPoints ?? 0));
  const [standalone] = useState(isStandalone);

  useEffect(() => {
    const done = () => setInstalled(true);
    window.addEventListener('appinstalled', done);
    return () => window.removeEventListener('appinstalled', done);
  }, []);

  const dismiss = useCallback(() => {
    const at = Date.now();
    safely(() => localStorage.setItem(DISMISSED_KEY, String(at)), undefined);
    setDismissedAt(at);
    setInstalled(false);
  }, []);

  const install = useCallback(() => {
    if (!deferred) return;
    const event = deferred;
    deferred = null; // a prompt can be shown once
    void event.prompt();
    void event.userChoice.then((choice) => {
      if (choice.outcome === 'accepted') setInstalled(true);
      else dismiss();
    });
    changed();
  }, [dismiss]);

  if (installed) return { state: 'installed', install, dismiss };
  return { state: installOffer({ standalone, canPrompt: prompt !== null, ios, hasOrdered, visits, dismissedAt, now }), install, dismiss };
}
