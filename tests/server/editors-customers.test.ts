import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { addPending } from '../../server/provider/points/points.pending';
import { newStaff, ownerOnPostgres, type TestStaff } from './merchant.helpers';
import { describeDb, describePostgres, useTestProvider } from './support/provider';
import { customersApi, customersConsoleApi } from '#contract/customers.calls';
import { notificationsApi } from '#contract/notifications.calls';
import { pointsApi } from '#contract/points.calls';
import { callApi } from '../support/calls';

/**
 * The shop's customers in the console (issue 14): found by phone (written any way), name or e-mail;
 * a customer's account with its ledgers; the owner's points adjustment (an `owner` entry with its
 * reason, a notification, the audit log, never below zero, once per key); staff may look, not adjust.
 */

describeDb('customers in the console', (kind) => {
  const p = useTestProvider(kind);
  let owner: TestStaff;
  let staff: TestStaff;
  let ana: { id: number; token: string };
  beforeAll(async () => {
    owner = await newStaff(p.db, p.clock, { role: 'owner' });
    staff = await newStaff(p.db, p.clock, { role: 'staff' });
    ana = await p.newCustomer({ phone: '+639171234567', name: 'Ana María Reyes', points: 500, wallet: 20_000 });
    await p.db.updateTable('customers').set({ email: 'ana.reyes@example.com' }).where('id', '=', ana.id).execute();
    await p.newCustomer({ phone: '+639281112222', name: 'Ben Santos' });
  });

  const search = async (q: string, token = staff.token) =>
    ((await callApi(p, customersConsoleApi.search, { token, query: { q } })).body.data.items as Array<{ id: number; name: string }>).map((c) => c.id);
  const adjust = (body: Record<string, unknown>, token = owner.token) =>
    callApi(p, customersConsoleApi.adjustPoints, { token, body: { idempotency_key: randomUUID(), ...body } });

  it('finds a customer by phone written any way, by part of the name or e-mail, in any case', async () => {
    for (const q of ['09171234567', '0917 123 4567', '+63 917-123-4567', '1234567', 'maría', 'REYES', 'ana.reyes@', 'EXAMPLE.COM']) {
      expect(await search(q), q).toContain(ana.id);
    }
    expect(await search('Santos')).not.toContain(ana.id);
    // issue #25: written with the country code the way the app reads it (0063…, a trunk 0 after +63)
    for (const q of ['0063 917 123 4567', '+63 (0) 917 123 4567', '639171234567']) {
      expect(await search(q), q).toEqual([ana.id]);
    }
    // the wildcard characters of SQL are plain text here
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual([]);
    const all = (await callApi(p, customersConsoleApi.search, { token: staff.token })).body.data;
    expect(all.items.length).toBeGreaterThanOrEqual(2);
  });

  it('shows a customer’s balances, ledgers, vouchers and orders', async () => {
    const res = await callApi(p, customersConsoleApi.detail, { token: staff.token, query: { id: ana.id } });
    expect(res.status).toBe(200);
    expect(res.body.data.customer).toMatchObject({ id: ana.id, name: 'Ana María Reyes', phone: '+639171234567', points: 500, wallet_balance: 20_000 });
    expect(Array.isArray(res.body.data.points)).toBe(true);
    expect(res.body.data).toMatchObject({ birthday: null, pending_points: 0 });
    // issue 29: the birthday she gave and the points on their way (an order not completed yet)
    await callApi(p, customersApi.birthday, { token: ana.token, body: { day: 14, month: 3, year: 1994 } }).expect(200);
    await p.db
      .transaction()
      .execute((trx) => addPending(trx, p.clock, { customerId: ana.id, points: 33, reason: 'Order K-1', ref: `order:K-${ana.id}`, availableAt: null }));
    const after = (await callApi(p, customersConsoleApi.detail, { token: staff.token, query: { id: ana.id } })).body.data;
    expect(after).toMatchObject({ birthday: { day: 14, month: 3, year: 1994 }, pending_points: 33, customer: { points: 500 } });
    expect((await callApi(p, customersConsoleApi.detail, { token: staff.token, query: { id: 999_999 } })).status).toBe(404);
  });

  it('lets the owner add and take points with a reason: an entry of its own kind, a notification, the audit log', async () => {
    const added = await adjust({ customer_id: ana.id, points: 150, reason: 'Sorry about the cold coffee' });
    expect(added.status).toBe(201);
    expect(added.body.data.customer.points).toBe(650);
    expect(added.body.data.entry).toMatchObject({ type: 'owner', points: 150, balance_after: 650, reason: 'Sorry about the cold coffee' });
    const taken = await adjust({ customer_id: ana.id, points: -50, reason: 'Counted twice by mistake' });
    expect(taken.body.data.customer.points).toBe(600);
    // the customer: the entries in their history, and notifications
    const history = (await callApi(p, pointsApi.history, { token: ana.token, body: { customer_id: ana.id } })).body.data.items as Array<{
      type: string;
      points: number;
      reason: string;
    }>;
    expect(history.slice(0, 2)).toEqual([
      expect.objectContaining({ type: 'owner', points: -50, reason: 'Counted twice by mistake' }),
      expect.objectContaining({ type: 'owner', points: 150, reason: 'Sorry about the cold coffee' }),
    ]);
    const notes = (await callApi(p, notificationsApi.list, { token: ana.token })).body.data.items as Array<{ title: string; body: string }>;
    expect(notes.slice(0, 2).map((n) => [n.title, n.body])).toEqual([
      ['50 points were taken off your balance', 'Counted twice by mistake'],
      ['You got 150 points from us', 'Sorry about the cold coffee'],
    ]);
    const audit = await p.db
      .selectFrom('audit_log')
      .select(['action', 'staff_id', 'after'])
      .where('target', '=', `customer:${ana.id}`)
      .where('action', '=', 'customer.points')
      .orderBy('id')
      .execute();
    expect(audit.map((a) => [a.action, a.staff_id, (a.after as { change: number }).change])).toEqual([
      ['customer.points', owner.id, 150],
      ['customer.points', owner.id, -50],
    ]);
    // the ledger still adds up
    const { points } = await p.db.selectFrom('customers').select('points').where('id', '=', ana.id).executeTakeFirstOrThrow();
    const sum = (await p.db.selectFrom('points_ledger').select('points').where('customer_id', '=', ana.id).execute()).reduce((s, r) => s + r.points, 0);
    expect(sum).toBe(points);
  });

  it('never takes a balance below zero, and repeats nothing for the same key', async () => {
    const refused = await adjust({ customer_id: ana.id, points: -601, reason: 'Too much' });
    expect([refused.status, refused.body.error.code, Object.keys(refused.body.error.fields)]).toEqual([409, 'INSUFFICIENT_POINTS', ['points']]);
    expect(refused.body.message).toBe('This customer has 600 points: you can take at most that many.');
    const key = randomUUID();
    const first = await adjust({ customer_id: ana.id, points: 10, reason: 'Birthday', idempotency_key: key });
    const again = await adjust({ customer_id: ana.id, points: 10, reason: 'Birthday', idempotency_key: key });
    expect(again.body).toEqual(first.body);
    expect((await p.db.selectFrom('customers').select('points').where('id', '=', ana.id).executeTakeFirstOrThrow()).points).toBe(610);
    expect((await adjust({ customer_id: 999_999, points: 10, reason: 'Nobody' })).status).toBe(404);
  });

  it("keeps each owner's keys their own: another owner's same key adjusts again, one key names one adjustment", async () => {
    const other = await newStaff(p.db, p.clock, { role: 'owner' });
    const pointsOf = async (id: number) => (await p.db.selectFrom('customers').select('points').where('id', '=', id).executeTakeFirstOrThrow()).points;
    const before = await pointsOf(ana.id);
    const body = { customer_id: ana.id, points: 5, reason: 'Loyal customer', idempotency_key: randomUUID() };
    const first = await adjust(body);
    const second = await adjust(body, other.token);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.data.entry.id).not.toBe(first.body.data.entry.id);
    expect(await pointsOf(ana.id)).toBe(before + 10);
    // each owner's repeat answers their own first answer
    expect((await adjust(body, other.token)).body).toEqual(second.body);
    expect((await adjust(body)).body).toEqual(first.body);
    expect(await pointsOf(ana.id)).toBe(before + 10);
    // the same owner's key for another customer is another body: refused, nothing changes
    const ben = await p.newCustomer({ points: 0 });
    const reused = await adjust({ ...body, customer_id: ben.id });
    expect([reused.status, reused.body.error.code]).toEqual([422, 'IDEMPOTENCY_MISMATCH']);
    expect(await pointsOf(ben.id)).toBe(0);
  });

  it('lets staff look customers up but not adjust points', async () => {
    const res = await adjust({ customer_id: ana.id, points: 10, reason: 'Staff try' }, staff.token);
    expect([res.status, res.body.error.code]).toEqual([403, 'ROLE_FORBIDDEN']);
    expect((await callApi(p, customersConsoleApi.search, { query: { q: 'ana' } })).status).toBe(401);
    expect((await callApi(p, customersConsoleApi.search, { token: ana.token, query: { q: 'ana' } })).status).toBe(401);
  });
});

describePostgres('points adjustments under concurrency', () => {
  const on = ownerOnPostgres();

  it('20 deductions of 30 from 300 points at once: 10 succeed, the balance is 0 and equals the ledger', async () => {
    const { p, owner } = on;
    const c = await p.newCustomer({ points: 300 });
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        callApi(p, customersConsoleApi.adjustPoints, {
          token: owner.token,
          body: { customer_id: c.id, points: -30, reason: 'Correction', idempotency_key: randomUUID() },
        }),
      ),
    );
    const ok = results.filter((r) => r.status === 201).length;
    expect(ok).toBe(10);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.error.code === 'INSUFFICIENT_POINTS')).toBe(true);
    const { points } = await p.db.selectFrom('customers').select('points').where('id', '=', c.id).executeTakeFirstOrThrow();
    const sum = (await p.db.selectFrom('points_ledger').select('points').where('customer_id', '=', c.id).execute()).reduce((s, r) => s + r.points, 0);
    expect([points, sum]).toEqual([0, 0]);
  });
});
