import express from 'express';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiProxy } from '../../server/gateway/proxy';
import { sharedCache, sharedLifetime } from '../../server/gateway/shared-cache';
import { UPSTREAM_SECRET, fakeUpstream, listen, type FakeUpstream } from './gateway.helpers';
import { customersApi } from '#contract/customers.calls';
import { gatewayUrl, providerUrl } from '../support/calls';

describe('sharedLifetime: what a shared cache may keep (RFC 9111)', () => {
  const cases: [string, number, Record<string, string | string[]>, number][] = [
    ['public with max-age', 200, { 'cache-control': 'public, max-age=5' }, 5],
    ['s-maxage wins over max-age', 200, { 'cache-control': 'public, max-age=60, s-maxage=2' }, 2],
    ['upper-case directives and spaces', 200, { 'cache-control': ' Public ,MAX-AGE=7' }, 7],
    ['the age it already has is taken off', 200, { 'cache-control': 'public, max-age=5', age: '3' }, 2],
    ['older than its lifetime', 200, { 'cache-control': 'public, max-age=5', age: '9' }, 0],
    ["no public: it may carry a customer's data", 200, { 'cache-control': 'max-age=5' }, 0],
    ['private', 200, { 'cache-control': 'public, private, max-age=5' }, 0],
    ['no-store', 200, { 'cache-control': 'public, no-store, max-age=5' }, 0],
    ['no-cache', 200, { 'cache-control': 'public, no-cache, max-age=5' }, 0],
    ['no lifetime', 200, { 'cache-control': 'public' }, 0],
    ['a lifetime that is not a number', 200, { 'cache-control': 'public, max-age=soon' }, 0],
    ['a negative lifetime', 200, { 'cache-control': 'public, max-age=-5' }, 0],
    ['no cache-control at all', 200, {}, 0],
    ['sets a cookie', 200, { 'cache-control': 'public, max-age=5', 'set-cookie': ['a=b'] }, 0],
    ['varies', 200, { 'cache-control': 'public, max-age=5', vary: 'authorization' }, 0],
    ['an error', 500, { 'cache-control': 'public, max-age=5' }, 0],
    ['a redirect', 302, { 'cache-control': 'public, max-age=5' }, 0],
  ];
  it.each(cases)('%s', (_name, status, headers, seconds) => {
    expect(sharedLifetime(status, headers)).toBe(seconds);
  });
});

describe('sharedCache', () => {
  const headers = { 'cache-control': 'public, max-age=5', 'content-type': 'application/json' };

  it('forgets the least recently used answer when full', () => {
    const cache = sharedCache({ maxEntries: 2 });
    cache.offer('/a', 200, headers, Buffer.from('a'));
    cache.offer('/b', 200, headers, Buffer.from('b'));
    cache.get('/a');
    cache.offer('/c', 200, headers, Buffer.from('c'));
    expect(cache.get('/a')?.body.toString()).toBe('a');
    expect(cache.get('/b')).toBeUndefined();
    expect(cache.get('/c')?.body.toString()).toBe('c');
  });

  it('reads the clock on every look: an answer past its max-age is gone at once, within the same millisecond', () => {
    // lru-cache reads its clock at most once a millisecond by default and keeps that reading until a timer
    // clears it: a look right after another saw the earlier time, so a rehearsal's gateway served a stale answer
    let clock = 1_700_000_000_000;
    const cache = sharedCache({ maxEntries: 5, now: () => clock });
    cache.offer('/a', 200, headers, Buffer.from('a'));
    expect(cache.get('/a')?.body.toString()).toBe('a');
    clock += 5_100;
    expect(cache.get('/a')).toBeUndefined();
  });

  it('keeps no body larger than its limit and no connection headers', () => {
    const cache = sharedCache({ maxEntries: 5, maxBodyBytes: 4 });
    expect(cache.offer('/big', 200, headers, Buffer.from('12345'))).toBe(false);
    expect(
      cache.offer('/ok', 200, { ...headers, connection: 'keep-alive', 'keep-alive': 'timeout=5', 'transfer-encoding': 'chunked' }, Buffer.from('1234')),
    ).toBe(true);
    expect(Object.keys(cache.get('/ok')!.headers).sort()).toEqual(['cache-control', 'content-type']);
  });
});

