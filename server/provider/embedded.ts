import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { Logger } from 'pino';
import type { Database } from '../db';
import { systemClock, type Clock } from '../lib/clock';
import { keysCallHmac, MIN_CALL_SECRET_BYTES } from '../lib/signature';
import { createProviderApp, PROVIDER_MOUNT } from './app';
import type { ProviderContext, PushSetup } from './context';
import { outboxMailer, outboxSender, type MailSender, type MessageSender } from './auth/sender';
import { actionPoints } from './loyalty/loyalty.actions';
import { tierPort } from './tiers/tiers.service';
import { sandboxGateway } from './payments/sandbox';
import { paymentStarter } from './payments/starter';
import type { PaymentGateway } from './payment-gateway';
import { startJobs } from './jobs';
import type { PassesConfig } from './passes/passes-config';

export interface EmbeddedProviderOptions {
  db: Database;
  logger: Logger;
  secret: string;
  platform: string;
  merchantId: string;
  merchantApiKey: string;
  webhookSecret: string;
  google: { clientId: string | undefined; jwksUrl: string };
  demoOrderProgress: boolean;
  /** the sandbox payment gateway; false: no payment gateway (top-ups and gateway orders answer 503). Default true */
  paymentSandbox?: boolean;
  /** a real payment gateway's adapter (payments/stripe.ts); replaces the sandbox */
  paymentGateway?: PaymentGateway;
  /** keep sent messages in the development outbox table (never in production). Default true */
  devOutbox?: boolean;
  clock?: Clock;
  sender?: MessageSender;
  /** sends e-mails; default: the development outbox while devOutbox is on, else none (e-mail verification unavailable) */
  mailer?: MailSender;
  /** the shop's public origin for links sent by e-mail (ProviderContext.publicUrl): a value, or read when a link is made */
  publicUrl?: string | (() => string | undefined);
  /** web push's keys and rules (ProviderContext.push); unset: push is off */
  push?: PushSetup | null;
  /** Apple and Google Wallet passes (config.ts passesOf); default none */
  passes?: PassesConfig;
  /** run the scheduled jobs through pg-boss on this database (jobs.ts); false: none (tests run jobs by hand). Default true */
  jobs?: boolean;
  host?: string;
  port?: number;
}

export interface EmbeddedProvider {
  ctx: ProviderContext;
  /** API v2 base URL, ending in / */
  baseUrl: string;
  server: Server;
  close(): Promise<void>;
}

/** Builds the provider's context from options (no listening): tests use this with supertest. */
export function providerContext(o: EmbeddedProviderOptions, baseUrl: () => string): ProviderContext {
  // config.ts refuses a shorter PROVIDER_SECRET with a configuration error; this holds for every caller
  if (!keysCallHmac(o.secret)) throw new Error(`the provider's signing secret must be at least ${MIN_CALL_SECRET_BYTES} bytes: it keys the HMAC of every call`);
  const clock = o.clock ?? systemClock;
  const publicApiPrefix = '/api/';
  // the sandbox pays anything for anyone who clicks Pay: only where the operator allows it
  const gateway = o.paymentGateway ?? (o.paymentSandbox === false ? null : sandboxGateway(publicApiPrefix, o.webhookSecret));
  return {
    db: o.db,
    clock,
    logger: o.logger,
    secret: o.secret,
    platform: o.platform,
    baseUrl,
    merchantId: o.merchantId,
    merchantApiKey: o.merchantApiKey,
    // the development outbox keeps codes in clear: written only in development, never in production
    sender: o.sender ?? outboxSender(o.db, clock, o.logger, { keep: o.devOutbox !== false }),
    mailer: o.mailer ?? (o.devOutbox !== false ? outboxMailer(o.db, clock, o.logger) : undefined),
    google: o.google,
    payments: gateway ? paymentStarter(gateway) : null,
    paymentGateway: gateway,
    actionPoints: actionPoints(clock, o.merchantId, o.logger),
    tiers: tierPort({ clock, logger: o.logger }),
    webhookSecret: o.webhookSecret,
    demoOrderProgress: o.demoOrderProgress,
    publicUrl: typeof o.publicUrl === 'function' ? o.publicUrl : () => o.publicUrl as string | undefined,
    publicApiPrefix,
    push: o.push ?? null,
    passes: o.passes ?? {},
  };
}

/** Starts the embedded provider on loopback; the gateway reaches it through the same signing path as any provider. */
export async function startEmbeddedProvider(o: EmbeddedProviderOptions): Promise<EmbeddedProvider> {
  let baseUrl = '';
  const ctx = providerContext(o, () => baseUrl);
  const app = createProviderApp(ctx);
  const host = o.host ?? '127.0.0.1';
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(o.port ?? 0, host, (err?: Error) => (err ? reject(err) : resolve(s)));
  });
  server.keepAliveTimeout = 65_000;
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://${host}:${port}${PROVIDER_MOUNT}/`;
  // pg-boss starts in the background (0.1 to 0.5 s) while requests are already served
  const stopJobs = o.jobs === false ? async () => {} : startJobs(ctx);
  return {
    ctx,
    baseUrl,
    server,
    async close() {
      await stopJobs();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
    },
  };
}
