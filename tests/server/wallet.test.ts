import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { describeDb, useTestProvider } from './support/provider';
import { key, ledgers } from './orders.helpers';
import { postWalletEntry } from '../../server/provider/wallet/wallet.ledger';
import { clearMerchantCache } from '../../server/provider/settings/settings.service';
import { walletApi } from '#contract/wallet.calls';
import { callApi, undeclared } from '../support/calls';

describeDb('wallet', (kind) => {
  const p = useTestProvider(kind);

  describe('wallet/balance and wallet/history', () => {
    it("answers the balance in the merchant's currency", async () => {
      const c = await p.newCustomer({ wallet: 25050 });
      const res = await callApi(p, walletApi.balance, { token: c.token }).expect(200);
      // gift money (issue 49) is its own part of the balance: none here
      expect(res.body.data).toEqual({ balance: 25050, gift_balance: 0, currency: 'PHP' });
      const fresh = await p.newCustomer();
      expect((await callApi(p, walletApi.balance, { token: fresh.token }).expect(200)).body.data.balance).toBe(0);
    });

    it("pages the ledger newest first, 20 a page, only the customer's own entries", async () => {
      const c = await p.newCustomer();
      // someone else's 'Test grant' entry must not show up
      await p.newCustomer({ wallet: 999 });
      await p.db.transaction().execute(async (trx) => {
        for (let i = 1; i <= 23; i++) await postWalletEntry(trx, p.clock, c.id, { type: 'adjust', amount: i * 100, reason: `Grant ${i}` });
      });
      const one = await callApi(p, walletApi.history, { token: c.token }).expect(200);
      expect(one.body.data.items).toHaveLength(20);
      expect(one.body.data.next_page).toBe(2);
      expect(one.body.data.items[0]).toEqual({
        id: expect.any(Number),
        type: 'adjust',
        amount: 2300,
        balance_after: 27600,
        gift_amount: 0,
        reason: 'Grant 23',
        created_at: expect.stringMatching(/Z$/),
      });
      const two = await callApi(p, walletApi.history, { token: c.token, query: { page: 2 } }).expect(200);
      expect(two.body.data.items.map((i: { reason: string }) => i.reason)).toEqual(['Grant 3', 'Grant 2', 'Grant 1']);
      expect(two.body.data.next_page).toBeNull();
      expect(JSON.stringify([one.body, two.body])).not.toContain('Test grant');
      for (const page of ['0', 'abc', '1.5']) {
        const bad = await callApi(p, walletApi.history, { token: c.token, query: { page } }).expect(400);
        expect(bad.body.error.fields).toHaveProperty('page');
      }
    });

    it('needs a session', async () => {
      for (const path of [walletApi.balance.path, walletApi.history.path, walletApi.topupStatus.path]) {
        expect((await p.call('get', path).expect(401)).body.error.code).toBe('SESSION_EXPIRED');
      }
      expect((await callApi(p, walletApi.topup, { body: { amount: 10000, idempotency_key: 'k' } }).expect(401)).body.error.code).toBe('SESSION_EXPIRED');
    });

    it('keeps the balance equal to the ledger sum and never below zero, also in the database', async () => {
      const c = await p.newCustomer({ wallet: 500 });
      await expect(
        p.db.transaction().execute((trx) => postWalletEntry(trx, p.clock, c.id, { type: 'order', amount: -501, reason: 'Too much' })),
      ).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
      await expect(sql`update customers set wallet_balance = -1 where id = ${c.id}`.execute(p.db)).rejects.toThrow();
      expect(await ledgers(p, c.id)).toMatchObject({ wallet: 500, walletSum: 500 });
    });
  });

  describe(walletApi.topup.path, () => {
    it('opens a pending top-up and answers its hosted payment page (201), without touching the balance', async () => {
      const c = await p.newCustomer();
      const res = await callApi(p, walletApi.topup, { token: c.token, body: { amount: 50000, idempotency_key: key() } }).expect(201);
      const { topup_id, payment_url } = res.body.data;
      expect(topup_id).toMatch(/^[0-9a-f-]{36}$/);
      // the hosted page, not a declared call
      expect(payment_url).toBe(`/api/${undeclared(`payment/sandbox/${topup_id}`)}`);
      const row = await p.db.selectFrom('payments').selectAll().where('id', '=', topup_id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ customer_id: c.id, kind: 'topup', amount: 50000, status: 'pending', return_to: 'profile' });
      expect((await ledgers(p, c.id)).wallet).toBe(0);
      const status = await callApi(p, walletApi.topupStatus, { token: c.token, query: { topup_id } }).expect(200);
      expect(status.body.data).toEqual({ topup: { id: topup_id, amount: 50000, status: 'pending', created_at: expect.stringMatching(/Z$/) }, balance: 0 });
    });

    it('is idempotent: the same key and body answer the same top-up; another body gets 422', async () => {
      const c = await p.newCustomer();
      const body = { amount: 20000, idempotency_key: key(), return_to: 'order' };
      const a = await callApi(p, walletApi.topup, { token: c.token, body }).expect(201);
      const b = await callApi(p, walletApi.topup, { token: c.token, body }).expect(201);
      expect(b.body).toEqual(a.body);
      const m = await callApi(p, walletApi.topup, { token: c.token, body: { ...body, amount: 20001 } }).expect(422);
      expect(m.body.error.code).toBe('IDEMPOTENCY_MISMATCH');
      expect(await p.db.selectFrom('payments').select('id').where('customer_id', '=', c.id).execute()).toHaveLength(1);
      // the same key is the customer's own: another customer may use it too
      const d = await p.newCustomer();
      const e = await callApi(p, walletApi.topup, { token: d.token, body }).expect(201);
      expect(e.body.data.topup_id).not.toBe(a.body.data.topup_id);
    });

    it('refuses amounts outside 10,000 to 5,000,000 and bad fields with 400 naming them', async () => {
      const c = await p.newCustomer();
      const cases: Array<[object, string[]]> = [
        [{ amount: 9999, idempotency_key: 'a' }, ['amount']],
        [{ amount: 5_000_001, idempotency_key: 'a' }, ['amount']],
        [{ amount: 10000.5, idempotency_key: 'a' }, ['amount']],
        [{ amount: '10000', idempotency_key: 'a' }, ['amount']],
        [{ amount: 10000 }, ['idempotency_key']],
        [{ amount: 10000, idempotency_key: 'a', return_to: 'home' }, ['return_to']],
        [{}, ['amount', 'idempotency_key']],
      ];
      for (const [body, fields] of cases) {
        const res = await callApi(p, walletApi.topup, { token: c.token, body }).expect(400);
        expect(res.body.error.code).toBe('VALIDATION');
        expect(Object.keys(res.body.error.fields).sort(), JSON.stringify(body)).toEqual(fields.sort());
      }
      await callApi(p, walletApi.topup, { token: c.token, body: { amount: 10000, idempotency_key: key() } }).expect(201);
      await callApi(p, walletApi.topup, { token: c.token, body: { amount: 5_000_000, idempotency_key: key() } }).expect(201);
    });

    it("follows the merchant's own top-up limits", async () => {
      const c = await p.newCustomer();
      await p.db
        .updateTable('merchants')
        .set({ rules: JSON.stringify({ topup_min: 20000, topup_max: 30000 }) })
        .where('id', '=', 'kopi-senja')
        .execute();
      clearMerchantCache();
      try {
        const low = await callApi(p, walletApi.topup, { token: c.token, body: { amount: 15000, idempotency_key: key() } }).expect(400);
        expect(low.body.error.fields).toEqual({ amount: 'must be at least 20000' });
        const high = await callApi(p, walletApi.topup, { token: c.token, body: { amount: 30001, idempotency_key: key() } }).expect(400);
        expect(high.body.error.fields).toEqual({ amount: 'must be at most 30000' });
      } finally {
        await p.db
          .updateTable('merchants')
          .set({ rules: JSON.stringify({}) })
          .where('id', '=', 'kopi-senja')
          .execute();
        clearMerchantCache();
      }
    });
  });

  describe(walletApi.topupStatus.path, () => {
    it("answers 404 for another customer's top-up or an unknown one, 400 for a malformed id", async () => {
      const c = await p.newCustomer();
      const other = await p.newCustomer();
      const res = await callApi(p, walletApi.topup, { token: c.token, body: { amount: 10000, idempotency_key: key() } }).expect(201);
      const theirs = await callApi(p, walletApi.topupStatus, { token: other.token, query: { topup_id: res.body.data.topup_id } }).expect(404);
      expect(theirs.body.error.code).toBe('NOT_FOUND');
      expect(theirs.body.data).toBeNull();
      await callApi(p, walletApi.topupStatus, { token: c.token, query: { topup_id: randomUUID() } }).expect(404);
      const bad = await callApi(p, walletApi.topupStatus, { token: c.token, query: { topup_id: 'nope' } }).expect(400);
      expect(bad.body.error.fields).toEqual({ topup_id: 'must be a top-up id' });
      const missing = await callApi(p, walletApi.topupStatus, { token: c.token }).expect(400);
      expect(missing.body.error.fields).toEqual({ topup_id: 'is required' });
    });
  });
});
