import { afterEach, expect, it } from 'vitest';
import { describeDb, useTestProvider } from './support/provider';
import { DAY } from '../../server/lib/clock';
import { burnPoints, earnPoints } from '../../server/provider/points/points.ledger';
import { runPointsExpiry } from '../../server/provider/points/points.jobs';

describeDb('points expiry', (kind) => {
  const p = useTestProvider(kind);
  afterEach(() => p.clock.set(new Date()));

  const earn = (id: number, pts: number) => p.db.transaction().execute((trx) => earnPoints(trx, p.clock, id, pts, { reason: 'Order paid' }));
  const burn = (id: number, pts: number) => p.db.transaction().execute((trx) => burnPoints(trx, p.clock, id, pts, { reason: 'Redeemed' }));

  async function state(id: number) {
    const ledger = await p.db.selectFrom('points_ledger').selectAll().where('customer_id', '=', id).orderBy('id').execute();
    const { points } = await p.db.selectFrom('customers').select('points').where('id', '=', id).executeTakeFirstOrThrow();
    const notes = await p.db.selectFrom('notifications').selectAll().where('customer_id', '=', id).orderBy('id').execute();
    return { ledger, points, sum: ledger.reduce((s, e) => s + e.points, 0), notes };
  }

  it('expires what is left of the oldest lots after 365 days, through the ledger, and tells the customer', async () => {
    p.clock.set('2024-01-10T04:00:00Z');
    const c = await p.newCustomer();
    await earn(c.id, 100); // lot A
    p.clock.advance(100 * DAY);
    await earn(c.id, 200); // lot B
    p.clock.advance(50 * DAY);
    await burn(c.id, 130); // oldest first: all 100 of A, then 30 of B
    p.clock.set(new Date(Date.parse('2024-01-10T04:00:00Z') + 366 * DAY));
    await runPointsExpiry(p.ctx);
    let s = await state(c.id);
    // A was used up by the burn: nothing of it is left to expire; B (170 left) is not due yet
    expect(s.points).toBe(170);
    expect(s.ledger.filter((e) => e.type === 'expire')).toHaveLength(0);

    const d = await earnAndBurnScenario();
    s = await state(d);
    expect(s.ledger.filter((e) => e.type === 'expire').map((e) => e.points)).toEqual([-60]);
    expect(s.points).toBe(200);
    expect(s.sum).toBe(s.points);
    expect(s.notes.filter((n) => n.title === 'Points expired').map((n) => n.body)).toEqual(['60 points expired.']);
  });

  /** Lot A 100 (day 0), lot B 200 (day 100), burn 40 (day 150) → A has 60 left; at day 366 those 60 expire. */
  async function earnAndBurnScenario(): Promise<number> {
    const start = Date.parse('2023-03-01T02:00:00Z');
    p.clock.set(start);
    const c = await p.newCustomer();
    await earn(c.id, 100);
    p.clock.set(start + 100 * DAY);
    await earn(c.id, 200);
    p.clock.set(start + 150 * DAY);
    await burn(c.id, 40);
    p.clock.set(start + 366 * DAY);
    await runPointsExpiry(p.ctx);
    return c.id;
  }

  it('is safe to run twice: nothing expires or is announced again', async () => {
    const id = await earnAndBurnScenario();
    const before = await state(id);
    await runPointsExpiry(p.ctx);
    await runPointsExpiry(p.ctx);
    const after = await state(id);
    expect(after.ledger).toEqual(before.ledger);
    expect(after.notes).toEqual(before.notes);
    expect(after.points).toBe(200);
  });

  it('sends one "points expiring" notice for lots expiring within 7 days, once', async () => {
    const start = Date.parse('2024-05-01T06:00:00Z');
    p.clock.set(start);
    const c = await p.newCustomer();
    await earn(c.id, 80); // expires 2025-05-01 06:00Z (14:00 in Manila)
    p.clock.set(start + 20 * DAY);
    await earn(c.id, 45); // expires 20 days later: outside the window
    p.clock.set(start + 360 * DAY); // 5 days before the first lot expires
    await runPointsExpiry(p.ctx);
    await runPointsExpiry(p.ctx);
    let s = await state(c.id);
    const notices = s.notes.filter((n) => n.type === 'points_expiring');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.title).toBe('Points expiring soon');
    expect(notices[0]!.body).toMatch(/^80 points expire on May 1, 2025\./);
    expect(notices[0]!.link).toBe('/profile/point');
    const lots = s.ledger.filter((e) => e.type === 'earn');
    expect(lots.map((l) => l.expiry_notified)).toEqual([true, false]);
    expect(s.points).toBe(125);

    // when the second lot comes into the window, it gets its own notice; the first is not repeated
    p.clock.set(start + 380 * DAY);
    await runPointsExpiry(p.ctx);
    s = await state(c.id);
    expect(s.points).toBe(45);
    const texts = s.notes.map((n) => `${n.title}: ${n.body}`);
    expect(texts.filter((t) => t.startsWith('Points expiring soon'))).toHaveLength(2);
    expect(texts).toContain('Points expired: 80 points expired.');
    expect(texts.filter((t) => t.startsWith('Points expiring soon'))[1]).toMatch(/^Points expiring soon: 45 points expire on May 21, 2025\./);
    expect(s.sum).toBe(s.points);
  });

  it('does not announce points already spent', async () => {
    const start = Date.parse('2024-02-01T06:00:00Z');
    p.clock.set(start);
    const c = await p.newCustomer();
    await earn(c.id, 50);
    p.clock.set(start + 10 * DAY);
    await burn(c.id, 50);
    p.clock.set(start + 362 * DAY);
    await runPointsExpiry(p.ctx);
    expect((await state(c.id)).notes).toEqual([]);
  });

  it('two runs at the same time expire and announce each lot once', async () => {
    const ids = await Promise.all([0, 1, 2].map(() => earnAndBurnScenarioWithoutRun()));
    await Promise.all([runPointsExpiry(p.ctx), runPointsExpiry(p.ctx), runPointsExpiry(p.ctx)]);
    for (const id of ids) {
      const s = await state(id);
      expect(s.ledger.filter((e) => e.type === 'expire').map((e) => e.points)).toEqual([-60]);
      expect(s.notes.filter((n) => n.title === 'Points expired')).toHaveLength(1);
      expect(s.points).toBe(200);
      expect(s.sum).toBe(200);
    }
  });

  async function earnAndBurnScenarioWithoutRun(): Promise<number> {
    const start = Date.parse('2023-03-01T02:00:00Z');
    const c = await p.newCustomer();
    await p.db.transaction().execute(async (trx) => {
      const at = (t: number) => ({ now: () => new Date(t) });
      await earnPoints(trx, at(start), c.id, 100, { reason: 'Order paid' });
      await earnPoints(trx, at(start + 100 * DAY), c.id, 200, { reason: 'Order paid' });
      await burnPoints(trx, at(start + 150 * DAY), c.id, 40, { reason: 'Redeemed' });
    });
    p.clock.set(start + 366 * DAY);
    return c.id;
  }
});
