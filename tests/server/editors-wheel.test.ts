import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { newStaff, ownerOnPostgres, type TestStaff } from './merchant.helpers';
import { holdAgainstWrites, untilWaiting } from './support/locks';
import { describeDb, describePostgres, useTestProvider } from './support/provider';
import { rewardsEditorApi } from '#contract/rewards.calls';
import { wheelApi, wheelEditorApi } from '#contract/wheel.calls';
import { tiersConsoleApi } from '#contract/tiers.calls';
import { callApi } from '../support/calls';

/**
 * The owner's wheel (issue 14): a configuration published whole becomes the odds customers are shown
 * and spin with, from the next spin; every configuration is kept and every spin names its own; bad
 * configurations are refused naming the segment and field; the cost and free spins are the new ones.
 */

interface Version {
  version: number;
  segments: Array<{ label: string; weight: number; probability: number; prize_type: string; points: number | null; reward: { name: string } | null }>;
  spin_cost_points: number;
  free_spins_per_day: number;
  published_at: string | null;
  published_by: string | null;
  spins: number;
}

describeDb('the wheel editor', (kind) => {
  const p = useTestProvider(kind);
  let owner: TestStaff;
  let staff: TestStaff;
  beforeAll(async () => {
    owner = await newStaff(p.db, p.clock, { role: 'owner', name: 'Rosa Dela Cruz' });
    staff = await newStaff(p.db, p.clock, { role: 'staff' });
  });

  const editor = async () => (await callApi(p, wheelEditorApi.editor, { token: owner.token })).body.data as { current: Version; versions: Version[] };
  const publish = (body: unknown, token = owner.token) => callApi(p, wheelEditorApi.publish, { token, body });
  const customerWheel = async (token: string) =>
    (await callApi(p, wheelApi.config, { token })).body.data as {
      segments: Array<{ label: string; probability: number }>;
      odds_version: number;
      spin_cost_points: number;
    };
  const spin = (token: string) => callApi(p, wheelApi.spin, { token, body: { idempotency_key: randomUUID() } });

  const CONFIG = {
    segments: [
      { label: '10 pts', prize_type: 'points', points: 10, weight: 3, color: '#f2b33d' },
      { label: 'Croissant', prize_type: 'voucher', reward: 'butter-croissant', weight: 1 },
      { label: 'Try again', prize_type: 'none', weight: 2 },
    ],
    spin_cost_points: 35,
    free_spins_per_day: 1,
  };

  it('shows the wheel in use with the chances customers are shown', async () => {
    const c = await p.newCustomer();
    const { current } = await editor();
    const shown = await customerWheel(c.token);
    expect(current.version).toBe(shown.odds_version);
    expect(current.segments.map((s) => [s.label, s.probability])).toEqual(shown.segments.map((s) => [s.label, s.probability]));
    expect(current.segments.reduce((a, s) => a + s.probability, 0)).toBeCloseTo(1, 10);
  });

  it('publishes a new configuration: customers see the new odds and cost, and the next spin uses them', async () => {
    const c = await p.newCustomer({ points: 1_000 });
    const before = await editor();
    // a spin with the old odds
    expect((await spin(c.token)).status).toBe(200);
    const res = await publish(CONFIG);
    expect(res.status).toBe(201);
    const now = res.body.data as { current: Version; versions: Version[] };
    expect(now.current).toMatchObject({
      version: before.current.version + 1,
      spin_cost_points: 35,
      free_spins_per_day: 1,
      published_by: 'Rosa Dela Cruz',
      spins: 0,
    });
    expect(now.current.segments.map((s) => [s.label, s.probability])).toEqual([
      ['10 pts', 0.5],
      ['Croissant', 0.1667],
      ['Try again', 0.3333],
    ]);
    const shown = await customerWheel(c.token);
    expect(shown.odds_version).toBe(now.current.version);
    expect(shown.spin_cost_points).toBe(35);
    expect(shown.segments.map((s) => [s.label, s.probability])).toEqual(now.current.segments.map((s) => [s.label, s.probability]));
    // the next (paid) spin: the new version, the new cost
    const paid = await spin(c.token);
    expect(paid.status).toBe(200);
    const spins = await p.db.selectFrom('wheel_spins').select(['odds_version', 'cost_points', 'free']).where('customer_id', '=', c.id).orderBy('id').execute();
    expect(spins).toEqual([
      { odds_version: before.current.version, cost_points: 0, free: true },
      { odds_version: now.current.version, cost_points: 35, free: false },
    ]);
    // every configuration is kept, with its spins
    const history = (await editor()).versions;
    expect(history.map((v) => v.version).slice(0, 2)).toEqual([now.current.version, before.current.version]);
    expect(history[0]!.spins).toBe(1);
    expect(history[1]!.spins).toBeGreaterThanOrEqual(1);
    expect(history[1]!.segments.map((s) => s.label)).toEqual(before.current.segments.map((s) => s.label));
    const audit = await p.db.selectFrom('audit_log').select(['action', 'staff_id']).where('target', '=', `wheel:${now.current.version}`).execute();
    expect(audit).toEqual([{ action: 'wheel.publish', staff_id: owner.id }]);
  });

  it('refuses a wheel without segments, a weight below 1, a prize without its points or reward, a retired or unknown reward', async () => {
    await callApi(p, rewardsEditorApi.update, { token: owner.token, body: { name: 'php-50-off', active: false } });
    const cases: Array<[unknown, string[]]> = [
      [{ ...CONFIG, segments: [] }, ['segments']],
      [{ ...CONFIG, segments: [{ ...CONFIG.segments[0], weight: 0 }] }, ['segments.0.weight']],
      [{ ...CONFIG, segments: [CONFIG.segments[0], { ...CONFIG.segments[2], weight: -3 }] }, ['segments.1.weight']],
      [{ ...CONFIG, segments: [{ label: 'Points', prize_type: 'points', weight: 1 }] }, ['segments.0.points']],
      [{ ...CONFIG, segments: [CONFIG.segments[0], { label: 'Voucher', prize_type: 'voucher', weight: 1 }] }, ['segments.1.reward']],
      [{ ...CONFIG, segments: [CONFIG.segments[0], { label: '₱50 off', prize_type: 'voucher', reward: 'php-50-off', weight: 1 }] }, ['segments.1.reward']],
      [{ ...CONFIG, segments: [{ label: 'Ghost', prize_type: 'voucher', reward: 'no-such-reward', weight: 1 }] }, ['segments.0.reward']],
      [{ ...CONFIG, free_spins_per_day: 2 }, ['free_spins_per_day']],
      [{ ...CONFIG, spin_cost_points: -1 }, ['spin_cost_points']],
    ];
    const version = (await editor()).current.version;
    for (const [body, fields] of cases) {
      const res = await publish(body);
      expect([res.status, Object.keys(res.body.error?.fields ?? {})], JSON.stringify(body)).toEqual([400, fields]);
    }
    expect((await editor()).current.version).toBe(version);
    const retired = await publish({ ...CONFIG, segments: [CONFIG.segments[0], { label: '₱50 off', prize_type: 'voucher', reward: 'php-50-off', weight: 1 }] });
    expect(retired.body.error.fields['segments.1.reward']).toBe('is retired: pick an active reward');
  });

  it('keeps a reward the wheel gives from being retired until a wheel without it is published', async () => {
    await publish(CONFIG);
    const refused = await callApi(p, rewardsEditorApi.update, { token: owner.token, body: { name: 'butter-croissant', active: false } });
    expect([refused.status, refused.body.error.code, Object.keys(refused.body.error.fields)]).toEqual([409, 'CONFLICT', ['active']]);
    expect(refused.body.message).toMatch(/publish a wheel without it first/);
    await publish({ ...CONFIG, segments: [CONFIG.segments[0], CONFIG.segments[2]] });
    // the demo's Brew tier welcomes with it too: that says so next, until the tier gives another
    const byTier = await callApi(p, rewardsEditorApi.update, { token: owner.token, body: { name: 'butter-croissant', active: false } });
    expect([byTier.status, byTier.body.message]).toEqual([
      409,
      'The Brew tier gives Free butter croissant: choose another reward for it on Tiers first, then retire it.',
    ]);
    const tiers = (await callApi(p, tiersConsoleApi.tiers, { token: owner.token }).expect(200)).body.data;
    const programme = {
      enabled: tiers.enabled,
      basis: tiers.basis,
      tiers: tiers.tiers.map(
        (t: {
          name: string;
          threshold: number;
          multiplier: number;
          welcome_reward: { id: number } | null;
          birthday_reward: { id: number } | null;
          early_rewards: { id: number }[];
        }) => ({
          name: t.name,
          threshold: t.threshold,
          multiplier: t.multiplier,
          welcome_reward_id: t.name === 'Brew' ? null : (t.welcome_reward?.id ?? null),
          birthday_reward_id: t.birthday_reward?.id ?? null,
          early_reward_ids: t.early_rewards.map((r) => r.id),
        }),
      ),
    };
    await callApi(p, tiersConsoleApi.update, { token: owner.token, body: programme }).expect(200);
    expect((await callApi(p, rewardsEditorApi.update, { token: owner.token, body: { name: 'butter-croissant', active: false } })).status).toBe(200);
  });

  it('is the owner’s: staff get 403', async () => {
    expect((await publish(CONFIG, staff.token)).status).toBe(403);
    expect((await callApi(p, wheelEditorApi.editor, { token: staff.token })).status).toBe(403);
  });
});

