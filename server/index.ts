/**
 * The server: reads the configuration, starts the embedded provider when no PROVIDER_API_BASE is set,
 * serves the gateway, and shuts everything down gracefully on SIGTERM or SIGINT.
 */
import { writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { createApp } from './app';
import { ConfigError, conveniencesLine, loadConfig, type Config } from './config';
import { migrate, openDatabase, type DatabaseHandle } from './db';
import { seed } from './db/seed';
import { createLogger, guardProcessOutput, logOutputFor, type Logger } from './lib/logger';
import { standOut } from './lib/log-format';
import { loadOrCreateSecrets, type EmbeddedSecrets } from './lib/secrets';
import { merchantKeyLine } from './provider/api-keys/api-keys.service';
import { readOutbox } from './provider/auth/sender';
import { smtpMailer } from './provider/auth/smtp-mailer';
import { twilioSender } from './provider/auth/twilio-sender';
import { startEmbeddedProvider, stripeEndpoint, type EmbeddedProvider } from './provider/embedded';
import type { PushSetup } from './provider/context';
import { stripeGateway } from './provider/payments/stripe';
import { jobsReady, triggerHourlyJobs } from './provider/jobs';
import { LISTENING_FILE, ownerSetupUrlIfNoOwner } from './provider/staff/setup-link';
import { systemClock } from './lib/clock';
import { nodeVersionProblem } from './lib/runtime';
import { keysCallHmac } from './lib/signature';

const SHUTDOWN_GRACE_MS = 10_000;
/** After a stop signal the process ends within this long, whatever is still running or waiting. */
const STOP_DEADLINE_MS = 14_000;

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      for (const problem of err.problems) process.stderr.write(`Configuration error: ${problem}\n`);
      process.exit(1);
    }
    throw err;
  }
}

interface Running {
  server?: Server;
  provider?: EmbeddedProvider;
  database?: DatabaseHandle;
  replica?: DatabaseHandle | undefined;
}

async function main(): Promise<void> {
  // a reader of stdout or stderr that goes away must not turn a write into an uncaught exception
  guardProcessOutput();
  const wrongNode = nodeVersionProblem();
  if (wrongNode) {
    process.stderr.write(`${wrongNode}\n`);
    process.exit(1);
  }
  const config = readConfig();
  const output = logOutputFor(config);
  const logger = createLogger(config.logLevel, 'gateway', output);
  logger.info({ node: process.versions.node }, `starting on Node ${process.versions.node}`);
  const running: Running = {};
  const stop = async (code: number): Promise<never> => {
    await closeAll(running, logger);
    process.exit(code);
  };
  const stopping = stopOnSignals(logger, () => void stop(0));

  try {
    // where browsers reach this server, known once it listens: links the provider e-mails (invitations, password resets) name it
    const listening: { at?: string } = {};
    const provider = config.providerApiBase ? externalProvider(config, logger) : await embeddedProvider(config, logger, running, listening);
    if (stopping()) return;
    if (config.serve === 'provider') {
      const base = provider.providerBase;
      whenReady(running, logger, base, () =>
        logger.info({ url: base }, `listening on ${base} (the provider alone: gateways set PROVIDER_API_BASE to this and share PROVIDER_SECRET)`),
      );
      return;
    }
    if (config.serve === 'worker') {
      const health = new URL('/healthz', provider.providerBase).href;
      whenReady(running, logger, provider.providerBase, () =>
        logger.info({ url: health }, `listening on ${health} (the background jobs alone: GET /healthz, no API)`),
      );
      return;
    }
    await serveGateway({ config, logger, output, running, listening, ...provider });
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    logger.fatal({ err: { type: e.name, message: e.message, code: e.code } }, 'the server could not start');
    await stop(1);
  }
}

/** SIGTERM and SIGINT finish the requests in flight, then stop; the answer tells whether a stop has begun. */
function stopOnSignals(logger: Logger, stop: () => void): () => boolean {
  let stopping = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      // a terminal's Ctrl+C reaches both `npm start` and this process, and `npm start` passes it on
      // too: a repeat is expected and changes nothing (the 10 s limit still bounds the wait)
      if (stopping) return;
      stopping = true;
      logger.info(`${signal}: finishing requests in flight, then stopping`);
      // the hard deadline: a close that hangs (a provider, a database) cannot keep the process up
      setTimeout(() => {
        logger.error(`still stopping ${STOP_DEADLINE_MS / 1000} s after ${signal}: exiting now`);
        process.exit(1);
      }, STOP_DEADLINE_MS).unref();
      stop();
    });
  }
  return () => stopping;
}

