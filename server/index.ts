/**
 * The server: reads the configuration, starts the embedded provider when no PROVIDER_API_BASE is set,
 * serves the gateway, and shuts everything down gracefully on SIGTERM or SIGINT.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { createApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase, type DatabaseHandle } from './db';
import { seed } from './db/seed';
import { createLogger, type Logger } from './lib/logger';
import { loadOrCreateSecrets } from './lib/secrets';
import { readOutbox } from './provider/auth/sender';
import { startEmbeddedProvider, type EmbeddedProvider } from './provider/embedded';

const SHUTDOWN_GRACE_MS = 10_000;

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
}

async function main(): Promise<void> {
  const config = readConfig();
  const logger = createLogger(config.logLevel, 'gateway');
  const running: Running = {};
  let stopping = false;

  async function stop(code: number): Promise<never> {
    await closeAll(running, logger);
    process.exit(code);
  }

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      // a terminal's Ctrl+C reaches both `npm start` and this process, and `npm start` passes it on
      // too: a repeat is expected and changes nothing (the 10 s limit still bounds the wait)
      if (stopping) return;
      stopping = true;
      logger.info(`${signal}: finishing requests in flight, then stopping`);
      void stop(0);
    });
  }

  try {
    let providerBase: string;
    let secret: string;
    let outbox: ((phone: string) => Promise<unknown[]>) | undefined;

    if (config.providerApiBase) {
      providerBase = config.providerApiBase;
      secret = config.providerSecret!;
      logger.info({ provider: providerBase }, 'using the external provider');
    } else {
      const dataDir = resolve(config.dataDir);
      const { secrets, created } = loadOrCreateSecrets(dataDir);
      secret = config.providerSecret ?? secrets.provider_secret;
      const merchantApiKey = config.merchantApiKey ?? secrets.merchant_api_key;
      if (created && !config.merchantApiKey) {
        // shown once, at the first start; it stays in DATA_DIR/secrets.json. The signing secret is never shown.
        process.stdout.write(`Merchant API key for the embedded provider (shown once, kept in ${join(dataDir, 'secrets.json')}): ${merchantApiKey}\n`);
      }
      const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: join(dataDir, 'pglite'), poolSize: config.dbPoolSize });
      running.database = database;
      await seed(database.db);
      const provider = await startEmbeddedProvider({
        db: database.db,
        logger: logger.child({ name: 'provider' }),
        secret,
        platform: config.platformId,
        merchantId: config.merchantId,
        merchantApiKey,
        webhookSecret: config.paymentWebhookSecret ?? secrets.webhook_secret,
        google: { clientId: config.googleClientId, jwksUrl: config.googleJwksUrl },
        demoOrderProgress: config.demoOrderProgress,
        paymentSandbox: config.paymentSandbox,
        devOutbox: config.devOutbox,
        host: '127.0.0.1',
        port: 0,
      });
      running.provider = provider;
      providerBase = provider.baseUrl;
      if (!config.production) outbox = (phone) => readOutbox(database.db, phone);
      logger.info({ database: database.kind }, 'embedded provider started on loopback');
    }

    if (stopping) return;
    const app = createApp({ config, logger, providerBase, secret, ...(outbox ? { outbox } : {}) });
    const server = await new Promise<Server>((resolveListen, reject) => {
      const s = app.listen(config.port, config.host, (err?: Error) => (err ? reject(err) : resolveListen(s)));
    });
    running.server = server;
    // longer than the usual reverse proxy's idle timeout, so the proxy closes idle connections first
    server.keepAliveTimeout = 65_000;
    const { port } = server.address() as AddressInfo;
    const host = config.host.includes(':') ? `[${config.host}]` : config.host;
    logger.info({ url: `http://${host}:${port}` }, `listening on http://${host}:${port}`);
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    logger.fatal({ err: { type: e.name, message: e.message, code: e.code } }, 'the server could not start');
    await stop(1);
  }
}

/** Stop accepting, let requests in flight finish (at most 10 s), then close the provider and the database. */
async function closeAll(running: Running, logger: Logger): Promise<void> {
  const { server, provider, database } = running;
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
    await database?.close();
  } catch (err) {
    logger.warn({ message: (err as Error).message }, 'the database did not close cleanly');
  }
  logger.info('stopped');
}

void main();
