/**
 * The security suite attacks the product the way an outsider would: real HTTP to a gateway (createApp
 * on a loopback port) in front of the real embedded provider (its own loopback port), on PGlite or
 * PostgreSQL, in development or production mode. Nothing is mocked but the SMS sender, which keeps
 * what it sends so a test can sign in without reading the development outbox (which production lacks).
 */
import { READY } from '../../server/provider/readiness';
import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { createApp } from '../../server/app';
import type { Config } from '../../server/config';
import type { DatabaseHandle } from '../../server/db';
import { seed } from '../../server/db/seed';
import { FakeClock } from '../../server/lib/clock';
import { readOutbox, type MessageSender } from '../../server/provider/auth/sender';
import type { PushSetup } from '../../server/provider/context';
import { createProviderApp, PROVIDER_MOUNT } from '../../server/provider/app';
import { providerContext, startEmbeddedProvider, type EmbeddedProvider, type EmbeddedProviderOptions } from '../../server/provider/embedded';
import type { PassesConfig } from '../../server/provider/passes/passes-config';
import { clearMerchantCache } from '../../server/provider/settings/settings.service';
import { captureLogger, cookiePair, listen, testConfig } from '../server/gateway.helpers';
import { openTestDatabase, type DbKind } from '../server/support/provider';
import { useStarted } from '../support/lifecycle';
import { gatewayCall, type GatewayCaller } from '../support/calls';
import type { Call } from '#contract/api';
import { authApi } from '#contract/auth.calls';

export { describeDb, describeEachDb, describePostgres, type DbKind } from '../server/support/provider';

export const STACK_SECRET = 'security-test-signing-secret-0123456789';
export const STACK_MERCHANT_KEY = 'security-test-merchant-key-0123456789';
export const STACK_WEBHOOK_SECRET = 'security-test-webhook-secret-0123456789';

export interface StackOptions {
  kind?: DbKind;
  /** NODE_ENV=production: what a deployment runs */
  production?: boolean;
  /** overrides of the gateway's configuration (trustProxyHops, paymentSandbox …) */
  config?: Partial<Config>;
  /** the embedded provider's sandbox payment gateway (default: config's paymentSandbox) */
  paymentSandbox?: boolean;
  google?: { clientId: string | undefined; jwksUrl: string };
  /** where the gateway listens (default 127.0.0.1) */
  host?: string;
  /** the clock of the provider (default: the real one) */
  clock?: FakeClock;
  /** the wallet cards' certificates (default: neither wallet offered) */
  passes?: PassesConfig;
  /** web push's keys (default: push off) */
  push?: PushSetup;
  /**
   * how many of one customer's writing calls run at once on the provider (CUSTOMER_WRITES_AT_ONCE);
   * default 0, no limit: the suites that send many at once prove the database's own locks, which must
   * hold when each call reaches an instance of its own
   */
  customerWritesAtOnce?: number;
}

export interface SentMessage {
  to: string;
  body: string;
}

export interface Stack {
  /** the gateway's origin, http://127.0.0.1:<port> */
  url: string;
  config: Config;
  provider: EmbeddedProvider;
  db: DatabaseHandle['db'];
  /** what the provider's logger and the gateway's logger wrote (JSON lines) */
  logLines: string[];
  logger: Logger;
  /** messages the SMS sender was given */
  sent: SentMessage[];
  /** the last 6-digit code sent to a phone */
  lastCode(phone: string): string | undefined;
  /** a call through the gateway as a browser makes it: JSON, with a cookie when given */
  api(method: 'GET' | 'POST', path: string, o?: { body?: unknown; cookie?: string; headers?: Record<string, string> }): Promise<Response>;
  /**
   * Another instance of the provider on the same database, answering on a port of its own for the same
   * base URL as the first (as behind a load balancer); close it before the stack.
   */
  secondProvider(): Promise<EmbeddedProvider>;
  /** registers a new customer through the gateway and answers the session cookie (`sid=…`) */
  signUp(o?: { phone?: string; name?: string; email?: string }): Promise<{ cookie: string; phone: string; customerId: number }>;
  close(): Promise<void>;
}

/** What a declared call through a stack's gateway takes: gatewayCall's options and a GET's query. */
export type StackCallOptions = NonNullable<Parameters<typeof gatewayCall>[2]> & { query?: Record<string, string | number> };

/** A declared call through a stack's gateway (gatewayCall), with a GET's query after its path. */
export function stackCall(stack: GatewayCaller, declaration: Call<any, any>, o: StackCallOptions = {}): Promise<Response> {
  const { query, ...rest } = o;
  if (!query) return gatewayCall(stack, declaration, rest);
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return gatewayCall({ api: (method, path, a) => stack.api(method, `${path}?${search}`, a) }, declaration, rest);
}

/** A declared call's address on a gateway, `/api/<path>`, for a test that makes the request itself (raw HTTP). */
export { apiUrl as apiPath } from '../e2e/support/api-url';

export function newStackPhone(): string {
  return `+639${String(randomBytes(4).readUInt32BE() % 1_000_000_000).padStart(9, '0')}`;
}