/** The provider the gateway signs its calls for: where it is, the secret, and the development outbox when it has one. */
interface ProviderReach {
  providerBase: string;
  secret: string;
  outbox?: (phone: string) => Promise<unknown[]>;
}

/** PROVIDER_API_BASE: another process (or another product) is the provider. */
function externalProvider(config: Config, logger: Logger): ProviderReach {
  const secret = config.providerSecret!;
  logger.info(
    { provider: config.providerApiBases.join(', ') },
    config.providerApiBases.length > 1
      ? `using ${config.providerApiBases.length} external providers (the next when one cannot be reached)`
      : 'using the external provider',
  );
  if (!keysCallHmac(secret)) {
    logger.info(
      "calls to the provider carry the contract's signature only: PROVIDER_SECRET is under 32 bytes, too short to key the call HMAC (this product's own provider requires one)",
    );
  }
  return { providerBase: config.providerApiBase!, secret };
}

/** The embedded provider on its database (PGlite or PostgreSQL), started in this process. */
async function embeddedProvider(config: Config, logger: Logger, running: Running, listening: { at?: string }): Promise<ProviderReach> {
  const dataDir = resolve(config.dataDir);
  const { secrets, created } = loadOrCreateSecrets(dataDir);
  const secret = config.providerSecret ?? secrets.provider_secret;
  const merchantApiKey = config.merchantApiKey ?? secrets.merchant_api_key;
  if (created && !config.merchantApiKey) {
    // where it is, never what it is: logs are kept (and shipped) far longer than a first start lasts
    logger.info(
      `the merchant API key for the embedded provider was generated: it is kept in ${join(dataDir, 'secrets.json')}, under merchant_api_key (or set MERCHANT_API_KEY)`,
    );
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: join(dataDir, 'pglite'),
    poolSize: config.dbPoolSize,
    preparedStatements: config.dbPreparedStatements,
    limits: config.dbLimits,
    // run below, once the database can be reached: a database that is down at start stops nothing
    migrate: false,
    onIdleError: (err) => logger.warn({ message: err.message }, 'PostgreSQL ended a connection: the next query opens another'),
  });
  running.database = database;
  // the read replica (DATABASE_READ_URL), for the dashboard and the exports: opened lazily by the pool, so one
  // that is down at start stops nothing (provider/read-replica.ts reads the primary meanwhile)
  const replica = config.databaseReadUrl
    ? await openDatabase({
        databaseUrl: config.databaseReadUrl,
        poolSize: Math.max(2, Math.ceil(config.dbPoolSize / 4)),
        preparedStatements: config.dbPreparedStatements,
        limits: config.dbLimits,
        migrate: false,
        onIdleError: (err) => logger.warn({ message: err.message }, 'the read replica ended a connection: the next query opens another'),
      })
    : undefined;
  running.replica = replica;
  const providerLogger = logger.child({ name: 'provider' });
  const { stripe, twilio, smtp } = config;
  const push = pushSetupOf(config, secrets);
  const provider = await startEmbeddedProvider({
    db: database.db,
    ...(replica ? { replica: replica.db } : {}),
    logger: providerLogger,
    secret,
    platform: config.platformId,
    merchantId: config.merchantId,
    merchantApiKey,
    webhookSecret: config.paymentWebhookSecret ?? secrets.webhook_secret,
    google: { clientId: config.googleClientId, jwksUrl: config.googleJwksUrl },
    demoOrderProgress: config.demoOrderProgress,
    paymentSandbox: config.paymentSandbox,
    customerWritesAtOnce: config.customerWritesAtOnce,
    ...(stripe
      ? {
          paymentGateway: stripeGateway({
            secretKey: stripe.secretKey,
            webhookSecret: stripe.webhookSecret,
            publicBaseUrl: stripe.publicUrl,
            checkoutTtlSeconds: stripe.checkoutTtlSeconds,
            logger: providerLogger.child({ name: 'stripe' }),
            ...stripeEndpoint(stripe.apiBase),
          }),
        }
      : {}),
    ...(twilio
      ? {
          sender: twilioSender({
            accountSid: twilio.accountSid,
            authToken: twilio.authToken,
            from: twilio.from,
            logger: providerLogger.child({ name: 'sms' }),
            ...(twilio.apiBase ? { apiBase: twilio.apiBase } : {}),
          }),
        }
      : {}),
    ...(smtp ? { mailer: smtpMailer({ url: smtp.url, from: smtp.from, logger: providerLogger.child({ name: 'mail' }) }) } : {}),
    devOutbox: config.devOutbox,
    // what the environment sets wins over the console; what it leaves unset the owner may connect there
    channelsFromEnvironment: { stripe: Boolean(stripe), twilio: Boolean(twilio), smtp: Boolean(smtp) },
    channelEndpoints: {
      ...(config.stripeApiBase ? { stripeApiBase: config.stripeApiBase } : {}),
      ...(config.twilioApiBase ? { twilioApiBase: config.twilioApiBase } : {}),
      checkoutTtlSeconds: config.stripeCheckoutTtlSeconds,
    },
    push,
    webhooks: { allowLoopback: config.webhooksAllowLoopback },
    passes: config.passes,
    backups: { ...config.backup, dir: resolve(config.backup.dir), dataDir, databaseUrl: config.databaseUrl },
    publicUrl: () => config.publicUrl ?? listening.at,
    // alone (SERVE=provider, SERVE=worker) it listens on HOST:PORT; else on loopback for this process's gateway
    // the migrations and the seed, tried until the database answers; calls are answered 503 until then
    prepare: async () => {
      await migrate(database.db);
      await seed(database.db);
    },
    host: config.serve === 'all' ? '127.0.0.1' : config.host,
    port: config.serve === 'all' ? 0 : config.port,
    jobs: config.jobs,
    api: config.serve !== 'worker',
  });
  running.provider = provider;
  logger.info(
    { database: database.kind },
    `${config.serve === 'all' ? 'embedded provider started on loopback' : config.serve === 'worker' ? 'worker started' : 'provider started'}${config.jobs ? '' : '; background jobs off here (JOBS=false): a SERVE=worker runs them'}`,
  );
  // the hourly housekeeping now, on request (kill -USR2 <pid>): once across all instances, like the hour's own run
  process.on('SIGUSR2', () => {
    if (!config.jobs) return void logger.warn('SIGUSR2: this instance runs no jobs (JOBS=false): send it to a SERVE=worker');
    logger.info('SIGUSR2: running the hourly jobs now');
    triggerHourlyJobs(provider.ctx).then(
      () => logger.info('hourly jobs: done'),
      (err: Error) => logger.error({ message: err.message }, 'hourly jobs: failed'),
    );
  });
  logStartLines(config, logger, { push, dataDir });
  if (config.serve !== 'worker') logMerchantKeyWhenReady(provider, logger);
  return { providerBase: provider.baseUrl, secret, ...(config.devOutbox ? { outbox: (phone: string) => readOutbox(database.db, phone) } : {}) };
}

