/**
 * The merchant console's ways in (issue #24), attacked through a real gateway in front of the real
 * embedded provider, as someone on the internet would:
 * - a removed or demoted owner kept owner access through the invitation links they had made;
 * - anyone who knew a staff e-mail could lock that account for everyone;
 * - the image upload read and parsed 2.8 MB before it knew who was calling;
 * - a 4.8 KB PNG of 39,000,000 × 1 pixels cost the server a gigabyte and 20 seconds.
 */
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { crc32, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../server/lib/clock';
import { createOwnerSetupLink } from '../../server/provider/staff/setup-link';
import { cookiePair } from '../server/gateway.helpers';
import { newStaffEmail, STAFF_PASSWORD } from '../server/merchant.helpers';
import { apiPath, describeDb, useStack, type Stack } from './support';
import { gatewayCall } from '../support/calls';
import type { Call } from '#contract/api';
import { mediaApi } from '#contract/media.calls';
import { staffApi } from '#contract/staff.calls';

/** an answer's JSON, read loosely: the assertions say what matters */
type Body = any;

const newIpv4 = () => {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
};

/** A console user as a browser holds them: the staff cookie (over https: __Host-staff) and an address. */
interface Member {
  id: number;
  email: string;
  password: string;
  cookie: string;
}

function consoleClient(stack: () => Stack, o: { https: boolean }) {
  const proto: Record<string, string> = o.https ? { 'x-forwarded-proto': 'https' } : {};
  const cookieName = o.https ? '__Host-staff' : 'staff';
  const call = async (declaration: Call<any, any>, a: { body?: unknown; cookie?: string; ip?: string } = {}) => {
    const res = await gatewayCall(stack(), declaration, {
      ...(a.body !== undefined ? { body: a.body } : {}),
      ...(a.cookie ? { cookie: a.cookie } : {}),
      headers: { ...proto, 'x-forwarded-for': a.ip ?? newIpv4() },
    });
    return { status: res.status, body: (await res.json()) as Body, cookie: cookiePair({ 'set-cookie': res.headers.getSetCookie() }, cookieName) };
  };
  async function join(declaration: typeof staffApi.setup | typeof staffApi.acceptInvite, token: string, name: string): Promise<Member> {
    const email = newStaffEmail();
    const res = await call(declaration, { body: { token, name, email, password: STAFF_PASSWORD } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { id: res.body.data.staff.id, email, password: STAFF_PASSWORD, cookie: res.cookie! };
  }
  return {
    call,
    /** the shop's first owner, from the operator's set-up link */
    firstOwner: async (name = 'Olive Owner') => join(staffApi.setup, await createOwnerSetupLink(stack().db, systemClock), name),
    join,
    invite: (by: Member, role: 'owner' | 'staff', extra: Record<string, unknown> = {}) =>
      call(staffApi.invite, { cookie: by.cookie, body: { role, ...(role === 'owner' ? { password: by.password } : {}), ...extra } }),
  };
}

describeDb('console security: invitation links end with their maker (production, HTTPS)', (kind) => {
  const stack = useStack({ kind, production: true, config: { trustProxyHops: 1 } });
  const c = consoleClient(() => stack, { https: true });

  it('a removed owner cannot come back through an owner link they made, nor remove the real owner', async () => {
    const olive = await c.firstOwner();
    const mallory = await c.join(staffApi.acceptInvite, (await c.invite(olive, 'owner')).body.data.invite_token, 'Mallory');
    // Mallory prepares her way back before she is removed
    const link = (await c.invite(mallory, 'owner')).body.data.invite_token as string;
    expect((await c.call(staffApi.remove, { cookie: olive.cookie, body: { id: mallory.id } })).status).toBe(200);

    const back = await c.call(staffApi.acceptInvite, {
      body: { token: link, name: 'Not Mallory', email: newStaffEmail(), password: STAFF_PASSWORD },
    });
    expect(back.status).toBe(400);
    expect(back.body.error.code).toBe('LINK_EXPIRED');
    expect(back.cookie).toBeUndefined();
    // Olive is still the owner, alone with what she made
    const owners = await stack.db.selectFrom('staff').select('id').where('role', '=', 'owner').where('removed_at', 'is', null).execute();
    expect(owners).toEqual([{ id: olive.id }]);
  });

  it('a demoted owner’s links stop working, and so do links of someone who signed out everywhere', async () => {
    const olive = await c.firstOwner();
    const mallory = await c.join(staffApi.acceptInvite, (await c.invite(olive, 'owner')).body.data.invite_token, 'Mallory');
    const ownerLink = (await c.invite(mallory, 'owner')).body.data.invite_token as string;
    const staffLink = (await c.invite(mallory, 'staff')).body.data.invite_token as string;
    expect((await c.call(staffApi.update, { cookie: olive.cookie, body: { id: mallory.id, role: 'staff' } })).status).toBe(200);
    for (const token of [ownerLink, staffLink]) {
      const res = await c.call(staffApi.acceptInvite, { body: { token, name: 'Someone', email: newStaffEmail(), password: STAFF_PASSWORD } });
      expect(res.body.error?.code, 'a link of a demoted owner').toBe('LINK_EXPIRED');
    }

    // a stolen session's links die with "sign out everywhere"
    const link = (await c.invite(olive, 'staff')).body.data.invite_token as string;
    expect((await c.call(staffApi.logoutAll, { cookie: olive.cookie })).status).toBe(200);
    const res = await c.call(staffApi.acceptInvite, {
      body: { token: link, name: 'Someone', email: newStaffEmail(), password: STAFF_PASSWORD },
    });
    expect(res.body.error?.code).toBe('LINK_EXPIRED');
  });

  it('a link is honoured only while its maker is still an owner, whatever way they stopped being one', async () => {
    const olive = await c.firstOwner();
    const otto = await c.join(staffApi.acceptInvite, (await c.invite(olive, 'owner')).body.data.invite_token, 'Otto');
    const link = (await c.invite(otto, 'owner')).body.data.invite_token as string;
    // the row changed behind the service's back (an operator's SQL, a restore): the link still checks its maker
    await stack.db.updateTable('staff').set({ role: 'staff' }).where('id', '=', otto.id).execute();
    const res = await c.call(staffApi.acceptInvite, {
      body: { token: link, name: 'Someone', email: newStaffEmail(), password: STAFF_PASSWORD },
    });
    expect(res.body.error?.code).toBe('LINK_EXPIRED');
  });

  it('an owner invitation asks for the password again; the Staff page lists pending invitations with their maker and revokes them', async () => {
    const olive = await c.firstOwner();
    const bare = await c.call(staffApi.invite, { cookie: olive.cookie, body: { role: 'owner' } });
    expect(bare.status).toBe(400);
    expect(bare.body.error.fields).toEqual({ password: expect.any(String) });
    const wrong = await c.call(staffApi.invite, { cookie: olive.cookie, body: { role: 'owner', password: 'not my password at all' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields).toEqual({ password: expect.any(String) });

    const made = (await c.invite(olive, 'owner', { email: 'newowner@example.com' })).body.data;
    const pending = await c.call(staffApi.invites, { cookie: olive.cookie });
    expect(pending.status).toBe(200);
    expect(pending.body.data.invites).toEqual([
      {
        id: expect.any(Number),
        role: 'owner',
        email: 'newowner@example.com',
        created_by: { id: olive.id, name: 'Olive Owner' },
        created_at: expect.any(String),
        expires_at: made.expires_at,
      },
    ]);
    expect(JSON.stringify(pending.body)).not.toContain(made.invite_token);
    const revoked = await c.call(staffApi.revokeInvite, { cookie: olive.cookie, body: { id: pending.body.data.invites[0].id } });
    expect(revoked.status).toBe(200);
    const res = await c.call(staffApi.acceptInvite, {
      body: { token: made.invite_token, name: 'New Owner', email: 'newowner@example.com', password: STAFF_PASSWORD },
    });
    expect(res.body.error?.code).toBe('LINK_EXPIRED');
    expect((await c.call(staffApi.invites, { cookie: olive.cookie })).body.data.invites).toEqual([]);
  });
});

describeDb('console security: nobody can lock a staff account by knowing its address', (kind) => {
  const stack = useStack({ kind, config: { trustProxyHops: 1 } });
  const c = consoleClient(() => stack, { https: false });

  it('the right password from another address signs in after an attacker’s wrong ones, and the owner sees the attack', async () => {
    const olive = await c.firstOwner();
    const attacker = newIpv4();
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) {
      statuses.push((await c.call(staffApi.login, { body: { email: olive.email, password: `guess number ${i}` }, ip: attacker })).status);
    }
    // the attacker's own address is slowed down (growing delays), never let through
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    expect(statuses).toContain(429);
    const slowed = await c.call(staffApi.login, { body: { email: olive.email, password: 'one more guess' }, ip: attacker });
    expect(slowed.status).toBe(429);
    expect(slowed.body.data.retry_after).toBeGreaterThan(0);

    // Olive, at the shop, signs in
    const home = newIpv4();
    const signedIn = await c.call(staffApi.login, { body: { email: olive.email, password: olive.password }, ip: home });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);

    // and keeps doing so while the attacker keeps polling
    for (let i = 0; i < 3; i++) await c.call(staffApi.login, { body: { email: olive.email, password: `poll ${i}` }, ip: attacker });
    expect((await c.call(staffApi.login, { body: { email: olive.email, password: olive.password }, ip: newIpv4() })).status).toBe(200);

    const activity = await c.call(staffApi.audit, { cookie: signedIn.cookie! });
    const actions = (activity.body.data.items as Array<{ action: string; target: string | null }>).map((e) => `${e.action} ${e.target}`);
    expect(actions).toContain(`signin.attack staff:${olive.id}`);
    expect(actions).toContain(`signin.failed staff:${olive.id}`);
  });
});

/** A PNG of `width` × `height` one-bit grey pixels, all black: tiny on disk, huge once decoded. */
function hugePng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const row = Buffer.alloc(1 + Math.ceil(width / 8)); // filter byte 0, then zeros
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Sends only the headers of a POST and waits for an answer, never sending the body it announced. */
function headersOnly(url: string, path: string, headers: Record<string, string>, waitMs: number): Promise<{ status: number; body: string } | 'no answer'> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}${path}`, { method: 'POST', headers });
    const timer = setTimeout(() => {
      req.destroy();
      resolve('no answer');
    }, waitMs);
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => {
        clearTimeout(timer);
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body });
      });
    });
    req.on('error', (err) => {
      clearTimeout(timer);
      if ((err as NodeJS.ErrnoException).code === 'ECONNRESET') resolve('no answer');
      else reject(err);
    });
    req.flushHeaders();
  });
}

describeDb('console security: uploads check the caller first and refuse images too large to decode', (kind) => {
  const stack = useStack({ kind, production: true });
  const c = consoleClient(() => stack, { https: false });

  it('an anonymous upload of 2.8 MB is refused with 401 before its body is read', async () => {
    const res = await headersOnly(stack.url, apiPath(mediaApi.upload), { 'content-type': 'application/json', 'content-length': String(2_800_000) }, 3000);
    expect(res).not.toBe('no answer');
    expect(res).toMatchObject({ status: 401 });
    expect(JSON.parse((res as { body: string }).body).error.code).toBe('SESSION_EXPIRED');
  });

  it('a staff member (not an owner) is refused the same way, and an owner announcing too large a body gets 413 before sending it', async () => {
    const olive = await c.firstOwner();
    const sam = await c.join(staffApi.acceptInvite, (await c.invite(olive, 'staff')).body.data.invite_token, 'Sam');
    const asStaff = await headersOnly(
      stack.url,
      apiPath(mediaApi.upload),
      { 'content-type': 'application/json', 'content-length': String(2_800_000), cookie: sam.cookie },
      3000,
    );
    expect(asStaff).toMatchObject({ status: 403 });
    const tooBig = await headersOnly(
      stack.url,
      apiPath(mediaApi.upload),
      { 'content-type': 'application/json', 'content-length': String(50_000_000), cookie: olive.cookie },
      3000,
    );
    expect(tooBig).toMatchObject({ status: 413 });
    expect(JSON.parse((tooBig as { body: string }).body).error.fields).toEqual({ file: 'must be at most 2 MB' });
  });

  it('in production without an e-mail service nothing is e-mailed: forgot password says so to anyone, an invitation is a link to share', async () => {
    const olive = await c.firstOwner();
    for (const email of [olive.email, newStaffEmail()]) {
      const res = await c.call(staffApi.forgot, { body: { email } });
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe('EMAIL_UNAVAILABLE');
    }
    const inv = await c.invite(olive, 'staff', { email: 'sam@example.com' });
    expect(inv.body.data).toMatchObject({ email: 'sam@example.com', emailed: false });
    expect(await stack.db.selectFrom('dev_outbox').select('id').execute()).toEqual([]);
  });

  it('a 4.8 KB PNG of 39,000,000 × 1 pixels is refused at once, naming its size', async () => {
    const olive = await c.firstOwner();
    const png = hugePng(39_000_000, 1);
    expect(png.length).toBeLessThan(6000);
    const t0 = performance.now();
    const res = await c.call(mediaApi.upload, { cookie: olive.cookie, body: { file: png.toString('base64'), name: 'pixel.png', type: 'image/png' } });
    const ms = performance.now() - t0;
    expect(res.status).toBe(400);
    expect(res.body.error.fields.file).toMatch(/8,000|8000/);
    expect(ms).toBeLessThan(2000);
    expect(await stack.db.selectFrom('media').select('sha256').execute()).toEqual([]);
  });

  it('a large photo is stored no larger than the app shows it', async () => {
    const olive = await c.firstOwner();
    const { default: sharp } = await import('sharp');
    const photo = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#a05020' } })
      .jpeg({ quality: 80 })
      .toBuffer();
    const res = await c.call(mediaApi.upload, {
      cookie: olive.cookie,
      body: { file: photo.toString('base64'), name: 'photo.jpg', type: 'image/jpeg' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(Math.max(res.body.data.width, res.body.data.height)).toBeLessThanOrEqual(2048);
    expect(res.body.data.width / res.body.data.height).toBeCloseTo(4 / 3, 2);
  });
});

describe('console security: the helpers of this file', () => {
  it('makes the PNG the report describes: about 4.8 KB for 39,000,000 × 1', () => {
    const png = hugePng(39_000_000, 1);
    expect(png.readUInt32BE(16)).toBe(39_000_000);
    expect(png.length).toBeGreaterThan(4000);
  });
});
