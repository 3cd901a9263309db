import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { makeVapidKeys } from '../../server/lib/secrets';
import { serverEnv } from './support/env';
import { SERVER_ARGS } from '../support/server-bundle';

const PAIR = makeVapidKeys();
const VAPID = { VAPID_PUBLIC_KEY: PAIR.publicKey, VAPID_PRIVATE_KEY: PAIR.privateKey, VAPID_SUBJECT: 'mailto:owner@shop.example' };

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

function runServer(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, SERVER_ARGS, { env: serverEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('loadConfig', () => {
  it('has the contract defaults when nothing is set', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      providerApiBase: undefined,
      platformId: 'wato',
      dataDir: './data',
      googleClientId: undefined,
      trustProxyHops: 0,
      production: false,
      distDir: './dist',
    });
  });

  it('reads an external provider', () => {
    const c = loadConfig({
      PROVIDER_API_BASE: 'https://provider.example/api/v2/',
      PROVIDER_SECRET: 'long-enough-secret',
      TRUST_PROXY_HOPS: '1',
      GOOGLE_CLIENT_ID: ' abc.apps ',
    });
    expect(c.providerApiBase).toBe('https://provider.example/api/v2/');
    expect(c.providerSecret).toBe('long-enough-secret');
    expect(c.trustProxyHops).toBe(1);
    expect(c.googleClientId).toBe('abc.apps');
  });

  it('reads several external providers, in order, and refuses plain http to any off loopback', () => {
    const c = loadConfig({ PROVIDER_API_BASE: 'https://a.example/api/v2/, https://b.example/api/v2/', PROVIDER_SECRET: 'long-enough-secret' });
    expect(c.providerApiBase).toBe('https://a.example/api/v2/');
    expect(c.providerApiBases).toEqual(['https://a.example/api/v2/', 'https://b.example/api/v2/']);
    expect(problemsOf({ PROVIDER_API_BASE: 'https://a.example/api/v2/,http://b.example/api/v2/', PROVIDER_SECRET: 'long-enough-secret' })).toEqual([
      'PROVIDER_API_BASE must be https:// unless its host is loopback (127.0.0.1, localhost, [::1]); set PROVIDER_ALLOW_INSECURE_HTTP=true to allow plain http',
    ]);
  });

  it('gives one line per bad variable, naming it and what it must be', () => {
    expect(problemsOf({ PORT: 'abc', PROVIDER_API_BASE: 'https://x/' })).toEqual([
      'PORT must be a port number',
      'PROVIDER_SECRET is required when PROVIDER_API_BASE is set',
    ]);
    expect(problemsOf({ PORT: '70000' })).toEqual(['PORT must be 0 to 65535']);
    const base = 'PROVIDER_API_BASE must be an http(s) URL ending in /, or several separated by commas';
    expect(problemsOf({ PROVIDER_API_BASE: 'http://x/api/v2', PROVIDER_SECRET: 'long-enough-secret' })).toEqual([base]);
    expect(problemsOf({ PROVIDER_API_BASE: 'ftp://x/', PROVIDER_SECRET: 'long-enough-secret' })).toEqual([base]);
    expect(problemsOf({ PROVIDER_API_BASE: 'https://x/api/v2/,https://y/api/v2', PROVIDER_SECRET: 'long-enough-secret' })).toEqual([base]);
    expect(problemsOf({ PROVIDER_API_BASE: ' , ', PROVIDER_SECRET: 'long-enough-secret' })).toEqual([base]);
    expect(problemsOf({ TRUST_PROXY_HOPS: 'two', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://x' })).toEqual([
      'DATABASE_URL must be a postgres:// or postgresql:// URL',
      'TRUST_PROXY_HOPS must be a whole number',
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
    ]);
  });
});