/** One line on the configuration's merchant key, once the database can say whether an owner turned it off. */
function logMerchantKeyWhenReady(provider: EmbeddedProvider, logger: Logger): void {
  const line = () =>
    merchantKeyLine(provider.ctx).then(
      (l) => logger.info(l),
      (err: Error) => logger.warn({ message: err.message }, 'the merchant key: could not read whether it is on'),
    );
  if (provider.readiness.ready) void line();
  else void provider.readiness.whenReady.then(line);
}

/** One line each on the development conveniences, messages, web push and payments: what is on, and why. */
function logStartLines(config: Config, logger: Logger, { push, dataDir }: { push: PushSetup | null; dataDir: string }): void {
  const { stripe, twilio, smtp } = config;
  // one line on which development conveniences are on, and why (a network listener needs NODE_ENV=development)
  logger.info(conveniencesLine(config));
  // one line on how codes reach people
  logger.info(
    `messages: ${twilio ? 'text messages through Twilio' : config.devOutbox ? 'text messages to the development outbox' : 'no text message service: sign-in codes cannot be sent until an owner connects Twilio in the console (Payments and messages) or TWILIO_* are set'}, ${smtp ? 'e-mail through SMTP' : config.devOutbox ? 'e-mail to the development outbox' : 'no e-mail service (e-mail verification is unavailable; connect one in the console or set SMTP_URL and MAIL_FROM)'}; services the environment leaves unset can be connected in the console`,
  );
  // one line on web push: which keys, or why it is off
  logger.info(
    push
      ? `web push: on (${config.vapid ? 'VAPID keys from the environment' : `VAPID keys generated in ${join(dataDir, 'secrets.json')}`})${push.allowLoopback ? '; PUSH_ALLOW_LOOPBACK: subscriptions may name a push service on this machine (tests only)' : ''}`
      : 'web push: off in production without VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT (notifications stay in the app)',
  );
  if (config.webhooksAllowLoopback)
    logger.warn('webhooks: WEBHOOKS_ALLOW_LOOPBACK is on: endpoints may be on this machine, over plain http (tests and development only)');
  // one line on how money comes in: the sandbox pays anything, so production runs it only when asked
  if (stripe) {
    logger.info(
      `payments: Stripe Checkout (${stripe.secretKey.includes('_live_') ? 'live' : 'test'} mode); its webhook endpoint is ${new URL('/api/payment/webhook/stripe', stripe.publicUrl).href}`,
    );
  } else if (!config.paymentSandbox) {
    logger.warn(
      `payments: off — no payment gateway is configured${config.production ? ' in production' : ' (PAYMENT_SANDBOX is off)'}, so top-ups and paying online answer 503 PAYMENTS_UNAVAILABLE; wallet orders, rewards and the wheel keep working (set PAYMENT_SANDBOX=true for a test shop)`,
    );
  } else if (!config.conveniences.on) {
    logger.warn(
      `payments: the SANDBOX gateway is on ${config.production ? 'in production' : 'on a server reachable from the network'} (PAYMENT_SANDBOX=true) — its page pays any top-up or order without real money; this is a test shop and must not face real customers`,
    );
  }
}

