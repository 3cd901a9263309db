/**
 * The service worker's place in the security headers (issue 31): the CSP allows this origin's worker and
 * manifest and nothing more, and /sw.js is never kept by a cache, so a fixed worker reaches every browser
 * on its next page load (a worker cached for a year would keep serving the old one). Real HTTP to the
 * gateway over a build folder holding a worker.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cspDirectives } from '../../server/gateway/security';
import { UPSTREAM_SECRET, cspOf, fakeUpstream, makeDist, startGateway, testConfig, type FakeUpstream, type TestGateway } from '../server/gateway.helpers';

let upstream: FakeUpstream;
let build: ReturnType<typeof makeDist>;
let gw: TestGateway;

const WORKER = 'self.addEventListener("fetch", () => {});';

beforeAll(async () => {
  upstream = await fakeUpstream();
  build = makeDist();
  writeFileSync(join(build.dist, 'sw.js'), WORKER);
  gw = await startGateway({ config: testConfig({ distDir: build.dist }), providerBase: upstream.base, secret: UPSTREAM_SECRET });
});

afterAll(async () => {
  await gw?.close();
  await upstream?.close();
  build?.cleanup();
});

/** The directives before the worker: what issue 31 added must be exactly worker-src and manifest-src. */
const BEFORE = [
  'default-src',
  'script-src',
  'style-src',
  'frame-src',
  'connect-src',
  'img-src',
  'font-src',
  'object-src',
  'frame-ancestors',
  'base-uri',
  'form-action',
  'script-src-attr',
];

describe('the CSP and the service worker', () => {
  it("allows this origin's worker and manifest, and nothing more, on the app's and the console's pages", async () => {
    for (const path of ['/login', '/home', '/merchant', '/sw.js']) {
      const res = await fetch(`${gw.url}${path}`);
      const p = cspOf(res.headers.get('content-security-policy'));
      expect(p.get('worker-src'), path).toBe("'self'");
      expect(p.get('manifest-src'), path).toBe("'self'");
      expect([...p.keys()].sort(), path).toEqual([...BEFORE, 'worker-src', 'manifest-src'].sort());
      // nothing else opened for the worker: scripts, connections and frames are as before
      expect(p.get('script-src'), path).toBe(path.startsWith('/merchant') ? "'self' 'wasm-unsafe-eval'" : "'self'");
      expect(p.get('connect-src'), path).toBe("'self'");
      expect(p.get('frame-src'), path).toBe("'none'");
    }
  });

  it('names no other origin for the worker or the manifest, with Google sign-in on too', () => {
    const d = cspDirectives('abc.apps.googleusercontent.com');
    expect(d['worker-src']).toEqual(["'self'"]);
    expect(d['manifest-src']).toEqual(["'self'"]);
    expect(d['child-src']).toBeUndefined();
  });
});

describe('/sw.js', () => {
  it('is served as JavaScript, revalidated on every use (never cached long), with no wider scope', async () => {
    const res = await fetch(`${gw.url}/sw.js`, { headers: { accept: '*/*', 'service-worker': 'script' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('cache-control')).not.toMatch(/max-age=[1-9]|immutable/);
    // the root scope needs no Service-Worker-Allowed: none is sent
    expect(res.headers.get('service-worker-allowed')).toBeNull();
    expect(await res.text()).toBe(WORKER);
  });

  it("answers 404 when the build has no worker, never the app's index.html as its script", async () => {
    const bare = makeDist();
    const g = await startGateway({ config: testConfig({ distDir: bare.dist }), providerBase: upstream.base, secret: UPSTREAM_SECRET });
    try {
      const res = await fetch(`${g.url}/sw.js`, { headers: { accept: '*/*' } });
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('<html');
    } finally {
      await g.close();
      bare.cleanup();
    }
  });

  it('is not one of the hashed files kept for a year', async () => {
    const asset = await fetch(`${gw.url}/assets/index-abc123.js`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const worker = await fetch(`${gw.url}/sw.js`);
    expect(worker.headers.get('cache-control')).not.toBe(asset.headers.get('cache-control'));
  });
});
