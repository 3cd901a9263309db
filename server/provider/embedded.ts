import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { Logger } from 'pino';
import type { Database } from '../db';
import { systemClock, type Clock } from '../lib/clock';
import { keysCallHmac, MIN_CALL_SECRET_BYTES } from '../lib/signature';
import { createEmbeddedApp, PROVIDER_MOUNT } from './app';
import type { BackupSetup, ProviderContext, PushSetup, WebhookSetup } from './context';
import { outboxMailer, outboxSender, type MailSender, type MessageSender } from './auth/sender';
import { actionPoints } from './loyalty/loyalty.actions';
import { tierPort } from './tiers/tiers.service';
import { merchantKeyPort } from './api-keys/api-keys.service';
import { sandboxGateway } from './payments/sandbox';
import { checkStripeKey, stripeGateway } from './payments/stripe';
import { checkTwilioAccount, twilioSender } from './auth/twilio-sender';
import { checkSmtp, smtpMailer } from './auth/smtp-mailer';
import { LiveChannels, type ChannelAdapters, type ChannelService } from './channel-port';
import { loadConnections } from './channels/connections.service';
import { paymentStarter } from './payments/starter';
import type { PaymentGateway } from './payment-gateway';
import { startJobs } from './jobs';
import type { PassesConfig } from './passes/passes-config';
import { prepareInBackground, READY, type Readiness } from './readiness';
import { CUSTOMER_WRITES_AT_ONCE, customerTurns } from './http/customer-turns';

export interface EmbeddedProviderOptions {
  db: Database;
  /** a read-only replica of `db` for the dashboard and the exports (DATABASE_READ_URL); unset: none */
  replica?: Database;
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
  /** the services the server's environment sets (STRIPE_*, TWILIO_*, SMTP_URL): the console shows them and cannot change them */
  channelsFromEnvironment?: Partial<Record<ChannelService, boolean>>;
  /** where services connected from the console are reached: tests' local stand-ins (STRIPE_API_BASE, TWILIO_API_BASE; loopback only) */
  channelEndpoints?: { stripeApiBase?: string; twilioApiBase?: string; checkoutTtlSeconds?: number };
  sender?: MessageSender;
  /** sends e-mails; default: the development outbox while devOutbox is on, else none (e-mail verification unavailable) */
  mailer?: MailSender;
  /** the shop's public origin for links sent by e-mail (ProviderContext.publicUrl): a value, or read when a link is made */
  publicUrl?: string | (() => string | undefined);
  /** web push's keys and rules (ProviderContext.push); unset: push is off */
  push?: PushSetup | null;
  /** where outbound webhooks may go (ProviderContext.webhooks); default: public https only */
  webhooks?: WebhookSetup;
  /** Apple and Google Wallet passes (config.ts passesOf); default none */
  passes?: PassesConfig;
  /** the scheduled backups (ProviderContext.backups); default none */
  backups?: BackupSetup | null;
  /**
   * how many of one customer's writing calls (their POSTs) run at once on this instance; the
   * others wait their turn before they take a database connection (http/customer-turns.ts). 0: no limit.
   * Default 1 (CUSTOMER_WRITES_AT_ONCE)
   */
  customerWritesAtOnce?: number;
  /** run the scheduled jobs through pg-boss on this database (jobs.ts); false: none (tests run jobs by hand). Default true */
  jobs?: boolean;
  /** serve API v2 (false: GET /healthz only, for a process that runs the jobs alone, SERVE=worker). Default true */
  api?: boolean;
  /**
   * what must run before calls are served (migrations, the seed): tried in the background until it
   * succeeds, calls answered 503 meanwhile (readiness.ts). Unset: ready at once
   */
  prepare?: () => Promise<void>;
  host?: string;
  port?: number;
}

