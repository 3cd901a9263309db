import { expect, it } from 'vitest';
import { describeEachDb, useTestProvider } from './support/provider';
import { authApi } from '#contract/auth.calls';
import { customersApi } from '#contract/customers.calls';
import { notificationsApi } from '#contract/notifications.calls';
import { settingsApi } from '#contract/settings.calls';
import { callApi, rawCall } from '../support/calls';

describeEachDb('provider basics', (kind) => {
  const p = useTestProvider(kind);

  it('answers settings in the envelope', async () => {
    const res = await callApi(p, settingsApi.mainSetting).expect(200);
    expect(res.body.status).toBe(200);
    expect(res.body.data.setting_company).toBe('Kopi Senja');
    expect(res.body.data.version).toBe('Full');
    expect(res.body.data.currency).toBe('PHP');
    // the same for every customer: gateways and browsers may keep it a few seconds
    expect(res.headers['cache-control']).toBe('public, max-age=5');
  });

  it('refuses an unsigned call with BAD_SIGNATURE', async () => {
    const res = await callApi(p, settingsApi.mainSetting).set('token-authorization', 'nope').expect(401);
    expect(res.body.error.code).toBe('BAD_SIGNATURE');
  });

  it('refuses a signature older than 300 seconds', async () => {
    const t = callApi(p, settingsApi.mainSetting);
    p.clock.advance(301_000);
    const res = await t.expect(401);
    expect(res.body.error.code).toBe('BAD_SIGNATURE');
  });

  it('refuses a call signed more than 30 seconds ago (the gateway HMAC’s window)', async () => {
    const t = callApi(p, settingsApi.mainSetting);
    p.clock.advance(31_000);
    const res = await t.expect(401);
    expect(res.body.error.code).toBe('BAD_SIGNATURE');
  });

  it('refuses a call that carries only the contract’s header, or a wrong HMAC', async () => {
    for (const headers of [{ 'x-call-signature': '' }, { 'x-call-signature': 'f'.repeat(64) }, { 'x-call-nonce': 'short' }]) {
      const res = await callApi(p, settingsApi.mainSetting).on('request', (r: { req: { setHeader(n: string, v: string): void } }) => {
        for (const [name, value] of Object.entries(headers)) r.req.setHeader(name, value);
      });
      expect(res.status, JSON.stringify(headers)).toBe(401);
      expect(res.body.error.code).toBe('BAD_SIGNATURE');
    }
  });

  it('keeps each state-changing call’s nonce once, and forgets it when no call can carry it any more', async () => {
    const nonces = () => p.db.selectFrom('call_nonces').select('nonce').execute();
    await callApi(p, notificationsApi.read, { body: { all: true } }).expect(401);
    const first = await nonces();
    expect(first.length).toBeGreaterThan(0);
    await callApi(p, settingsApi.mainSetting).expect(200);
    expect(await nonces()).toHaveLength(first.length); // reads are not kept
    // a minute later the next state-changing call clears what no call can carry any more
    p.clock.advance(61_000);
    await callApi(p, notificationsApi.read, { body: { all: true } }).expect(401);
    await expect.poll(async () => (await nonces()).map((n) => n.nonce)).not.toContain(first[0]!.nonce);
    expect(await nonces()).toHaveLength(1);
  });

  it('answers 404 in the envelope for an unknown path', async () => {
    const res = await rawCall(p, 'get', 'no/such-call').expect(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
  });

  it('answers 413 for a body over 64 KiB', async () => {
    const res = await callApi(p, authApi.otpRequest, { body: { phone: 'x'.repeat(70 * 1024), purpose: 'login' } }).expect(413);
    expect(res.body.error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers 400 for malformed JSON', async () => {
    const res = await callApi(p, authApi.otpRequest).set('content-type', 'application/json').send('{"phone":').expect(400);
    expect(res.body.error.code).toBe('VALIDATION');
  });

  it('answers 401 SESSION_EXPIRED for customer calls without a session', async () => {
    const res = await callApi(p, customersApi.profile).expect((r) => expect([401, 404]).toContain(r.status));
    if (res.status === 401) expect(res.body.error.code).toBe('SESSION_EXPIRED');
  });
});
