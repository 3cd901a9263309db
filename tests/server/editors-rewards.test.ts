import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { newStaff, ownerOnPostgres, type TestStaff } from './merchant.helpers';
import { describeDb, describePostgres, useTestProvider } from './support/provider';
import { counterApi } from '#contract/counter.calls';
import { rewardsApi, rewardsEditorApi } from '#contract/rewards.calls';
import { callApi } from '../support/calls';
import { tiersConsoleApi } from '#contract/tiers.calls';
import { stampsConsoleApi } from '#contract/stamps.calls';

/**
 * The owner's reward catalogue (issue 14): added rewards reach customers; cost and stock changes are
 * seen at once; the total stock cannot go below what was redeemed (also while customers redeem at the
 * same moment, on PostgreSQL); a retired reward disappears for customers while its vouchers stay valid.
 */

interface EditorReward {
  id: number;
  name: string;
  title: string;
  points_cost: number;
  stock_total: number | null;
  stock_left: number | null;
  issued: number;
  used: number;
  active: boolean;
}

describeDb('the reward catalogue editor', (kind) => {
  const p = useTestProvider(kind);
  let owner: TestStaff;
  let staff: TestStaff;
  beforeAll(async () => {
    owner = await newStaff(p.db, p.clock, { role: 'owner' });
    staff = await newStaff(p.db, p.clock, { role: 'staff' });
  });

  const create = (body: Record<string, unknown>) =>
    callApi(p, rewardsEditorApi.create, { token: owner.token, body: { description: 'A treat.', valid_days: 30, ...body } });
  const update = (body: Record<string, unknown>, token = owner.token) => callApi(p, rewardsEditorApi.update, { token, body });
  const customerList = async () => (await callApi(p, rewardsApi.list)).body.data.rewards as Array<{ name: string; points_cost: number; stock: number | null }>;
  const redeem = (token: string, name: string) => callApi(p, rewardsApi.redeem, { token, body: { name, idempotency_key: randomUUID() } });

  it('adds a reward customers can see and redeem; its name is made from the title', async () => {
    const res = await create({ title: 'Free Matcha Latte!', points_cost: 200, stock_total: 5 });
    expect(res.status).toBe(201);
    const reward = res.body.data.reward as EditorReward;
    expect(reward).toMatchObject({ name: 'free-matcha-latte', stock_total: 5, stock_left: 5, issued: 0, used: 0, active: true });
    // its id, as a stamp card programme names its reward
    const row = await p.db.selectFrom('rewards').select('id').where('name', '=', 'free-matcha-latte').executeTakeFirstOrThrow();
    expect(reward.id).toBe(row.id);
    expect((await create({ title: 'Free matcha latte', points_cost: 200, stock_total: null })).body.data.reward.name).toBe('free-matcha-latte-2');
    expect((await customerList()).find((r) => r.name === 'free-matcha-latte')).toMatchObject({ points_cost: 200, stock: 5 });
    const c = await p.newCustomer({ points: 1_000 });
    expect((await redeem(c.token, 'free-matcha-latte')).status).toBe(201);
    const list = (await callApi(p, rewardsEditorApi.list, { token: owner.token })).body.data.rewards as EditorReward[];
    expect(list.find((r) => r.name === 'free-matcha-latte')).toMatchObject({ stock_total: 5, stock_left: 4, issued: 1 });
  });

  it('changes the cost and the stock: customers see both at once', async () => {
    const res = await update({ name: 'free-matcha-latte', points_cost: 250, stock_total: 10 });
    expect(res.body.data.reward).toMatchObject({ points_cost: 250, stock_total: 10, stock_left: 9, issued: 1 });
    expect((await customerList()).find((r) => r.name === 'free-matcha-latte')).toMatchObject({ points_cost: 250, stock: 9 });
    expect((await update({ name: 'free-matcha-latte', stock_total: null })).body.data.reward).toMatchObject({ stock_total: null, stock_left: null });
    expect((await customerList()).find((r) => r.name === 'free-matcha-latte')!.stock).toBeNull();
  });

  it('refuses a total stock below what was already redeemed, with a clear message', async () => {
    const c = await p.newCustomer({ points: 10_000 });
    await update({ name: 'free-matcha-latte', stock_total: 10 });
    expect((await redeem(c.token, 'free-matcha-latte')).status).toBe(201);
    const refused = await update({ name: 'free-matcha-latte', stock_total: 1 });
    expect([refused.status, refused.body.error.code, Object.keys(refused.body.error.fields)]).toEqual([409, 'CONFLICT', ['stock_total']]);
    expect(refused.body.message).toBe('2 of Free Matcha Latte! were already redeemed: the stock cannot be lower than 2.');
    expect(refused.body.data).toEqual({ issued: 2 });
    // exactly what was redeemed is fine: none left
    expect((await update({ name: 'free-matcha-latte', stock_total: 2 })).body.data.reward).toMatchObject({ stock_left: 0 });
    expect((await redeem(c.token, 'free-matcha-latte')).body.error.code).toBe('OUT_OF_STOCK');
  });

  it('retires a reward: customers no longer see or redeem it; a voucher already issued stays valid and usable', async () => {
    const c = await p.newCustomer({ points: 10_000 });
    await create({ title: 'Retiring reward', points_cost: 100, stock_total: null });
    const voucher = (await redeem(c.token, 'retiring-reward')).body.data.voucher as { id: number };
    const res = await update({ name: 'retiring-reward', active: false });
    expect(res.body.data.reward.active).toBe(false);
    expect((await customerList()).some((r) => r.name === 'retiring-reward')).toBe(false);
    expect((await redeem(c.token, 'retiring-reward')).status).toBe(404);
    // the voucher: still active, and the counter takes it
    const codes = (await callApi(p, rewardsApi.voucherCode, { token: c.token, query: { id: voucher.id } })).body.data;
    expect(codes.status).toBe('active');
    expect((await callApi(p, counterApi.redeem, { token: staff.token, body: { code: codes.current.qr } })).status).toBe(201);
    const audit = await p.db.selectFrom('audit_log').select('action').where('target', '=', 'reward:retiring-reward').orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['reward.create', 'reward.retire']);
  });

  it('refuses to retire a reward a tier or a stamp card gives, naming them; once they give another, it retires', async () => {
    const welcome = (await create({ title: 'Tier welcome treat', points_cost: 100, stock_total: null })).body.data.reward as EditorReward;
    const filled = (await create({ title: 'Full card treat', points_cost: 100, stock_total: null })).body.data.reward as EditorReward;
    const tiers = (welcomeId: number | null) => ({
      enabled: false,
      basis: 'points',
      tiers: [
        { name: 'Bean', threshold: 0 },
        { name: 'Brew', threshold: 300, multiplier: 1.25, welcome_reward_id: welcomeId, early_reward_ids: welcomeId ? [welcomeId] : [] },
      ],
    });
    await callApi(p, tiersConsoleApi.update, { token: owner.token, body: tiers(welcome.id) }).expect(200);
    const card = await callApi(p, stampsConsoleApi.create, {
      token: owner.token,
      body: {
        name: 'Coffee card',
        category_ids: [(await p.db.selectFrom('categories').select('id').executeTakeFirstOrThrow()).id],
        stamps_needed: 8,
        reward_id: filled.id,
      },
    }).expect(201);
    try {
      const byTier = await update({ name: welcome.name, active: false });
      expect([byTier.status, byTier.body.error?.code, byTier.body.message]).toEqual([
        409,
        'CONFLICT',
        'The Brew tier gives Tier welcome treat: choose another reward for it on Tiers first, then retire it.',
      ]);
      const byCard = await update({ name: filled.name, active: false });
      expect([byCard.status, byCard.body.message]).toEqual([
        409,
        'The stamp card Coffee card gives Full card treat: choose another reward for it on Stamp cards first, then retire it.',
      ]);
      // nothing changed: both still offered
      expect((await customerList()).map((r) => r.name)).toEqual(expect.arrayContaining([welcome.name, filled.name]));
      await callApi(p, tiersConsoleApi.update, { token: owner.token, body: tiers(null) }).expect(200);
      expect((await update({ name: welcome.name, active: false })).status).toBe(200);
      // an ended stamp card gives nothing any more
      await callApi(p, stampsConsoleApi.status, { token: owner.token, body: { id: card.body.data.program.id, status: 'ended' } }).expect(200);
      expect((await update({ name: filled.name, active: false })).status).toBe(200);
    } finally {
      await callApi(p, tiersConsoleApi.update, { token: owner.token, body: tiers(null) });
    }
  });

  it('refuses staff (403) and bad names (404)', async () => {
    expect((await update({ name: 'free-matcha-latte', points_cost: 1 }, staff.token)).status).toBe(403);
    expect((await callApi(p, rewardsEditorApi.list, { token: staff.token })).status).toBe(403);
    expect((await update({ name: 'no-such-reward', points_cost: 1 })).status).toBe(404);
  });
});