describe('PROVIDER_API_BASE over plain http (a captured signature could be replayed for 300 s)', () => {
  const secret = { PROVIDER_SECRET: 'long-enough-secret' };
  const refused =
    'PROVIDER_API_BASE must be https:// unless its host is loopback (127.0.0.1, localhost, [::1]); set PROVIDER_ALLOW_INSECURE_HTTP=true to allow plain http';

  it('refuses http:// to a host that is not loopback', () => {
    for (const base of [
      'http://provider.example/api/v2/',
      'http://10.0.0.5:4010/api/v2/',
      'http://[fd00::2]/api/v2/',
      'http://127.0.0.1.example.com/api/v2/',
    ]) {
      expect(problemsOf({ PROVIDER_API_BASE: base, ...secret }), base).toEqual([refused]);
    }
  });

  it('allows http:// to loopback, and https:// anywhere', () => {
    for (const base of [
      'http://127.0.0.1:4010/api/v2/',
      'http://127.8.9.10/api/v2/',
      'http://localhost:4010/api/v2/',
      'http://LOCALHOST/',
      'http://[::1]:4010/api/v2/',
      'https://provider.example/api/v2/',
    ]) {
      expect(problemsOf({ PROVIDER_API_BASE: base, ...secret }), base).toEqual([]);
    }
  });

  it('allows http:// elsewhere only with PROVIDER_ALLOW_INSECURE_HTTP=true', () => {
    expect(loadConfig({ PROVIDER_API_BASE: 'http://provider.example/api/v2/', PROVIDER_ALLOW_INSECURE_HTTP: 'true', ...secret }).allowInsecureProvider).toBe(
      true,
    );
    expect(problemsOf({ PROVIDER_API_BASE: 'http://provider.example/api/v2/', PROVIDER_ALLOW_INSECURE_HTTP: 'false', ...secret })).toEqual([refused]);
    expect(problemsOf({ PROVIDER_API_BASE: 'http://provider.example/api/v2/', PROVIDER_ALLOW_INSECURE_HTTP: 'maybe', ...secret })).toEqual([
      'PROVIDER_ALLOW_INSECURE_HTTP must be true or false',
      refused,
    ]);
  });

  it('stops the server with that one line', async () => {
    const r = await runServer({ PROVIDER_API_BASE: 'http://provider.example/api/v2/', ...secret });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`Configuration error: ${refused}\n`);
  });
});

describe('server start-up with a bad configuration', () => {
  it('prints each problem on its own line and exits with 1', async () => {
    const r = await runServer({ PORT: 'abc', PROVIDER_API_BASE: 'https://x/' });
    expect(r.code).toBe(1);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toEqual([
      'Configuration error: PORT must be a port number',
      'Configuration error: PROVIDER_SECRET is required when PROVIDER_API_BASE is set',
    ]);
    expect(r.stdout).toBe('');
  });

  it('names a bad TRUST_PROXY_HOPS and a short PROVIDER_SECRET', async () => {
    const r = await runServer({ TRUST_PROXY_HOPS: '-1', PROVIDER_API_BASE: 'http://127.0.0.1:9/api/v2/', PROVIDER_SECRET: 'short' });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('Configuration error: TRUST_PROXY_HOPS must be 0 or more\n');
    expect(r.stderr).toContain('Configuration error: PROVIDER_SECRET must be at least 8 characters\n');
  });

  it('refuses a PROVIDER_SECRET under 32 bytes for the provider (it keys the HMAC of every call), saying how to make one', async () => {
    const r = await runServer({ SERVE: 'provider', PROVIDER_SECRET: 'a-secret-of-thirty-one-bytes-xx' });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^Configuration error: PROVIDER_SECRET must be at least 32 bytes with the embedded provider and with SERVE=provider: .*openssl rand -base64 32\)\n$/,
    );
  });
});

describe('SERVE=worker and JOBS', () => {
  const SECRET = 'a-provider-secret-of-at-least-32-bytes!';
  it('reads a worker, and a provider without jobs', () => {
    expect(problemsOf({ SERVE: 'worker', PROVIDER_SECRET: SECRET, DATABASE_URL: 'postgres://db.internal/loyalty' })).toEqual([]);
    expect(loadConfig({ SERVE: 'worker', PROVIDER_SECRET: SECRET, DATABASE_URL: 'postgres://db.internal/loyalty' })).toMatchObject({
      serve: 'worker',
      jobs: true,
    });
    expect(loadConfig({ SERVE: 'provider', PROVIDER_SECRET: SECRET, JOBS: 'false' })).toMatchObject({ serve: 'provider', jobs: false });
    expect(loadConfig({}).jobs).toBe(true);
  });

  it('refuses a worker without PostgreSQL or the secret, with JOBS=false, or pointed at another provider', () => {
    expect(problemsOf({ SERVE: 'worker' })).toEqual([
      "PROVIDER_SECRET is required with SERVE=worker: the providers' own, which unlocks the services an owner connected in the console",
      'DATABASE_URL is required with SERVE=worker: the PostgreSQL the providers use (PGlite belongs to one process)',
    ]);
    expect(problemsOf({ SERVE: 'worker', PROVIDER_SECRET: SECRET, DATABASE_URL: 'postgres://db/x', JOBS: 'false' })).toEqual([
      'JOBS cannot be false with SERVE=worker: running the jobs is all a worker does',
    ]);
    expect(problemsOf({ SERVE: 'worker', PROVIDER_SECRET: SECRET, DATABASE_URL: 'postgres://db/x', PROVIDER_API_BASE: 'https://p.example/api/v2/' })).toEqual([
      "PROVIDER_API_BASE cannot be set with SERVE=worker: a worker runs the provider's jobs on its database",
    ]);
    expect(problemsOf({ SERVE: 'everything' })).toEqual(['SERVE must be all, provider or worker']);
  });
});

