/**
 * The map's address search (`GET /map/search`, server/gateway/map-search.ts) against a local stand-in
 * of a Nominatim-compatible geocoder, and the map's configuration (MAP_TILE_URL, MAP_TILE_ATTRIBUTION,
 * GEOCODER_URL): what reaches the geocoder, bad input, the limits, a geocoder down, the CSP.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { UPSTREAM_SECRET, cspOf, fakeUpstream, startGateway, testConfig, type FakeUpstream, type TestGateway } from './gateway.helpers';
import { customersApi } from '#contract/customers.calls';
import { providerUrl } from '../support/calls';

interface Seen {
  url: URL;
  headers: http.IncomingHttpHeaders;
}

/** A Nominatim stand-in: answers every search with one place in Makati, or fails as told. */
async function fakeGeocoder(): Promise<{ url: string; seen: Seen[]; mode: { fail: 'no' | '500' | 'hang' }; close(): Promise<void> }> {
  const seen: Seen[] = [];
  const mode = { fail: 'no' as 'no' | '500' | 'hang' };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    seen.push({ url, headers: req.headers });
    if (mode.fail === 'hang') return;
    if (mode.fail === '500') return void res.writeHead(500).end('overloaded');
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify([
        {
          display_name: '21 Calle Mabini, Poblacion, Makati, Metro Manila, 1210, Philippines',
          lat: '14.5649',
          lon: '121.0305',
          address: { house_number: '21', road: 'Calle Mabini', suburb: 'Poblacion', city: 'Makati', postcode: '1210', country: 'Philippines' },
        },
        { display_name: 'no coordinates', lat: 'x', lon: '1' },
      ]),
    );
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/search`,
    seen,
    mode,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}

const CUSTOMER = { cookie: 'sid=customer-session-a' };
const search = (gw: TestGateway, q: string | null, headers: Record<string, string> = CUSTOMER) =>
  fetch(`${gw.url}/map/search${q === null ? '' : `?q=${encodeURIComponent(q)}`}`, { headers });

let upstream: FakeUpstream;
let geocoder: Awaited<ReturnType<typeof fakeGeocoder>>;
let gw: TestGateway;

/** the provider's answer to who a session is: the tests' customer-session-… tokens are live, any other is not */
const LIVE = 'customer-session-';
let profileAsks = 0;

beforeAll(async () => {
  upstream = await fakeUpstream((app) =>
    app.get(providerUrl('', customersApi.profile), (req, res) => {
      profileAsks += 1;
      if (req.headers.authorization?.startsWith(`Bearer ${LIVE}`)) return void res.json({ status: 200, message: 'OK', data: { id: 1 } });
      res.status(401).json({ status: 401, message: 'Please sign in again.', data: null, error: { code: 'SESSION_EXPIRED' } });
    }),
  );
  geocoder = await fakeGeocoder();
  gw = await startGateway({
    config: testConfig({ map: { ...testConfig().map, geocoderUrl: geocoder.url, geocoderUserAgent: 'loyalty-app/0.1 (https://shop.example; platform wato)' } }),
    providerBase: upstream.base,
    secret: UPSTREAM_SECRET,
  });
});

afterAll(async () => {
  await gw?.close();
  await geocoder?.close();
  await upstream?.close();
});

describe('GET /map/search', () => {
  it('refuses a made-up cookie of the right shape: the provider says whether the session is live, asked once a minute', async () => {
    geocoder.seen.length = 0;
    const forged = await search(gw, 'Makati', { cookie: 'sid=made-up-session-0123456789' });
    expect(forged.status).toBe(401);
    expect(((await forged.json()) as { error: { code: string } }).error.code).toBe('SESSION_EXPIRED');
    expect(geocoder.seen).toEqual([]);
    const asked = profileAsks;
    expect((await search(gw, 'Poblacion')).status).toBe(200);
    expect((await search(gw, 'Bel-Air')).status).toBe(200);
    expect(profileAsks - asked).toBeLessThanOrEqual(1);
  });

  it('forwards the search to the configured geocoder and answers the places as address fields', async () => {
    geocoder.seen.length = 0;
    const res = await search(gw, '  21 Calle Mabini,   Makati ', { ...CUSTOMER, 'accept-language': 'en-PH,en;q=0.8' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as { data: { results: unknown[] } };
    expect(body.data.results).toEqual([
      {
        label: '21 Calle Mabini, Poblacion, Makati, Metro Manila, 1210, Philippines',
        lat: 14.5649,
        lng: 121.0305,
        line1: '21 Calle Mabini',
        city: 'Makati',
        postal_code: '1210',
      },
    ]);
    expect(geocoder.seen).toHaveLength(1);
    const [call] = geocoder.seen;
    expect(call!.url.pathname).toBe('/search');
    expect(call!.url.searchParams.get('q')).toBe('21 Calle Mabini, Makati');
    expect(call!.url.searchParams.get('format')).toBe('jsonv2');
    expect(call!.url.searchParams.get('addressdetails')).toBe('1');
    // Nominatim's policy: an application's own User-Agent; the customer's cookie never leaves
    expect(call!.headers['user-agent']).toBe('loyalty-app/0.1 (https://shop.example; platform wato)');
    expect(call!.headers['accept-language']).toBe('en-PH');
    expect(call!.headers.cookie).toBeUndefined();
  });

  it('answers a repeated search from its copy, without asking the geocoder again', async () => {
    await search(gw, 'Ayala Avenue');
    const before = geocoder.seen.length;
    expect((await search(gw, 'ayala  avenue')).status).toBe(200);
    expect(geocoder.seen.length).toBe(before);
  });

  it('refuses an empty or overlong search with a clear 400, asking nothing', async () => {
    const before = geocoder.seen.length;
    for (const q of [null, '', '   ', 'x'.repeat(201)]) {
      const res = await search(gw, q);
      expect(res.status, String(q)).toBe(400);
      const body = (await res.json()) as { message: string; error: { code: string; fields: Record<string, string> } };
      expect(body.error.code).toBe('VALIDATION');
      expect(body.message).toMatch(q && q.length > 200 ? /at most 200 characters/ : /Type an address or a place/);
      expect(body.error.fields.q).toBe(body.message);
    }
    expect(geocoder.seen.length).toBe(before);
  });

  it('is for signed-in customers only', async () => {
    const res = await search(gw, 'Makati', {});
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('SESSION_EXPIRED');
  });

  it('answers 503 with a plain message when the geocoder fails or does not answer in time', async () => {
    const g = await startGateway({
      config: testConfig({ map: { ...testConfig().map, geocoderUrl: geocoder.url } }),
      providerBase: upstream.base,
      secret: UPSTREAM_SECRET,
    });
    try {
      geocoder.mode.fail = '500';
      let res = await search(g, 'Poblacion');
      expect(res.status).toBe(503);
      const body = (await res.json()) as { message: string; error: { code: string } };
      expect(body.error.code).toBe('GEOCODER_UNAVAILABLE');
      expect(body.message).toBe('Address search is not available right now. Drag the pin or type the coordinates instead.');
      geocoder.mode.fail = 'hang';
      const started = Date.now();
      res = await search(g, 'Salcedo');
      expect(res.status).toBe(503);
      expect(Date.now() - started).toBeLessThan(8000);
    } finally {
      geocoder.mode.fail = 'no';
      await g.close();
    }
    // nothing listening at all
    const down = await startGateway({
      config: testConfig({ map: { ...testConfig().map, geocoderUrl: 'http://127.0.0.1:9/search' } }),
      providerBase: upstream.base,
      secret: UPSTREAM_SECRET,
    });
    try {
      const res = await search(down, 'Makati');
      expect(res.status).toBe(503);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('GEOCODER_UNAVAILABLE');
    } finally {
      await down.close();
    }
  }, 20_000);

  it('says search is not set up when GEOCODER_URL is off', async () => {
    const g = await startGateway({
      config: testConfig({ map: loadConfig({ GEOCODER_URL: 'off' }).map }),
      providerBase: upstream.base,
      secret: UPSTREAM_SECRET,
    });
    try {
      const res = await search(g, 'Makati');
      expect(res.status).toBe(503);
      expect(((await res.json()) as { message: string }).message).toMatch(/not set up for this shop/);
      expect(((await (await fetch(`${g.url}/app-config.json`)).json()) as { map: { search: boolean } }).map.search).toBe(false);
    } finally {
      await g.close();
    }
  });

  it('limits searches per session, then per client address, with Retry-After', async () => {
    const g = await startGateway({
      config: testConfig({ map: { ...testConfig().map, geocoderUrl: geocoder.url } }),
      providerBase: upstream.base,
      secret: UPSTREAM_SECRET,
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++) statuses.push((await search(g, `street ${i}`)).status);
      expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
      const refused = await search(g, 'one more');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('RATE_LIMITED');
      // another session from the same address still searches, until the address's own limit (60 a minute)
      expect((await search(g, 'street 0', { cookie: 'sid=customer-session-b' })).status).toBe(200);
      const fresh: number[] = [];
      for (let i = 0; i < 45; i++) fresh.push((await search(g, 'street 1', { cookie: `sid=customer-session-fresh-${i}` })).status);
      expect(fresh.join(',')).toContain('429');
    } finally {
      await g.close();
    }
  });
});

describe('the map configuration', () => {
  const problems = (env: Record<string, string>): string[] => {
    try {
      loadConfig(env);
      return [];
    } catch (err) {
      if (err instanceof ConfigError) return err.problems;
      throw err;
    }
  };

  it("defaults to OpenStreetMap's tiles, and to the public Nominatim outside production only", () => {
    expect(loadConfig({}).map).toMatchObject({
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      tileAttribution: '© OpenStreetMap contributors',
      geocoderUrl: 'https://nominatim.openstreetmap.org/search',
    });
    const production = { NODE_ENV: 'production', TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`, TWILIO_AUTH_TOKEN: 'token', TWILIO_FROM: '+639170000000' };
    expect(loadConfig(production).map.geocoderUrl).toBeNull();
    expect(loadConfig({ ...production, GEOCODER_URL: 'https://geo.shop.example/search' }).map.geocoderUrl).toBe('https://geo.shop.example/search');
    expect(loadConfig({ MAP_TILE_URL: 'off', GEOCODER_URL: 'off' }).map).toMatchObject({ tileUrl: null, geocoderUrl: null });
  });

  it('refuses a bad tile URL, a custom one without its credit line, and a bad geocoder URL, saying what they must be', () => {
    expect(problems({ MAP_TILE_URL: 'tiles.example/{z}/{x}/{y}.png', MAP_TILE_ATTRIBUTION: 'x' })[0]).toMatch(
      /^MAP_TILE_URL must be off, or an https:\/\/ URL of raster tiles with \{z\}, \{x\} and \{y\}/,
    );
    expect(problems({ MAP_TILE_URL: 'https://tiles.example/{z}/{x}.png', MAP_TILE_ATTRIBUTION: 'x' })[0]).toMatch(/^MAP_TILE_URL must/);
    expect(problems({ MAP_TILE_URL: 'https://{s}.tiles.example/{z}/{x}/{y}.png', MAP_TILE_ATTRIBUTION: 'x' })[0]).toMatch(/no \{s\}/);
    expect(problems({ MAP_TILE_URL: 'http://tiles.example/{z}/{x}/{y}.png', MAP_TILE_ATTRIBUTION: 'x' })[0]).toMatch(/http:\/\/ only on this machine/);
    expect(problems({ MAP_TILE_URL: 'https://tiles.example/{z}/{x}/{y}.png' })).toEqual([
      "MAP_TILE_ATTRIBUTION is required with MAP_TILE_URL: the credit line the tiles' provider asks for, such as © OpenStreetMap contributors",
    ]);
    expect(problems({ MAP_TILE_ATTRIBUTION: '<script>' })[0]).toMatch(/^MAP_TILE_ATTRIBUTION must be plain text/);
    expect(problems({ GEOCODER_URL: 'nominatim' })[0]).toMatch(/^GEOCODER_URL must be off, or the https:\/\/ URL of a Nominatim-compatible search/);
    expect(problems({ GEOCODER_URL: 'http://geo.example/search' })[0]).toMatch(/^GEOCODER_URL must/);
    expect(
      problems({ GEOCODER_URL: 'http://127.0.0.1:8080/search', MAP_TILE_URL: 'http://127.0.0.1:8081/{z}/{x}/{y}.png', MAP_TILE_ATTRIBUTION: 'Local tiles' }),
    ).toEqual([]);
  });

  it("puts the tiles' one origin in the CSP's img-src, and nothing when the map is off", async () => {
    const upstreamConfig = { providerBase: upstream.base, secret: UPSTREAM_SECRET };
    const own = await startGateway({
      config: testConfig({ map: loadConfig({ MAP_TILE_URL: 'https://tiles.shop.example/osm/{z}/{x}/{y}.png', MAP_TILE_ATTRIBUTION: '© OpenStreetMap' }).map }),
      ...upstreamConfig,
    });
    const off = await startGateway({ config: testConfig({ map: loadConfig({ MAP_TILE_URL: 'off' }).map }), ...upstreamConfig });
    try {
      expect(cspOf((await fetch(`${own.url}/set-location`)).headers.get('content-security-policy')).get('img-src')).toBe(
        "'self' data: https://tiles.shop.example",
      );
      expect(cspOf((await fetch(`${own.url}/set-location`)).headers.get('content-security-policy')).get('connect-src')).toBe("'self'");
      expect(((await (await fetch(`${own.url}/app-config.json`)).json()) as { map: unknown }).map).toEqual({
        tile_url: 'https://tiles.shop.example/osm/{z}/{x}/{y}.png',
        attribution: '© OpenStreetMap',
        search: true,
      });
      expect(cspOf((await fetch(`${off.url}/set-location`)).headers.get('content-security-policy')).get('img-src')).toBe("'self' data:");
      expect(((await (await fetch(`${off.url}/app-config.json`)).json()) as { map: unknown }).map).toBeNull();
    } finally {
      await own.close();
      await off.close();
    }
  });
});
