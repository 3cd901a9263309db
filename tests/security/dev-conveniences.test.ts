/**
 * `HOST=0.0.0.0 npm start` without NODE_ENV (a server put on the network by someone who never read the
 * deployment notes) must not be a free-money machine: the payment sandbox pays any top-up, and the
 * development outbox shows every sign-in code. Development conveniences need a loopback listener or
 * an explicit NODE_ENV=development. The real server process (server/index.ts), reached on this
 * machine's network address, text messages through a local Twilio fake, on PGlite and PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort, startServer, type ServerProcess } from '../../scripts/lib/server-process.ts';
import { CONFIG_VARIABLES } from '../../server/config';
import { fakeSid, startTwilioFake, type TwilioFake } from '../fakes/twilio-fake';
import { cookiePair } from '../server/gateway.helpers';
import { createTestDatabase } from '../server/support/provider';
import { apiPath, describeEachDb, newStackPhone, type DbKind } from './support';
import type { Call } from '#contract/api';
import { authApi } from '#contract/auth.calls';
import { paymentsApi } from '#contract/payments.calls';
import { settingsApi } from '#contract/settings.calls';
import { walletApi } from '#contract/wallet.calls';
import { SERVER_ARGS } from '../support/server-bundle';

const TWILIO = { accountSid: fakeSid('AC'), authToken: 'dev-conveniences-token', from: '+14155550142' };
const v4 = Object.values(networkInterfaces())
  .flat()
  .find((a) => a && !a.internal && a.family === 'IPv4')?.address;

/** The server as `npm start` starts it (the built server), with none of this process's settings (nor NODE_ENV). */
function startServerProcess(env: Record<string, string>, url: string): Promise<ServerProcess> {
  const cleared = Object.fromEntries([...CONFIG_VARIABLES, 'NODE_OPTIONS'].map((name) => [name, undefined]));
  return startServer({ name: 'the server', args: SERVER_ARGS, env: { ...cleared, ...env }, url, timeoutMs: 90_000 });
}

/** The messages of the JSON log lines a server wrote. */
const messages = (server: ServerProcess) =>
  server
    .output()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => (JSON.parse(l) as { msg: string }).msg);

describeEachDb('security: a server on the network without NODE_ENV has no development conveniences', (kind: DbKind) => {
  let twilio: TwilioFake;
  let server: ServerProcess;
  let port: number;
  let dataDir: string;
  let database: { url: string; drop(): Promise<void> } | undefined;
  let origin: string;

  beforeAll(async () => {
    expect(v4, 'this machine needs a network address that is not loopback').toBeDefined();
    twilio = await startTwilioFake({ ...TWILIO, numbers: [TWILIO.from] });
    dataDir = mkdtempSync(join(tmpdir(), 'dev-conveniences-'));
    if (kind === 'postgres') database = await createTestDatabase();
    port = await freePort('0.0.0.0');
    server = await startServerProcess(
      {
        HOST: '0.0.0.0',
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
        ...(database ? { DATABASE_URL: database.url } : {}),
        TWILIO_ACCOUNT_SID: TWILIO.accountSid,
        TWILIO_AUTH_TOKEN: TWILIO.authToken,
        TWILIO_FROM: TWILIO.from,
        TWILIO_API_BASE: twilio.origin,
      },
      `http://127.0.0.1:${port}`,
    );
    origin = `http://${v4}:${port}`;
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await twilio?.close();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  /** A customer signed up from the network, with the code Twilio delivered. */
  async function signUp(): Promise<string> {
    const phone = newStackPhone();
    const post = (declaration: Call<any, any>, body: unknown, cookie?: string) =>
      fetch(`${origin}${apiPath(declaration)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
        body: JSON.stringify(body),
      });
    expect((await post(authApi.otpRequest, { phone, purpose: 'register' })).status).toBe(200);
    const code = /\b(\d{6})\b/.exec(twilio.sent.filter((m) => m.to === phone).at(-1)!.body)![1];
    const verified = (await (await post(authApi.otpVerify, { phone, code, purpose: 'register' })).json()) as { data: { registration_token: string } };
    const registered = await post(authApi.register, { registration_token: verified.data.registration_token, name: 'Network Visitor' });
    expect(registered.status).toBe(201);
    return cookiePair({ 'set-cookie': registered.headers.getSetCookie() }, 'sid')!;
  }

  it('a visitor from the network cannot top up through the sandbox: 503 PAYMENTS_UNAVAILABLE, no payment page, no money', async () => {
    const cookie = await signUp();
    const topup = await fetch(`${origin}${apiPath(walletApi.topup)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ amount: 5_000_000, idempotency_key: randomUUID() }),
    });
    const body = (await topup.json()) as { data?: { payment_url?: string }; error?: { code: string } };
    if (topup.status === 201) {
      // the hole: the sandbox's page pays anything, and the wallet is credited
      const id = body.data!.payment_url!.split('/').pop()!;
      await fetch(`${origin}${apiPath(paymentsApi.sandboxComplete, { id })}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ outcome: 'pay' }),
      });
      const wallet = (await (await fetch(`${origin}${apiPath(walletApi.balance)}`, { headers: { cookie } })).json()) as { data: { balance: number } };
      expect.fail(`the sandbox took a top-up from the network and the wallet holds ${wallet.data.balance}`);
    }
    expect(topup.status).toBe(503);
    expect(body.error?.code).toBe('PAYMENTS_UNAVAILABLE');
    const settings = (await (await fetch(`${origin}${apiPath(settingsApi.mainSetting)}`)).json()) as { data: { online_payments: boolean } };
    expect(settings.data.online_payments).toBe(false);
  });

  it('the development outbox is not there, even for a visitor on this machine', async () => {
    const phone = newStackPhone();
    await fetch(`${origin}${apiPath(authApi.otpRequest)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone, purpose: 'register' }),
    });
    const res = await fetch(`http://127.0.0.1:${port}/__dev/outbox?phone=${encodeURIComponent(phone)}`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toMatch(/\b\d{6}\b/);
  });

  it('the start-up log says the development conveniences are off, and how to turn them on', () => {
    const lines = messages(server).filter((m) => /^development conveniences:/.test(m));
    expect(lines, server.output()).toHaveLength(1);
    expect(lines[0]).toMatch(/off/);
    expect(lines[0]).toMatch(/0\.0\.0\.0/);
    expect(lines[0]).toMatch(/NODE_ENV=development/);
    expect(messages(server).some((m) => /development outbox is on/.test(m))).toBe(false);
  });
});
