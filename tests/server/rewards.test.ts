import { describe, expect, it } from 'vitest';
import { describeDb, useTestProvider, type TestProvider } from './support/provider';
import { DAY } from '../../server/lib/clock';
import { notificationsApi } from '#contract/notifications.calls';
import { rewardsApi } from '#contract/rewards.calls';
import { callApi } from '../support/calls';

let seq = 0;
/** A reward of the test's own, so tests never share stock or limits. */
async function makeReward(p: TestProvider, o: { stock?: number | null; limit?: number | null; cost?: number; validDays?: number } = {}) {
  const name = `test-reward-${++seq}-${Date.now().toString(36)}`;
  await p.db
    .insertInto('rewards')
    .values({
      name,
      title: `Test reward ${seq}`,
      description: 'For a test',
      points_cost: o.cost ?? 100,
      image: '/demo/rewards/php-50-off.svg',
      stock: o.stock === undefined ? null : o.stock,
      valid_days: o.validDays ?? 30,
      per_customer_limit: o.limit ?? null,
      discount_amount: 5000,
      position: 100 + seq,
    })
    .execute();
  return name;
}

async function ledgerSum(p: TestProvider, customerId: number) {
  const rows = await p.db.selectFrom('points_ledger').select('points').where('customer_id', '=', customerId).execute();
  const customer = await p.db.selectFrom('customers').select('points').where('id', '=', customerId).executeTakeFirstOrThrow();
  return { sum: rows.reduce((s, r) => s + r.points, 0), balance: customer.points };
}

