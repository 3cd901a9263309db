import { expect, it } from 'vitest';
import { sha256Hex } from '../../server/lib/signature';
import { createSession } from '../../server/provider/auth/sessions';
import { describeDb, useTestProvider } from './support/provider';
import { newPhone, signInWithPhone } from './auth.helpers';
import { authApi } from '#contract/auth.calls';
import { customersApi } from '#contract/customers.calls';
import { pointsApi } from '#contract/points.calls';
import { callApi } from '../support/calls';

const DAY = 86_400_000;

describeDb('sessions', (kind) => {
  const p = useTestProvider(kind, { reset: true });

  const profile = (token: string) => callApi(p, customersApi.profile, { token });

  it('gives a new token at every sign-in, and both stay valid', async () => {
    const phone = newPhone();
    const first = await signInWithPhone(p, phone);
    p.clock.advance(61_000);
    const second = await signInWithPhone(p, phone);
    expect(second.customer.id).toBe(first.customer.id);
    expect(second.token).not.toBe(first.token);
    expect(Buffer.from(first.token, 'base64url')).toHaveLength(32);
    await profile(first.token).expect(200);
    await profile(second.token).expect(200);
  });

  it('stores only a hash of the token, valid 30 days', async () => {
    const { token } = await signInWithPhone(p, newPhone());
    const rows = await p.db.selectFrom('sessions').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(sha256Hex(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]!.expires_at.getTime() - rows[0]!.created_at.getTime()).toBe(30 * DAY);
  });

  it('revokes the current session on logout, and only that one', async () => {
    const phone = newPhone();
    const a = await signInWithPhone(p, phone);
    p.clock.advance(61_000);
    const b = await signInWithPhone(p, phone);
    const out = await callApi(p, authApi.logout, { token: a.token, body: {} }).expect(200);
    expect(out.body.data).toBeNull();
    const after = await profile(a.token).expect(401);
    expect(after.body.error.code).toBe('SESSION_EXPIRED');
    await callApi(p, pointsApi.history, { token: a.token, body: { customer_id: a.customer.id } }).expect(401);
    await profile(b.token).expect(200);
    const again = await callApi(p, authApi.logout, { token: a.token }).expect(401);
    expect(again.body.error.code).toBe('SESSION_EXPIRED');
  });

  it('expires a session after 30 days', async () => {
    const { token } = await signInWithPhone(p, newPhone());
    p.clock.advance(30 * DAY - 60_000);
    await profile(token).expect(200);
    p.clock.advance(61_000);
    const res = await profile(token).expect(401);
    expect(res.body.error.code).toBe('SESSION_EXPIRED');
  });

  it('refuses a missing, malformed or unknown token with SESSION_EXPIRED', async () => {
    for (const token of [undefined, 'short', 'x'.repeat(43), 'not base64url!!!!!!!!!!!!!!!!']) {
      const res = await callApi(p, authApi.logout, token ? { token } : {}).expect(401);
      expect(res.body.error.code).toBe('SESSION_EXPIRED');
    }
  });

  it('createSession: a fresh 256-bit token each call, stored hashed', async () => {
    const c = await p.newCustomer();
    const tokens = await p.db.transaction().execute(async (trx) => [await createSession(trx, p.ctx, c.id), await createSession(trx, p.ctx, c.id)]);
    expect(new Set(tokens).size).toBe(2);
    for (const t of tokens) {
      expect(t).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const row = await p.db.selectFrom('sessions').select('customer_id').where('token_hash', '=', sha256Hex(t)).executeTakeFirstOrThrow();
      expect(row.customer_id).toBe(c.id);
      await profile(t).expect(200);
    }
  });
});
