import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDb, describePostgres, useTestProvider, type TestProvider } from './support/provider';
import { key, ledgers, products } from './orders.helpers';
import { runsOf, saveCard, turnOn } from './auto-reload.helpers';
import { postWalletEntry } from '../../server/provider/wallet/wallet.ledger';
import { RETRY_WAITS_MS, runDueReloads } from '../../server/provider/payments/auto-reload';
import { AppError } from '../../server/provider/http/errors';
import { callApi, undeclared } from '../support/calls';
import { ordersApi } from '#contract/orders.calls';
import { paymentsApi } from '#contract/payments.calls';
import { savedCardApi } from '#contract/saved-card.calls';
import { privacyApi } from '#contract/privacy.calls';
import { customerDataExport } from '#contract/privacy';
import { eraseDueAccounts } from '../../server/provider/privacy/privacy.service';

/** A wallet spend as an order makes it (the same ledger statement). */
async function spend(p: TestProvider, customerId: number, amount: number) {
  await p.db
    .transaction()
    .execute((trx) => postWalletEntry(trx, p.clock, customerId, { type: 'order', amount: -amount, reason: 'Order T', ref: `order:T${key()}` }));
}

async function notices(p: TestProvider, customerId: number) {
  return p.db.selectFrom('notifications').select(['title', 'body']).where('customer_id', '=', customerId).orderBy('id').execute();
}

/**
 * The gateway out of reach for its next `failures` charges (as the Stripe adapter answers when Stripe
 * cannot be reached), then reachable again; every charge asked is recorded by its idempotency key.
 */
function unreachableFor(p: TestProvider, failures: number) {
  const cards = p.ctx.paymentGateway!.cards!;
  const charge = cards.charge;
  const keys: string[] = [];
  cards.charge = async (r) => {
    keys.push(r.idempotencyKey);
    if (keys.length <= failures) throw new AppError('PAYMENTS_UNAVAILABLE', 'Online payments are not available right now.');
    return charge(r);
  };
  return { keys, restore: () => void (cards.charge = charge) };
}

/** A customer with a working card, auto-reload on (below 250.00, add 100.00), who just spent across the line: one reload queued. */
async function reloadQueued(p: TestProvider) {
  const c = await p.newCustomer({ wallet: 30000 });
  await saveCard(p, c.token);
  await turnOn(p, c.token, 25000, 10000);
  await spend(p, c.id, 10000);
  return c;
}

