/**
 * Issue #24, item 3: failed staff sign-ins stalled the shop for everyone. Every sign-in try, unknown
 * addresses included, ran a memory-hard hash on the thread pool that also reads files and compresses
 * answers; bursts from many /64s made `/login` take 41-51 s and a real owner's sign-in get 502.
 * Here 200 bogus sign-ins from 50 /64s arrive at once through the gateway while a customer opens
 * /login again and again and the owner signs in: the page stays under a second (p99, measured here on
 * loopback) and the owner gets in.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { systemClock } from '../../server/lib/clock';
import { passwordWork } from '../../server/provider/staff/password';
import { createOwnerSetupLink } from '../../server/provider/staff/setup-link';
import { makeDist } from '../server/gateway.helpers';
import { newStaffEmail, STAFF_PASSWORD } from '../server/merchant.helpers';
import { apiPath, describeDb, useStack } from './support';
import { staffApi } from '#contract/staff.calls';
import { gatewayCall } from '../support/calls';

const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.99) - 1)]!;

describeDb('console security: failed sign-ins do not stall the shop', (kind) => {
  let dist: ReturnType<typeof makeDist>;
  let ownerEmail: string;
  beforeAll(() => {
    dist = makeDist();
  });
  afterAll(() => dist?.cleanup());
  const stack = useStack(() => ({ kind, config: { trustProxyHops: 1, distDir: dist.dist } }));
  beforeAll(async () => {
    ownerEmail = newStaffEmail();
    const res = await gatewayCall(stack, staffApi.setup, {
      body: { token: await createOwnerSetupLink(stack.db, systemClock), name: 'Olive Owner', email: ownerEmail, password: STAFF_PASSWORD },
    });
    expect(res.status).toBe(201);
  });

  /** a sign-in try from a /64 of its own (IPv6, as a botnet of home connections sends them) */
  const signIn = (email: string, password: string, net: number, signal?: AbortSignal) =>
    fetch(`${stack.url}${apiPath(staffApi.login)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `2001:db8:${net.toString(16)}:1::${(net % 7) + 1}` },
      body: JSON.stringify({ email, password }),
      ...(signal ? { signal } : {}),
    });

  it('a burst of 200 bogus sign-ins from 50 addresses leaves GET /login under 3 s (p99) and the owner signs in', async () => {
    // the page once before, so the boot data's first read is not what is measured
    expect((await fetch(`${stack.url}/login`, { headers: { accept: 'text/html', 'accept-encoding': 'gzip' } })).status).toBe(200);
    let bursting = true;
    const burst = Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        const res = await signIn(i % 3 === 0 ? ownerEmail : newStaffEmail(), `bogus password ${i}`, 0x100 + (i % 50));
        await res.arrayBuffer();
        return res.status;
      }),
    ).finally(() => (bursting = false));

    const pageTimes: number[] = [];
    const pages = (async () => {
      while (bursting || pageTimes.length < 20) {
        const t0 = performance.now();
        const res = await fetch(`${stack.url}/login`, { headers: { accept: 'text/html', 'accept-encoding': 'gzip' } });
        await res.arrayBuffer();
        expect(res.status).toBe(200);
        pageTimes.push(performance.now() - t0);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();

    await new Promise((r) => setTimeout(r, 150));
    // the owner at the shop signs in; when the pool is full they are told to try again in a few seconds (429), as the console says
    let owner = await signIn(ownerEmail, STAFF_PASSWORD, 0xbeef);
    for (let retry = 0; retry < 3 && owner.status === 429; retry++) {
      const wait = Number(owner.headers.get('retry-after'));
      expect(wait).toBeLessThanOrEqual(5);
      await owner.arrayBuffer();
      await new Promise((r) => setTimeout(r, wait * 1000));
      owner = await signIn(ownerEmail, STAFF_PASSWORD, 0xbeef);
    }
    const ownerBody = await owner.text();

    const statuses = await burst;
    await pages;
    expect(owner.status, ownerBody).toBe(200);
    // bogus tries are refused: wrong (401), or turned away before any hashing (429/503), never a 5xx of another kind
    expect(
      statuses.every((s) => s === 401 || s === 429 || s === 503),
      String(statuses),
    ).toBe(true);
    // hashing on the event loop would hold each page behind the whole queue of 200 hashes (tens of seconds);
    // off it, a page takes well under 1 s on a quiet host: 3 s leaves room for a host three times slower
    expect(p99(pageTimes), `GET /login took ${pageTimes.map((t) => Math.round(t)).join(', ')} ms`).toBeLessThan(3000);
  }, 120_000);

  it('does no hashing for a client that has gone', async () => {
    const before = passwordWork();
    // a queue first: ten tries from ten addresses
    const queued = Array.from({ length: 10 }, (_, i) => signIn(newStaffEmail(), 'queued password', 0x900 + i).then((r) => r.arrayBuffer()));
    await new Promise((r) => setTimeout(r, 30));
    // then ten more whose clients hang up while they wait: they hang up once all twenty have reached the
    // queue (hashed + waiting covers every try but those on a thread), not after a fixed time, which on a
    // loaded machine can come before the tries arrive at all
    const controllers = Array.from({ length: 10 }, () => new AbortController());
    const gone = controllers.map((controller, i) => signIn(newStaffEmail(), 'gone password', 0xa00 + i, controller.signal).catch(() => 'aborted'));
    const arrived = () => {
      const now = passwordWork();
      return now.hashed - before.hashed + now.waiting >= 20 - now.poolSize;
    };
    for (const until = Date.now() + 20_000; !arrived() && Date.now() < until;) await new Promise((r) => setTimeout(r, 2));
    expect(arrived(), 'all twenty tries reached the queue').toBe(true);
    for (const controller of controllers) controller.abort();
    await Promise.all([...queued, ...gone]);
    // let what was queued drain
    await new Promise((r) => setTimeout(r, 2000));
    const after = passwordWork();
    expect(after.skippedGone - before.skippedGone).toBeGreaterThanOrEqual(5);
    expect(after.hashed - before.hashed).toBeLessThanOrEqual(15);
  }, 60_000);
});
