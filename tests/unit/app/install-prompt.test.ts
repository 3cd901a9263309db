import { describe, expect, it } from 'vitest';
import { countVisit, DISMISSED_KEY, INSTALL_COOL_OFF_MS, installOffer, isIos, VISITS_KEY, type InstallSituation } from '../../../src/app/install-prompt';

/** A Storage in memory (the unit project runs in Node). */
function memoryStorage(): Storage {
  const m = new Map<string, string>();
  return {
    get length() {
      return m.size;
    },
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: (i) => [...m.keys()][i] ?? null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, String(v)),
  };
}

const NOW = Date.UTC(2026, 10, 26, 9);
const ready: InstallSituation = { standalone: false, canPrompt: true, ios: false, hasOrdered: true, visits: 2, dismissedAt: null, now: NOW };

describe('when Home offers to install the app', () => {
  it("offers the browser's prompt after a first order, from the second visit on", () => {
    expect(installOffer(ready)).toBe('prompt');
    expect(installOffer({ ...ready, visits: 7 })).toBe('prompt');
  });

  it('offers the Share steps on iOS, where no browser can prompt', () => {
    expect(installOffer({ ...ready, canPrompt: false, ios: true })).toBe('ios');
  });

  it.each<[string, Partial<InstallSituation>]>([
    ['before any order', { hasOrdered: false }],
    ['on the first visit', { visits: 1 }],
    ['when the visit could not be counted', { visits: 0 }],
    ['when already installed', { standalone: true }],
    ['when installed on iOS', { standalone: true, canPrompt: false, ios: true }],
    ['where the browser cannot prompt and it is not iOS (Firefox, or a prompt used up)', { canPrompt: false }],
    ['a day after Not now', { dismissedAt: NOW - 24 * 3600 * 1000 }],
    ['29 days after Not now', { dismissedAt: NOW - INSTALL_COOL_OFF_MS + 1 }],
  ])('offers nothing %s', (_why, change) => {
    expect(installOffer({ ...ready, ...change })).toBeNull();
  });

  it('offers again once the 30 days after Not now are over', () => {
    expect(installOffer({ ...ready, dismissedAt: NOW - INSTALL_COOL_OFF_MS })).toBe('prompt');
    expect(installOffer({ ...ready, canPrompt: false, ios: true, dismissedAt: NOW - INSTALL_COOL_OFF_MS - 1 })).toBe('ios');
  });

  it('counts a visit once per browser session, across Home opened again in it', () => {
    const local = memoryStorage();
    const first = memoryStorage();
    expect(countVisit(local, first)).toBe(1);
    expect(countVisit(local, first)).toBe(1);
    expect(countVisit(local, memoryStorage())).toBe(2);
    expect(local.getItem(VISITS_KEY)).toBe('2');
    // a damaged count starts again rather than failing
    local.setItem(VISITS_KEY, 'many');
    expect(countVisit(local, memoryStorage())).toBe(1);
    expect(local.getItem(DISMISSED_KEY)).toBeNull();
  });

  it('knows iOS and iPadOS (which says it is a Mac with touch), and nothing else', () => {
    const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
    const ipad = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15';
    const android = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';
    expect(isIos(iphone, 5)).toBe(true);
    expect(isIos(ipad, 5)).toBe(true);
    expect(isIos(ipad, 0)).toBe(false);
    expect(isIos(android, 5)).toBe(false);
  });
});