/** The gateway listening on HOST:PORT, in front of the provider. */
async function serveGateway({
  config,
  logger,
  output,
  running,
  listening,
  providerBase,
  secret,
  outbox,
}: ProviderReach & { config: Config; logger: Logger; output: ReturnType<typeof logOutputFor>; running: Running; listening: { at?: string } }): Promise<void> {
  const providerBases = config.providerApiBases.length > 0 ? config.providerApiBases : [providerBase];
  const app = createApp({ config, logger, providerBase, providerBases, secret, ...(outbox ? { outbox } : {}) });
  const server = await new Promise<Server>((resolveListen, reject) => {
    const s = app.listen(config.port, config.host, (err?: Error) => (err ? reject(err) : resolveListen(s)));
  });
  running.server = server;
  // longer than the usual reverse proxy's idle timeout, so the proxy closes idle connections first
  server.keepAliveTimeout = 65_000;
  const { port } = server.address() as AddressInfo;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  if (outbox)
    logger.info(
      'the development outbox is on: /__dev/outbox shows the one-time codes sent, and answers this machine only (loopback, no proxy); a HOST that is not loopback without NODE_ENV=development, or NODE_ENV=production, turns it off',
    );
  listening.at = `http://${host}:${port}`;
  const at = listening.at;
  whenReady(running, logger, at, () => logger.info({ url: at }, `listening on ${at}`));
  // the operator's `npm run merchant -- owner-link` makes its link for the address this server answers on
  if (running.database) recordListeningAddress(resolve(config.dataDir), listening.at, logger);
  // a development start of a shop with no owner yet prints the console's set-up link (never in production:
  // there the operator runs `npm run merchant -- owner-link`) once the link answers: the database is ready,
  // the first start's job tables are made (seconds of PGlite's time on a first start, every query waiting behind them: a
  // link printed before them waited that long to open), and the server answered a request of its own
  const { database, provider } = running;
  if (database && provider && !config.production) {
    void provider.readiness.whenReady
      .then(() => jobsReady(provider.ctx).catch(() => {}))
      .then(() => untilAnswering(at))
      .then(() => printOwnerSetupLink(database, config, at, output))
      .catch((err: Error) => logger.warn({ message: err.message }, 'could not check whether the shop has an owner'));
  }
}

