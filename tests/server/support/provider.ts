/**
 * Test support for the provider: a real database (PGlite in memory, or a fresh PostgreSQL database
 * when TEST_DATABASE_URL is set), the real provider app, signed calls through supertest.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { beforeEach, describe, inject, it } from 'vitest';
import request from 'supertest';
import pino from 'pino';
import { sql } from 'kysely';
import type { Express } from 'express';
import { openDatabase, type Database, type DatabaseHandle } from '../../../server/db';
import { seed } from '../../../server/db/seed';
import { FakeClock } from '../../../server/lib/clock';
import { createTestDatabase } from '../../support/test-database';
import { bodySha256, callHeaders, callKey, sha256Hex, signCall } from '../../../server/lib/signature';
import { createProviderApp } from '../../../server/provider/app';
import { providerContext } from '../../../server/provider/embedded';
import type { ProviderContext, PushSetup, WebhookSetup } from '../../../server/provider/context';
import type { MessageSender } from '../../../server/provider/auth/sender';
import type { PaymentGateway } from '../../../server/provider/payment-gateway';
import type { PassesConfig } from '../../../server/provider/passes/passes-config';
import { clearMerchantCache } from '../../../server/provider/settings/settings.service';
import { forgetCatalog } from '../../../server/provider/shop/shop.service';
import { useStarted } from '../../support/lifecycle';

export type DbKind = 'pglite' | 'postgres';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
export const TEST_BASE = 'http://provider.test/api/v2/';
export const TEST_SECRET = 'test-provider-secret-0123456789abcdef';
export const TEST_PLATFORM = 'wato';
export const TEST_MERCHANT_KEY = 'test-merchant-key-0123456789';
export const TEST_WEBHOOK_SECRET = 'test-webhook-secret-0123456789';

/** The database kinds a suite runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const DB_KINDS: DbKind[] = TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
/** What a skipped PostgreSQL run says (`npm test` starts an embedded PostgreSQL when the variable is unset). */
export const NEEDS_POSTGRES = 'needs PostgreSQL: set TEST_DATABASE_URL or run npm test';
let warned = false;

/**
 * Without PostgreSQL: a skipped suite of one skipped test naming what is missing, so the file reports
 * "skipped" (never "No test suite found"), plus one line on stderr per file.
 */
function skipPostgres(name: string): void {
  if (!warned) {
    warned = true;
    console.warn('Skipping the PostgreSQL runs: set TEST_DATABASE_URL, or run npm test, which starts a PostgreSQL of its own.');
  }
  describe.skip(`${name} [postgres]`, () => {
    it(NEEDS_POSTGRES, () => {});
  });
}

/**
 * The database the suites of business rules run on: PostgreSQL when TEST_DATABASE_URL is set (as CI does),
 * the one a deployment of many instances shares, with a pool of real connections; PGlite without it.
 */
export const RULES_DB: DbKind = TEST_DATABASE_URL ? 'postgres' : 'pglite';

/**
 * describe() once, on RULES_DB: a suite of business rules (orders, points, rewards, the console's calls …).
 * PGlite is PostgreSQL itself compiled to WebAssembly (the same parser, planner, types, constraints and error
 * codes), so a rule that holds on one holds on the other; what differs is the driver, the one connection and
 * the worker thread, and the suites of describeEachDb prove those on both (migrations and upgrades, backups,
 * the customer's whole journey through the gateway, the statements an order sends, the jobs, the development
 * conveniences), with tests/server/pglite-worker.test.ts and every e2e file, which run the product on PGlite.
 * docs/testing.md, "Which database a suite runs on".
 */
export function describeDb(name: string, fn: (kind: DbKind) => void): void {
  describe(`${name} [${RULES_DB}]`, () => fn(RULES_DB));
}

/**
 * describe() once per database kind, for what the two kinds could do differently (see describeDb); without
 * PostgreSQL its run is reported skipped.
 */
export function describeEachDb(name: string, fn: (kind: DbKind) => void): void {
  for (const kind of DB_KINDS) describe(`${name} [${kind}]`, () => fn(kind));
  if (!TEST_DATABASE_URL) skipPostgres(name);
}

/** describe() only on PostgreSQL (races need a pool of real connections); reported skipped without it. */
export function describePostgres(name: string, fn: () => void): void {
  if (!TEST_DATABASE_URL) return skipPostgres(name);
  describe(`${name} [postgres]`, fn);
}

export { createTestDatabase } from '../../support/test-database';

/** where links e-mailed by the test provider point (PUBLIC_URL) */
export const TEST_PUBLIC_URL = 'http://shop.test';

