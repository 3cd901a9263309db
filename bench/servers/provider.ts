/**
 * The provider for figures (b) to (e), in its own process, built as server/index.ts builds it: the
 * database (PGlite in DATA_DIR, or DATABASE_URL), the seed and the embedded provider on loopback, with
 * the configuration read from the environment. The gateway in front of it is the real server
 * (server/index.ts in external mode, another process); with BENCH_EMBEDDED_GATEWAY=1 this process also
 * runs a gateway itself, the way `npm start` does by default (figure c-embedded).
 * Before telling the bench it is ready (over IPC) it adds BENCH_CUSTOMERS customers with a session and
 * a funded wallet, and hands over what the bench needs: the provider's URL and secret, the customers.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db';
import { PGliteRemote } from '../../server/db/pglite-remote';
import { seed } from '../../server/db/seed';
import { createLogger } from '../../server/lib/logger';
import { loadOrCreateSecrets } from '../../server/lib/secrets';
import { readOutbox } from '../../server/provider/auth/sender';
import { startEmbeddedProvider } from '../../server/provider/embedded';
import { getMerchant } from '../../server/provider/settings/settings.service';
import { liftSlotCaps, orderableProduct, seedCustomers } from '../lib/customers';
import { statementKind, type StatementTimes } from '../lib/statement-time';

// the SQL statements this process sends its database (each one round trip), which the bench divides by
// the orders placed: counted at the drivers, so nothing the provider or its jobs send is missed; and
// each one's time from sending it to its answer, by kind (bench/lib/statement-time.ts)
let statements = 0;
const times: StatementTimes = {};
// each text's kind, worked out once (the app sends a few hundred distinct texts)
const kinds = new Map<string, string>();
const kindOf = (text: string) => {
  let kind = kinds.get(text);
  if (kind === undefined) kinds.set(text, (kind = statementKind(text)));
  return kind;
};
// PGlite runs in a worker thread: its statements are counted where this thread sends them
for (const proto of [pg.Client.prototype, PGliteRemote.prototype] as Array<{ query: (...args: unknown[]) => unknown }>) {
  const query = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    statements++;
    const started = performance.now();
    const answer = query.apply(this, args);
    if (answer instanceof Promise) {
      const text = typeof args[0] === 'string' ? args[0] : String((args[0] as { text?: unknown } | undefined)?.text ?? '');
      const timed = () => {
        const t = (times[kindOf(text)] ??= { n: 0, ms: 0 });
        t.n++;
        t.ms += performance.now() - started;
      };
      answer.then(timed, timed);
    }
    return answer;
  };
}

const config = loadConfig();
const logger = createLogger(config.logLevel, 'gateway');
const dataDir = resolve(config.dataDir);
const { secrets } = loadOrCreateSecrets(dataDir);
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: join(dataDir, 'pglite'),
  poolSize: config.dbPoolSize,
  preparedStatements: config.dbPreparedStatements,
});
await seed(database.db);
await liftSlotCaps(database.db);
const provider = await startEmbeddedProvider({
  db: database.db,
  logger: logger.child({ name: 'provider' }),
  secret: secrets.provider_secret,
  platform: config.platformId,
  merchantId: config.merchantId,
  merchantApiKey: secrets.merchant_api_key,
  webhookSecret: secrets.webhook_secret,
  google: { clientId: config.googleClientId, jwksUrl: config.googleJwksUrl },
  demoOrderProgress: config.demoOrderProgress,
  host: '127.0.0.1',
  port: 0,
});
let server: Server | undefined;
if (process.env.BENCH_EMBEDDED_GATEWAY === '1') {
  const app = createApp({ config, logger, providerBase: provider.baseUrl, secret: secrets.provider_secret, outbox: (phone) => readOutbox(database.db, phone) });
  server = await new Promise<Server>((ok, fail) => {
    const s = app.listen(0, '127.0.0.1', (err?: Error) => (err ? fail(err) : ok(s)));
  });
  server.keepAliveTimeout = 65_000;
}

const count = Number(process.env.BENCH_CUSTOMERS ?? 50);
const customers = await seedCustomers(database.db, count, { wallet: 2_000_000_000, prefix: 'Bench' });
const { rules } = await getMerchant(database.db, config.merchantId);
const product = await orderableProduct(database.db, rules.min_order);

process.send?.({
  ready: true,
  gateway: server ? `http://127.0.0.1:${(server.address() as AddressInfo).port}/` : null,
  provider: provider.baseUrl,
  secret: secrets.provider_secret,
  platform: config.platformId,
  database: database.kind,
  customers: customers.map((c) => ({ id: c.id, token: c.token })),
  product,
});

// the bench asks for counts after a run (orders placed), to check nothing acknowledged went missing
// and, with BENCH_PROFILE set, a V8 CPU profile of the measured runs only (start-up and seeding left out)
let profiler: import('node:inspector/promises').Session | undefined;
process.on('message', async (m: { count?: string; profile?: 'start' | 'stop'; file?: string }) => {
  if (m?.profile === 'start') {
    const { Session } = await import('node:inspector/promises');
    profiler = new Session();
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.start');
    process.send?.({ profiling: true });
  }
  if (m?.profile === 'stop' && profiler) {
    const { profile } = await profiler.post('Profiler.stop');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(m.file!, JSON.stringify(profile));
    profiler.disconnect();
    profiler = undefined;
    process.send?.({ profiled: m.file });
  }
  if (m?.count === 'statements') process.send?.({ statements, times });
  if (m?.count === 'orders') {
    const row = await database.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    process.send?.({ orders: Number(row.n) });
  }
});

process.on('SIGTERM', async () => {
  server?.closeAllConnections();
  server?.close();
  await provider.close();
  await database.close();
  process.exit(0);
});
