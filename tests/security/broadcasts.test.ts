/**
 * One-off broadcasts reach every customer who takes offers: only an owner may count or send one. Real
 * HTTP through the gateway in front of the embedded provider, each caller with its own cookie jar: a
 * signed-in customer and a staff member (not an owner) are refused, and nothing is written; the owner's
 * own send goes through.
 */
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { systemClock } from '../../server/lib/clock';
import { createOwnerSetupLink } from '../../server/provider/staff/setup-link';
import { STAFF_PASSWORD, newStaffEmail } from '../server/merchant.helpers';
import { describeDb, newStackPhone, stackCall, useStack, type Stack, type StackCallOptions } from './support';
import { authApi } from '#contract/auth.calls';
import { campaignsConsoleApi } from '#contract/campaigns.calls';
import { staffApi } from '#contract/staff.calls';
import type { Call } from '#contract/api';

/** an answer's JSON, read loosely: the assertions say what matters */
type Body = any;

/** A browser: its own cookie jar. */
class Browser {
  jar = new Map<string, string>();
  private readonly stack: () => Stack;
  constructor(stack: () => Stack) {
    this.stack = stack;
  }
  async call(declaration: Call<any, any>, o: { body?: unknown; query?: StackCallOptions['query'] } = {}): Promise<{ status: number; body: Body }> {
    const cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await stackCall(this.stack(), declaration, { ...o, ...(cookie ? { cookie } : {}) });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      if (pair!.slice(at + 1)) this.jar.set(pair!.slice(0, at), pair!.slice(at + 1));
      else this.jar.delete(pair!.slice(0, at));
    }
    return { status: res.status, body: (await res.json()) as Body };
  }
}

describeDb('broadcasts: owners only', (kind) => {
  const stack = useStack({ kind });
  const s = () => stack;
  const message = () => ({ title: 'Free cake', body: 'Come by, {name}!', idempotency_key: randomUUID() });

  it('a customer and a staff member cannot count or send a broadcast; the owner can', async () => {
    const owner = new Browser(s);
    const setup = await owner.call(staffApi.setup, {
      body: { token: await createOwnerSetupLink(stack.db, systemClock), name: 'Olive Owner', email: newStaffEmail(), password: STAFF_PASSWORD },
    });
    expect(setup.status, JSON.stringify(setup.body)).toBe(201);
    const staff = new Browser(s);
    const invited = await owner.call(staffApi.invite, { body: { role: 'staff' } });
    const joined = await staff.call(staffApi.acceptInvite, {
      body: { token: invited.body.data.invite_token, name: 'Sam Staff', email: newStaffEmail(), password: STAFF_PASSWORD },
    });
    expect(joined.status, JSON.stringify(joined.body)).toBe(201);
    const customer = new Browser(s);
    const phone = newStackPhone();
    await customer.call(authApi.otpRequest, { body: { phone, purpose: 'register' } });
    const verified = await customer.call(authApi.otpVerify, { body: { phone, code: stack.lastCode(phone), purpose: 'register' } });
    expect((await customer.call(authApi.register, { body: { registration_token: verified.body.data.registration_token, name: 'Mallory' } })).status).toBe(201);

    for (const [who, b, status] of [
      ['customer', customer, 401],
      ['staff', staff, 403],
    ] as const) {
      expect((await b.call(campaignsConsoleApi.broadcast, { body: message() })).status, who).toBe(status);
      expect((await b.call(campaignsConsoleApi.broadcastAudience, { query: {} })).status, who).toBe(status);
    }
    expect(await stack.db.selectFrom('broadcasts').select('id').execute()).toEqual([]);
    // staff read what was sent; the owner sends
    expect((await staff.call(campaignsConsoleApi.broadcasts)).status).toBe(200);
    expect((await owner.call(campaignsConsoleApi.broadcastAudience, { query: {} })).body.data.customers).toBeGreaterThan(0);
    expect((await owner.call(campaignsConsoleApi.broadcast, { body: message() })).status).toBe(201);
    expect(await stack.db.selectFrom('broadcasts').select('id').execute()).toHaveLength(1);
  });
});