describeDb('rewards and vouchers', (kind) => {
  const p = useTestProvider(kind);

  describe(rewardsApi.list.path, () => {
    it('lists the seeded coffee-shop rewards in order, to guests too', async () => {
      const res = await callApi(p, rewardsApi.list).expect(200);
      const rewards = res.body.data.rewards as Array<Record<string, unknown>>;
      expect(rewards.length).toBeGreaterThanOrEqual(6);
      const names = rewards.map((r) => r.name);
      expect(names.slice(0, 6)).toEqual([
        'birthday-cake-slice',
        'butter-croissant',
        'php-50-off',
        'free-iced-latte',
        'kopi-senja-tote-bag',
        'barista-masterclass-seat',
      ]);
      const fifty = rewards.find((r) => r.name === 'php-50-off')!;
      expect(fifty).toMatchObject({ title: '₱50 off your order', discount_amount: 5000, stock: null, image: '/demo/rewards/php-50-off.svg' });
      expect(rewards.find((r) => r.name === 'kopi-senja-tote-bag')!.stock).toBe(25);
      expect(rewards.find((r) => r.name === 'birthday-cake-slice')!.per_customer_limit).toBe(1);
      for (const r of rewards.slice(0, 6)) {
        expect(r.points_cost).toBeGreaterThanOrEqual(50);
        expect(r.points_cost).toBeLessThanOrEqual(800);
        expect(r.valid_days).toBeGreaterThanOrEqual(30);
        expect(r.valid_days).toBeLessThanOrEqual(90);
      }
    });

    it('leaves out inactive rewards', async () => {
      const name = await makeReward(p);
      await p.db.updateTable('rewards').set({ active: false }).where('name', '=', name).execute();
      const res = await callApi(p, rewardsApi.list).expect(200);
      expect(res.body.data.rewards.map((r: { name: string }) => r.name)).not.toContain(name);
    });

    it('answers one reward by its name, 404 for an unknown one, 400 for a bad name', async () => {
      const ok = await callApi(p, rewardsApi.detail, { query: { name: 'free-iced-latte' } }).expect(200);
      expect(ok.body.data.reward.title).toBe('Free iced latte');
      const missing = await callApi(p, rewardsApi.detail, { query: { name: 'no-such-reward' } }).expect(404);
      expect(missing.body.error.code).toBe('NOT_FOUND');
      const bad = await callApi(p, rewardsApi.detail, { query: { name: 'Bad Name!' } }).expect(400);
      expect(bad.body.error.fields).toHaveProperty('name');
    });
  });

  describe(rewardsApi.redeem.path, () => {
    it('burns the points, issues a voucher with a unique code, and notifies', async () => {
      const c = await p.newCustomer({ points: 500 });
      const res = await callApi(p, rewardsApi.redeem, { token: c.token, body: { name: 'php-50-off', idempotency_key: 'k1' } }).expect(201);
      expect(res.body.status).toBe(201);
      const v = res.body.data.voucher;
      expect(v.code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
      expect(v.status).toBe('active');
      expect(v.reward).toMatchObject({ name: 'php-50-off', title: '₱50 off your order', discount_amount: 5000 });
      expect(new Date(v.expires_at).getTime() - p.clock.now().getTime()).toBe(60 * DAY);

      const customer = await p.db.selectFrom('customers').select('points').where('id', '=', c.id).executeTakeFirstOrThrow();
      expect(customer.points).toBe(350);
      expect(await ledgerSum(p, c.id)).toEqual({ sum: 350, balance: 350 });
      const burn = await p.db.selectFrom('points_ledger').selectAll().where('customer_id', '=', c.id).where('type', '=', 'burn').execute();
      expect(burn).toHaveLength(1);
      expect(burn[0]!.points).toBe(-150);

      const n = await callApi(p, notificationsApi.list, { token: c.token }).expect(200);
      // issue #25: it points to the voucher's QR code (its link opens the voucher), never to its reference
      expect(n.body.data.items[0]).toMatchObject({ type: 'reward', title: 'Reward redeemed', link: `/reward/storage/active?voucher=${v.id}`, read: false });
      expect(n.body.data.items[0].body).toContain('QR code at the counter');
      expect(n.body.data.items[0].body).not.toContain(v.code);

      const storage = await callApi(p, rewardsApi.storage, { token: c.token, query: { status: 'active' } }).expect(200);
      expect(storage.body.data.vouchers.map((x: { id: number }) => x.id)).toEqual([v.id]);
    });

    it('refuses with INSUFFICIENT_POINTS and changes nothing', async () => {
      const c = await p.newCustomer({ points: 40 });
      const name = await makeReward(p, { stock: 3, cost: 100 });
      const res = await callApi(p, rewardsApi.redeem, { token: c.token, body: { name, idempotency_key: 'k' } }).expect(409);
      expect(res.body.error.code).toBe('INSUFFICIENT_POINTS');
      const r = await p.db.selectFrom('rewards').select('stock').where('name', '=', name).executeTakeFirstOrThrow();
      expect(r.stock).toBe(3);
      expect(await p.db.selectFrom('vouchers').select('id').where('customer_id', '=', c.id).execute()).toHaveLength(0);
      expect(await ledgerSum(p, c.id)).toEqual({ sum: 40, balance: 40 });
    });

    it('answers 404 for an unknown or inactive reward', async () => {
      const c = await p.newCustomer({ points: 1000 });
      const res = await callApi(p, rewardsApi.redeem, { token: c.token, body: { name: 'no-such-reward', idempotency_key: 'a' } }).expect(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
      const name = await makeReward(p);
      await p.db.updateTable('rewards').set({ active: false }).where('name', '=', name).execute();
      await callApi(p, rewardsApi.redeem, { token: c.token, body: { name, idempotency_key: 'b' } }).expect(404);
    });

    it('takes stock down to 0 and then answers OUT_OF_STOCK, never below 0', async () => {
      const name = await makeReward(p, { stock: 2, cost: 10 });
      for (let i = 0; i < 2; i++) {
        const c = await p.newCustomer({ points: 100 });
        await callApi(p, rewardsApi.redeem, { token: c.token, body: { name, idempotency_key: 'x' } }).expect(201);
      }
      const late = await p.newCustomer({ points: 100 });
      const res = await callApi(p, rewardsApi.redeem, { token: late.token, body: { name, idempotency_key: 'x' } }).expect(409);
      expect(res.body.error.code).toBe('OUT_OF_STOCK');
      expect(await ledgerSum(p, late.id)).toEqual({ sum: 100, balance: 100 });
      const r = await p.db.selectFrom('rewards').select('stock').where('name', '=', name).executeTakeFirstOrThrow();
      expect(r.stock).toBe(0);
    });

    it('keeps an unlimited reward unlimited (stock stays null)', async () => {
      const c = await p.newCustomer({ points: 300 });
      await callApi(p, rewardsApi.redeem, { token: c.token, body: { name: 'butter-croissant', idempotency_key: 'u' } }).expect(201);
      const r = await p.db.selectFrom('rewards').select('stock').where('name', '=', 'butter-croissant').executeTakeFirstOrThrow();
      expect(r.stock).toBeNull();
    });

    it('enforces the per-customer limit with LIMIT_REACHED, per customer', async () => {
      const a = await p.newCustomer({ points: 500 });
      const b = await p.newCustomer({ points: 500 });
      await callApi(p, rewardsApi.redeem, { token: a.token, body: { name: 'birthday-cake-slice', idempotency_key: '1' } }).expect(201);
      const again = await callApi(p, rewardsApi.redeem, { token: a.token, body: { name: 'birthday-cake-slice', idempotency_key: '2' } }).expect(409);
      expect(again.body.error.code).toBe('LIMIT_REACHED');
      expect(await ledgerSum(p, a.id)).toEqual({ sum: 450, balance: 450 });
      await callApi(p, rewardsApi.redeem, { token: b.token, body: { name: 'birthday-cake-slice', idempotency_key: '1' } }).expect(201);
    });

    it('tells a signed-in customer how often they redeemed a limited reward, so the app says "Limit reached" before a try', async () => {
      const a = await p.newCustomer({ points: 500 });
      const mine = async (token?: string) =>
        (await callApi(p, rewardsApi.list, token ? { token } : {}).expect(200)).body.data.rewards as Array<{ name: string; redeemed?: number }>;
      const cake = (list: Array<{ name: string; redeemed?: number }>) => list.find((r) => r.name === 'birthday-cake-slice')!;
      expect(cake(await mine(a.token)).redeemed).toBe(0);
      await callApi(p, rewardsApi.redeem, { token: a.token, body: { name: 'birthday-cake-slice', idempotency_key: '1' } }).expect(201);
      const after = await mine(a.token);
      expect(cake(after).redeemed).toBe(1);
      // a reward without a limit, and a guest, get no count
      expect(after.find((r) => r.name === 'butter-croissant')).not.toHaveProperty('redeemed');
      expect(cake(await mine())).not.toHaveProperty('redeemed');
    });

    it('replays the first answer for a repeated key and burns once; another body with that key is 422', async () => {
      const c = await p.newCustomer({ points: 1000 });
      const first = await callApi(p, rewardsApi.redeem, { token: c.token, body: { name: 'php-50-off', idempotency_key: 'same' } }).expect(201);
      const again = await callApi(p, rewardsApi.redeem, { token: c.token, body: { name: 'php-50-off', idempotency_key: 'same' } }).expect(201);
      expect(again.body).toEqual(first.body);
      expect(await p.db.selectFrom('vouchers').select('id').where('customer_id', '=', c.id).execute()).toHaveLength(1);
      expect(await ledgerSum(p, c.id)).toEqual({ sum: 850, balance: 850 });
      const other = await callApi(p, rewardsApi.redeem, { token: c.token, body: { name: 'free-iced-latte', idempotency_key: 'same' } }).expect(422);
      expect(other.body.error.code).toBe('IDEMPOTENCY_MISMATCH');
    });

    it('replays a stored refusal for its key, even after the customer could afford it', async () => {
      const c = await p.newCustomer({ points: 10 });
      await callApi(p, rewardsApi.redeem, { token: c.token, body: { name: 'php-50-off', idempotency_key: 'poor' } }).expect(409);
      await p.db.transaction().execute(async (trx) => {
        const { earnPoints } = await import('../../server/provider/points/points.ledger');
        await earnPoints(trx, p.clock, c.id, 500, { reason: 'Test grant' });
      });
      const replay = await callApi(p, rewardsApi.redeem, { token: c.token, body: { name: 'php-50-off', idempotency_key: 'poor' } }).expect(409);
      expect(replay.body.error.code).toBe('INSUFFICIENT_POINTS');
      await callApi(p, rewardsApi.redeem, { token: c.token, body: { name: 'php-50-off', idempotency_key: 'rich' } }).expect(201);
    });

    it('answers 400 naming each bad field, never 500', async () => {
      const c = await p.newCustomer({ points: 100 });
      const cases: Array<[unknown, string[]]> = [
        [{}, ['name', 'idempotency_key']],
        [{ name: 'php-50-off' }, ['idempotency_key']],
        [{ name: 'php-50-off', idempotency_key: '' }, ['idempotency_key']],
        [{ name: 'php-50-off', idempotency_key: 'k'.repeat(65) }, ['idempotency_key']],
        [{ name: 'PHP 50 OFF', idempotency_key: 'k' }, ['name']],
        [{ name: 42, idempotency_key: 7 }, ['name', 'idempotency_key']],
        [[], ['body']],
      ];
      for (const [body, fields] of cases) {
        const res = await callApi(p, rewardsApi.redeem, { token: c.token, body }).expect(400);
        expect(res.body.error.code).toBe('VALIDATION');
        for (const f of fields) expect(res.body.error.fields).toHaveProperty(f);
      }
    });

    it('needs a session', async () => {
      const res = await callApi(p, rewardsApi.redeem, { body: { name: 'php-50-off', idempotency_key: 'k' } }).expect(401);
      expect(res.body.error.code).toBe('SESSION_EXPIRED');
    });
  });

  describe(rewardsApi.storage.path, () => {
    it('moves vouchers past their date to expired', async () => {
      const c = await p.newCustomer({ points: 1000 });
      const name = await makeReward(p, { validDays: 1, cost: 10 });
      const res = await callApi(p, rewardsApi.redeem, { token: c.token, body: { name, idempotency_key: 'e' } }).expect(201);
      p.clock.advance(DAY + 1000);
      try {
        const active = await callApi(p, rewardsApi.storage, { token: c.token, query: { status: 'active' } }).expect(200);
        expect(active.body.data.vouchers).toEqual([]);
        const expired = await callApi(p, rewardsApi.storage, { token: c.token, query: { status: 'expired' } }).expect(200);
        expect(expired.body.data.vouchers.map((v: { id: number }) => v.id)).toEqual([res.body.data.voucher.id]);
        expect(expired.body.data.vouchers[0].status).toBe('expired');
      } finally {
        p.clock.advance(-(DAY + 1000));
      }
    });

    it('defaults to active, lists used vouchers under used, and refuses an unknown status', async () => {
      const c = await p.newCustomer({ points: 1000 });
      const res = await callApi(p, rewardsApi.redeem, { token: c.token, body: { name: 'php-50-off', idempotency_key: 'd' } }).expect(201);
      const byDefault = await callApi(p, rewardsApi.storage, { token: c.token }).expect(200);
      expect(byDefault.body.data.vouchers).toHaveLength(1);
      await p.db.updateTable('vouchers').set({ status: 'used', used_at: p.clock.now() }).where('id', '=', res.body.data.voucher.id).execute();
      const used = await callApi(p, rewardsApi.storage, { token: c.token, query: { status: 'used' } }).expect(200);
      expect(used.body.data.vouchers[0]).toMatchObject({ id: res.body.data.voucher.id, status: 'used' });
      const bad = await callApi(p, rewardsApi.storage, { token: c.token, query: { status: 'stolen' } }).expect(400);
      expect(bad.body.error.fields).toHaveProperty('status');
    });

    it("never shows another customer's vouchers, and answers 404 for one asked by id", async () => {
      const a = await p.newCustomer({ points: 1000 });
      const b = await p.newCustomer({ points: 1000 });
      const res = await callApi(p, rewardsApi.redeem, { token: a.token, body: { name: 'php-50-off', idempotency_key: 'mine' } }).expect(201);
      const id = res.body.data.voucher.id;
      const theirs = await callApi(p, rewardsApi.storage, { token: b.token, query: { status: 'active' } }).expect(200);
      expect(theirs.body.data.vouchers).toEqual([]);
      const nope = await callApi(p, rewardsApi.voucher, { token: b.token, query: { id } }).expect(404);
      expect(nope.body.error.code).toBe('NOT_FOUND');
      expect(JSON.stringify(nope.body)).not.toContain(res.body.data.voucher.code);
      const mine = await callApi(p, rewardsApi.voucher, { token: a.token, query: { id } }).expect(200);
      expect(mine.body.data.voucher.code).toBe(res.body.data.voucher.code);
      const bad = await callApi(p, rewardsApi.voucher, { token: a.token, query: { id: 'abc' } }).expect(400);
      expect(bad.body.error.fields).toHaveProperty('id');
    });
  });
});