describeEachDb('saved card and auto-reload', (kind) => {
  const p = useTestProvider(kind);
  let P: Awaited<ReturnType<typeof products>>;
  beforeAll(async () => {
    P = await products(p);
  });

  it('saves a card on the gateway page and keeps only its brand, last 4 and expiry', async () => {
    const c = await p.newCustomer();
    const before = await callApi(p, savedCardApi.status, { token: c.token }).expect(200);
    expect(before.body.data).toMatchObject({ available: true, card: null, enabled: false, paused: null, limits: { threshold_min: 1, amount_min: 10000 } });
    const setup = await callApi(p, savedCardApi.setup, { token: c.token }).expect(201);
    expect(setup.body.data.setup_url).toBe(`/api/${undeclared(`payment/sandbox/${setup.body.data.setup_id}`)}`);
    // the sandbox's page offers its three test cards to the customer who started it, and to nobody else
    const page = await p.call('get', undeclared(`payment/sandbox/${setup.body.data.setup_id}`), { token: c.token }).expect(200);
    expect(page.text).toContain('Save a card that will be declined');
    const other = await p.newCustomer();
    await p.call('get', undeclared(`payment/sandbox/${setup.body.data.setup_id}`), { token: other.token }).expect(404);
    await callApi(p, paymentsApi.sandboxComplete, { token: other.token, params: { id: setup.body.data.setup_id }, body: { outcome: 'save' } }).expect(404);
    await callApi(p, savedCardApi.confirm, { token: other.token, body: { setup_id: setup.body.data.setup_id } }).expect(404);
    // not saved yet: confirming says so
    expect((await callApi(p, savedCardApi.confirm, { token: c.token, body: { setup_id: setup.body.data.setup_id } }).expect(409)).body.error.code).toBe(
      'CONFLICT',
    );
    await callApi(p, paymentsApi.sandboxComplete, { token: c.token, params: { id: setup.body.data.setup_id }, body: { outcome: 'save' } }).expect(200);
    const saved = await callApi(p, savedCardApi.confirm, { token: c.token, body: { setup_id: setup.body.data.setup_id } }).expect(200);
    expect(saved.body.data.card).toEqual({ brand: 'visa', last4: '4242', exp_month: 12, exp_year: expect.any(Number) });
    // a second confirm (a reload of the page) changes nothing
    await callApi(p, savedCardApi.confirm, { token: c.token, body: { setup_id: setup.body.data.setup_id } }).expect(200);
    const row = await p.db.selectFrom('saved_cards').selectAll().where('customer_id', '=', c.id).executeTakeFirstOrThrow();
    expect(row.method_ref).toMatch(/^sandbox_pm_works_/);
    expect(JSON.stringify(row)).not.toMatch(/\d{12,}/);
    // the other customer sees nothing of it
    expect((await callApi(p, savedCardApi.status, { token: other.token }).expect(200)).body.data.card).toBeNull();
    // a card saved again replaces the first
    await saveCard(p, c.token, 'save_declines');
    expect((await callApi(p, savedCardApi.status, { token: c.token }).expect(200)).body.data.card.last4).toBe('0002');
    expect(await p.db.selectFrom('saved_cards').select('customer_id').where('customer_id', '=', c.id).execute()).toHaveLength(1);
  });

  it('a cancelled save keeps no card', async () => {
    const c = await p.newCustomer();
    const setup = await callApi(p, savedCardApi.setup, { token: c.token }).expect(201);
    const done = await callApi(p, paymentsApi.sandboxComplete, {
      token: c.token,
      params: { id: setup.body.data.setup_id },
      body: { outcome: 'decline' },
    }).expect(200);
    expect(done.body.data.status).toBe('failed');
    const res = await callApi(p, savedCardApi.confirm, { token: c.token, body: { setup_id: setup.body.data.setup_id } }).expect(409);
    expect(res.body.message).toBe('Your card was not saved. Please try again.');
    expect((await callApi(p, savedCardApi.status, { token: c.token }).expect(200)).body.data.card).toBeNull();
  });

  it('checks the settings against the shop’s bounds, and needs a card to turn on', async () => {
    const c = await p.newCustomer();
    const on = { enabled: true, threshold: 20000, amount: 50000 };
    const noCard = await callApi(p, savedCardApi.update, { token: c.token, body: on }).expect(409);
    expect(noCard.body.message).toBe('Save a card first, then turn auto-reload on.');
    await saveCard(p, c.token);
    const small = await callApi(p, savedCardApi.update, { token: c.token, body: { ...on, amount: 5000 } }).expect(400);
    expect(small.body.error.fields).toEqual({ amount: 'must be at least 10000' });
    const high = await callApi(p, savedCardApi.update, { token: c.token, body: { ...on, threshold: 5_000_001 } }).expect(400);
    expect(Object.keys(high.body.error.fields)).toEqual(['threshold']);
    const res = await callApi(p, savedCardApi.update, { token: c.token, body: on }).expect(200);
    expect(res.body.message).toBe('Auto-reload is on.');
    expect(res.body.data).toMatchObject({ enabled: true, threshold: 20000, amount: 50000, paused: null });
    const off = await callApi(p, savedCardApi.update, { token: c.token, body: { ...on, enabled: false } }).expect(200);
    expect(off.body.data.enabled).toBe(false);
  });

  it('reloads once after the order that crossed the line, as a top-up, and never twice for one crossing', async () => {
    const c = await p.newCustomer({ wallet: P.latte.price * 2 + 5000 });
    await saveCard(p, c.token);
    await turnOn(p, c.token, P.latte.price + 6000, 100000);
    const order = () =>
      callApi(p, ordersApi.create, {
        token: c.token,
        body: { items: [{ product_id: P.latte.id, qty: 1 }], fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: key() },
      }).expect(201);
    await order(); // crosses: price + 5000 left, under the line
    await order(); // already under: no second crossing
    expect(await runsOf(p, c.id)).toHaveLength(1);
    expect(await runDueReloads(p.ctx)).toBe(1);
    expect(await runDueReloads(p.ctx)).toBe(0);
    const [run] = await runsOf(p, c.id);
    expect(run).toMatchObject({ status: 'succeeded', amount: 100000 });
    const payment = await p.db.selectFrom('payments').selectAll().where('id', '=', run!.payment_id!).executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ kind: 'topup', status: 'paid', amount: 100000 });
    const entries = await p.db.selectFrom('wallet_ledger').selectAll().where('customer_id', '=', c.id).where('type', '=', 'topup').execute();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ amount: 100000, gift_amount: 0, ref: `topup:${payment.id}` });
    expect(await ledgers(p, c.id)).toMatchObject({ wallet: 5000 + 100000, walletSum: 5000 + 100000 });
    expect((await notices(p, c.id)).map((n) => n.title)).toContain('Top-up successful');
    // back above the line, a new crossing reloads again, once
    await spend(p, c.id, 100000);
    expect(await runsOf(p, c.id)).toHaveLength(2);
    expect(await runDueReloads(p.ctx)).toBe(1);
    expect((await ledgers(p, c.id)).wallet).toBe(5000 + 100000);
  });

  it('starts no second reload while one is waiting', async () => {
    const c = await p.newCustomer({ wallet: 60000 });
    await saveCard(p, c.token);
    await turnOn(p, c.token, 50000, 10000);
    await spend(p, c.id, 20000); // 40000: crossed, a run waits
    await p.db.transaction().execute((trx) => postWalletEntry(trx, p.clock, c.id, { type: 'adjust', amount: 30000, reason: 'Grant' })); // 70000
    await spend(p, c.id, 30000); // crossed again while the first waits: none added
    expect(await runsOf(p, c.id)).toHaveLength(1);
    expect(await runDueReloads(p.ctx)).toBe(1);
    expect((await ledgers(p, c.id)).wallet).toBe(50000);
    // at the line is not below it; from below to further below is no crossing
    await spend(p, c.id, 15000); // 35000: crossed
    expect(await runDueReloads(p.ctx)).toBe(1); // 45000, still under the line
    await spend(p, c.id, 1000);
    expect(await runsOf(p, c.id)).toHaveLength(2);
    expect((await ledgers(p, c.id)).wallet).toBe(44000);
  });

  it('turned on below the line, it reloads once at once', async () => {
    const c = await p.newCustomer({ wallet: 5000 });
    await saveCard(p, c.token);
    await turnOn(p, c.token, 20000, 10000);
    await turnOn(p, c.token, 20000, 10000); // saved again while it waits: still one
    expect(await runsOf(p, c.id)).toHaveLength(1);
    expect(await runDueReloads(p.ctx)).toBe(1);
    expect((await ledgers(p, c.id)).wallet).toBe(15000);
  });

  it('a reload being charged blocks a new one; one left by a crashed worker is charged again with the same key, once', async () => {
    const c = await p.newCustomer({ wallet: 60000 });
    await saveCard(p, c.token);
    await turnOn(p, c.token, 50000, 10000);
    await spend(p, c.id, 20000);
    // a worker claimed the run, asked the gateway, and died before crediting
    const cards = p.ctx.paymentGateway!.cards!;
    const charge = cards.charge;
    const keys: string[] = [];
    cards.charge = async (r) => {
      keys.push(r.idempotencyKey);
      throw new Error('the worker died');
    };
    try {
      expect(await runDueReloads(p.ctx)).toBe(1);
    } finally {
      cards.charge = async (r) => {
        keys.push(r.idempotencyKey);
        return charge(r);
      };
    }
    expect((await runsOf(p, c.id))[0]!.status).toBe('charging');
    // while it is charging, a new crossing starts nothing, and the runner leaves it alone
    await p.db.transaction().execute((trx) => postWalletEntry(trx, p.clock, c.id, { type: 'adjust', amount: 30000, reason: 'Grant' }));
    await spend(p, c.id, 30000);
    expect(await runsOf(p, c.id)).toHaveLength(1);
    expect(await runDueReloads(p.ctx)).toBe(0);
    // the card removed meanwhile: the charge already asked is still finished, on the card it was asked of
    await callApi(p, savedCardApi.remove, { token: c.token }).expect(200);
    p.clock.advance(6 * 60_000);
    try {
      expect(await runDueReloads(p.ctx)).toBe(1);
    } finally {
      cards.charge = charge;
    }
    expect(keys).toEqual([keys[0], keys[0]]);
    expect((await runsOf(p, c.id)).map((r) => r.status)).toEqual(['succeeded']);
    expect(await ledgers(p, c.id)).toMatchObject({ wallet: 50000, walletSum: 50000 });
    expect(await runDueReloads(p.ctx)).toBe(0);
  });

  it('an eGift bought from the wallet is a spend too; money coming in is not', async () => {
    const c = await p.newCustomer({ wallet: 30000 });
    await saveCard(p, c.token);
    await turnOn(p, c.token, 25000, 10000);
    await p.db.transaction().execute((trx) => postWalletEntry(trx, p.clock, c.id, { type: 'adjust', amount: -10000, reason: 'Correction' }));
    expect(await runsOf(p, c.id)).toHaveLength(0);
    await p.db.transaction().execute((trx) => postWalletEntry(trx, p.clock, c.id, { type: 'adjust', amount: 10000, reason: 'Correction' }));
    await p.db.transaction().execute((trx) => postWalletEntry(trx, p.clock, c.id, { type: 'gift_card', amount: -10000, reason: 'eGift' }));
    expect(await runsOf(p, c.id)).toHaveLength(1);
    expect(await runDueReloads(p.ctx)).toBe(1);
    expect((await ledgers(p, c.id)).wallet).toBe(30000);
  });

  it('a declined card pauses auto-reload and says why; turning it on again resumes', async () => {
    const c = await p.newCustomer({ wallet: 30000 });
    await saveCard(p, c.token, 'save_declines');
    await turnOn(p, c.token, 25000, 10000);
    await spend(p, c.id, 10000);
    expect(await runDueReloads(p.ctx)).toBe(1);
    const [run] = await runsOf(p, c.id);
    expect(run!.status).toBe('declined');
    expect((await p.db.selectFrom('payments').select('status').where('id', '=', run!.payment_id!).executeTakeFirstOrThrow()).status).toBe('failed');
    expect(await ledgers(p, c.id)).toMatchObject({ wallet: 20000, walletSum: 20000 });
    const status = (await callApi(p, savedCardApi.status, { token: c.token }).expect(200)).body.data;
    expect(status).toMatchObject({ enabled: true, paused: 'declined', paused_reason: expect.stringContaining('Your card was declined') });
    const told = await notices(p, c.id);
    expect(told.at(-1)).toMatchObject({ title: 'Auto-reload paused: card declined', body: expect.stringContaining('We could not add') });
    // paused: a further crossing starts nothing
    await p.db.transaction().execute((trx) => postWalletEntry(trx, p.clock, c.id, { type: 'adjust', amount: 10000, reason: 'Grant' }));
    await spend(p, c.id, 10000);
    expect(await runsOf(p, c.id)).toHaveLength(1);
    // turned back on below the line: tried again at once (and this card declines again)
    const resumed = await turnOn(p, c.token, 25000, 10000);
    expect(resumed.body.data).toMatchObject({ enabled: true, paused: null, paused_reason: null });
    expect(await runDueReloads(p.ctx)).toBe(1);
    expect((await runsOf(p, c.id)).map((r) => r.status)).toEqual(['declined', 'declined']);
    expect((await callApi(p, savedCardApi.status, { token: c.token }).expect(200)).body.data.paused).toBe('declined');
  });

  it('a gateway out of reach is asked again after 5, 15, 60 minutes… with the same key, and after the last try auto-reload pauses', async () => {
    const c = await reloadQueued(p);
    const down = unreachableFor(p, Infinity);
    try {
      expect(await runDueReloads(p.ctx)).toBe(1);
      expect(down.keys).toHaveLength(1);
      for (const [i, wait] of RETRY_WAITS_MS.entries()) {
        // a minute before the wait is over: not asked
        p.clock.advance(wait - 60_000);
        expect(await runDueReloads(p.ctx)).toBe(0);
        expect(down.keys).toHaveLength(i + 1);
        expect((await runsOf(p, c.id))[0]).toMatchObject({ status: 'charging', attempts: i + 1 });
        p.clock.advance(60_000);
        expect(await runDueReloads(p.ctx)).toBe(1);
        expect(down.keys).toHaveLength(i + 2);
      }
    } finally {
      down.restore();
    }
    expect(RETRY_WAITS_MS.map((ms) => ms / 60_000)).toEqual([5, 15, 60, 180, 360, 720]);
    expect(new Set(down.keys).size).toBe(1);
    // the last try failed too: paused, the payment failed, the customer told as after a decline
    const [run] = await runsOf(p, c.id);
    expect(run!.status).toBe('unreachable');
    expect((await p.db.selectFrom('payments').select('status').where('id', '=', run!.payment_id!).executeTakeFirstOrThrow()).status).toBe('failed');
    const status = (await callApi(p, savedCardApi.status, { token: c.token }).expect(200)).body.data;
    expect(status).toMatchObject({ enabled: true, paused: 'unreachable', paused_reason: expect.stringContaining('could not reach the card payment service') });
    expect((await notices(p, c.id)).at(-1)).toMatchObject({
      title: 'Auto-reload paused: we could not reach your card',
      body: expect.stringContaining('We could not add'),
    });
    expect((await ledgers(p, c.id)).wallet).toBe(20000);
    // nothing more is tried, however long
    p.clock.advance(7 * 86_400_000);
    expect(await runDueReloads(p.ctx)).toBe(0);
    expect(down.keys).toHaveLength(RETRY_WAITS_MS.length + 1);
    // turned back on below the line: a new reload, charged at once now that the gateway answers
    await turnOn(p, c.token, 25000, 10000);
    expect(await runDueReloads(p.ctx)).toBe(1);
    expect((await runsOf(p, c.id)).map((r) => r.status)).toEqual(['unreachable', 'succeeded']);
    expect(await ledgers(p, c.id)).toMatchObject({ wallet: 30000, walletSum: 30000 });
  });

  it('a gateway reachable again before the last try: charged once, with the key it was asked with', async () => {
    const c = await reloadQueued(p);
    const down = unreachableFor(p, 3);
    try {
      expect(await runDueReloads(p.ctx)).toBe(1);
      for (const wait of RETRY_WAITS_MS.slice(0, 3)) {
        p.clock.advance(wait);
        expect(await runDueReloads(p.ctx)).toBe(1);
      }
      p.clock.advance(RETRY_WAITS_MS.at(-1)! * 2);
      expect(await runDueReloads(p.ctx)).toBe(0);
    } finally {
      down.restore();
    }
    expect(down.keys).toHaveLength(4);
    expect(new Set(down.keys).size).toBe(1);
    expect((await runsOf(p, c.id)).map((r) => [r.status, r.attempts])).toEqual([['succeeded', 3]]);
    expect(await ledgers(p, c.id)).toMatchObject({ wallet: 30000, walletSum: 30000 });
    const topups = await p.db.selectFrom('wallet_ledger').select('amount').where('customer_id', '=', c.id).where('type', '=', 'topup').execute();
    expect(topups).toEqual([{ amount: 10000 }]);
    expect((await callApi(p, savedCardApi.status, { token: c.token }).expect(200)).body.data.paused).toBeNull();
  });

  it('a card that needs the customer (3-D Secure) pauses auto-reload and says why', async () => {
    const c = await p.newCustomer({ wallet: 30000 });
    await saveCard(p, c.token, 'save_needs_customer');
    await turnOn(p, c.token, 25000, 10000);
    await spend(p, c.id, 10000);
    expect(await runDueReloads(p.ctx)).toBe(1);
    expect((await runsOf(p, c.id))[0]!.status).toBe('needs_customer');
    const status = (await callApi(p, savedCardApi.status, { token: c.token }).expect(200)).body.data;
    expect(status).toMatchObject({ paused: 'needs_customer', paused_reason: expect.stringContaining('Your bank wants you to confirm') });
    expect((await notices(p, c.id)).at(-1)!.title).toBe('Auto-reload paused: your bank needs you');
    expect((await ledgers(p, c.id)).wallet).toBe(20000);
  });

  it('removing the card turns auto-reload off and drops a reload still waiting', async () => {
    const c = await reloadQueued(p);
    const res = await callApi(p, savedCardApi.remove, { token: c.token }).expect(200);
    expect(res.body.data).toMatchObject({ card: null, enabled: false, paused: null });
    expect(await p.db.selectFrom('saved_cards').select('customer_id').where('customer_id', '=', c.id).execute()).toHaveLength(0);
    expect((await runsOf(p, c.id))[0]!.status).toBe('cancelled');
    expect(await runDueReloads(p.ctx)).toBe(0);
    expect((await ledgers(p, c.id)).wallet).toBe(20000);
    // again: nothing to remove, still 200
    await callApi(p, savedCardApi.remove, { token: c.token }).expect(200);
  });

  it('shows the card in the customer’s data, and erases it (detached at the gateway) with the account', async () => {
    const c = await p.newCustomer({ wallet: 30000 });
    await saveCard(p, c.token);
    await turnOn(p, c.token, 25000, 10000);
    const data = customerDataExport.parse((await callApi(p, privacyApi.dataExport, { token: c.token }).expect(200)).body.data);
    expect(data.saved_card).toEqual({
      brand: 'visa',
      last4: '4242',
      exp_month: 12,
      exp_year: expect.any(Number),
      saved_at: expect.stringMatching(/Z$/),
      auto_reload: { enabled: true, threshold: 25000, amount: 10000, paused: null },
    });
    const ref = (await p.db.selectFrom('saved_cards').select('method_ref').where('customer_id', '=', c.id).executeTakeFirstOrThrow()).method_ref;
    const cards = p.ctx.paymentGateway!.cards!;
    const detached: string[] = [];
    const detach = cards.detach;
    cards.detach = async (r) => void detached.push(r);
    try {
      await callApi(p, privacyApi.requestDeletion, { token: c.token, body: { confirm: 'DELETE' } }).expect(200);
      p.clock.advance(15 * 86_400_000);
      await eraseDueAccounts(p.ctx);
    } finally {
      cards.detach = detach;
    }
    expect(detached).toEqual([ref]);
    for (const table of ['saved_cards', 'auto_reloads', 'card_setups'] as const) {
      expect(await p.db.selectFrom(table).select('customer_id').where('customer_id', '=', c.id).execute(), table).toHaveLength(0);
    }
  });

  it('refuses every call without a session', async () => {
    for (const [call, body] of [
      [savedCardApi.status, undefined],
      [savedCardApi.update, { enabled: false, threshold: 1000, amount: 10000 }],
      [savedCardApi.setup, undefined],
      [savedCardApi.confirm, { setup_id: key() }],
      [savedCardApi.remove, undefined],
    ] as const) {
      const res = await callApi(p, call as typeof savedCardApi.confirm, body ? { body: body as { setup_id: string } } : {}).expect(401);
      expect(res.body.error.code).toBe('SESSION_EXPIRED');
    }
  });
});

