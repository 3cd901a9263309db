import { beforeAll, beforeEach, expect, it } from 'vitest';
import { API_KEY_CALLS_PER_MINUTE, API_KEYS_MAX, type ApiKey, type ApiKeySecretData } from '#contract/api-keys';
import { apiKeysConsoleApi } from '#contract/api-keys.calls';
import { menuMachineApi } from '#contract/menu.calls';
import { ordersApi } from '#contract/orders.calls';
import { staffApi } from '#contract/staff.calls';
import { HOUR, MINUTE } from '../../server/lib/clock';
import { callApi } from '../support/calls';
import { newStaffSession, ownerAndStaff } from './merchant.helpers';
import { key, products } from './orders.helpers';
import { describeEachDb, describePostgres, TEST_MERCHANT_KEY, useTestProvider, type TestProvider } from './support/provider';

/**
 * Scoped API keys (issue 52), the provider's side: an owner's key is shown once and kept as a hash; it
 * makes the merchant calls of its scopes and no other (403 naming the scope); revoked, it stops at once;
 * rotated, the old secret works for the overlap and then never; each call is a line in Activity; a key's
 * calls per minute are bounded (429). The configuration's merchant key works with every scope until an
 * owner turns it off. Owners only (merchant-staff.test.ts refuses the others on every console call; the
 * bad-input suite has these calls). On PostgreSQL: keys created at once never pass the limit.
 */

const START = new Date('2026-12-02T02:00:00Z');

function calls(p: TestProvider, team: ReturnType<typeof ownerAndStaff>) {
  const api = {
    create: async (body: Record<string, unknown>) => {
      const res = await callApi(p, apiKeysConsoleApi.create, { token: team.owner.token, body });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data as ApiKeySecretData;
    },
    list: async () =>
      (await callApi(p, apiKeysConsoleApi.keys, { token: team.owner.token }).expect(200)).body.data as {
        keys: ApiKey[];
        legacy_key: { on: boolean; last_used_at: string | null };
      },
    /** a product change (menu:write) made with `secret` */
    product: (secret: string, productId: number, available = true) =>
      callApi(p, menuMachineApi.updateProduct, { headers: { 'x-merchant-key': secret }, body: { product_id: productId, available } }),
    /** an order status change (orders:write) made with `secret` */
    status: (secret: string, name: string, status: string) => callApi(p, ordersApi.status, { headers: { 'x-merchant-key': secret }, body: { name, status } }),
  };
  return api;
}

/** 401 FORBIDDEN: no key, an unknown, revoked or turned-off one, saying which. */
function forbidden(res: { status: number; body: { error?: { code: string }; message: string } }, words: RegExp) {
  expect(res.status, JSON.stringify(res.body)).toBe(401);
  expect(res.body.error?.code).toBe('FORBIDDEN');
  expect(res.body.message).toMatch(words);
}

/** 403 SCOPE_FORBIDDEN: a key without the scope the call needs, naming it. */
function outOfScope(res: { status: number; body: { error?: { code: string }; data: { scope?: string }; message: string } }, scope: string, name: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(403);
  expect(res.body.error?.code).toBe('SCOPE_FORBIDDEN');
  expect(res.body.data.scope).toBe(scope);
  expect(res.body.message).toContain(name);
}

