/**
 * Finding 1, "free money in production": the sandbox payment page pays anything, so it must not run
 * in production unless the operator turns it on, and it must never take a payment id as a capability.
 * Every call here goes through a real gateway (cookies in, Bearer upstream) to the real embedded
 * provider, as an attacker on the internet would send it.
 */
import { randomUUID } from 'node:crypto';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../server/lib/clock';
import { insertPayment } from '../../server/provider/payments/payments.repo';
import { earnPoints } from '../../server/provider/points/points.ledger';
import { postWalletEntry } from '../../server/provider/wallet/wallet.ledger';
import { PRODUCTION_SMS_ENV, serverEnv } from '../server/support/env';
import { describeDb, stackCall, useStack, type DbKind, type Stack } from './support';
import { SERVER_ARGS } from '../support/server-bundle';
import { ordersApi } from '#contract/orders.calls';
import { paymentsApi } from '#contract/payments.calls';
import { rewardsApi } from '#contract/rewards.calls';
import { settingsApi } from '#contract/settings.calls';
import { walletApi } from '#contract/wallet.calls';
import { wheelApi } from '#contract/wheel.calls';
import { gatewayCall, undeclared } from '../support/calls';

const UNAVAILABLE_MESSAGE = /online payments are not available right now/i;

async function json(res: Response): Promise<{ status: number; message: string; data: any; error?: { code: string; fields?: Record<string, string> } }> {
  return (await res.json()) as never;
}

/** A grant straight into the ledgers (how a customer with an existing balance looks). */
async function grant(s: Stack, customerId: number, o: { wallet?: number; points?: number }): Promise<void> {
  await s.db.transaction().execute(async (trx) => {
    if (o.wallet) await postWalletEntry(trx, systemClock, customerId, { type: 'adjust', amount: o.wallet, reason: 'Test grant' });
    if (o.points) await earnPoints(trx, systemClock, customerId, o.points, { reason: 'Test grant' });
  });
}

async function balances(s: Stack, customerId: number) {
  const c = await s.db.selectFrom('customers').select(['wallet_balance', 'points']).where('id', '=', customerId).executeTakeFirstOrThrow();
  const w = await s.db.selectFrom('wallet_ledger').select('amount').where('customer_id', '=', customerId).execute();
  const pts = await s.db.selectFrom('points_ledger').select('points').where('customer_id', '=', customerId).execute();
  return { wallet: c.wallet_balance, walletEntries: w.length, points: c.points, pointsEntries: pts.length };
}

async function latteId(s: Stack): Promise<number> {
  return (await s.db.selectFrom('products').select('id').where('name', '=', 'Spanish latte').executeTakeFirstOrThrow()).id;
}

