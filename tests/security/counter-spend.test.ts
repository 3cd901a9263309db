/**
 * Spending a customer's points at the counter, attacked through a real gateway in front of the real
 * embedded provider, as a staff member (or someone with a lost wallet card) would:
 * - a customer found by their phone number could be made to buy "Birthday cake slice" with their points
 *   (`merchant/counter/member/redeem` took a bare `customer_id`);
 * - the fixed `LP1…` code on a wallet card found the customer as well, and never changed;
 * - a wallet pass's token never changed, so a lost card could not be turned off.
 * Now spending takes the rotating code shown in the customer's app (fresh: about a minute), and the
 * customer can turn their wallet cards off, after which the old passes' token and code are refused.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { FakeClock, SECOND } from '../../server/lib/clock';
import { createOwnerSetupLink } from '../../server/provider/staff/setup-link';
import { cookiePair } from '../server/gateway.helpers';
import { newStaffEmail, STAFF_PASSWORD } from '../server/merchant.helpers';
import { PASS_TYPE, testPasses, unzip } from '../server/support/wallet';
import { describeDb, useStack, type Stack } from './support';
import { counterApi } from '#contract/counter.calls';
import { membersApi } from '#contract/members.calls';
import { passesApi } from '#contract/passes.calls';
import { staffApi } from '#contract/staff.calls';
import { gatewayCall, undeclared } from '../support/calls';
import type { Call } from '#contract/api';

/** an answer's JSON, read loosely: the assertions say what matters */
type Body = any;

async function call(stack: Stack, declaration: Call<any, any>, a: { body?: unknown; cookie?: string } = {}) {
  const res = await gatewayCall(stack, declaration, a);
  return { status: res.status, body: (await res.json()) as Body, res };
}

