import { expect, it } from 'vitest';
import { describeDb, useTestProvider } from './support/provider';
import { newPhone, requestCode } from './auth.helpers';
import { authApi } from '#contract/auth.calls';
import { customersApi } from '#contract/customers.calls';
import { callApi } from '../support/calls';

describeDb('registration', (kind) => {
  const p = useTestProvider(kind, { reset: true });

  async function registrationToken(phone: string, purpose: 'login' | 'register' = 'register'): Promise<string> {
    const code = await requestCode(p, phone, purpose);
    const res = await callApi(p, authApi.otpVerify, { body: { phone, code, purpose } }).expect(200);
    expect(res.body.data).toEqual({ registration_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), needs_registration: true });
    return res.body.data.registration_token;
  }

  it('creates the customer, a welcome notification and a session (201)', async () => {
    const phone = newPhone();
    const registration_token = await registrationToken(phone);
    const res = await callApi(p, authApi.register, { body: { registration_token, name: '  Ana Santos ', email: ' Ana@Example.COM ' } }).expect(201);
    expect(res.body.data.customer).toEqual({
      id: expect.any(Number),
      name: 'Ana Santos',
      phone,
      email: 'ana@example.com',
      email_verified: false,
      points: 0,
      wallet_balance: 0,
      birthday: null,
      language: null,
    });
    const profile = await callApi(p, customersApi.profile, { token: res.body.data.token }).expect(200);
    expect(profile.body.data.id).toBe(res.body.data.customer.id);
    const notes = await p.db.selectFrom('notifications').selectAll().where('customer_id', '=', res.body.data.customer.id).execute();
    expect(notes).toHaveLength(1);
    expect(notes[0]!.type).toBe('account');
    expect(notes[0]!.title).toContain('Kopi Senja');
  });

  it('stores only a hash of the registration token', async () => {
    const token = await registrationToken(newPhone());
    const rows = await p.db.selectFrom('registration_tokens').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('answers a registration token to a correct login code for a number without an account', async () => {
    const phone = newPhone();
    const registration_token = await registrationToken(phone, 'login');
    const res = await callApi(p, authApi.register, { body: { registration_token, name: 'Carlo' } }).expect(201);
    expect(res.body.data.customer).toMatchObject({ phone, name: 'Carlo', email: null });
  });

  it('signs in with a correct register code when the number already has an account', async () => {
    const phone = newPhone();
    const existing = await p.newCustomer({ phone, name: 'Dina' });
    const code = await requestCode(p, phone, 'register');
    const res = await callApi(p, authApi.otpVerify, { body: { phone, code, purpose: 'register' } }).expect(200);
    expect(res.body.data.token).toEqual(expect.any(String));
    expect(res.body.data.customer).toMatchObject({ id: existing.id, name: 'Dina' });
    expect(res.body.data.registration_token).toBeUndefined();
  });

  it('uses a registration token once only', async () => {
    const registration_token = await registrationToken(newPhone());
    await callApi(p, authApi.register, { body: { registration_token, name: 'Eva' } }).expect(201);
    const again = await callApi(p, authApi.register, { body: { registration_token, name: 'Eva' } }).expect(400);
    expect(again.body.error).toEqual({ code: 'REGISTRATION_EXPIRED', fields: { registration_token: 'has expired or was already used' } });
    expect(await p.db.selectFrom('customers').select('id').execute()).toHaveLength(1);
  });

  it('makes one customer of concurrent registrations with one token', async () => {
    const registration_token = await registrationToken(newPhone());
    const results = await Promise.all(Array.from({ length: 10 }, () => callApi(p, authApi.register, { body: { registration_token, name: 'Fe' } })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 400)).toHaveLength(9);
    expect(await p.db.selectFrom('customers').select('id').execute()).toHaveLength(1);
  });

  it('expires a registration token after 15 minutes', async () => {
    const registration_token = await registrationToken(newPhone());
    p.clock.advance(15 * 60_000 + 1000);
    const res = await callApi(p, authApi.register, { body: { registration_token, name: 'Gil' } }).expect(400);
    expect(res.body.error.code).toBe('REGISTRATION_EXPIRED');
  });

  it('signs in instead when the number got an account after the code was checked', async () => {
    const phone = newPhone();
    const t1 = await registrationToken(phone);
    const c = await p.newCustomer({ phone, name: 'Hana' });
    const res = await callApi(p, authApi.register, { body: { registration_token: t1, name: 'Someone Else' } }).expect(200);
    expect(res.body.data.customer).toMatchObject({ id: c.id, name: 'Hana' });
  });

  it('refuses bad input to register with every field named', async () => {
    const long = 'x'.repeat(81);
    const cases: Array<[unknown, string[]]> = [
      [undefined, ['name', 'registration_token']],
      [{ registration_token: 'short', name: '' }, ['name', 'registration_token']],
      [{ registration_token: 'a'.repeat(300), name: 'Ana' }, ['registration_token']],
      [{ registration_token: 'a'.repeat(43), name: long }, ['name']],
      [{ registration_token: 'a'.repeat(43), name: '   ' }, ['name']],
      [{ registration_token: 'a'.repeat(43), name: 42 }, ['name']],
      [{ registration_token: 'a'.repeat(43), name: 'Ana', email: 'not-an-email' }, ['email']],
      [{ registration_token: 'a'.repeat(43), name: 'Ana', email: `${'e'.repeat(250)}@x.io` }, ['email']],
      [{ registration_token: 12345678901, name: 'Ana' }, ['registration_token']],
    ];
    for (const [body, fields] of cases) {
      const res = await callApi(p, authApi.register, { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION');
      expect(Object.keys(res.body.error.fields).sort()).toEqual(fields);
    }
  });

  it('accepts an empty e-mail as none', async () => {
    const registration_token = await registrationToken(newPhone());
    const res = await callApi(p, authApi.register, { body: { registration_token, name: 'Ivy', email: '' } }).expect(201);
    expect(res.body.data.customer.email).toBeNull();
  });
});
