import { expect, it } from 'vitest';
import { createSession } from '../../server/provider/auth/sessions';
import { burnPoints, earnPoints } from '../../server/provider/points/points.ledger';
import { describeDb, useTestProvider } from './support/provider';
import { pointsApi } from '#contract/points.calls';
import { callApi } from '../support/calls';

const DAY = 86_400_000;

describeDb('points history', (kind) => {
  const p = useTestProvider(kind, { reset: true });

  const history = (token: string, body: unknown) => callApi(p, pointsApi.history, { token, body });
  const earn = (id: number, points: number, reason = 'Order') => p.db.transaction().execute((trx) => earnPoints(trx, p.clock, id, points, { reason }));
  const burn = (id: number, points: number, reason = 'Reward') => p.db.transaction().execute((trx) => burnPoints(trx, p.clock, id, points, { reason }));

  it('answers the balance and entries newest first', async () => {
    const c = await p.newCustomer();
    await earn(c.id, 100, 'Order KS-1');
    p.clock.advance(1000);
    await earn(c.id, 50, 'Order KS-2');
    p.clock.advance(1000);
    await burn(c.id, 30, 'Free coffee');
    const res = await history(c.token, { customer_id: c.id }).expect(200);
    expect(res.body.data.balance).toBe(120);
    expect(res.body.data.next_page).toBeNull();
    expect(
      res.body.data.items.map((i: { type: string; points: number; balance_after: number; reason: string }) => [i.type, i.points, i.balance_after, i.reason]),
    ).toEqual([
      ['burn', -30, 120, 'Free coffee'],
      ['earn', 50, 150, 'Order KS-2'],
      ['earn', 100, 100, 'Order KS-1'],
    ]);
    const [burnItem, earnItem] = res.body.data.items;
    expect(burnItem.expires_at).toBeNull();
    expect(new Date(earnItem.expires_at).getTime() - new Date(earnItem.created_at).getTime()).toBe(365 * DAY);
    expect(earnItem.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('answers an empty history for a new customer', async () => {
    const c = await p.newCustomer();
    const res = await history(c.token, { customer_id: c.id }).expect(200);
    expect(res.body.data).toEqual({ balance: 0, pending_points: 0, pending: [], items: [], next_page: null, expiring_soon: null });
  });

  it('pages 20 entries at a time', async () => {
    const c = await p.newCustomer();
    for (let i = 1; i <= 45; i++) await earn(c.id, i, `Entry ${i}`);
    const one = await history(c.token, { customer_id: c.id }).expect(200);
    expect(one.body.data.items).toHaveLength(20);
    expect(one.body.data.items[0].reason).toBe('Entry 45');
    expect(one.body.data.next_page).toBe(2);
    const two = await history(c.token, { customer_id: c.id, page: 2 }).expect(200);
    expect(two.body.data.items[0].reason).toBe('Entry 25');
    expect(two.body.data.next_page).toBe(3);
    const three = await history(c.token, { customer_id: c.id, page: 3 }).expect(200);
    expect(three.body.data.items.map((i: { reason: string }) => i.reason)).toEqual(['Entry 5', 'Entry 4', 'Entry 3', 'Entry 2', 'Entry 1']);
    expect(three.body.data.next_page).toBeNull();
    const four = await history(c.token, { customer_id: c.id, page: 4 }).expect(200);
    expect(four.body.data.items).toEqual([]);
    expect(four.body.data.balance).toBe((45 * 46) / 2);
  });

  it('tells which points expire within 30 days, and the earliest date', async () => {
    const c = await p.newCustomer();
    await earn(c.id, 100);
    p.clock.advance(20 * DAY);
    await earn(c.id, 40);
    p.clock.advance(300 * DAY);
    await earn(c.id, 7);
    // now: the first lot expires in 45 days, the second in 65: nothing within 30 days
    const fresh = () => p.db.transaction().execute((trx) => createSession(trx, p.ctx, c.id)); // months have passed
    expect((await history(await fresh(), { customer_id: c.id }).expect(200)).body.data.expiring_soon).toBeNull();
    p.clock.advance(40 * DAY);
    await burn(c.id, 30); // taken from the oldest lot first
    const res = await history(await fresh(), { customer_id: c.id }).expect(200);
    const firstLot = res.body.data.items.at(-1);
    expect(res.body.data.expiring_soon).toEqual({ points: 70 + 40, expires_at: firstLot.expires_at });
  });

  it('answers 404 for another customer’s id, with none of their data', async () => {
    const a = await p.newCustomer({ points: 10 });
    const b = await p.newCustomer({ points: 999 });
    const res = await history(a.token, { customer_id: b.id }).expect(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
    expect(res.body.data).toBeNull();
    expect(JSON.stringify(res.body)).not.toContain('999');
    const missing = await history(a.token, { customer_id: b.id + 1000 }).expect(404);
    expect(missing.body.message).toBe(res.body.message);
    // asked in a language (the reasons' words), the same refusal: `lang` chooses words, never rows
    const inFilipino = await history(a.token, { customer_id: b.id, lang: 'fil' }).expect(404);
    expect([inFilipino.body.error.code, inFilipino.body.data]).toEqual(['NOT_FOUND', null]);
    expect(JSON.stringify(inFilipino.body)).not.toContain('999');
  });

  it('needs a session: 200 means the session is valid', async () => {
    const c = await p.newCustomer();
    const res = await callApi(p, pointsApi.history, { body: { customer_id: c.id } }).expect(401);
    expect(res.body.error.code).toBe('SESSION_EXPIRED');
  });

  it('refuses bad input with every field named', async () => {
    const c = await p.newCustomer();
    const cases: Array<[unknown, string[]]> = [
      [undefined, ['customer_id']],
      [{}, ['customer_id']],
      [{ customer_id: 'abc' }, ['customer_id']],
      [{ customer_id: -1 }, ['customer_id']],
      [{ customer_id: 1.5 }, ['customer_id']],
      [{ customer_id: c.id, page: 0 }, ['page']],
      [{ customer_id: c.id, page: 'x' }, ['page']],
      [{ customer_id: 'x', page: -2 }, ['customer_id', 'page']],
    ];
    for (const [body, fields] of cases) {
      const res = await history(c.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION');
      expect(Object.keys(res.body.error.fields).sort()).toEqual(fields);
    }
  });
});