const paymentStatus = async (s: Stack, id: string) =>
  (await s.db.selectFrom('payments').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

describeDb('security: payments in production with no payment gateway', (kind: DbKind) => {
  const s = useStack({ kind, production: true, paymentSandbox: false });
  let latte: number;
  beforeAll(async () => {
    latte = await latteId(s);
  });

  it('a top-up answers 503 PAYMENTS_UNAVAILABLE with a plain message and writes nothing: no payment, no stored answer that a retry would replay', async () => {
    const { cookie, customerId } = await s.signUp();
    const key = randomUUID();
    const res = await gatewayCall(s, walletApi.topup, { cookie, body: { amount: 5_000_000, idempotency_key: key } });
    const body = await json(res);
    expect(res.status, JSON.stringify(body)).toBe(503);
    expect(body.error?.code).toBe('PAYMENTS_UNAVAILABLE');
    expect(body.message).toMatch(UNAVAILABLE_MESSAGE);
    expect(body.message).toMatch(/wallet balance/i);
    expect(await s.db.selectFrom('payments').select('id').where('customer_id', '=', customerId).execute()).toEqual([]);
    expect(await s.db.selectFrom('idempotency_keys').select('key').where('customer_id', '=', customerId).execute()).toEqual([]);
    expect(await balances(s, customerId)).toEqual({ wallet: 0, walletEntries: 0, points: 0, pointsEntries: 0 });
    // bad input is still a 400 naming the field, never hidden behind the 503
    const bad = await gatewayCall(s, walletApi.topup, { cookie, body: { amount: 'lots', idempotency_key: key } });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error?.fields).toHaveProperty('amount');
  });

  it('an order paid online answers the same 503 and creates no order, no payment, no idempotency record', async () => {
    const { cookie, customerId } = await s.signUp();
    await grant(s, customerId, { wallet: 100_000 });
    const res = await gatewayCall(s, ordersApi.create, {
      cookie,
      body: { items: [{ product_id: latte, qty: 2 }], fulfilment: 'pickup', payment_method: 'gateway', idempotency_key: randomUUID() },
    });
    const body = await json(res);
    expect(res.status, JSON.stringify(body)).toBe(503);
    expect(body.error?.code).toBe('PAYMENTS_UNAVAILABLE');
    expect(body.message).toMatch(UNAVAILABLE_MESSAGE);
    expect(await s.db.selectFrom('orders').select('id').where('customer_id', '=', customerId).execute()).toEqual([]);
    expect(await s.db.selectFrom('payments').select('id').where('customer_id', '=', customerId).execute()).toEqual([]);
    expect(await s.db.selectFrom('idempotency_keys').select('key').where('customer_id', '=', customerId).execute()).toEqual([]);
    expect(await balances(s, customerId)).toMatchObject({ wallet: 100_000, walletEntries: 1, points: 0 });
  });

  it('everything else keeps working: a wallet order from an existing balance, a reward redemption, a wheel spin', async () => {
    const { cookie, customerId } = await s.signUp();
    await grant(s, customerId, { wallet: 100_000, points: 1_000 });
    const order = await gatewayCall(s, ordersApi.create, {
      cookie,
      body: { items: [{ product_id: latte, qty: 1 }], fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: randomUUID() },
    });
    const ob = await json(order);
    expect(order.status, JSON.stringify(ob)).toBe(201);
    expect(ob.data.order.status).toBe('paid');
    const redeem = await gatewayCall(s, rewardsApi.redeem, { cookie, body: { name: 'butter-croissant', idempotency_key: randomUUID() } });
    expect(redeem.status, await redeem.clone().text()).toBe(201);
    const spin = await gatewayCall(s, wheelApi.spin, { cookie, body: { idempotency_key: randomUUID() } });
    expect(spin.ok, await spin.clone().text()).toBe(true);
    const b = await balances(s, customerId);
    expect(b.wallet).toBe(100_000 - 16_500);
  });

  it('the settings tell the app that online payments are off', async () => {
    const res = await gatewayCall(s, settingsApi.mainSetting);
    expect((await json(res)).data.online_payments).toBe(false);
  });

  it('the sandbox page, its files and its complete call are not there (404), even for a payment left pending from before', async () => {
    const { cookie, customerId } = await s.signUp();
    const id = randomUUID();
    await insertPayment(s.db, { id, customerId, kind: 'topup', amount: 5_000_000, returnTo: 'profile', at: new Date() });
    for (const who of [undefined, cookie]) {
      // the sandbox's hosted page and its files are pages beside the API: no declaration has them
      const page = await s.api('GET', undeclared(`payment/sandbox/${id}`), { cookie: who });
      expect(page.status).toBe(404);
      expect(await page.text()).not.toContain('5,000,000');
      for (const file of [undeclared('payment/sandbox.js'), undeclared('payment/sandbox.css')])
        expect((await s.api('GET', file, { cookie: who })).status).toBe(404);
      const done = await stackCall(s, paymentsApi.sandboxComplete, { params: { id }, cookie: who, body: { outcome: 'pay' } });
      expect(done.status).toBe(404);
    }
    expect(await paymentStatus(s, id)).toBe('pending');
    expect(await balances(s, customerId)).toEqual({ wallet: 0, walletEntries: 0, points: 0, pointsEntries: 0 });
  });
});