/** Resolves once `GET <at>/healthz` answers 200 (the gateway and the provider's database behind it), trying for a minute. */
async function untilAnswering(at: string): Promise<void> {
  for (let attempt = 0; attempt < 120; attempt++) {
    const ok = await fetch(`${at}/healthz`, { signal: AbortSignal.timeout(5000) }).then(
      (res) => res.body?.cancel().then(() => res.ok) ?? res.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * `then` once the embedded provider's database is ready (at once for a gateway alone); until then the
 * server already answers, every call with 503 and /healthz with the reason, and says so once.
 */
function whenReady(running: Running, logger: Logger, url: string, then: () => void): void {
  const readiness = running.provider?.readiness;
  if (!readiness || readiness.ready) return then();
  setTimeout(() => {
    if (!readiness.ready) logger.warn({ url }, `answering on ${url} with 503 until the database is ready (GET /healthz says why)`);
  }, 1000).unref();
  void readiness.whenReady.then(then);
}

/** The merchant console's set-up link, on the terminal, when the shop has no owner yet. */
async function printOwnerSetupLink(database: DatabaseHandle, config: Config, listeningAt: string, output: ReturnType<typeof logOutputFor>): Promise<void> {
  const link = await ownerSetupUrlIfNoOwner(database.db, systemClock, config.publicUrl ?? listeningAt);
  if (!link) return;
  // straight to the terminal, not the log: the link is a secret, and logs are kept and shipped
  const sentence = `The merchant console has no owner yet: open ${link} to set up the shop's owner (the link works once, for 24 hours; npm run merchant -- owner-link makes another)`;
  // on a terminal, framed so it stands out among the log lines; else the one line, as it always was
  process.stdout.write(
    output.format === 'short'
      ? standOut(
          'The merchant console has no owner yet',
          ["Open the link below to set up the shop's owner. It works once, for", '24 hours; `npm run merchant -- owner-link` makes another.'],
          { colour: output.colour ?? false, copy: link },
        )
      : `${sentence}\n`,
  );
}

/** DATA_DIR/server.json: where the server last listened (read by scripts/merchant.ts), never a secret. */
function recordListeningAddress(dataDir: string, url: string, logger: Logger): void {
  try {
    writeFileSync(join(dataDir, LISTENING_FILE), `${JSON.stringify({ url, pid: process.pid, at: new Date().toISOString() })}\n`);
  } catch (err) {
    logger.warn({ message: (err as Error).message }, `could not write ${LISTENING_FILE}`);
  }
}

/** Stop accepting, let requests in flight finish (at most 10 s), then close the provider and the database. */
async function closeAll(running: Running, logger: Logger): Promise<void> {
  const { server, provider, database, replica } = running;
  if (server) {
    await new Promise<void>((done) => {
      const force = setTimeout(() => {
        logger.warn('requests still running after 10 s: closing their connections');
        server.closeAllConnections();
      }, SHUTDOWN_GRACE_MS);
      // connections that finish their request while we wait go idle: close those as they appear
      const idle = setInterval(() => server.closeIdleConnections(), 100);
      server.close(() => {
        clearTimeout(force);
        clearInterval(idle);
        done();
      });
    });
  }
  try {
    await provider?.close();
  } catch (err) {
    logger.warn({ message: (err as Error).message }, 'the provider did not close cleanly');
  }
  try {
    await Promise.all([database?.close(), replica?.close()]);
  } catch (err) {
    logger.warn({ message: (err as Error).message }, 'the database did not close cleanly');
  }
  logger.info('stopped');
}

void main();

/**
 * Web push's keys: the environment's (VAPID_*), else, outside production, the pair generated once in
 * DATA_DIR/secrets.json (a development or test shop; production instances share keys through the
 * environment, or every instance would sign with its own). None: push is off.
 */
function pushSetupOf(config: Config, secrets: EmbeddedSecrets): PushSetup | null {
  const subjectOf = () => (config.publicUrl?.startsWith('https://') ? config.publicUrl : 'mailto:push@example.invalid');
  const vapid =
    config.vapid ?? (config.production ? undefined : { publicKey: secrets.vapid_public_key, privateKey: secrets.vapid_private_key, subject: subjectOf() });
  return vapid ? { vapid, allowLoopback: config.pushAllowLoopback } : null;
}
