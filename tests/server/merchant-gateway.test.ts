/**
 * The merchant console's staff cookie, through real HTTP: a gateway in front of the real embedded
 * provider (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), and a gateway in front of a fake
 * provider that shows exactly which credential each call carried.
 * - the staff sign-in answers (setup, login, accept-invite) become an HttpOnly, SameSite=Strict cookie of
 *   its own (`staff` over http, `__Host-staff` with Secure over https), and no token is ever in a body;
 * - `/api/merchant/*` carries only the staff cookie, customer calls only the customer's `sid`;
 * - logout, logout-all and SESSION_EXPIRED on a merchant call clear the staff cookie (and only it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../server/lib/clock';
import { createOwnerSetupLink } from '../../server/provider/staff/setup-link';
import { describeDb, useStack } from '../security/support';
import { fakeUpstream, startGateway, testConfig, UPSTREAM_SECRET, type FakeUpstream, type TestGateway } from './gateway.helpers';
import { newStaffEmail, STAFF_PASSWORD } from './merchant.helpers';
import { customersApi } from '#contract/customers.calls';
import { staffApi } from '#contract/staff.calls';
import { gatewayCall, gatewayUrl, pathOf, providerUrl, undeclared } from '../support/calls';
import { dashboardApi } from '#contract/dashboard.calls';

const https = { 'x-forwarded-proto': 'https' };

/** The Set-Cookie line of `name` (a value set, not a clearing), or undefined. */
const setLine = (res: Response, name: string) => res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`) && !/Max-Age=0/i.test(c));
const clearedNames = (res: Response) =>
  res.headers
    .getSetCookie()
    .filter((c) => /^[^=]+=;.*Max-Age=0/i.test(c))
    .map((c) => c.split('=')[0])
    .sort();
const valueOf = (line: string | undefined) => line?.split(';')[0]!.split('=').slice(1).join('=');

describeDb('the staff cookie through the gateway and the embedded provider', (kind) => {
  const stack = useStack({ kind, config: { trustProxyHops: 1 } });

  async function setUpOwner(headers: Record<string, string> = {}): Promise<{ res: Response; text: string; email: string }> {
    const email = newStaffEmail();
    const res = await gatewayCall(stack, staffApi.setup, {
      body: { token: await createOwnerSetupLink(stack.db, systemClock), name: 'Olive Owner', email, password: STAFF_PASSWORD },
      headers,
    });
    return { res, text: await res.text(), email };
  }

  it('turns the set-up answer into an HttpOnly, SameSite=Strict staff cookie, with no token in the body and no customer cookie', async () => {
    const { res, text } = await setUpOwner();
    expect(res.status).toBe(201);
    expect(text).not.toContain('"token"');
    expect(JSON.parse(text).data.staff.role).toBe('owner');
    const line = setLine(res, 'staff');
    expect(line).toMatch(/^staff=[A-Za-z0-9_-]{43}; /);
    expect(line).toMatch(/; HttpOnly/i);
    expect(line).toMatch(/; SameSite=Strict/i);
    expect(line).toMatch(/; Path=\//i);
    expect(line).not.toMatch(/Domain=/i);
    expect(res.headers.getSetCookie().filter((c) => /^(__Host-)?sid=/i.test(c))).toEqual([]);

    const me = await gatewayCall(stack, staffApi.me, { cookie: `staff=${valueOf(line)}` });
    expect(me.status).toBe(200);
  });

  it('passes a CSV export through to the owner as a download, untouched', async () => {
    const { res } = await setUpOwner();
    const csv = await stack.api('GET', `${pathOf(dashboardApi.exportOrders)}?from=2026-01-01&to=2026-01-31`, {
      cookie: `staff=${valueOf(setLine(res, 'staff'))}`,
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="orders-2026-01-01-to-2026-01-31.csv"');
    expect((await csv.text()).split('\r\n')[0]).toMatch(/^"order","placed_at \(Asia\/Manila\)","paid_at \(Asia\/Manila\)","status",/);
    expect((await stack.api('GET', `${pathOf(dashboardApi.exportOrders)}?from=2026-01-01&to=2026-01-31`)).status).toBe(401);
  });

  it('names it __Host-staff with Secure over https, and does not take a plain staff cookie there', async () => {
    const { res } = await setUpOwner(https);
    expect(res.status).toBe(201);
    const line = setLine(res, '__Host-staff');
    expect(line).toMatch(/; Secure/i);
    expect(line).toMatch(/; SameSite=Strict/i);
    expect(line).toMatch(/; HttpOnly/i);
    const token = valueOf(line)!;
    expect((await gatewayCall(stack, staffApi.me, { cookie: `__Host-staff=${token}`, headers: https })).status).toBe(200);
    expect((await gatewayCall(stack, staffApi.me, { cookie: `staff=${token}`, headers: https })).status).toBe(401);
  });

  it('sets the cookie from login and from an accepted invitation; the invitation itself is readable by the owner', async () => {
    const { email, res } = await setUpOwner();
    const owner = `staff=${valueOf(setLine(res, 'staff'))}`;
    const login = await gatewayCall(stack, staffApi.login, { body: { email, password: STAFF_PASSWORD } });
    expect(login.status).toBe(200);
    expect(await login.text()).not.toContain('"token"');
    expect(setLine(login, 'staff')).toMatch(/^staff=[A-Za-z0-9_-]{43}; .*SameSite=Strict/i);

    const invite = await gatewayCall(stack, staffApi.invite, { cookie: owner, body: { role: 'staff' } });
    const { data } = (await invite.json()) as { data: { invite_token: string } };
    expect(data.invite_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(invite.headers.getSetCookie()).toEqual([]);
    const accepted = await gatewayCall(stack, staffApi.acceptInvite, {
      body: { token: data.invite_token, name: 'Sam Staff', email: newStaffEmail(), password: STAFF_PASSWORD },
    });
    expect(accepted.status).toBe(201);
    expect(await accepted.text()).not.toContain('"token"');
    const staffCookie = `staff=${valueOf(setLine(accepted, 'staff'))}`;
    expect((await gatewayCall(stack, staffApi.me, { cookie: staffCookie })).status).toBe(200);
    const ownerOnly = await gatewayCall(stack, staffApi.team, { cookie: staffCookie });
    expect(ownerOnly.status).toBe(403);
    expect(((await ownerOnly.json()) as { error: { code: string } }).error.code).toBe('ROLE_FORBIDDEN');
  });

  it("a customer's cookie on a merchant call is no staff session: 401, and the customer's cookie is left alone", async () => {
    const customer = await stack.signUp();
    const token = customer.cookie.split('=')[1]!;
    for (const cookie of [customer.cookie, `staff=${token}`]) {
      const res = await gatewayCall(stack, staffApi.me, { cookie });
      expect(res.status).toBe(401);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('SESSION_EXPIRED');
      expect(res.headers.getSetCookie().filter((c) => /^(__Host-)?sid=/i.test(c))).toEqual([]);
    }
    // and the customer is still signed in
    expect((await gatewayCall(stack, customersApi.profile, { cookie: customer.cookie })).status).toBe(200);
  });

  it('logout and logout-all end the session and clear the staff cookie only', async () => {
    const { res } = await setUpOwner();
    const token = valueOf(setLine(res, 'staff'))!;
    const out = await gatewayCall(stack, staffApi.logout, { cookie: `staff=${token}; sid=someone-elses-customer-session-0000` });
    expect(out.status).toBe(200);
    expect(clearedNames(out)).toEqual(['staff']);
    expect((await gatewayCall(stack, staffApi.me, { cookie: `staff=${token}` })).status).toBe(401);

    const { res: again } = await setUpOwner();
    const second = valueOf(setLine(again, 'staff'))!;
    const all = await gatewayCall(stack, staffApi.logoutAll, { cookie: `staff=${second}` });
    expect(all.status).toBe(200);
    expect(clearedNames(all)).toEqual(['staff']);
  });

  it('SESSION_EXPIRED on a merchant call clears the staff cookie; on a customer call it leaves it', async () => {
    const stale = 'revoked-or-unknown-staff-token-0000000000';
    const merchant = await gatewayCall(stack, staffApi.me, { cookie: `staff=${stale}` });
    expect(merchant.status).toBe(401);
    expect(clearedNames(merchant)).toEqual(['staff']);
    const customer = await gatewayCall(stack, customersApi.profile, { cookie: `staff=${stale}; sid=${stale}` });
    expect(customer.status).toBe(401);
    expect(clearedNames(customer)).toEqual(['sid']);
  });
});

describe('which cookie each call carries (a fake provider shows the credential it got)', () => {
  let upstream: FakeUpstream;
  let gw: TestGateway;
  const STAFF = 'staff-token-from-the-staff-cookie-000000';
  const CUSTOMER = 'customer-token-from-the-sid-cookie-00000';
  const last = () => upstream.seen.at(-1)!;

  beforeAll(async () => {
    upstream = await fakeUpstream((app) => {
      app.post(providerUrl('', staffApi.login), (_req, res) => {
        // a provider that tries to plant cookies of its own alongside its answer
        res.setHeader('set-cookie', [
          'staff=planted-by-the-provider-00000000; Path=/',
          '__Host-staff=planted-too-000000000000; Path=/; Secure',
          'sid=planted-sid-0000000000000000; Path=/',
        ]);
        res.json({ status: 200, message: 'Signed in.', data: { token: STAFF, staff: { id: 1 } } });
      });
      // a merchant route no declaration has, answering with a token
      app.get(`/api/v2/${undeclared('merchant/reports')}`, (_req, res) => {
        res.json({ status: 200, message: 'A token where none belongs.', data: { token: 'leaked-token-0000000000000000', ok: true } });
      });
    });
    gw = await startGateway({ config: testConfig({ trustProxyHops: 1 }), providerBase: upstream.base, secret: UPSTREAM_SECRET });
  });
  afterAll(async () => {
    await gw?.close();
    await upstream?.close();
  });

  const get = (path: string, cookie: string, headers: Record<string, string> = {}) => fetch(`${gw.url}/api/${path}`, { headers: { cookie, ...headers } });

  it('merchant calls carry the staff cookie, never the customer cookie; customer calls the reverse', async () => {
    const both = `sid=${CUSTOMER}; staff=${STAFF}`;
    await get(staffApi.me.path, both);
    expect(last().headers.authorization).toBe(`Bearer ${STAFF}`);
    await get(customersApi.profile.path, both);
    expect(last().headers.authorization).toBe(`Bearer ${CUSTOMER}`);
    await get(staffApi.me.path, `sid=${CUSTOMER}`);
    expect(last().headers.authorization).toBeUndefined();
    await get(customersApi.profile.path, `staff=${STAFF}`);
    expect(last().headers.authorization).toBeUndefined();
    // behind https: only the __Host- cookies count
    await get(staffApi.me.path, `staff=${STAFF}`, https);
    expect(last().headers.authorization).toBeUndefined();
    await get(staffApi.me.path, `__Host-staff=${STAFF}`, https);
    expect(last().headers.authorization).toBe(`Bearer ${STAFF}`);
    // the cookie header itself never reaches the provider
    expect(last().headers.cookie).toBeUndefined();
  });

  it('sets only the staff cookie from a staff sign-in, never a cookie the provider sent, and removes the token', async () => {
    const res = await fetch(gatewayUrl(gw.url, staffApi.login), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    const text = await res.text();
    expect(text).not.toContain(STAFF);
    expect(res.headers.getSetCookie()).toEqual([expect.stringMatching(new RegExp(`^staff=${STAFF}; Max-Age=\\d+; Path=/; HttpOnly; SameSite=Strict$`))]);
  });

  it('removes a token from any other merchant answer and sets no cookie from it', async () => {
    const res = await get(undeclared('merchant/reports'), `staff=${STAFF}`);
    const text = await res.text();
    expect(text).not.toContain('leaked-token');
    expect(JSON.parse(text).data).toEqual({ ok: true });
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('refuses other spellings of the staff sign-in and logout paths', async () => {
    // other spellings of the sign-in and logout paths, which no declaration has
    for (const path of [
      undeclared('Merchant/auth/login'),
      undeclared('merchant/auth/login/'),
      undeclared('merchant//auth/logout'),
      undeclared('merchant/auth/%6cogin'),
      undeclared('merchant/auth/logout-all;x'),
    ]) {
      const res = await fetch(`${gw.url}/api/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `staff=${STAFF}` },
        body: '{}',
      });
      expect(res.status, path).toBe(404);
    }
  });
});