describe('the payment gateway and message services (Stripe, Twilio, SMTP)', () => {
  const SID = `AC${'a1'.repeat(16)}`;
  const TWILIO = { TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: 'token-0123', TWILIO_FROM: '+14155550100' };
  const STRIPE = { STRIPE_SECRET_KEY: 'sk_test_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_abc123', PUBLIC_URL: 'https://shop.example' };

  it('takes none of them by default: the sandbox, the outbox, no SMTP', () => {
    expect(loadConfig({})).toMatchObject({ stripe: undefined, twilio: undefined, smtp: undefined, paymentSandbox: true });
  });

  it('reads Stripe, which replaces the sandbox, with a checkout that lasts an hour unless set', () => {
    const c = loadConfig({ ...STRIPE });
    expect(c.stripe).toEqual({
      secretKey: 'sk_test_abc123',
      webhookSecret: 'whsec_abc123',
      publicUrl: 'https://shop.example',
      checkoutTtlSeconds: 3600,
      apiBase: undefined,
    });
    expect(c.paymentSandbox).toBe(false);
    expect(loadConfig({ ...STRIPE, STRIPE_CHECKOUT_TTL_MINUTES: '30' }).stripe!.checkoutTtlSeconds).toBe(1800);
  });

  it('reads Twilio and SMTP', () => {
    const c = loadConfig({ ...TWILIO, SMTP_URL: 'smtps://u:p%40ss@mail.example.com:465', MAIL_FROM: 'Kopi Senja <no-reply@kopisenja.id>' });
    expect(c.twilio).toEqual({ accountSid: SID, authToken: 'token-0123', from: '+14155550100', apiBase: undefined });
    expect(c.smtp).toEqual({ url: 'smtps://u:p%40ss@mail.example.com:465', from: 'Kopi Senja <no-reply@kopisenja.id>' });
  });

  it.each([
    [
      { STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_1', PUBLIC_URL: 'https://shop.example' },
      'STRIPE_SECRET_KEY must be a Stripe secret key (sk_live_…, sk_test_…) or a restricted key (rk_…)',
    ],
    [{ STRIPE_SECRET_KEY: 'sk_test_abc' }, 'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together'],
    [
      { STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'secret', PUBLIC_URL: 'https://shop.example' },
      'STRIPE_WEBHOOK_SECRET must be the signing secret of the Stripe webhook endpoint (whsec_…)',
    ],
    [{ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_1' }, 'PUBLIC_URL is required with Stripe'],
    [{ ...STRIPE, PUBLIC_URL: 'https://shop.example/app?x=1' }, "PUBLIC_URL must be the shop's public origin, such as https://shop.example"],
    [{ ...STRIPE, PAYMENT_SANDBOX: 'true' }, 'PAYMENT_SANDBOX cannot be on with Stripe'],
    [{ ...STRIPE, STRIPE_CHECKOUT_TTL_MINUTES: '10' }, 'STRIPE_CHECKOUT_TTL_MINUTES must be 30 to 1440'],
    [{ ...STRIPE, STRIPE_API_BASE: 'https://api.stripe.evil.example' }, 'STRIPE_API_BASE must be an http:// or https:// origin on this machine'],
    [{ TWILIO_ACCOUNT_SID: SID }, 'TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM go together'],
    [{ ...TWILIO, TWILIO_ACCOUNT_SID: 'AC123' }, 'TWILIO_ACCOUNT_SID must be an Account SID (AC followed by 32 hex digits)'],
    [{ ...TWILIO, TWILIO_FROM: '0917 555 0100' }, 'TWILIO_FROM must be a Twilio number in E.164'],
    [{ ...TWILIO, TWILIO_API_BASE: 'http://10.0.0.5:8080' }, 'TWILIO_API_BASE must be an http:// or https:// origin on this machine'],
    [{ SMTP_URL: 'http://mail.example.com', MAIL_FROM: 'a@b.example' }, 'SMTP_URL must be an smtp:// or smtps:// URL'],
    [{ SMTP_URL: 'smtps://user@mail.example.com', MAIL_FROM: 'a@b.example' }, 'SMTP_URL has a user name but no password'],
    [{ SMTP_URL: 'smtps://mail.example.com', MAIL_FROM: 'not an address' }, 'MAIL_FROM must be an e-mail address'],
    [{ SMTP_URL: 'smtps://mail.example.com' }, 'MAIL_FROM is required with SMTP_URL'],
    [{ VAPID_PUBLIC_KEY: VAPID.VAPID_PUBLIC_KEY }, 'VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT go together'],
    [{ ...VAPID, VAPID_PUBLIC_KEY: 'abc' }, 'VAPID_PUBLIC_KEY must be a VAPID public key'],
    [{ ...VAPID, VAPID_PRIVATE_KEY: 'abc' }, 'VAPID_PRIVATE_KEY must be a VAPID private key'],
    [{ ...VAPID, VAPID_SUBJECT: 'http://shop.example' }, 'VAPID_SUBJECT must be a mailto: address or an https:// URL'],
    [{ NODE_ENV: 'production', ...TWILIO, PUSH_ALLOW_LOOPBACK: 'true' }, 'PUSH_ALLOW_LOOPBACK cannot be on in production'],
    [{ NODE_ENV: 'production', ...TWILIO, WEBHOOKS_ALLOW_LOOPBACK: 'true' }, 'WEBHOOKS_ALLOW_LOOPBACK cannot be on in production'],
  ])('refuses %j with a line saying what is wrong', (env, problem) => {
    const problems = problemsOf(env as Record<string, string>);
    expect(
      problems.some((p) => p.startsWith(problem)),
      problems.join('\n'),
    ).toBe(true);
  });

  it('reads the VAPID keys (all three), and the loopback push fake only outside production', () => {
    expect(loadConfig({ ...VAPID }).vapid).toEqual({
      publicKey: VAPID.VAPID_PUBLIC_KEY,
      privateKey: VAPID.VAPID_PRIVATE_KEY,
      subject: 'mailto:owner@shop.example',
    });
    expect(loadConfig({}).vapid).toBeUndefined();
    expect(loadConfig({}).pushAllowLoopback).toBe(false);
    expect(loadConfig({ PUSH_ALLOW_LOOPBACK: 'true' }).pushAllowLoopback).toBe(true);
    expect(loadConfig({}).webhooksAllowLoopback).toBe(false);
    expect(loadConfig({ WEBHOOKS_ALLOW_LOOPBACK: 'true' }).webhooksAllowLoopback).toBe(true);
  });

  it('never echoes the SMTP password in a problem', () => {
    expect(problemsOf({ SMTP_URL: 'smtps://user:hunter2-secret@mail.example.com/path', MAIL_FROM: 'a@b.example' }).join('\n')).not.toContain('hunter2');
  });

  it('starts production without an SMS service (the owner connects one in the console), and never with the outbox', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([]);
    const config = loadConfig({ NODE_ENV: 'production' });
    expect(config.twilio).toBeUndefined();
    expect(config.devOutbox).toBe(false);
    expect(problemsOf({ NODE_ENV: 'production', ...TWILIO })).toEqual([]);
    expect(problemsOf({ NODE_ENV: 'production', PROVIDER_API_BASE: 'https://provider.example/api/v2/', PROVIDER_SECRET: 'a-long-secret' })).toEqual([]);
  });

  it('wants an https PUBLIC_URL for Stripe in production', () => {
    expect(problemsOf({ NODE_ENV: 'production', ...TWILIO, ...STRIPE, PUBLIC_URL: 'http://shop.example' })).toEqual([
      'PUBLIC_URL must be https:// in production',
    ]);
  });
});