describeEachDb('scoped API keys', (kind) => {
  const p = useTestProvider(kind);
  const team = ownerAndStaff(p);
  const k = calls(p, team);
  let latte: number;
  let day = 0;
  beforeAll(async () => {
    latte = (await products(p)).latte.id;
  });
  beforeEach(async () => {
    p.clock.set(START.getTime() + ++day * 2 * 24 * HOUR);
    for (const m of [team.owner, team.staff]) m.token = (await newStaffSession(p.db, p.clock, m.id)).token;
  });

  /** A paid pickup order of a new customer, by its name. */
  async function paidOrder(): Promise<string> {
    const c = await p.newCustomer({ wallet: 1_000_000 });
    const res = await callApi(p, ordersApi.create, {
      token: c.token,
      body: { items: [{ product_id: latte, qty: 1 }], fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: key() },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.order.name as string;
  }

  it('shows a new key once and keeps only its hash; the list names it by its first characters, never its secret', async () => {
    const made = await k.create({ name: '  Front till ', scopes: ['orders:write'] });
    expect(made.secret).toMatch(/^lk_[A-Za-z0-9_-]{43}$/);
    expect(made.key).toMatchObject({ name: 'Front till', scopes: ['orders:write'], shown: made.secret.slice(0, 9), last_used_at: null, revoked_at: null });
    const row = await p.db.selectFrom('api_keys').selectAll().where('id', '=', made.key.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(made.secret.slice(9));
    const listed = JSON.stringify(await k.list());
    expect(listed).toContain(made.key.shown);
    expect(listed).not.toContain(made.secret);
    const audit = (await callApi(p, staffApi.audit, { token: team.owner.token, query: { kind: 'integrations' } }).expect(200)).body.data.items as {
      action: string;
    }[];
    expect(audit.map((a) => a.action)).toContain('api_key.create');
  });

  it('a key makes the calls of its scopes only: another call is 403 SCOPE_FORBIDDEN naming the scope it needs', async () => {
    const orders = await k.create({ name: 'Kitchen screen', scopes: ['orders:write'] });
    const menu = await k.create({ name: 'Stock sync', scopes: ['menu:write'] });
    const name = await paidOrder();
    expect((await k.status(orders.secret, name, 'preparing')).status).toBe(200);
    outOfScope(await k.status(menu.secret, name, 'ready'), 'orders:write', 'Stock sync');
    expect((await k.product(menu.secret, latte, true)).status).toBe(200);
    outOfScope(await k.product(orders.secret, latte, false), 'menu:write', 'Kitchen screen');
    // a key that is no key, and none at all
    forbidden(await k.product(`lk_${'A'.repeat(43)}`, latte), /not known/);
    forbidden(await k.product('', latte), /needs an API key/);
    const used = (await k.list()).keys.find((x) => x.id === orders.key.id)!;
    expect(used.last_used_at).toBe(p.clock.now().toISOString());
  });

  it('each call of a key is a line in Activity: which key, which call, how it answered', async () => {
    const made = await k.create({ name: 'Till 2', scopes: ['menu:write'] });
    expect((await k.product(made.secret, latte, true)).status).toBe(200);
    // refused by the call itself (no such product): still the key's call, still a line
    expect((await k.product(made.secret, 999_999, true)).status).toBe(404);
    type Line = { action: string; target: string; after: { key: string; call: string; status: number } };
    // written once the call has answered: a moment after its answer
    const linesNow = async () =>
      ((await callApi(p, staffApi.audit, { token: team.owner.token, query: { kind: 'integrations' } }).expect(200)).body.data.items as Line[]).filter(
        (i) => i.action === 'api_key.call' && i.target === `api_key:${made.key.id}`,
      );
    await expect.poll(async () => (await linesNow()).map((l) => l.after.status).sort()).toEqual([200, 404]);
    const lines = await linesNow();
    expect(lines[0]!.after).toMatchObject({ key: 'Till 2', call: 'POST merchant/product/update' });
  });

  it('a revoked key stops at once; revoking it again changes nothing', async () => {
    const made = await k.create({ name: 'Old till', scopes: ['menu:write'] });
    expect((await k.product(made.secret, latte)).status).toBe(200);
    const revoked = (await callApi(p, apiKeysConsoleApi.revoke, { token: team.owner.token, body: { id: made.key.id } }).expect(200)).body.data.key as ApiKey;
    expect(revoked.revoked_at).toBe(p.clock.now().toISOString());
    forbidden(await k.product(made.secret, latte), /revoked/);
    p.clock.advance(MINUTE);
    const again = (await callApi(p, apiKeysConsoleApi.revoke, { token: team.owner.token, body: { id: made.key.id } }).expect(200)).body.data.key as ApiKey;
    expect(again.revoked_at).toBe(revoked.revoked_at);
    const rotate = await callApi(p, apiKeysConsoleApi.rotate, { token: team.owner.token, body: { id: made.key.id } });
    expect(rotate.status).toBe(409);
    expect((await callApi(p, apiKeysConsoleApi.revoke, { token: team.owner.token, body: { id: 999_999 } })).status).toBe(404);
  });

  it('a rotated key takes its new secret at once; the old one works for 24 hours, then never', async () => {
    const made = await k.create({ name: 'Front till', scopes: ['menu:write'] });
    const rotated = (await callApi(p, apiKeysConsoleApi.rotate, { token: team.owner.token, body: { id: made.key.id } }).expect(200)).body
      .data as ApiKeySecretData;
    expect(rotated.secret).not.toBe(made.secret);
    expect(rotated.key.previous_until).toBe(new Date(p.clock.now().getTime() + 24 * HOUR).toISOString());
    expect((await k.product(rotated.secret, latte)).status).toBe(200);
    expect((await k.product(made.secret, latte)).status).toBe(200);
    p.clock.advance(24 * HOUR - MINUTE);
    expect((await k.product(made.secret, latte)).status).toBe(200);
    p.clock.advance(MINUTE);
    forbidden(await k.product(made.secret, latte), /not known/);
    expect((await k.product(rotated.secret, latte)).status).toBe(200);
  });

  it(`a key makes at most ${API_KEY_CALLS_PER_MINUTE} calls a minute, bad ones included; the next minute it may again`, async () => {
    const made = await k.create({ name: 'Busy till', scopes: ['menu:write'] });
    const other = await k.create({ name: 'Quiet till', scopes: ['menu:write'] });
    for (let i = 0; i < API_KEY_CALLS_PER_MINUTE; i++) {
      // an empty body: refused by the call (400) after the key's check counted it
      const res = await callApi(p, menuMachineApi.updateProduct, { headers: { 'x-merchant-key': made.secret }, body: {} });
      expect(res.status).toBe(400);
    }
    const over = await k.product(made.secret, latte);
    expect(over.status).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // another key is counted apart
    expect((await k.product(other.secret, latte)).status).toBe(200);
    p.clock.advance(MINUTE + 1000);
    expect((await k.product(made.secret, latte)).status).toBe(200);
  });

  it("the configuration's merchant key works with every scope until an owner turns it off, for good", async () => {
    const name = await paidOrder();
    expect((await k.status(TEST_MERCHANT_KEY, name, 'preparing')).status).toBe(200);
    expect((await k.product(TEST_MERCHANT_KEY, latte)).status).toBe(200);
    expect((await k.list()).legacy_key).toMatchObject({ on: true, last_used_at: p.clock.now().toISOString() });
    const off = (await callApi(p, apiKeysConsoleApi.legacyOff, { token: team.owner.token, body: { confirm: true } }).expect(200)).body.data.legacy_key;
    expect(off).toMatchObject({ on: false, turned_off_at: p.clock.now().toISOString() });
    forbidden(await k.product(TEST_MERCHANT_KEY, latte), /turned off/);
    // a key of the owner's still works; the configuration's key stays off
    const made = await k.create({ name: 'New till', scopes: ['orders:write'] });
    expect((await k.status(made.secret, name, 'ready')).status).toBe(200);
    expect((await k.list()).legacy_key.on).toBe(false);
    // turned back on for the suite's other tests (the database is the suite's)
    await p.db.updateTable('merchant_key_state').set({ turned_off_at: null, turned_off_hash: null }).execute();
  });
});

describePostgres('scoped API keys under concurrency', () => {
  const p = useTestProvider('postgres');
  const team = ownerAndStaff(p);
  beforeEach(async () => {
    p.clock.set(START.getTime());
    team.owner.token = (await newStaffSession(p.db, p.clock, team.owner.id)).token;
  });

  it(`${API_KEYS_MAX + 10} keys created at once: exactly ${API_KEYS_MAX} are, the rest told the limit`, async () => {
    const answers = await Promise.all(
      Array.from({ length: API_KEYS_MAX + 10 }, (_, i) =>
        callApi(p, apiKeysConsoleApi.create, { token: team.owner.token, body: { name: `Till ${i}`, scopes: ['menu:write'] } }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(API_KEYS_MAX);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.error.code === 'LIMIT_REACHED')).toBe(true);
    expect(statuses.filter((s) => s === 409)).toHaveLength(10);
    const live = await p.db.selectFrom('api_keys').select('id').where('revoked_at', 'is', null).execute();
    expect(live).toHaveLength(API_KEYS_MAX);
  });
});