/**
 * For a describe block: a stack started before its tests and closed after them (see useStarted). `o`
 * may be a function, called as it starts, for what a hook declared before it makes (a fake's address).
 */
export function useStack(o: StackOptions | (() => StackOptions) = {}): Stack {
  return useStarted(
    'the stack',
    () => startStack(typeof o === 'function' ? o() : o),
    (stack) => stack.close(),
  );
}

/** Starts the embedded provider and a gateway in front of it, as `npm start` does, on ports of their own. */
export async function startStack(o: StackOptions = {}): Promise<Stack> {
  const handle = await openTestDatabase(o.kind ?? 'pglite');
  await seed(handle.db);
  clearMerchantCache();
  const { logger, lines } = captureLogger('debug');
  const config: Config = {
    ...testConfig(),
    production: Boolean(o.production),
    devOutbox: !o.production,
    paymentSandbox: o.paymentSandbox ?? !o.production,
    ...o.config,
  };
  const sent: SentMessage[] = [];
  const sender: MessageSender = {
    channel: { kind: 'outbox' },
    async send(to, body) {
      sent.push({ to, body });
    },
  };
  const listening: { url?: string } = {};
  const providerOptions: EmbeddedProviderOptions = {
    db: handle.db,
    logger: logger.child({ name: 'provider' }),
    secret: STACK_SECRET,
    platform: config.platformId,
    merchantId: 'kopi-senja',
    merchantApiKey: STACK_MERCHANT_KEY,
    webhookSecret: STACK_WEBHOOK_SECRET,
    google: o.google ?? { clientId: undefined, jwksUrl: 'http://127.0.0.1:9/jwks' },
    demoOrderProgress: false,
    paymentSandbox: o.paymentSandbox ?? config.paymentSandbox,
    devOutbox: config.devOutbox,
    sender,
    jobs: false,
    // links sent by e-mail name the gateway, as PUBLIC_URL or a development start's address would
    publicUrl: () => listening.url,
    ...(o.clock ? { clock: o.clock } : {}),
    ...(o.passes ? { passes: o.passes } : {}),
    ...(o.push ? { push: o.push } : {}),
    customerWritesAtOnce: o.customerWritesAtOnce ?? 0,
  };
  const provider = await startEmbeddedProvider(providerOptions);
  const app = createApp({
    config,
    logger,
    providerBase: provider.baseUrl,
    secret: STACK_SECRET,
    ...(config.devOutbox ? { outbox: (phone: string) => readOutbox(handle.db, phone) } : {}),
    // a provider on a clock of its own: the gateway stamps its calls by it (the call HMAC allows 30 s)
    ...(o.clock ? { now: () => o.clock!.now().getTime() } : {}),
  });
  const gateway = await listen(app);
  listening.url = gateway.url;

  const api: Stack['api'] = (method, path, a = {}) =>
    fetch(`${gateway.url}/api/${path}`, {
      method,
      redirect: 'manual',
      headers: { ...(method === 'POST' ? { 'content-type': 'application/json' } : {}), ...(a.cookie ? { cookie: a.cookie } : {}), ...a.headers },
      ...(a.body !== undefined ? { body: JSON.stringify(a.body) } : method === 'POST' ? { body: '{}' } : {}),
    });

  const lastCode = (phone: string) => {
    const m = [...sent].reverse().find((s) => s.to === phone);
    return m ? /\b(\d{6})\b/.exec(m.body)?.[1] : undefined;
  };

  return {
    url: gateway.url,
    config,
    provider,
    db: handle.db,
    logLines: lines,
    logger,
    sent,
    lastCode,
    api,
    async secondProvider() {
      const ctx = providerContext(providerOptions, () => provider.baseUrl);
      const l = await listen(createProviderApp(ctx));
      return { ctx, baseUrl: `${l.url}${PROVIDER_MOUNT}/`, server: l.server, readiness: READY, close: l.close };
    },
    async signUp(s = {}) {
      const phone = s.phone ?? newStackPhone();
      const requested = await gatewayCall({ api }, authApi.otpRequest, { body: { phone, purpose: 'register' } });
      if (requested.status !== 200) throw new Error(`${authApi.otpRequest.path} answered ${requested.status}: ${await requested.text()}`);
      const verified = await gatewayCall({ api }, authApi.otpVerify, { body: { phone, code: lastCode(phone), purpose: 'register' } });
      const v = (await verified.json()) as { data: { registration_token: string } };
      const registered = await gatewayCall({ api }, authApi.register, {
        body: { registration_token: v.data.registration_token, name: s.name ?? 'Security Tester', ...(s.email ? { email: s.email } : {}) },
      });
      if (registered.status !== 201) throw new Error(`${authApi.register.path} answered ${registered.status}: ${await registered.text()}`);
      const cookie = cookiePair({ 'set-cookie': registered.headers.getSetCookie() }, 'sid');
      if (!cookie) throw new Error(`${authApi.register.path} set no session cookie`);
      const body = (await registered.json()) as { data: { customer: { id: number } } };
      return { cookie, phone, customerId: body.data.customer.id };
    },
    async close() {
      await gateway.close();
      await provider.close();
      await new Promise((r) => setTimeout(r, 50));
      await handle.close();
    },
  };
}