for (const mode of [
  { label: 'development', production: false, paymentSandbox: undefined },
  { label: 'production with PAYMENT_SANDBOX=true', production: true, paymentSandbox: true },
] as const) {
  describeDb(`security: the sandbox payment page (${mode.label})`, (kind: DbKind) => {
    const s = useStack({ kind, production: mode.production, ...(mode.paymentSandbox !== undefined ? { paymentSandbox: mode.paymentSandbox } : {}) });
    let latte: number;
    beforeAll(async () => {
      latte = await latteId(s);
    });

    async function topup(cookie: string, amount = 5_000_000): Promise<string> {
      const res = await gatewayCall(s, walletApi.topup, { cookie, body: { amount, idempotency_key: randomUUID() } });
      const body = await json(res);
      expect(res.status, JSON.stringify(body)).toBe(201);
      return body.data.topup_id as string;
    }

    async function gatewayOrder(cookie: string): Promise<{ paymentId: string; name: string }> {
      const res = await gatewayCall(s, ordersApi.create, {
        cookie,
        body: { items: [{ product_id: latte, qty: 3 }], fulfilment: 'pickup', payment_method: 'gateway', idempotency_key: randomUUID() },
      });
      const body = await json(res);
      expect(res.status, JSON.stringify(body)).toBe(201);
      return { paymentId: (body.data.payment_url as string).split('/').pop()!, name: body.data.order.name as string };
    }

    const complete = (id: string, outcome: string, cookie?: string) => stackCall(s, paymentsApi.sandboxComplete, { params: { id }, cookie, body: { outcome } });

    it('the settings tell the app that online payments are on', async () => {
      expect((await json(await gatewayCall(s, settingsApi.mainSetting))).data.online_payments).toBe(true);
    });

    it('a stranger with no cookie cannot pay or decline a top-up of 5,000,000: refused, the wallet unchanged', async () => {
      const owner = await s.signUp();
      const id = await topup(owner.cookie);
      for (const outcome of ['pay', 'decline']) {
        const res = await complete(id, outcome);
        expect(res.status, `${outcome} with no cookie answered ${res.status}`).toBe(401);
        expect((await json(res)).error?.code).toBe('SESSION_EXPIRED');
      }
      expect(await paymentStatus(s, id)).toBe('pending');
      expect(await balances(s, owner.customerId)).toEqual({ wallet: 0, walletEntries: 0, points: 0, pointsEntries: 0 });
    });

    it('a stranger with no cookie cannot pay an order online: no points, the order still waits', async () => {
      const owner = await s.signUp();
      const { paymentId, name } = await gatewayOrder(owner.cookie);
      expect((await complete(paymentId, 'pay')).status).toBe(401);
      expect(await paymentStatus(s, paymentId)).toBe('pending');
      expect((await s.db.selectFrom('orders').select('status').where('name', '=', name).executeTakeFirstOrThrow()).status).toBe('pending_payment');
      expect(await balances(s, owner.customerId)).toMatchObject({ points: 0, pointsEntries: 0 });
    });

    it("another customer's session is answered exactly like an unknown payment (404) for pay and decline; the payment stays pending", async () => {
      const owner = await s.signUp();
      const other = await s.signUp();
      const id = await topup(owner.cookie);
      const order = await gatewayOrder(owner.cookie);
      const unknown = await complete(randomUUID(), 'pay', other.cookie);
      expect(unknown.status).toBe(404);
      const unknownBody = await json(unknown);
      for (const target of [id, order.paymentId]) {
        for (const outcome of ['pay', 'decline']) {
          const res = await complete(target, outcome, other.cookie);
          expect(res.status, `${outcome} of another's payment answered ${res.status}`).toBe(404);
          expect(await json(res)).toEqual(unknownBody);
        }
        expect(await paymentStatus(s, target)).toBe('pending');
      }
      expect((await s.db.selectFrom('orders').select('status').where('name', '=', order.name).executeTakeFirstOrThrow()).status).toBe('pending_payment');
      expect(await balances(s, owner.customerId)).toEqual({ wallet: 0, walletEntries: 0, points: 0, pointsEntries: 0 });
      expect(await balances(s, other.customerId)).toEqual({ wallet: 0, walletEntries: 0, points: 0, pointsEntries: 0 });
    });

    it("the page without the owner's session is a not-found page with no amount or merchant details", async () => {
      const owner = await s.signUp();
      const other = await s.signUp();
      const id = await topup(owner.cookie, 4_321_000);
      for (const who of [undefined, other.cookie]) {
        // the sandbox's hosted page (HTML beside the API): no declaration has it
        const res = await s.api('GET', undeclared(`payment/sandbox/${id}`), { cookie: who });
        expect(res.status).toBe(404);
        const html = await res.text();
        expect(html).toContain('Payment not found');
        expect(html).not.toContain('43,210');
        expect(html).not.toContain('Wallet top-up');
        expect(html).not.toContain('data-complete-url');
        expect(html).not.toContain('<button');
      }
    });

    it("the owner's session sees the page (saying it is a test payment page) and pays: the wallet is credited once", async () => {
      const owner = await s.signUp();
      const id = await topup(owner.cookie);
      // the sandbox's hosted page (HTML beside the API): no declaration has it
      const page = await s.api('GET', undeclared(`payment/sandbox/${id}`), { cookie: owner.cookie });
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('₱50,000.00');
      expect(html).toContain('Sandbox payment: no real money moves');
      expect(html).toMatch(/test payment page/i);
      expect(html).toMatch(/test mode/i);
      const paid = await complete(id, 'pay', owner.cookie);
      const body = await json(paid);
      expect(paid.status, JSON.stringify(body)).toBe(200);
      expect(body.data).toEqual({ status: 'paid', redirect: `/top-up-success?topup_id=${id}` });
      // a second click changes nothing
      expect((await complete(id, 'pay', owner.cookie)).status).toBe(200);
      expect(await balances(s, owner.customerId)).toEqual({ wallet: 5_000_000, walletEntries: 1, points: 0, pointsEntries: 0 });
    });

    it("the owner's session pays an order online: paid once, its points on their way", async () => {
      const owner = await s.signUp();
      const { paymentId, name } = await gatewayOrder(owner.cookie);
      expect((await complete(paymentId, 'pay', owner.cookie)).status).toBe(200);
      expect((await s.db.selectFrom('orders').select('status').where('name', '=', name).executeTakeFirstOrThrow()).status).toBe('paid');
      // pending until the order is completed (issue 29): none spendable yet, 49 on their way, once
      expect(await balances(s, owner.customerId)).toMatchObject({ points: 0, pointsEntries: 0 });
      const pending = await s.db.selectFrom('points_pending').select(['points', 'status']).where('customer_id', '=', owner.customerId).execute();
      expect(pending).toEqual([{ points: 49, status: 'pending' }]);
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Start-up lines
// ---------------------------------------------------------------------------------------------

/** Starts the built server (as `npm start` does), reads its log lines until it listens, then stops it. */
function startUpLines(env: Record<string, string>): Promise<{ lines: Array<{ level: number; msg: string }>; stdout: string; stderr: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'a-startup-'));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, SERVER_ARGS, {
      env: serverEnv({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'info', DEMO_ORDER_PROGRESS: 'false', ...env }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let stopping = false;
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.stdout.on('data', (d) => {
      stdout += d;
      if (!stopping && /listening on http/.test(stdout)) {
        stopping = true;
        child.kill('SIGTERM');
      }
    });
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('exit', () => {
      clearTimeout(timer);
      rmSync(dataDir, { recursive: true, force: true });
      const lines = stdout
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as { level: number; msg: string });
      resolve({ lines, stdout, stderr });
    });
  });
}

const WARN = 40;

describe('security: start-up says whether payments are on', () => {
  it('production with no payment gateway: one warn line saying payments are off and why', async () => {
    const r = await startUpLines({ NODE_ENV: 'production', ...PRODUCTION_SMS_ENV });
    expect(r.stdout, r.stderr).toMatch(/listening on http/);
    const payments = r.lines.filter((l) => /^payments:/.test(l.msg) || /PAYMENT_SANDBOX|payment gateway/.test(l.msg));
    expect(payments, r.stdout).toHaveLength(1);
    expect(payments[0]!.level).toBe(WARN);
    expect(payments[0]!.msg).toMatch(/^payments: off/);
    expect(payments[0]!.msg).toMatch(/no payment gateway is configured/);
    expect(payments[0]!.msg).toMatch(/PAYMENT_SANDBOX=true/);
  }, 90_000);

  it('production with PAYMENT_SANDBOX=true: one warn line that the sandbox pays anything and must not face real customers', async () => {
    const r = await startUpLines({ NODE_ENV: 'production', PAYMENT_SANDBOX: 'true', ...PRODUCTION_SMS_ENV });
    expect(r.stdout, r.stderr).toMatch(/listening on http/);
    const payments = r.lines.filter((l) => /^payments:/.test(l.msg) || /PAYMENT_SANDBOX|payment gateway/.test(l.msg));
    expect(payments, r.stdout).toHaveLength(1);
    expect(payments[0]!.level).toBe(WARN);
    expect(payments[0]!.msg).toMatch(/sandbox/i);
    expect(payments[0]!.msg).toMatch(/real customers/i);
  }, 90_000);
});