describePostgres('auto-reload races', () => {
  const p = useTestProvider('postgres', { poolSize: 10 });
  let P: Awaited<ReturnType<typeof products>>;
  beforeAll(async () => {
    P = await products(p);
  });

  it('a reload waiting out the gateway: parallel runners after the wait charge it once', async () => {
    const c = await reloadQueued(p);
    const down = unreachableFor(p, 1);
    try {
      expect(await runDueReloads(p.ctx)).toBe(1);
      p.clock.advance(RETRY_WAITS_MS[0]!);
      const charged = await Promise.all(Array.from({ length: 5 }, () => runDueReloads(p.ctx)));
      expect(charged.reduce((a, b) => a + b, 0)).toBe(1);
    } finally {
      down.restore();
    }
    expect(down.keys).toHaveLength(2);
    expect(await ledgers(p, c.id)).toMatchObject({ wallet: 30000, walletSum: 30000 });
  });

  describe('20 parallel orders', () => {
    it('cross the line once: one reload queued, and parallel runners charge it once', async () => {
      const c = await p.newCustomer({ wallet: P.latte.price * 20 + 1000 });
      await saveCard(p, c.token);
      await turnOn(p, c.token, P.latte.price * 10, 100000);
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          callApi(p, ordersApi.create, {
            token: c.token,
            body: { items: [{ product_id: P.latte.id, qty: 1 }], fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: key() },
          }),
        ),
      );
      expect(answers.filter((a) => a.status === 201)).toHaveLength(20);
      expect(await runsOf(p, c.id)).toHaveLength(1);
      const charged = await Promise.all(Array.from({ length: 5 }, () => runDueReloads(p.ctx)));
      expect(charged.reduce((a, b) => a + b, 0)).toBe(1);
      expect(await ledgers(p, c.id)).toMatchObject({ wallet: 1000 + 100000, walletSum: 1000 + 100000 });
      const topups = await p.db.selectFrom('wallet_ledger').select('amount').where('customer_id', '=', c.id).where('type', '=', 'topup').execute();
      expect(topups).toEqual([{ amount: 100000 }]);
    });
  });
});
