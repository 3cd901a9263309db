import { afterEach, describe, expect, it } from 'vitest';
import { appConfigKey, settingsKey } from '../../../src/api/settings';
import { bootFallback, readBootData } from '../../../src/app/boot';
import { ROUTE_SOURCES } from '../../../src/app/route-sources';
import { routeOfPath } from '../../../server/gateway/page-html';
import { routeNameOf } from '../../../src/app/guards';
import { paths, type PathName } from '../../../src/app/paths';

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

describe("the gateway's route matching", () => {
  it('finds the same route as the app for every path, parameters and unknown paths included', () => {
    const samples: string[] = ['/order/home', '/order/KS-0001', '/reward/redeem/free-coffee', '/reward/storage/used', '/top-up-success', '/top-up-success/order', '/', '/nope', '/order/a/b'];
    for (const pattern of Object.values(paths)) samples.push(pattern.replace(/:[a-z]+/g, 'x1'));
    for (const p of samples) expect(routeOfPath(p), p).toBe(routeNameOf(p));
  });

  it('has a container for every route', () => {
    expect(Object.keys(ROUTE_SOURCES).sort()).toEqual((Object.keys(paths) as PathName[]).sort());
  });
});
