import { beforeEach, expect, it } from 'vitest';
import type { ApiKeySecretData } from '#contract/api-keys';
import { apiKeysConsoleApi } from '#contract/api-keys.calls';
import { counterApi, counterMachineApi } from '#contract/counter.calls';
import { membersApi } from '#contract/members.calls';
import { shopSettingsApi } from '#contract/shop-settings.calls';
import { staffApi } from '#contract/staff.calls';
import { clearMerchantCache } from '../../server/provider/settings/settings.service';
import { callApi } from '../support/calls';
import { counterTeam } from './merchant.helpers';
import { key } from './orders.helpers';
import { describeEachDb, describePostgres, TEST_MERCHANT_KEY, useTestProvider, type TestProvider } from './support/provider';

/**
 * A till earns points for a member (issue 52): merchant/till/earn with an API key allowed `points:earn`,
 * the member by their card's code or their phone; the counter's earn otherwise (rate, caps, Activity), the
 * key counting as a member of staff for the daily cap and named in the counter's list; once per
 * idempotency key. The server's own key and a key without the scope are refused. On PostgreSQL, many
 * earns at once keep the customer's daily cap, and one idempotency key sent many times at once earns once.
 */

/** Wednesday 25 November 2026, 10:00 in Manila. */
const WED_10AM = new Date('2026-11-25T02:00:00Z');

function tillOf(p: TestProvider, team: ReturnType<typeof counterTeam>) {
  return {
    /** a key of the owner's, with these scopes */
    newKey: async (name: string, scopes: string[] = ['points:earn']) =>
      (await callApi(p, apiKeysConsoleApi.create, { token: team.owner.token, body: { name, scopes } }).expect(201)).body.data as ApiKeySecretData,
    earn: (secret: string, body: Record<string, unknown>) =>
      callApi(p, counterMachineApi.earn, { headers: { 'x-merchant-key': secret }, body: { idempotency_key: key(), ...body } }),
    /** the shop's rules back to their defaults, its settings cache forgotten */
    defaultRules: async () => {
      await p.db.updateTable('merchants').set({ rules: '{}' }).execute();
      clearMerchantCache();
    },
    setRules: (rules: Record<string, number>) => callApi(p, shopSettingsApi.update, { token: team.owner.token, body: rules }).expect(200),
  };
}

