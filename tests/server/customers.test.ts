import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { describeEachDb, startTestProvider, type TestProvider } from './support/provider';
import { closeProvider } from './auth.helpers';

describeEachDb('customer profile', (kind) => {
  let p: TestProvider;
  beforeAll(async () => {
    p = await startTestProvider(kind);
  });
  afterAll(() => closeProvider(p));
  beforeEach(() => p.reset());

  it('answers the signed-in customer their own profile', async () => {
    const c = await p.newCustomer({ phone: '+639171234567', name: 'Ana', points: 120, wallet: 50_000 });
    const res = await p.call('get', 'customer/profile', { token: c.token }).expect(200);
    expect(res.body).toMatchObject({ status: 200, message: expect.any(String) });
    expect(res.body.data).toEqual({ id: c.id, name: 'Ana', phone: '+639171234567', email: null, points: 120, wallet_balance: 50_000 });
  });

  it('never answers another customer’s profile, whatever the request names', async () => {
    const a = await p.newCustomer({ name: 'Alice' });
    const b = await p.newCustomer({ name: 'Bob' });
    const res = await p.call('get', 'customer/profile', { token: a.token, query: { id: b.id, customer_id: b.id } }).expect(200);
    expect(res.body.data.id).toBe(a.id);
    expect(JSON.stringify(res.body)).not.toContain('Bob');
  });

  it('needs a session', async () => {
    const res = await p.call('get', 'customer/profile').expect(401);
    expect(res.body.error.code).toBe('SESSION_EXPIRED');
    await p.call('post', 'customer/change-email', { body: { email: 'a@b.co' } }).expect(401);
  });

  it('changes the e-mail, trimmed and lowercased, and answers the customer', async () => {
    const c = await p.newCustomer({ name: 'Ana' });
    const res = await p.call('post', 'customer/change-email', { token: c.token, body: { email: '  Ana.Santos@Example.COM ' } }).expect(200);
    expect(res.body.data.customer).toMatchObject({ id: c.id, email: 'ana.santos@example.com' });
    const profile = await p.call('get', 'customer/profile', { token: c.token }).expect(200);
    expect(profile.body.data.email).toBe('ana.santos@example.com');
  });

  it('changes only the caller’s own e-mail', async () => {
    const a = await p.newCustomer({ name: 'Alice' });
    const b = await p.newCustomer({ name: 'Bob' });
    await p.call('post', 'customer/change-email', { token: a.token, body: { email: 'x@example.com', customer_id: b.id, id: b.id } }).expect(200);
    const rows = await p.db.selectFrom('customers').select(['id', 'email']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: a.id, email: 'x@example.com' },
      { id: b.id, email: null },
    ]);
  });

  it('refuses a bad e-mail with the field named', async () => {
    const c = await p.newCustomer();
    for (const body of [undefined, {}, { email: '' }, { email: 'not-an-email' }, { email: 42 }, { email: `${'a'.repeat(250)}@example.com` }, { email: ['a@b.co'] }]) {
      const res = await p.call('post', 'customer/change-email', { token: c.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION');
      expect(Object.keys(res.body.error.fields)).toEqual(['email']);
    }
  });
});