describe('the gateway keeps public answers', () => {
  let upstream: FakeUpstream;
  let clock = 1_700_000_000_000;
  let gateway: Awaited<ReturnType<typeof listen>>;
  let uncached: Awaited<ReturnType<typeof listen>>;
  let counter = 0;

  const proxyApp = (cacheEntries: number) => {
    const app = express();
    app.use(
      '/api',
      apiProxy({ providerBase: upstream.base, secret: UPSTREAM_SECRET, platform: 'wato', logger: pino({ level: 'silent' }), cacheEntries, now: () => clock }),
    );
    return app;
  };

  beforeAll(async () => {
    upstream = await fakeUpstream((app) => {
      app.get('/api/v2/public', (req, res) => {
        counter += 1;
        res.setHeader('cache-control', 'public, max-age=5');
        res.json({ status: 200, message: 'OK.', data: { n: counter, q: req.query.q ?? null } });
      });
      app.get('/api/v2/private', (_req, res) => {
        counter += 1;
        res.setHeader('cache-control', 'private, max-age=5');
        res.json({ status: 200, message: 'OK.', data: { n: counter } });
      });
      app.get('/api/v2/plain', (_req, res) => {
        counter += 1;
        res.json({ status: 200, message: 'OK.', data: { n: counter } });
      });
      app.get('/api/v2/public-error', (_req, res) => {
        counter += 1;
        res.setHeader('cache-control', 'public, max-age=5');
        res.status(503).json({ status: 503, message: 'Busy.', data: { n: counter }, error: { code: 'INTERNAL' } });
      });
      // a customer's own answer that a provider wrongly marks public: it must never reach another customer
      app.get(providerUrl('', customersApi.profile), (req, res) => {
        counter += 1;
        res.setHeader('cache-control', 'public, max-age=5');
        res.json({ status: 200, message: 'OK.', data: { n: counter, who: req.get('authorization') ?? null } });
      });
      app.post('/api/v2/public', (_req, res) => {
        counter += 1;
        res.setHeader('cache-control', 'public, max-age=5');
        res.json({ status: 200, message: 'OK.', data: { n: counter } });
      });
    });
    gateway = await listen(proxyApp(10));
    uncached = await listen(proxyApp(0));
  });
  afterAll(async () => {
    await gateway?.close();
    await uncached?.close();
    await upstream?.close();
  });

  const n = async (res: Response) => ((await res.json()) as { data: { n: number } }).data.n;

  it('asks the provider once while the answer is fresh, then again', async () => {
    const seenBefore = upstream.seen.length;
    const first = await fetch(`${gateway.url}/api/public`);
    expect(first.headers.get('age')).toBeNull();
    const value = await n(first);

    clock += 2_400;
    const second = await fetch(`${gateway.url}/api/public`, { headers: { cookie: 'sid=tok_0123456789abcdefghijklmnopqrstuv' } });
    expect(second.status).toBe(200);
    expect(second.headers.get('age')).toBe('2');
    expect(second.headers.get('cache-control')).toBe('public, max-age=5');
    expect(second.headers.get('content-type')).toMatch(/application\/json/);
    expect(await n(second)).toBe(value);
    expect(upstream.seen.length).toBe(seenBefore + 1);

    clock += 2_700; // 5.1 s after it was stored
    const third = await fetch(`${gateway.url}/api/public`);
    expect(third.headers.get('age')).toBeNull();
    expect(await n(third)).toBeGreaterThan(value);
    expect(upstream.seen.length).toBe(seenBefore + 2);
    expect(upstream.seen.at(-1)!.signatureValid).toBe(true);
  });

  it('keeps each query string apart', async () => {
    const a = await (await fetch(`${gateway.url}/api/public?q=a`)).json();
    const b = await (await fetch(`${gateway.url}/api/public?q=b`)).json();
    expect(a.data.q).toBe('a');
    expect(b.data.q).toBe('b');
    expect((await (await fetch(`${gateway.url}/api/public?q=a`)).json()).data).toEqual(a.data);
  });

  it.each(['/api/private', '/api/plain', '/api/public-error'])('never keeps %s', async (path) => {
    const one = await n(await fetch(`${gateway.url}${path}`));
    const two = await fetch(`${gateway.url}${path}`);
    expect(two.headers.get('age')).toBeNull();
    expect(await n(two)).toBe(one + 1);
  });

  it("never keeps a call the contract declares per customer, even marked public: one customer never gets another's answer", async () => {
    const ana = 'sid=tok_ana_0123456789abcdefghijklmnop';
    const ben = 'sid=tok_ben_0123456789abcdefghijklmnop';
    const who = async (cookie?: string) =>
      ((await (await fetch(gatewayUrl(gateway.url, customersApi.profile), { headers: cookie ? { cookie } : {} })).json()) as { data: { who: string | null } })
        .data.who;
    expect(await who(ana)).toBe('Bearer tok_ana_0123456789abcdefghijklmnop');
    expect(await who(ben)).toBe('Bearer tok_ben_0123456789abcdefghijklmnop');
    expect(await who()).toBeNull();
  });

  it('never answers a POST from memory', async () => {
    const post = () => fetch(`${gateway.url}/api/public`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    const one = await n(await post());
    expect(await n(await post())).toBe(one + 1);
  });

  it('keeps nothing with API_CACHE_ENTRIES=0', async () => {
    const one = await n(await fetch(`${uncached.url}/api/public`));
    const two = await fetch(`${uncached.url}/api/public`);
    expect(two.headers.get('age')).toBeNull();
    expect(await n(two)).toBe(one + 1);
  });
});
