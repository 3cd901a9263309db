import { expect, it } from 'vitest';
import { describePostgres, useTestProvider } from './support/provider';
import { runPointsExpiry } from '../../server/provider/points/points.jobs';
import { addressesApi } from '#contract/addresses.calls';
import { rewardsApi } from '#contract/rewards.calls';
import { wheelApi } from '#contract/wheel.calls';
import { callApi } from '../support/calls';

/**
 * Concurrency on PostgreSQL with a pool of 10 connections (PGlite has one connection, so races never
 * show there). Each test fires its calls at once and checks the invariants afterwards.
 */
describePostgres('loyalty races', () => {
  const p = useTestProvider('postgres', { poolSize: 10 });

  let seq = 0;
  async function makeReward(o: { stock: number | null; cost: number; limit?: number | null }) {
    const name = `race-${++seq}`;
    await p.db
      .insertInto('rewards')
      .values({
        name,
        title: `Race reward ${seq}`,
        points_cost: o.cost,
        stock: o.stock,
        valid_days: 30,
        per_customer_limit: o.limit ?? null,
        discount_amount: 1000,
      })
      .execute();
    return p.db.selectFrom('rewards').select(['id', 'name']).where('name', '=', name).executeTakeFirstOrThrow();
  }

  async function ledgerOk(customerId: number) {
    const rows = await p.db.selectFrom('points_ledger').select('points').where('customer_id', '=', customerId).execute();
    const { points } = await p.db.selectFrom('customers').select('points').where('id', '=', customerId).executeTakeFirstOrThrow();
    expect(rows.reduce((s, r) => s + r.points, 0)).toBe(points);
    expect(points).toBeGreaterThanOrEqual(0);
    return points;
  }

  const codes = (results: Array<{ status: number; body: { error?: { code: string } } }>) => {
    const tally: Record<string, number> = {};
    for (const r of results) {
      const k = r.body.error?.code ?? String(r.status);
      tally[k] = (tally[k] ?? 0) + 1;
    }
    return tally;
  };

  it('60 customers redeeming a reward with stock 1 at once: exactly one voucher, stock 0', async () => {
    const reward = await makeReward({ stock: 1, cost: 100 });
    const customers = await Promise.all(Array.from({ length: 60 }, () => p.newCustomer({ points: 500 })));
    const results = await Promise.all(
      customers.map((c) => callApi(p, rewardsApi.redeem, { token: c.token, body: { name: reward.name, idempotency_key: 'race' } })),
    );
    console.info('stock-1 race, 60 customers:', codes(results));
    expect(codes(results)).toEqual({ '201': 1, OUT_OF_STOCK: 59 });
    const { stock } = await p.db.selectFrom('rewards').select('stock').where('id', '=', reward.id).executeTakeFirstOrThrow();
    expect(stock).toBe(0);
    expect(await p.db.selectFrom('vouchers').select('id').where('reward_id', '=', reward.id).execute()).toHaveLength(1);
    const balances = await Promise.all(customers.map((c) => ledgerOk(c.id)));
    expect(balances.sort()).toEqual([...Array(59).fill(500), 400].sort());
  });

  it('one customer redeeming a reward with stock 1 with 60 keys at once: one voucher, one burn', async () => {
    const reward = await makeReward({ stock: 1, cost: 100 });
    const c = await p.newCustomer({ points: 10_000 });
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) => callApi(p, rewardsApi.redeem, { token: c.token, body: { name: reward.name, idempotency_key: `k${i}` } })),
    );
    console.info('stock-1 race, one customer:', codes(results));
    expect(codes(results)).toEqual({ '201': 1, OUT_OF_STOCK: 59 });
    expect((await p.db.selectFrom('rewards').select('stock').where('id', '=', reward.id).executeTakeFirstOrThrow()).stock).toBe(0);
    expect(await ledgerOk(c.id)).toBe(9_900);
  });

  it('50 redeems with ONE idempotency key at once: one voucher, one burn, the rest replay or wait', async () => {
    const reward = await makeReward({ stock: null, cost: 100 });
    const c = await p.newCustomer({ points: 10_000 });
    const results = await Promise.all(
      Array.from({ length: 50 }, () => callApi(p, rewardsApi.redeem, { token: c.token, body: { name: reward.name, idempotency_key: 'one-key' } })),
    );
    const tally = codes(results);
    console.info('one-key race:', tally);
    expect(Object.keys(tally).every((k) => k === '201' || k === 'IDEMPOTENCY_IN_PROGRESS')).toBe(true);
    const ok = results.filter((r) => r.status === 201);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ok.map((r) => r.body.data.voucher.id)).size).toBe(1);
    expect(await p.db.selectFrom('vouchers').select('id').where('customer_id', '=', c.id).execute()).toHaveLength(1);
    const burns = await p.db.selectFrom('points_ledger').select('points').where('customer_id', '=', c.id).where('type', '=', 'burn').execute();
    expect(burns).toEqual([{ points: -100 }]);
    expect(await ledgerOk(c.id)).toBe(9_900);
    // once done, every retry replays the same voucher
    const again = await callApi(p, rewardsApi.redeem, { token: c.token, body: { name: reward.name, idempotency_key: 'one-key' } }).expect(201);
    expect(again.body.data.voucher.id).toBe(ok[0]!.body.data.voucher.id);
  });

  it('30 redeems of a once-per-customer reward at once: one voucher', async () => {
    const reward = await makeReward({ stock: null, cost: 10, limit: 1 });
    const c = await p.newCustomer({ points: 1_000 });
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => callApi(p, rewardsApi.redeem, { token: c.token, body: { name: reward.name, idempotency_key: `l${i}` } })),
    );
    expect(codes(results)).toEqual({ '201': 1, LIMIT_REACHED: 29 });
    expect(await ledgerOk(c.id)).toBe(990);
  });

  it('20 redeems that together cost more than the balance: only what the points cover', async () => {
    const reward = await makeReward({ stock: null, cost: 100 });
    const c = await p.newCustomer({ points: 350 });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => callApi(p, rewardsApi.redeem, { token: c.token, body: { name: reward.name, idempotency_key: `b${i}` } })),
    );
    expect(codes(results)).toEqual({ '201': 3, INSUFFICIENT_POINTS: 17 });
    expect(await ledgerOk(c.id)).toBe(50);
  });

  it('50 spins at once by a customer with 0 points: exactly one free spin, the rest NO_SPINS_LEFT', async () => {
    // only "Try again" stays on the wheel, so a prize cannot pay for a further spin
    const tryAgain = await p.db.selectFrom('wheel_segments').select('id').where('prize_type', '=', 'none').executeTakeFirstOrThrow();
    await p.db.updateTable('wheel_segments').set({ active: false }).where('id', '<>', tryAgain.id).execute();
    try {
      const c = await p.newCustomer();
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) => callApi(p, wheelApi.spin, { token: c.token, body: { idempotency_key: `s${i}` } })),
      );
      console.info('spin race, 0 points:', codes(results));
      expect(codes(results)).toEqual({ '200': 1, NO_SPINS_LEFT: 49 });
      const spins = await p.db.selectFrom('wheel_spins').select('free').where('customer_id', '=', c.id).execute();
      expect(spins).toEqual([{ free: true }]);
      expect(await ledgerOk(c.id)).toBe(0);
    } finally {
      await p.db.updateTable('wheel_segments').set({ active: true }).execute();
    }
  });

  it('50 spins at once with points for 10 paid spins: one free spin, at most what the points cover, ledger intact', async () => {
    const c = await p.newCustomer({ points: 200 });
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => callApi(p, wheelApi.spin, { token: c.token, body: { idempotency_key: `p${i}` } })));
    const spins = await p.db.selectFrom('wheel_spins').select(['free', 'cost_points']).where('customer_id', '=', c.id).execute();
    expect(spins.filter((s) => s.free)).toHaveLength(1);
    expect(results.filter((r) => r.status === 200)).toHaveLength(spins.length);
    expect(results.every((r) => r.status === 200 || r.body.error?.code === 'NO_SPINS_LEFT')).toBe(true);
    const paid = spins.filter((s) => !s.free).length;
    const won = await p.db.selectFrom('points_ledger').select('points').where('customer_id', '=', c.id).where('reason', '=', 'Spin and win').execute();
    expect(paid * 20).toBeLessThanOrEqual(200 + won.reduce((s, r) => s + r.points, 0));
    await ledgerOk(c.id);
  });

  it('creating addresses at once leaves exactly one default', async () => {
    const c = await p.newCustomer();
    const body = {
      label: 'Home',
      recipient: 'Ana',
      phone: '09171234567',
      line1: '1 Rizal Street',
      city: 'Pasig',
      postal_code: '1600',
      lat: 14.57,
      lng: 121.08,
    };
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => callApi(p, addressesApi.create, { token: c.token, body: { ...body, label: `A${i}`, is_default: i % 3 === 0 } })),
    );
    expect(results.every((r) => r.status === 201)).toBe(true);
    const rows = await p.db.selectFrom('addresses').select('is_default').where('customer_id', '=', c.id).execute();
    expect(rows).toHaveLength(10);
    expect(rows.filter((r) => r.is_default)).toHaveLength(1);
  });

  it('points expiry run by three servers at once expires each lot once', async () => {
    const customers = await Promise.all(Array.from({ length: 8 }, () => p.newCustomer({ points: 70 })));
    p.clock.advance(366 * 86_400_000);
    try {
      await Promise.all([runPointsExpiry(p.ctx), runPointsExpiry(p.ctx), runPointsExpiry(p.ctx)]);
      for (const c of customers) {
        expect(await ledgerOk(c.id)).toBe(0);
        const expires = await p.db.selectFrom('points_ledger').select('points').where('customer_id', '=', c.id).where('type', '=', 'expire').execute();
        expect(expires).toEqual([{ points: -70 }]);
        const notes = await p.db.selectFrom('notifications').select('body').where('customer_id', '=', c.id).execute();
        expect(notes).toEqual([{ body: '70 points expired.' }]);
      }
    } finally {
      p.clock.set(new Date());
    }
  });
});