/** The run's migrated PGlite cluster (tests/support/db-templates.ts), read once per test file. */
let pgliteTemplate: Blob | undefined;
function migratedPglite(): Blob | undefined {
  const file = inject('dbTemplates')?.pgliteFile;
  if (!pgliteTemplate && file) pgliteTemplate = new Blob([readFileSync(file)]);
  return pgliteTemplate;
}

/**
 * A fresh, migrated database: PGlite in memory, or a new PostgreSQL database dropped again on close. Both
 * start from the run's migrated templates when the project made them (server and security do).
 */
export async function openTestDatabase(kind: DbKind, poolSize = 10): Promise<DatabaseHandle> {
  if (kind === 'pglite') return openDatabase({ pgliteFrom: migratedPglite() });
  const database = await createTestDatabase({ template: inject('dbTemplates')?.postgresName });
  const handle = await openDatabase({ databaseUrl: database.url, poolSize });
  return {
    ...handle,
    async close() {
      await handle.close();
      await database.drop();
    },
  };
}

export interface SentMessage {
  phone: string;
  body: string;
}

export interface TestProvider {
  kind: DbKind;
  db: Database;
  ctx: ProviderContext;
  app: Express;
  clock: FakeClock;
  /** messages the provider sent (OTP codes) */
  sent: SentMessage[];
  /** the last 6-digit code sent to a phone */
  lastCode(phone: string): string | undefined;
  /** signed request to the provider, as a gateway would send it */
  call(
    method: 'get' | 'post' | 'delete',
    path: string,
    opts?: { body?: unknown; token?: string; query?: Record<string, string | number>; ip?: string; headers?: Record<string, string> },
  ): request.Test;
  /** a customer with a live session, made directly in the database */
  newCustomer(opts?: { phone?: string; name?: string; points?: number; wallet?: number }): Promise<{ id: number; token: string }>;
  /** empties every table but merchants and seeds again */
  reset(): Promise<void>;
  close(): Promise<void>;
}

export function signedHeaders(path: string, clock: { now(): Date }, secret = TEST_SECRET, base = TEST_BASE): Record<string, string> {
  const ts = Math.floor(clock.now().getTime() / 1000);
  return { platform: TEST_PLATFORM, timestamp: String(ts), 'token-authorization': signCall(base, path, TEST_PLATFORM, ts, secret) };
}

/**
 * Every header a gateway signs a call with: the contract's (signedHeaders) and its HMAC over the whole
 * call (`target` is the path after the base, with the query; `headers` are the call's others, of which
 * authorization, x-forwarded-for and x-merchant-key are signed).
 */
export function gatewayHeaders(
  c: { method: string; target: string; clock: { now(): Date }; body?: Buffer | string; headers?: Record<string, string | number | undefined> },
  secret = TEST_SECRET,
  base = TEST_BASE,
): Record<string, string> {
  const contract = signedHeaders(c.target.split('?')[0]!, c.clock, secret, base);
  const h = (name: string) => {
    const found = Object.entries(c.headers ?? {}).find(([k]) => k.toLowerCase() === name);
    return found?.[1] === undefined ? '' : String(found[1]);
  };
  const body = c.body === undefined ? undefined : Buffer.from(c.body);
  return {
    ...contract,
    ...callHeaders(callKey(secret), {
      method: c.method,
      target: c.target,
      platform: TEST_PLATFORM,
      timestamp: contract.timestamp!,
      forwardedFor: h('x-forwarded-for'),
      authorization: h('authorization'),
      merchantKey: h('x-merchant-key'),
      bodySha256: bodySha256(body),
      device: h('x-device-id'),
    }),
  };
}

interface SentRequest {
  method: string;
  _data?: unknown;
  req: { path: string; getHeader(name: string): unknown; setHeader(name: string, value: string): void; getHeaders(): Record<string, unknown> };
}

/**
 * A supertest call signed as a gateway signs it, at the moment it is sent: whatever was set on it
 * after call() (a body, a query, headers) is what the HMAC covers, as the gateway signs what it forwards.
 */
