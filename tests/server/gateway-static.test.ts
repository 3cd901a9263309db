import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPSTREAM_SECRET, cspOf, fakeUpstream, makeDist, raw, startGateway, testConfig, type FakeUpstream, type TestGateway } from './gateway.helpers';
import { settingsApi } from '#contract/settings.calls';
import { providerUrl } from '../support/calls';
import { API_REFERENCE_DOCUMENT, integratorDocument, referencePage } from '../../scripts/lib/api-reference';

/** The map the app is told of by default: OpenStreetMap's tiles, search on (outside production). */
const OSM_MAP = { tile_url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', attribution: '© OpenStreetMap contributors', search: true };

let upstream: FakeUpstream;
let build: ReturnType<typeof makeDist>;
let gw: TestGateway;
const outboxCalls: string[] = [];

beforeAll(async () => {
  upstream = await fakeUpstream();
  build = makeDist();
  gw = await startGateway({
    config: testConfig({ distDir: build.dist }),
    providerBase: upstream.base,
    secret: UPSTREAM_SECRET,
    outbox: async (phone) => {
      outboxCalls.push(phone);
      return [{ phone, body: 'Your code is 123456', code: '123456' }];
    },
  });
});

afterAll(async () => {
  await gw?.close();
  await upstream?.close();
  build?.cleanup();
});

describe('security headers', () => {
  it('sends a CSP that allows only what the app loads', async () => {
    const res = await fetch(`${gw.url}/profile/wallet`);
    const p = cspOf(res.headers.get('content-security-policy'));
    expect(p.get('default-src')).toBe("'self'");
    expect(p.get('script-src')).toBe("'self'");
    expect(p.get('style-src')).toBe("'self'");
    // the address map's tiles: OpenStreetMap's one origin by default (MAP_TILE_URL), no wildcard
    expect(p.get('img-src')).toBe("'self' data: https://tile.openstreetmap.org");
    expect(p.get('font-src')).toBe("'self'");
    expect(p.get('connect-src')).toBe("'self'");
    expect(p.get('object-src')).toBe("'none'");
    expect(p.get('frame-ancestors')).toBe("'none'");
    expect(p.get('base-uri')).toBe("'none'");
    expect(p.get('form-action')).toBe("'self'");
    expect(p.has('upgrade-insecure-requests')).toBe(false);
    expect(res.headers.get('content-security-policy')).not.toContain('accounts.google.com');
  });

  it("lets only the console's pages compile WebAssembly (its QR decoder), nothing else that evaluates code", async () => {
    for (const path of ['/merchant', '/merchant/counter']) {
      const p = cspOf((await fetch(`${gw.url}${path}`)).headers.get('content-security-policy'));
      expect(p.get('script-src'), path).toBe("'self' 'wasm-unsafe-eval'");
      expect(p.get('default-src'), path).toBe("'self'");
    }
    for (const path of ['/', '/merchantx', '/reward/storage/active']) {
      expect(cspOf((await fetch(`${gw.url}${path}`)).headers.get('content-security-policy')).get('script-src'), path).toBe("'self'");
    }
  });

  it("sends helmet's other headers, and no HSTS on plain http", async () => {
    const res = await fetch(`${gw.url}/`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(res.headers.get('x-powered-by')).toBeNull();
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('puts the headers on API errors too', async () => {
    const res = await fetch(`${gw.url}/api/x`, { method: 'POST', body: 'x' });
    expect(res.status).toBe(415);
    expect(cspOf(res.headers.get('content-security-policy')).get('frame-ancestors')).toBe("'none'");
  });

  it('allows Google Identity Services only when GOOGLE_CLIENT_ID is set', async () => {
    const g = await startGateway({
      config: testConfig({ distDir: build.dist, googleClientId: 'abc.apps.googleusercontent.com' }),
      providerBase: upstream.base,
      secret: UPSTREAM_SECRET,
    });
    try {
      const res = await fetch(`${g.url}/login`);
      const p = cspOf(res.headers.get('content-security-policy'));
      expect(p.get('script-src')).toBe("'self' https://accounts.google.com/gsi/client");
      expect(p.get('frame-src')).toBe('https://accounts.google.com/gsi/');
      expect(p.get('connect-src')).toBe("'self' https://accounts.google.com/gsi/");
      expect(p.get('style-src')).toBe("'self' https://accounts.google.com/gsi/style");
      expect(p.get('frame-ancestors')).toBe("'none'");
      expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
      const config = await fetch(`${g.url}/app-config.json`);
      expect(await config.json()).toEqual({ google_client_id: 'abc.apps.googleusercontent.com', map: OSM_MAP });
    } finally {
      await g.close();
    }
  });
});

describe('the built app', () => {
  it('serves hashed assets for a year, immutable', async () => {
    const res = await fetch(`${gw.url}/assets/index-abc123.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(await res.text()).toBe('console.log("app");');
  });

  it('compresses what it sends when the browser accepts it, and only then', async () => {
    const code = `export const names = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `item-${i}`))};`;
    writeFileSync(join(build.dist, 'assets', 'big-abc123.js'), code);
    const path = '/assets/big-abc123.js';
    const br = await raw(gw.url, 'GET', path, { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(br.headers['content-length'] ?? br.body.length)).toBeLessThan(code.length / 3);
    const gzip = await raw(gw.url, 'GET', path, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await raw(gw.url, 'GET', path, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(code);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // fetch decodes: what the app receives is the file as written
    expect(await (await fetch(`${gw.url}${path}`)).text()).toBe(code);
  });

  it("sends the build's own compressed copy of an asset, the strongest the browser accepts", async () => {
    const path = '/assets/pre-abc123.js';
    const dir = join(build.dist, 'assets');
    // Chromium's accept-encoding: the brotli file the build wrote, byte for byte, not a compression of its own
    const br = await raw(gw.url, 'GET', path, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.bytes.equals(readFileSync(join(dir, 'pre-abc123.js.br')))).toBe(true);
    expect(br.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gzip = await raw(gw.url, 'GET', path, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.bytes.equals(readFileSync(join(dir, 'pre-abc123.js.gz')))).toBe(true);
    const plain = await raw(gw.url, 'GET', path, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(readFileSync(join(dir, 'pre-abc123.js'), 'utf8'));
    // the browser reads the file as written
    expect(await (await fetch(`${gw.url}${path}`)).text()).toBe(plain.body);
  });

  it('answers 404 for a missing asset, never index.html', async () => {
    const res = await fetch(`${gw.url}/assets/index-missing.js`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('<div id="root">');
  });

  it('serves index.html, not cached, for client routes', async () => {
    for (const path of ['/', '/profile/wallet', '/reward/redeem/free-coffee', '/order/KS-0001?x=1', '/login']) {
      const res = await fetch(`${gw.url}${path}`, { headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<div id="root"></div>');
    }
    const head = await fetch(`${gw.url}/profile/wallet`, { method: 'HEAD' });
    expect(head.status).toBe(200);
  });

  it("serves the merchant console's own page under /merchant, its assets for a year, and none of it elsewhere", async () => {
    mkdirSync(join(build.dist, 'merchant', 'assets'), { recursive: true });
    writeFileSync(
      join(build.dist, 'merchant', 'index.html'),
      '<!doctype html><html><head><title>Merchant console</title></head><body><div id="console"></div></body></html>',
    );
    writeFileSync(join(build.dist, 'merchant', 'assets', 'console-abc123.js'), 'console.log("console");');
    for (const path of ['/merchant', '/merchant/', '/merchant/sign-in', '/merchant/staff', '/merchant/setup']) {
      const res = await fetch(`${gw.url}${path}`, { headers: { accept: 'text/html' } });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const html = await res.text();
      expect(html, path).toContain('<div id="console"></div>');
      // no customer boot data or preloads in the console's page
      expect(html).not.toContain('boot-data');
    }
    const asset = await fetch(`${gw.url}/merchant/assets/console-abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(`${gw.url}/merchant/assets/missing.js`, { headers: { accept: 'text/html' } })).status).toBe(404);
    // the customer app's pages stay the customer's
    expect(await (await fetch(`${gw.url}/merchantx`, { headers: { accept: 'text/html' } })).text()).toContain('<div id="root"></div>');
    expect(await (await fetch(`${gw.url}/login`, { headers: { accept: 'text/html' } })).text()).not.toContain('console');
    // with no console built, its pages say so plainly
    rmSync(join(build.dist, 'merchant'), { recursive: true, force: true });
    const missing = await fetch(`${gw.url}/merchant/staff`, { headers: { accept: 'text/html' } });
    expect(missing.status).toBe(503);
    expect(await missing.text()).toContain('not built yet');
  });

  it('serves the API reference at /developers/ with a policy of its own, its files, and nothing else there', async () => {
    const published = JSON.parse(readFileSync('docs/openapi.json', 'utf8')) as { servers: Array<{ url: string }> };
    mkdirSync(join(build.dist, 'developers', 'assets'), { recursive: true });
    writeFileSync(join(build.dist, 'developers', 'index.html'), referencePage('assets/redoc-abc123.js'));
    writeFileSync(join(build.dist, 'developers', API_REFERENCE_DOCUMENT), JSON.stringify(integratorDocument(published)));
    writeFileSync(join(build.dist, 'developers', 'assets', 'redoc-abc123.js'), 'console.log("redoc");');
    try {
      const bare = await fetch(`${gw.url}/developers`, { redirect: 'manual' });
      expect(bare.status).toBe(301);
      expect(bare.headers.get('location')).toBe('/developers/');
      const page = await fetch(`${gw.url}/developers/`, { headers: { accept: 'text/html' } });
      expect(page.status).toBe(200);
      expect(page.headers.get('cache-control')).toBe('no-cache');
      expect(await page.text()).toContain(`<redoc spec-url="${API_REFERENCE_DOCUMENT}"`);
      // Redoc's styles are <style> elements: inline styles there, and scripts still from this origin only
      const p = cspOf(page.headers.get('content-security-policy'));
      expect(p.get('script-src')).toBe("'self'");
      expect(p.get('style-src')).toBe("'self' 'unsafe-inline'");
      expect(p.get('worker-src')).toBe('blob:');
      expect(p.get('connect-src')).toBe("'self'");
      expect(p.get('frame-ancestors')).toBe("'none'");
      expect(p.get('form-action')).toBe("'none'");
      expect(p.get('script-src-attr')).toBe("'none'");
      // its document names this shop's own address first, and every other page keeps the app's policy
      const doc = await fetch(`${gw.url}/developers/${API_REFERENCE_DOCUMENT}`);
      expect(doc.status).toBe(200);
      expect(((await doc.json()) as { servers: Array<{ url: string }> }).servers.map((s) => s.url)).toEqual(['/api', ...published.servers.map((s) => s.url)]);
      expect(cspOf(doc.headers.get('content-security-policy')).get('style-src')).toBe("'self'");
      for (const path of ['/developersx', '/developers/x/', '/', '/merchant']) {
        expect(
          cspOf((await fetch(`${gw.url}${path}`, { headers: { accept: 'text/html' } })).headers.get('content-security-policy')).get('style-src'),
          path,
        ).toBe("'self'");
      }
      const script = await fetch(`${gw.url}/developers/assets/redoc-abc123.js`);
      expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      // nothing else under /developers is a page of the app
      for (const path of ['/developers/nothing', '/developers/assets/missing.js']) {
        const res = await fetch(`${gw.url}${path}`, { headers: { accept: 'text/html' } });
        expect(res.status, path).toBe(404);
        expect(await res.text(), path).not.toContain('<div id="root">');
      }
    } finally {
      rmSync(join(build.dist, 'developers'), { recursive: true, force: true });
    }
    const missing = await fetch(`${gw.url}/developers/`, { headers: { accept: 'text/html' } });
    expect(missing.status).toBe(503);
    expect(await missing.text()).toContain('not built yet');
  });

  it('revalidates other build files on each use', async () => {
    const res = await fetch(`${gw.url}/favicon.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it('does not answer index.html to non-page requests', async () => {
    expect((await fetch(`${gw.url}/profile/wallet`, { headers: { accept: 'application/json' } })).status).toBe(404);
    expect((await fetch(`${gw.url}/__dev/nothing`, { headers: { accept: 'text/html' } })).status).toBe(404);
    expect((await fetch(`${gw.url}/healthz/more`, { headers: { accept: 'text/html' } })).status).toBe(404);
    expect((await fetch(`${gw.url}/profile`, { method: 'POST', headers: { accept: 'text/html' } })).status).toBe(404);
  });

  it('never serves a file outside the build folder', async () => {
    for (const path of [
      '/..%2f..%2fpackage.json',
      '/..%2fpackage.json',
      '/assets/../../package.json',
      '/assets/../package.json',
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/assets/%2e%2e/%2e%2e/secret.txt',
      '/assets/..%5c..%5csecret.txt',
      '/%2e%2e%2f%2e%2e%2fsecret.txt',
      '//etc/passwd',
    ]) {
      const res = await raw(gw.url, 'GET', path, { accept: 'text/html' });
      expect(res.body, path).not.toContain('OUTSIDE-THE-BUILD');
      expect(res.body, path).not.toContain('root:');
      expect(res.status === 200 ? res.body : '', path).not.toMatch(/"name"/);
    }
  });

  it('shows a clear 503 page when there is no build yet', async () => {
    const empty = makeDist();
    rmSync(join(empty.dist, 'index.html'));
    const g = await startGateway({ config: testConfig({ distDir: join(empty.root, 'nothing-here') }), providerBase: upstream.base, secret: UPSTREAM_SECRET });
    try {
      const res = await fetch(`${g.url}/home`);
      expect(res.status).toBe(503);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(await res.text()).toContain('npm run build');
    } finally {
      await g.close();
      empty.cleanup();
    }
  });
});

describe('the gateway endpoints', () => {
  it('tells the app whether Google sign-in is on, not cached', async () => {
    const res = await fetch(`${gw.url}/app-config.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.json()).toEqual({ google_client_id: null, map: OSM_MAP });
  });

  it('answers /healthz 200 when the provider answers a signed health call', async () => {
    const res = await fetch(`${gw.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
    const call = upstream.seen.at(-1)!;
    expect(call.path).toBe(settingsApi.health.path);
    expect(call.signatureValid).toBe(true);
  });

  it('answers /healthz 503 when the provider refuses the signature', async () => {
    const g = await startGateway({ providerBase: upstream.base, secret: 'wrong-secret-123' });
    try {
      const res = await fetch(`${g.url}/healthz`);
      expect(res.status).toBe(503);
    } finally {
      await g.close();
    }
  });

  it('reads the development outbox, with a + that arrived as a space', async () => {
    const res = await fetch(`${gw.url}/__dev/outbox?phone=+639171234567`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect((await res.json()).items).toHaveLength(1);
    expect(outboxCalls.at(-1)).toBe('+639171234567');
    await fetch(`${gw.url}/__dev/outbox?phone=%2B639171234568`);
    expect(outboxCalls.at(-1)).toBe('+639171234568');
    expect((await fetch(`${gw.url}/__dev/outbox?phone=abc`)).status).toBe(400);
  });

  it('has no outbox in production, whatever it is given', async () => {
    const g = await startGateway({
      config: testConfig({ distDir: build.dist, production: true }),
      providerBase: upstream.base,
      secret: UPSTREAM_SECRET,
      outbox: async () => [{ code: '123456' }],
    });
    try {
      const res = await fetch(`${g.url}/__dev/outbox?phone=+639171234567`);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('123456');
    } finally {
      await g.close();
    }
  });

  it('has no outbox without an outbox reader (an external provider)', async () => {
    const g = await startGateway({ config: testConfig({ distDir: build.dist }), providerBase: upstream.base, secret: UPSTREAM_SECRET });
    try {
      expect((await fetch(`${g.url}/__dev/outbox?phone=+639171234567`)).status).toBe(404);
    } finally {
      await g.close();
    }
  });
});

describe('what each page carries (page-html.ts, boot-data.ts)', () => {
  const settings = { setting_company: 'Kopi </script><script>alert(1)</script> Senja', version: 'Full', currency: 'PHP' };
  let settingsUp: FakeUpstream;
  let b: ReturnType<typeof makeDist>;
  let g: TestGateway;

  beforeAll(async () => {
    settingsUp = await fakeUpstream((app) => {
      app.get(providerUrl('', settingsApi.mainSetting), (_req, res) => void res.json({ status: 200, message: 'OK', data: settings }));
    });
    b = makeDist();
    // a build's manifest, shaped like Vite's: the entry, a chunk it shares, and route chunks
    const chunk = (file: string, imports: string[] = []) => ({ file, imports, isDynamicEntry: true });
    const manifest = {
      'index.html': { file: 'assets/index-abc123.js', isEntry: true, imports: ['_shared-1.js'] },
      '_shared-1.js': { file: 'assets/shared-1.js' },
      '_form-1.js': { file: 'assets/form-1.js', imports: ['_shared-1.js'] },
      'src/screens/auth/login-screen.container.tsx': chunk('assets/login-1.js', ['_shared-1.js', '_form-1.js', 'index.html']),
      'src/screens/orders/order-history-screen.container.tsx': chunk('assets/order-history-1.js', ['_shared-1.js']),
      'src/screens/orders/order-detail-screen.container.tsx': chunk('assets/order-detail-1.js', ['_shared-1.js']),
      'src/screens/misc/not-found-screen.container.tsx': chunk('assets/not-found-1.js'),
    };
    mkdirSync(join(b.dist, '.vite'));
    writeFileSync(join(b.dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
    g = await startGateway({
      config: testConfig({ distDir: b.dist, googleClientId: 'client-1.apps.googleusercontent.com' }),
      providerBase: settingsUp.base,
      secret: UPSTREAM_SECRET,
    });
  });

  afterAll(async () => {
    await g?.close();
    await settingsUp?.close();
    b?.cleanup();
  });

  const page = async (url: string) => (await fetch(url, { headers: { accept: 'text/html' } })).text();
  const preloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
  const boot = (html: string) => {
    const m = /<script type="application\/json" id="boot-data">(.*?)<\/script>/s.exec(html);
    return m ? (JSON.parse(m[1]!) as { settings?: unknown; app_config?: unknown }) : null;
  };

  it("preloads the page's own code, not what index.html already loads", async () => {
    expect(preloads(await page(`${g.url}/login`))).toEqual(['/assets/login-1.js', '/assets/form-1.js']);
    expect(preloads(await page(`${g.url}/order/home`))).toEqual(['/assets/order-history-1.js']);
    expect(preloads(await page(`${g.url}/order/KS-0001`))).toEqual(['/assets/order-detail-1.js']);
    expect(preloads(await page(`${g.url}/no/such/page`))).toEqual(['/assets/not-found-1.js']);
    // a route whose chunk the manifest does not name gets no links, and still its page
    const shop = await page(`${g.url}/shop`);
    expect(preloads(shop)).toEqual([]);
    expect(shop).toContain('<div id="root"></div>');
  });

  it("carries the merchant's settings and the app's configuration, safe inside the script element", async () => {
    const html = await page(`${g.url}/login`);
    expect(boot(html)).toEqual({ settings, app_config: { google_client_id: 'client-1.apps.googleusercontent.com', map: OSM_MAP } });
    // the company name's own </script> cannot end the element early
    expect(html.match(/<\/script>/g)?.length).toBe(2);
  });

  it('asks the provider for the settings at most once every few seconds, however many pages it serves', async () => {
    const before = settingsUp.seen.filter((s) => s.path === settingsApi.mainSetting.path).length;
    await Promise.all(Array.from({ length: 20 }, (_, i) => page(`${g.url}/home?n=${i}`)));
    const after = settingsUp.seen.filter((s) => s.path === settingsApi.mainSetting.path).length;
    expect(after - before).toBeLessThanOrEqual(1);
    expect(settingsUp.seen.every((s) => s.signatureValid)).toBe(true);
  });

  it('sends the page at once, without the settings, when the provider cannot be reached', async () => {
    const down = await startGateway({ config: testConfig({ distDir: b.dist }), providerBase: 'http://127.0.0.1:9/api/v2/', secret: UPSTREAM_SECRET });
    try {
      const html = await page(`${down.url}/home`);
      expect(html).toContain('<div id="root"></div>');
      expect(boot(html)).toEqual({ app_config: { google_client_id: null, map: OSM_MAP } });
    } finally {
      await down.close();
    }
  });

  it("never serves the build's manifest", async () => {
    const res = await fetch(`${g.url}/.vite/manifest.json`);
    expect(await res.text()).not.toContain('isEntry');
  });
});