describeEachDb('a till earns points for a member', (kind) => {
  const p = useTestProvider(kind);
  const team = counterTeam(p, WED_10AM);
  const till = tillOf(p, team);
  beforeEach(() => till.defaultRules());

  it("by the member's phone: the counter's earn, named by the key in the counter's list and in Activity", async () => {
    const front = await till.newKey('Front till');
    const c = await p.newCustomer({ name: 'Ana Reyes', phone: '+639171113333', points: 5 });
    const res = await till.earn(front.secret, { phone: '0917 111 3333', amount: 38_500 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.message).toBe('38 points for Ana.');
    expect(res.body.data).toMatchObject({ earn: { points: 38, staff_name: 'Front till (API key)' }, member: { customer_id: c.id, points: 43 } });
    const listed = (await callApi(p, counterApi.earns, { token: team.staff.token }).expect(200)).body.data.earns as { staff_name: string; points: number }[];
    expect(listed[0]).toMatchObject({ staff_name: 'Front till (API key)', points: 38 });
    const audit = (await callApi(p, staffApi.audit, { token: team.owner.token, query: { kind: 'counter' } }).expect(200)).body.data.items as {
      action: string;
      actor: string;
      after: { api_key?: string; earned?: number };
    }[];
    expect(audit.find((a) => a.action === 'counter.earn')).toMatchObject({ actor: 'machine', after: { api_key: 'Front till', earned: 38 } });
  });

  it("by the member card's code, once per idempotency key", async () => {
    const front = await till.newKey('Front till');
    const c = await p.newCustomer({ points: 0 });
    const card = (await callApi(p, membersApi.card, { token: c.token }).expect(200)).body.data as { current: { qr: string } };
    const body = { code: card.current.qr, amount: 12_000, idempotency_key: key() };
    const first = await till.earn(front.secret, body);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const again = await till.earn(front.secret, body);
    expect(again.body).toEqual(first.body);
    const row = await p.db.selectFrom('customers').select('points').where('id', '=', c.id).executeTakeFirstOrThrow();
    expect(row.points).toBe(12);
  });

  it("is refused to a key without points:earn and to the server's own key; a member nobody is, or two ways at once, are told plainly", async () => {
    const menu = await till.newKey('Stock sync', ['menu:write']);
    const front = await till.newKey('Front till');
    await p.newCustomer({ phone: '+639171114444' });
    for (const secret of [menu.secret, TEST_MERCHANT_KEY]) {
      const res = await till.earn(secret, { phone: '+639171114444', amount: 10_000 });
      expect(res.status, JSON.stringify(res.body)).toBe(403);
      expect(res.body).toMatchObject({ error: { code: 'SCOPE_FORBIDDEN' }, data: { scope: 'points:earn' } });
    }
    const nobody = await till.earn(front.secret, { phone: '+639179999999', amount: 10_000 });
    expect([nobody.status, nobody.body.error.code]).toEqual([404, 'NOT_FOUND']);
    const both = await till.earn(front.secret, { phone: '+639171114444', code: 'ABCD1234', amount: 10_000 });
    expect(both.status).toBe(400);
    const elsewhere = await till.earn(front.secret, { phone: '+639171114444', amount: 10_000, location_id: 999_999 });
    expect([elsewhere.status, elsewhere.body.error.fields]).toEqual([400, { location_id: expect.any(String) }]);
    const points = await p.db.selectFrom('customers').select('points').where('phone', '=', '+639171114444').executeTakeFirstOrThrow();
    expect(points.points).toBe(0);
  });

  it("a key counts as a member of staff for the daily cap, apart from the counter's staff", async () => {
    await till.setRules({ counter_points_per_staff_per_day: 30 });
    const front = await till.newKey('Front till');
    const a = await p.newCustomer({ phone: '+639171115555' });
    const b = await p.newCustomer({ phone: '+639171116666' });
    expect((await till.earn(front.secret, { phone: '+639171115555', amount: 20_000 })).status).toBe(201);
    const over = await till.earn(front.secret, { phone: '+639171116666', amount: 20_000 });
    expect(over.status, JSON.stringify(over.body)).toBe(409);
    expect(over.body).toMatchObject({ error: { code: 'LIMIT_REACHED' }, data: { points_left_today: 10, limit: 'staff' } });
    expect(over.body.message).toContain('Front till');
    // the counter's own staff have their own 30
    const atCounter = await callApi(p, counterApi.earn, { token: team.staff.token, body: { customer_id: b.id, amount: 20_000, idempotency_key: key() } });
    expect(atCounter.status, JSON.stringify(atCounter.body)).toBe(201);
    expect(a.id).not.toBe(b.id);
  });
});

describePostgres('a till under concurrency', () => {
  const p = useTestProvider('postgres');
  const team = counterTeam(p, WED_10AM);
  const till = tillOf(p, team);
  beforeEach(() => till.defaultRules());

  it("20 earns at once for one member keep the customer's daily cap: exactly 5 of 10 points pass a cap of 50", async () => {
    await till.setRules({ counter_points_per_customer_per_day: 50 });
    const keys = await Promise.all(['Till 1', 'Till 2', 'Till 3', 'Till 4'].map((n) => till.newKey(n)));
    const c = await p.newCustomer({ phone: '+639171117777' });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => till.earn(keys[i % keys.length]!.secret, { phone: '+639171117777', amount: 10_000 })),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(5);
    expect(answers.filter((r) => r.status === 409).every((r) => r.body.error.code === 'LIMIT_REACHED')).toBe(true);
    const row = await p.db.selectFrom('customers').select('points').where('id', '=', c.id).executeTakeFirstOrThrow();
    expect(row.points).toBe(50);
  });

  it('one idempotency key sent 10 times at once earns once', async () => {
    const front = await till.newKey('Front till');
    const c = await p.newCustomer({ phone: '+639171118888' });
    const body = { phone: '+639171118888', amount: 15_000, idempotency_key: key() };
    const answers = await Promise.all(Array.from({ length: 10 }, () => till.earn(front.secret, body)));
    // the first earns; the others replay it, or are told it is still running (409) and may send again
    expect(answers.filter((r) => r.status === 201).length).toBeGreaterThanOrEqual(1);
    expect(answers.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    const earns = await p.db.selectFrom('counter_earns').select('points').where('customer_id', '=', c.id).execute();
    expect(earns).toEqual([{ points: 15 }]);
  });
});