describeDb('counter security: spending needs the customer’s rotating code', (kind) => {
  const clock = new FakeClock();
  const stack = useStack({ kind, clock, passes: testPasses() });
  let staff: string;
  let reward: string;

  beforeAll(async () => {
    const res = await gatewayCall(stack, staffApi.setup, {
      body: { token: await createOwnerSetupLink(stack.db, clock), name: 'Olive Owner', email: newStaffEmail(), password: STAFF_PASSWORD },
    });
    expect(res.status).toBe(201);
    staff = cookiePair({ 'set-cookie': res.headers.getSetCookie() }, 'staff')!;
    reward = `cake-${randomUUID().slice(0, 8)}`;
    await stack.db
      .insertInto('rewards')
      .values({
        name: reward,
        title: 'Birthday cake slice',
        points_cost: 100,
        stock: null,
        valid_days: 30,
        per_customer_limit: null,
        discount_amount: 1000,
        position: 1000,
      })
      .execute();
  });

  /** a customer with 500 points, signed in to the app */
  async function customer() {
    const c = await stack.signUp({ name: 'Ana Reyes' });
    await stack.db.updateTable('customers').set({ points: 500 }).where('id', '=', c.customerId).execute();
    return c;
  }
  const pointsOf = async (id: number) => (await stack.db.selectFrom('customers').select('points').where('id', '=', id).executeTakeFirstOrThrow()).points;
  const findMember = (body: Record<string, unknown>) => call(stack, counterApi.member, { cookie: staff, body });
  const spend = (body: Record<string, unknown>) =>
    call(stack, counterApi.memberRedeem, { cookie: staff, body: { reward, idempotency_key: randomUUID(), ...body } });
  const memberCard = async (cookie: string) => (await call(stack, membersApi.card, { cookie })).body.data;
  async function applePass(cookie: string) {
    const res = await gatewayCall(stack, passesApi.apple, { cookie });
    expect(res.status).toBe(200);
    return JSON.parse(
      unzip(Buffer.from(await res.arrayBuffer()))
        .get('pass.json')!
        .toString(),
    ) as { serialNumber: string; authenticationToken: string; barcodes: { message: string }[] };
  }

  it('a phone look-up finds the customer for points, but its customer_id spends nothing', async () => {
    const c = await customer();
    const found = await findMember({ phone: c.phone });
    expect(found.status).toBe(200);
    expect(found.body.data.member.customer_id).toBe(c.customerId);
    const res = await spend({ customer_id: c.customerId });
    expect([res.status, res.body.error?.code], JSON.stringify(res.body)).toEqual([403, 'MEMBER_CODE_REQUIRED']);
    expect(res.body.message).toMatch(/scan the code in the customer’s app/i);
    expect(await pointsOf(c.customerId)).toBe(500);
    // points for a sale still work with the phone look-up
    const earn = await call(stack, counterApi.earn, {
      cookie: staff,
      body: { customer_id: c.customerId, amount: 10000, idempotency_key: randomUUID() },
    });
    expect(earn.status, JSON.stringify(earn.body)).toBe(201);
  });

  it('the fixed LP1 code of a wallet card finds the customer, but spends nothing', async () => {
    const c = await customer();
    const pass = await applePass(c.cookie);
    const fixed = pass.barcodes[0]!.message;
    expect(fixed.startsWith('LP1.')).toBe(true);
    const found = await findMember({ code: fixed });
    expect(found.status).toBe(200);
    // the look-up's customer_id, with the code beside it or alone
    for (const body of [{ customer_id: found.body.data.member.customer_id }, { code: fixed, customer_id: c.customerId }, { code: fixed }]) {
      const res = await spend(body);
      expect([res.status, res.body.error?.code], JSON.stringify(res.body)).toEqual([403, 'MEMBER_CODE_REQUIRED']);
    }
    expect(await pointsOf(c.customerId)).toBe(500);
  });

  it('the rotating code of the app spends, its QR code or its short code; another customer’s id beside it changes nothing', async () => {
    const c = await customer();
    const other = await customer();
    const card = await memberCard(c.cookie);
    const byQr = await spend({ code: card.current.qr });
    expect(byQr.status, JSON.stringify(byQr.body)).toBe(201);
    expect(byQr.body.data.member).toMatchObject({ customer_id: c.customerId, points: 400 });
    const byShort = await spend({ code: card.current.short_code.toLowerCase() });
    expect(byShort.status, JSON.stringify(byShort.body)).toBe(201);
    expect(await pointsOf(c.customerId)).toBe(300);
    // a code with another customer's id: refused, nobody's points move
    const mixed = await spend({ code: card.current.qr, customer_id: other.customerId });
    expect([mixed.status, mixed.body.error?.code]).toEqual([403, 'MEMBER_CODE_REQUIRED']);
    expect([await pointsOf(c.customerId), await pointsOf(other.customerId)]).toEqual([300, 500]);
  });

  it('a code older than its window is refused, and a retry of a spend made in time answers as the first did', async () => {
    const c = await customer();
    // a second into a 30-second step, so the steps below are whole
    clock.set(Math.ceil(clock.now().getTime() / (30 * SECOND)) * 30 * SECOND + SECOND);
    const card = await memberCard(c.cookie);
    const key = randomUUID();
    const first = await spend({ code: card.current.qr, idempotency_key: key });
    expect(first.status).toBe(201);
    clock.advance(31 * SECOND);
    // still good in the next 30 seconds (clocks differ; the customer is still at the counter)
    expect((await spend({ code: card.current.short_code })).status).toBe(201);
    clock.advance(60 * SECOND);
    for (const code of [card.current.qr, card.current.short_code, card.next.qr]) {
      const res = await spend({ code });
      expect([res.status, res.body.error?.code], code).toEqual([409, 'CODE_STALE']);
    }
    const retry = await spend({ code: card.current.qr, idempotency_key: key });
    expect([retry.status, retry.body]).toEqual([201, first.body]);
    expect(await pointsOf(c.customerId)).toBe(300);
  });

  it('a customer turns their wallet cards off: the old pass’s token and code are refused, a new card works', async () => {
    const c = await customer();
    const old = await applePass(c.cookie);
    const auth = (p: { authenticationToken: string }) => ({ authorization: `ApplePass ${p.authenticationToken}` });
    // Apple Wallet's web service (its paths Apple's, under pass/apple/v1): no declaration has them
    const registration = (p: { serialNumber: string }) => undeclared(`pass/apple/v1/devices/iphone-lost/registrations/${PASS_TYPE}/${p.serialNumber}`);
    const latest = (p: { serialNumber: string }) => undeclared(`pass/apple/v1/passes/${PASS_TYPE}/${p.serialNumber}`);
    expect((await stack.api('POST', registration(old), { headers: auth(old), body: { pushToken: 'ab'.repeat(32) } })).status).toBe(201);
    expect((await stack.api('GET', latest(old), { headers: auth(old) })).status).toBe(200);

    const revoked = await call(stack, passesApi.revoke, { cookie: c.cookie });
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    expect(revoked.body.data).toEqual({ revoked: true });

    // the lost phone's pass: no download, no registration, and its code finds nobody
    for (const res of [
      await stack.api('GET', latest(old), { headers: auth(old) }),
      await stack.api('POST', registration(old), { headers: auth(old), body: { pushToken: 'cd'.repeat(32) } }),
    ]) {
      expect([401, 404]).toContain(res.status);
    }
    const serials = await stack.api('GET', undeclared(`pass/apple/v1/devices/iphone-lost/registrations/${PASS_TYPE}`));
    expect(serials.status).toBe(204);
    const byOldCode = await findMember({ code: old.barcodes[0]!.message });
    expect([byOldCode.status, byOldCode.body.error?.code]).toEqual([404, 'CODE_UNKNOWN']);

    // a new card: another serial, token and code, which work
    const fresh = await applePass(c.cookie);
    expect([
      fresh.serialNumber === old.serialNumber,
      fresh.authenticationToken === old.authenticationToken,
      fresh.barcodes[0]!.message === old.barcodes[0]!.message,
    ]).toEqual([false, false, false]);
    expect((await stack.api('GET', latest(fresh), { headers: auth(fresh) })).status).toBe(200);
    const byNewCode = await findMember({ code: fresh.barcodes[0]!.message });
    expect(byNewCode.body.data?.member.customer_id).toBe(c.customerId);
    // the old token is no key to the new pass either
    expect((await stack.api('GET', latest(fresh), { headers: auth(old) })).status).toBe(401);
  });
});