function signWhenSent(t: request.Test, clock: { now(): Date }): request.Test {
  // any test-set signature headers are overwritten: a test of a bad signature sets token-authorization, which stays
  return t.on('request', (r: SentRequest) => {
    const target = r.req.path.replace(/^\/api\/v2\//, '');
    const data = r._data;
    const body = data === undefined || data === null ? undefined : Buffer.isBuffer(data) || typeof data === 'string' ? data : JSON.stringify(data);
    const h = (name: string) => {
      const v = r.req.getHeader(name);
      return v === undefined ? '' : String(v);
    };
    const signed = callHeaders(callKey(TEST_SECRET), {
      method: r.method,
      target,
      platform: h('platform'),
      // the timestamp call() signed the contract's header with (a test may have moved the clock since)
      timestamp: h('timestamp') || String(Math.floor(clock.now().getTime() / 1000)),
      forwardedFor: h('x-forwarded-for'),
      authorization: h('authorization'),
      merchantKey: h('x-merchant-key'),
      bodySha256: bodySha256(body === undefined ? undefined : Buffer.from(body)),
      device: h('x-device-id'),
    });
    for (const [name, value] of Object.entries(signed)) r.req.setHeader(name, value);
  });
}

export interface TestProviderOptions {
  poolSize?: number;
  googleJwksUrl?: string;
  googleClientId?: string;
  paymentGateway?: PaymentGateway;
  /** web push's keys and loopback rule (ProviderContext.push); unset: push is off */
  push?: PushSetup;
  /** where outbound webhooks may go (ProviderContext.webhooks); unset: public https only */
  webhooks?: WebhookSetup;
  /** wallet passes (Apple, Google) pointed at the test's fakes */
  passes?: PassesConfig;
  /** useTestProvider: empty the tables and seed again before each test */
  reset?: boolean;
  /** where services connected from the console are reached (the tests' local Stripe and Twilio stand-ins) */
  channelEndpoints?: { stripeApiBase?: string; twilioApiBase?: string };
  /** the provider's database, made by the test (closed with the provider); default a fresh one of `kind` */
  database?: DatabaseHandle;
  /** a read replica for the dashboard and the exports (ProviderContext.replica) */
  replica?: Database;
  /**
   * how many of one customer's writing calls run at once (CUSTOMER_WRITES_AT_ONCE); default 0, no
   * limit: the suites that send many at once prove the database's own locks, which must hold when each
   * call reaches an instance of its own
   */
  customerWritesAtOnce?: number;
}

/**
 * The provider suites' lifecycle, for a describe block: a test provider on `kind` started before its
 * tests and closed (its PostgreSQL database dropped) after them; with `reset: true` emptied and seeded
 * again before each test. `options` may be a function, called as it starts, for what a hook declared
 * before it makes (a fake server's port). Read the answer inside tests and hooks (see useStarted).
 */
export function useTestProvider(kind: DbKind, options: TestProviderOptions | (() => TestProviderOptions) = {}): TestProvider {
  let reset = false;
  const p = useStarted(
    `the test provider [${kind}]`,
    () => {
      const o = typeof options === 'function' ? options() : options;
      reset = Boolean(o.reset);
      return startTestProvider(kind, o);
    },
    (started) => started.close(),
  );
  beforeEach(async () => {
    if (reset) await p.reset();
  });
  return p;
}

/** The tables a reset keeps: the merchants and the migrations' own. */
const KEPT_TABLES = sql`('merchants', 'kysely_migration', 'kysely_migration_lock')`;

/**
 * Empties every table but the merchants and restarts their ids, as `truncate … restart identity` would:
 * by DELETE with foreign keys unchecked meanwhile (session_replication_role), since on PostgreSQL a
 * TRUNCATE of every table makes each a new file, about a second per reset (PGlite: twice as long too).
 */
async function emptyTables(db: Database): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`set local session_replication_role = replica`.execute(trx);
    const tables = await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = 'public' and tablename not in ${KEPT_TABLES}`.execute(
      trx,
    );
    for (const t of tables.rows) await sql`delete from ${sql.table(t.name)}`.execute(trx);
    const sequences = await sql<{ name: string }>`
      select s.relname as name from pg_class s
      join pg_namespace n on n.oid = s.relnamespace
      join pg_depend d on d.objid = s.oid and d.deptype in ('a', 'i')
      join pg_class t on t.oid = d.refobjid
      where s.relkind = 'S' and n.nspname = 'public' and t.relname not in ${KEPT_TABLES}`.execute(trx);
    for (const q of sequences.rows) await sql`alter sequence ${sql.table(q.name)} restart`.execute(trx);
  });
}

export async function startTestProvider(kind: DbKind, opts: TestProviderOptions = {}): Promise<TestProvider> {
  const handle = opts.database ?? (await openTestDatabase(kind, opts.poolSize));
  await seed(handle.db);
  clearMerchantCache();
  const clock = new FakeClock(new Date());
  const sent: SentMessage[] = [];
  // the test's own outbox: what the provider sent, kept in memory (`sent`)
  const sender: MessageSender = {
    channel: { kind: 'outbox' },
    async send(phone, body) {
      sent.push({ phone, body });
    },
  };
  const logger = pino({ level: 'silent' });
  const ctx = providerContext(
    {
      db: handle.db,
      logger,
      secret: TEST_SECRET,
      platform: TEST_PLATFORM,
      merchantId: 'kopi-senja',
      merchantApiKey: TEST_MERCHANT_KEY,
      webhookSecret: TEST_WEBHOOK_SECRET,
      google: { clientId: opts.googleClientId ?? 'test-client-id.apps.example', jwksUrl: opts.googleJwksUrl ?? 'http://127.0.0.1:9/jwks' },
      demoOrderProgress: false,
      clock,
      sender,
      jobs: false,
      publicUrl: TEST_PUBLIC_URL,
      ...(opts.paymentGateway ? { paymentGateway: opts.paymentGateway } : {}),
      ...(opts.push ? { push: opts.push } : {}),
      ...(opts.webhooks ? { webhooks: opts.webhooks } : {}),
      ...(opts.passes ? { passes: opts.passes } : {}),
      ...(opts.channelEndpoints ? { channelEndpoints: opts.channelEndpoints } : {}),
      ...(opts.replica ? { replica: opts.replica } : {}),
      customerWritesAtOnce: opts.customerWritesAtOnce ?? 0,
    },
    () => TEST_BASE,
  );
  const app = createProviderApp(ctx);
  const agent = request(app);

  const tp: TestProvider = {
    kind,
    db: handle.db,
    ctx,
    app,
    clock,
    sent,
    lastCode(phone) {
      const m = [...sent].reverse().find((s) => s.phone === phone);
      return m ? /\b(\d{6})\b/.exec(m.body)?.[1] : undefined;
    },
    call(method, path, o = {}) {
      let t = signWhenSent(agent[method](`/api/v2/${path}`).set(signedHeaders(path, clock)), clock);
      if (o.ip) t = t.set('x-forwarded-for', o.ip);
      if (o.token) t = t.set('authorization', `Bearer ${o.token}`);
      if (o.headers) t = t.set(o.headers);
      if (o.query) t = t.query(o.query);
      if (o.body !== undefined) t = t.send(o.body as object);
      return t;
    },
    async newCustomer(c = {}) {
      const token = randomBytes(32).toString('base64url');
      const customer = await handle.db
        .insertInto('customers')
        .values({
          phone: c.phone ?? `+639${String(randomBytes(4).readUInt32BE() % 1_000_000_000).padStart(9, '0')}`,
          name: c.name ?? 'Test Customer',
          email: null,
          created_at: clock.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await handle.db
        .insertInto('sessions')
        .values({
          token_hash: sha256Hex(token),
          customer_id: customer.id,
          created_at: clock.now(),
          expires_at: new Date(clock.now().getTime() + 30 * 86400_000),
        })
        .execute();
      if (c.points) {
        await handle.db.transaction().execute(async (trx) => {
          const { earnPoints } = await import('../../../server/provider/points/points.ledger');
          await earnPoints(trx, clock, customer.id, c.points!, { reason: 'Test grant' });
        });
      }
      if (c.wallet) {
        await handle.db.transaction().execute(async (trx) => {
          const { postWalletEntry } = await import('../../../server/provider/wallet/wallet.ledger');
          await postWalletEntry(trx, clock, customer.id, { type: 'adjust', amount: c.wallet!, reason: 'Test grant' });
        });
      }
      return { id: customer.id, token };
    },
    async reset() {
      await emptyTables(handle.db);
      await seed(handle.db);
      // what this instance keeps of the old rows: the settings and the menu
      clearMerchantCache();
      forgetCatalog(handle.db);
      // services connected from the console by the test before: gone with their rows
      await ctx.channels.refresh(Date.now(), true);
      sent.length = 0;
      clock.set(new Date());
    },
    close: () => handle.close(),
  };
  return tp;
}

/** Options for an embedded provider (or a context) on the test provider's database and clock. */
export function embeddedOptions(p: TestProvider) {
  return {
    db: p.db,
    logger: p.ctx.logger,
    secret: TEST_SECRET,
    platform: TEST_PLATFORM,
    merchantId: 'kopi-senja',
    merchantApiKey: TEST_MERCHANT_KEY,
    webhookSecret: TEST_WEBHOOK_SECRET,
    google: { clientId: 'test-client-id.apps.example', jwksUrl: 'http://127.0.0.1:9/jwks' },
    demoOrderProgress: false,
    clock: p.clock,
    sender: { channel: { kind: 'outbox' as const }, send: async () => {} },
  };
}
