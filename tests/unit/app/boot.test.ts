// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { appConfigKey, settingsKey } from '../../../src/api/settings';
import { bootFallback, readBootData } from '../../../src/app/boot';
import { matchRoute, type PathName, paths, ROUTE_SOURCES } from '#contract/routes';

function setBoot(text: string | null) {
  document.getElementById('boot-data')?.remove();
  if (text === null) return;
  const el = document.createElement('script');
  el.type = 'application/json';
  el.id = 'boot-data';
  el.textContent = text;
  document.head.append(el);
}

afterEach(() => setBoot(null));

describe('boot data in the page', () => {
  it('gives the settings and the configuration to SWR as starting data', () => {
    setBoot(JSON.stringify({ settings: { setting_company: 'Kopi Senja' }, app_config: { google_client_id: null } }));
    const boot = readBootData();
    expect(bootFallback(boot)).toEqual({ [settingsKey]: { setting_company: 'Kopi Senja' }, [appConfigKey]: { google_client_id: null } });
  });

  it('is empty when the page has none or it is not JSON, so the app asks for itself', () => {
    expect(readBootData()).toEqual({});
    setBoot('{not json');
    expect(readBootData()).toEqual({});
    setBoot('"a string"');
    expect(readBootData()).toEqual({});
    expect(bootFallback({})).toEqual({});
  });
});

describe("the one route matcher (the app's guards and titles, the gateway's preloads)", () => {
  it('matches literal routes before parameterised ones, one segment per parameter, exact case', () => {
    const expected: Record<string, PathName | null> = {
      '/order/home': 'orderHome',
      '/order/KS-0001': 'order',
      '/order/home/': 'orderHome',
      '/reward/redeem/free-coffee': 'rewardRedeem',
      '/reward/storage/used': 'rewardStorage',
      '/top-up-success': 'topUpSuccess',
      '/top-up-success/order': 'topUpSuccessOrder',
      '/': 'alterLogin',
      '/nope': null,
      '/order/a/b': null,
      '/HOME': null,
      '/order/%E0%A4%A': null,
    };
    for (const [path, name] of Object.entries(expected)) expect(matchRoute(path), path).toBe(name);
    for (const [name, pattern] of Object.entries(paths)) expect(matchRoute(pattern.replace(/:[a-z]+/g, 'x1'))).toBe(name);
  });

  it('has a container for every route', () => {
    expect(Object.keys(ROUTE_SOURCES).sort()).toEqual((Object.keys(paths) as PathName[]).sort());
  });
});