describePostgres('the reward catalogue editor under concurrency', () => {
  const on = ownerOnPostgres();

  it('the owner lowering the stock while 20 customers redeem: never more vouchers than the total stock, never a total below them', async () => {
    const { p, owner } = on;
    const reward = (
      await callApi(p, rewardsEditorApi.create, { token: owner.token, body: { title: 'Race reward', points_cost: 10, stock_total: 15, valid_days: 30 } })
    ).body.data.reward as EditorReward;
    const customers = await Promise.all(Array.from({ length: 20 }, () => p.newCustomer({ points: 100 })));
    const results = await Promise.all([
      ...customers.map((c) => callApi(p, rewardsApi.redeem, { token: c.token, body: { name: reward.name, idempotency_key: randomUUID() } })),
      ...[12, 8, 10].map((total) => callApi(p, rewardsEditorApi.update, { token: owner.token, body: { name: reward.name, stock_total: total } })),
    ]);
    const edits = results.slice(20);
    const issued = Number(
      (
        await p.db
          .selectFrom('vouchers')
          .innerJoin('rewards', 'rewards.id', 'vouchers.reward_id')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('rewards.name', '=', reward.name)
          .executeTakeFirstOrThrow()
      ).n,
    );
    const row = await p.db.selectFrom('rewards').select('stock').where('name', '=', reward.name).executeTakeFirstOrThrow();
    const list = (await callApi(p, rewardsEditorApi.list, { token: owner.token })).body.data.rewards as EditorReward[];
    const now = list.find((r) => r.name === reward.name)!;
    console.info(
      'stock edits during 20 redemptions:',
      edits.map((e) => e.status),
      'issued',
      issued,
      'left',
      row.stock,
    );
    expect(row.stock).toBeGreaterThanOrEqual(0);
    expect(now.stock_total).toBe(issued + row.stock!);
    // the last edit that was accepted is the total now; a refused one named a total below what was issued then
    [12, 8, 10].forEach((total, i) => {
      const e = edits[i]!;
      expect([200, 409]).toContain(e.status);
      // accepted: that total, what was redeemed by then included; refused: more had been redeemed already
      if (e.status === 200) expect(e.body.data.reward.stock_total).toBe(total);
      else expect(e.body.data.issued).toBeGreaterThan(total);
    });
    expect(issued).toBeLessThanOrEqual(15);
  });

  it('eight rewards of one title created at once (a double tap, two owners): each is created under a name of its own', async () => {
    const { p, owner } = on;
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        callApi(p, rewardsEditorApi.create, { token: owner.token, body: { title: 'Twin tart', points_cost: 10, stock_total: null, valid_days: 30 } }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(201));
    const names = results.map((r) => (r.body.data.reward as EditorReward).name).sort();
    expect(names).toEqual(['twin-tart', ...Array.from({ length: 7 }, (_, i) => `twin-tart-${i + 2}`)].sort());
  });
});