export interface EmbeddedProvider {
  ctx: ProviderContext;
  /** API v2 base URL, ending in / */
  baseUrl: string;
  server: Server;
  /** whether the start-up steps have run (`prepare`), and why not */
  readiness: Readiness;
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
  const publicUrl = typeof o.publicUrl === 'function' ? o.publicUrl : () => o.publicUrl as string | undefined;
  const live = new LiveChannels(
    {
      // the development outbox keeps codes in clear: written only in development, never in production
      sender: o.sender ?? outboxSender(o.db, clock, o.logger, { keep: o.devOutbox !== false }),
      mailer: o.mailer ?? (o.devOutbox !== false ? outboxMailer(o.db, clock, o.logger) : undefined),
      paymentGateway: gateway,
    },
    { stripe: false, twilio: false, smtp: false, ...o.channelsFromEnvironment },
    channelAdapters(o, publicUrl),
    (known) => loadConnections(o.db, o.secret, known),
    (service, err) => o.logger.error({ service, message: err.message }, 'a service connected in the console could not be used'),
  );
  return {
    db: o.db,
    replica: o.replica ? { db: o.replica, downUntil: 0 } : null,
    clock,
    logger: o.logger,
    secret: o.secret,
    platform: o.platform,
    baseUrl,
    merchantId: o.merchantId,
    merchantApiKey: o.merchantApiKey,
    merchantKeys: merchantKeyPort({ clock, merchantApiKey: o.merchantApiKey }),
    channels: live,
    // what the areas use: the environment's service, else the console's, else the start-up default
    // (setting one, as tests do, replaces the start-up default)
    get sender() {
      return live.sender;
    },
    set sender(v) {
      live.base.sender = v;
    },
    get mailer() {
      return live.mailer;
    },
    set mailer(v) {
      live.base.mailer = v;
    },
    get payments() {
      return live.payments;
    },
    get paymentGateway() {
      return live.paymentGateway;
    },
    set paymentGateway(v) {
      live.base.paymentGateway = v;
    },
    google: o.google,
    actionPoints: actionPoints(clock, o.merchantId, o.logger),
    tiers: tierPort({ clock, logger: o.logger, merchantId: o.merchantId }),
    webhookSecret: o.webhookSecret,
    demoOrderProgress: o.demoOrderProgress,
    publicUrl,
    publicApiPrefix,
    push: o.push ?? null,
    webhooks: o.webhooks ?? { allowLoopback: false },
    passes: o.passes ?? {},
    backups: o.backups ?? null,
    customerTurns: customerTurns(o.customerWritesAtOnce ?? CUSTOMER_WRITES_AT_ONCE),
  };
}

/** The adapters of services connected from the console: the same files the environment's use. */
function channelAdapters(o: EmbeddedProviderOptions, publicUrl: () => string | undefined): ChannelAdapters {
  const stripeAt = stripeEndpoint(o.channelEndpoints?.stripeApiBase);
  const twilioAt = o.channelEndpoints?.twilioApiBase;
  return {
    check: {
      stripe: (s) => checkStripeKey({ secretKey: s.secret_key, ...stripeAt }),
      twilio: (s) => checkTwilioAccount({ accountSid: s.account_sid, authToken: s.auth_token, from: s.from, ...(twilioAt ? { apiBase: twilioAt } : {}) }),
      smtp: (s) => checkSmtp(s.url),
    },
    build: {
      stripe: (s) => {
        const origin = publicUrl();
        if (!origin) throw new Error("the shop's public address is unknown (set PUBLIC_URL): Stripe could not send customers back");
        const ttl = o.channelEndpoints?.checkoutTtlSeconds;
        return stripeGateway({
          secretKey: s.secret_key,
          webhookSecret: s.webhook_secret,
          publicBaseUrl: origin,
          logger: o.logger.child({ name: 'stripe' }),
          ...(ttl ? { checkoutTtlSeconds: ttl } : {}),
          ...stripeAt,
        });
      },
      twilio: (s) =>
        twilioSender({
          accountSid: s.account_sid,
          authToken: s.auth_token,
          from: s.from,
          logger: o.logger.child({ name: 'sms' }),
          ...(twilioAt ? { apiBase: twilioAt } : {}),
        }),
      smtp: (s) => smtpMailer({ url: s.url, from: s.from, logger: o.logger.child({ name: 'mail' }) }),
    },
    starter: paymentStarter,
  };
}

/** STRIPE_API_BASE (a local fake, loopback only) as the library's host, port and protocol options. */
export function stripeEndpoint(apiBase: string | undefined): { host?: string; port?: number; protocol?: 'http' | 'https' } {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: Number(url.port || (protocol === 'http' ? 80 : 443)), protocol };
}

/** Starts the embedded provider on loopback; the gateway reaches it through the same signing path as any provider. */
export async function startEmbeddedProvider(o: EmbeddedProviderOptions): Promise<EmbeddedProvider> {
  let baseUrl = '';
  const ctx = providerContext(o, () => baseUrl);
  const readiness = o.prepare ? prepareInBackground(o.prepare, o.logger) : READY;
  const app = createEmbeddedApp(ctx, readiness, { api: o.api !== false });
  const host = o.host ?? '127.0.0.1';
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(o.port ?? 0, host, (err?: Error) => (err ? reject(err) : resolve(s)));
  });
  server.keepAliveTimeout = 65_000;
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://${host}:${port}${PROVIDER_MOUNT}/`;
  // pg-boss starts in the background (0.1 to 0.5 s) once the database is ready, while requests are already served
  let stopJobs = async () => {};
  let closed = false;
  if (o.jobs !== false) {
    void readiness.whenReady.then(() => {
      if (!closed) stopJobs = startJobs(ctx);
    });
  }
  return {
    ctx,
    baseUrl,
    server,
    readiness,
    async close() {
      closed = true;
      readiness.stop();
      await stopJobs();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
    },
  };
}
