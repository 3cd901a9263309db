import { expect, it } from 'vitest';
import { describeDb, useTestProvider } from './support/provider';
import { customersApi } from '#contract/customers.calls';
import { callApi } from '../support/calls';

describeDb('customer profile', (kind) => {
  const p = useTestProvider(kind, { reset: true });

  it('answers the signed-in customer their own profile', async () => {
    const c = await p.newCustomer({ phone: '+639171234567', name: 'Ana', points: 120, wallet: 50_000 });
    const res = await callApi(p, customersApi.profile, { token: c.token }).expect(200);
    expect(res.body).toMatchObject({ status: 200, message: expect.any(String) });
    expect(res.body.data).toEqual({
      id: c.id,
      name: 'Ana',
      phone: '+639171234567',
      email: null,
      email_verified: false,
      points: 120,
      pending_points: 0,
      wallet_balance: 50_000,
      birthday: null,
      language: null,
    });
  });

  it('never answers another customer’s profile, whatever the request names', async () => {
    const a = await p.newCustomer({ name: 'Alice' });
    const b = await p.newCustomer({ name: 'Bob' });
    const res = await callApi(p, customersApi.profile, { token: a.token, query: { id: b.id, customer_id: b.id } }).expect(200);
    expect(res.body.data.id).toBe(a.id);
    expect(JSON.stringify(res.body)).not.toContain('Bob');
  });

  it('needs a session', async () => {
    const res = await callApi(p, customersApi.profile).expect(401);
    expect(res.body.error.code).toBe('SESSION_EXPIRED');
    await callApi(p, customersApi.changeEmail, { body: { email: 'a@b.co' } }).expect(401);
  });

  it('changes the e-mail, trimmed and lowercased, and answers the customer', async () => {
    const c = await p.newCustomer({ name: 'Ana' });
    const res = await callApi(p, customersApi.changeEmail, { token: c.token, body: { email: '  Ana.Santos@Example.COM ' } }).expect(200);
    expect(res.body.data.customer).toMatchObject({ id: c.id, email: 'ana.santos@example.com' });
    const profile = await callApi(p, customersApi.profile, { token: c.token }).expect(200);
    expect(profile.body.data.email).toBe('ana.santos@example.com');
  });

  it('changes only the caller’s own e-mail', async () => {
    const a = await p.newCustomer({ name: 'Alice' });
    const b = await p.newCustomer({ name: 'Bob' });
    await callApi(p, customersApi.changeEmail, { token: a.token, body: { email: 'x@example.com', customer_id: b.id, id: b.id } }).expect(200);
    const rows = await p.db.selectFrom('customers').select(['id', 'email']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: a.id, email: 'x@example.com' },
      { id: b.id, email: null },
    ]);
  });

  it('stores a changed address unverified and e-mails it a code (development outbox); the code verifies it', async () => {
    const c = await p.newCustomer({ name: 'Ana' });
    const res = await callApi(p, customersApi.changeEmail, { token: c.token, body: { email: 'Ana@Example.com' } }).expect(200);
    expect(res.body.data.customer).toMatchObject({ email: 'ana@example.com', email_verified: false });
    expect(res.body.data.verification).toEqual({ email: 'ana@example.com', expires_in: 1800, resend_in: 60 });
    const mail = await p.db.selectFrom('dev_outbox').select(['email', 'subject', 'body']).where('email', '=', 'ana@example.com').executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Your Kopi Senja verification code');
    const code = /\b(\d{6})\b/.exec(mail.body)![1]!;
    // only the code's hash is stored
    expect(JSON.stringify(await p.db.selectFrom('email_codes').selectAll().execute())).not.toContain(code);
    const ok = await callApi(p, customersApi.emailVerify, { token: c.token, body: { code } }).expect(200);
    expect(ok.body.data.customer).toMatchObject({ email: 'ana@example.com', email_verified: true });
    // saving the same address again keeps it verified; another one does not
    await callApi(p, customersApi.changeEmail, { token: c.token, body: { email: 'ANA@example.com' } }).expect(200);
    expect((await callApi(p, customersApi.profile, { token: c.token })).body.data.email_verified).toBe(true);
    const moved = await callApi(p, customersApi.changeEmail, { token: c.token, body: { email: 'ana2@example.com' } }).expect(200);
    expect(moved.body.data.customer.email_verified).toBe(false);
  });

  it('asks for a code only for the address shown, only when there is one to verify, and not too often', async () => {
    const c = await p.newCustomer({ name: 'Ana' });
    const ask = (email: string) => callApi(p, customersApi.emailVerifyRequest, { token: c.token, body: { email } });
    expect((await ask('ana@example.com').expect(409)).body.error.code).toBe('NO_EMAIL');
    await callApi(p, customersApi.changeEmail, { token: c.token, body: { email: 'ana@example.com' } }).expect(200);
    expect((await ask('other@example.com').expect(409)).body.error.code).toBe('CONFLICT');
    const soon = await ask('ana@example.com').expect(429);
    expect(soon.body.data.retry_after).toBe(60);
    expect(soon.headers['retry-after']).toBe('60');
    for (let i = 0; i < 4; i++) {
      p.clock.advance(61_000);
      await ask('ana@example.com').expect(200);
    }
    p.clock.advance(61_000);
    const capped = await ask('ana@example.com').expect(429);
    expect(capped.body.error.code).toBe('RATE_LIMITED');
    expect(capped.body.data.retry_after).toBeGreaterThan(60);
    expect(await p.db.selectFrom('email_codes').select('id').where('customer_id', '=', c.id).execute()).toHaveLength(5);
  });

  it('answers 503 EMAIL_UNAVAILABLE without an e-mail service, and still saves the address unverified', async () => {
    const saved = p.ctx.mailer;
    p.ctx.mailer = undefined;
    try {
      const c = await p.newCustomer({ name: 'Ana' });
      const res = await callApi(p, customersApi.changeEmail, { token: c.token, body: { email: 'ana@example.com' } }).expect(200);
      expect(res.body.data).toMatchObject({ customer: { email: 'ana@example.com', email_verified: false }, verification: null });
      const ask = await callApi(p, customersApi.emailVerifyRequest, { token: c.token, body: { email: 'ana@example.com' } }).expect(503);
      expect(ask.body.error.code).toBe('EMAIL_UNAVAILABLE');
      expect(ask.body.message).toBe("We can't send e-mails just now, so your address can't be verified yet.");
    } finally {
      p.ctx.mailer = saved;
    }
  });

  it('changes the name, trimmed, only the caller’s own, and answers the customer', async () => {
    const a = await p.newCustomer({ name: 'Ana' });
    const b = await p.newCustomer({ name: 'Bob' });
    const res = await callApi(p, customersApi.name, { token: a.token, body: { name: '  Ana Santos ', customer_id: b.id, id: b.id } }).expect(200);
    expect(res.body.data.customer).toMatchObject({ id: a.id, name: 'Ana Santos' });
    const profile = await callApi(p, customersApi.profile, { token: a.token }).expect(200);
    expect(profile.body.data.name).toBe('Ana Santos');
    const rows = await p.db.selectFrom('customers').select(['id', 'name']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: a.id, name: 'Ana Santos' },
      { id: b.id, name: 'Bob' },
    ]);
    await callApi(p, customersApi.name, { body: { name: 'Mallory' } }).expect(401);
  });

  it('refuses a bad name with the field named, and keeps the one saved', async () => {
    const c = await p.newCustomer({ name: 'Ana' });
    for (const body of [undefined, {}, { name: '' }, { name: '   ' }, { name: 42 }, { name: 'a'.repeat(81) }, { name: ['Ana'] }]) {
      const res = await callApi(p, customersApi.name, { token: c.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION');
      expect(Object.keys(res.body.error.fields)).toEqual(['name']);
    }
    const profile = await callApi(p, customersApi.profile, { token: c.token }).expect(200);
    expect(profile.body.data.name).toBe('Ana');
  });

  it('refuses a bad e-mail with the field named', async () => {
    const c = await p.newCustomer();
    for (const body of [
      undefined,
      {},
      { email: '' },
      { email: 'not-an-email' },
      { email: 42 },
      { email: `${'a'.repeat(250)}@example.com` },
      { email: ['a@b.co'] },
    ]) {
      const res = await callApi(p, customersApi.changeEmail, { token: c.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION');
      expect(Object.keys(res.body.error.fields)).toEqual(['email']);
    }
  });
});