describePostgres('the wheel editor racing the reward editor', () => {
  const on = ownerOnPostgres();

  it('a reward retired while a wheel giving it is being published: one of the two is refused, the wheel never gives a retired reward', async () => {
    const { p, owner } = on;
    const reward = (
      await callApi(p, rewardsEditorApi.create, { token: owner.token, body: { title: 'Race muffin', points_cost: 10, stock_total: null, valid_days: 30 } })
    ).body.data.reward as { name: string };
    // The publication is held after it has checked the reward and before it writes the segments (their
    // table is held against writes), so the retirement runs between the check and the write.
    const segments = await holdAgainstWrites(p.db, 'wheel_segments');
    const publishing = Promise.resolve(
      callApi(p, wheelEditorApi.publish, {
        token: owner.token,
        body: {
          segments: [
            { label: 'Muffin', prize_type: 'voucher', reward: reward.name, weight: 1 },
            { label: 'Try again', prize_type: 'none', weight: 1 },
          ],
          spin_cost_points: 20,
          free_spins_per_day: 1,
        },
      }),
    );
    await untilWaiting(p.db, 1);
    const retiring = Promise.resolve(callApi(p, rewardsEditorApi.update, { token: owner.token, body: { name: reward.name, active: false } }));
    // the retirement either finishes at once or waits on the reward the publication holds
    await untilWaiting(p.db, 2, retiring);
    await segments.release();
    const [published, retired] = await Promise.all([publishing, retiring]);
    const { current } = (await callApi(p, wheelEditorApi.editor, { token: owner.token })).body.data as { current: Version };
    const active = (await p.db.selectFrom('rewards').select('active').where('name', '=', reward.name).executeTakeFirstOrThrow()).active;
    const onWheel = current.segments.some((s) => s.reward?.name === reward.name);
    expect({ published: published.status, retired: retired.status }).toEqual({ published: 201, retired: 409 });
    expect({ onWheel, active }).toEqual({ onWheel: true, active: true });
  });
});
