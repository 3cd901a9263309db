import type { Logger } from 'pino';
import type { Database } from '../db';
import type { Clock } from '../lib/clock';
import type { MailSender, MessageSender } from './auth/sender';
import type { ActionPoints } from './action-points-port';
import type { PaymentStarter } from './payment-port';
import type { TierPort } from './tiers-port';
import type { MerchantKeyPort } from './api-key-port';
import type { PaymentGateway } from './payment-gateway';
import type { PassesConfig } from './passes/passes-config';
import type { LiveChannels } from './channel-port';
import type { ReadReplica } from './read-replica';
import type { CustomerTurns } from './http/customer-turns';

/** Everything the provider's services need, made once at start and passed down; no globals. */
export interface ProviderContext {
  db: Database;
  /** a read-only replica for the dashboard and the exports (read-replica.ts, DATABASE_READ_URL); null: none */
  replica: ReadReplica | null;
  clock: Clock;
  logger: Logger;
  /** the signing secret shared with gateways */
  secret: string;
  platform: string;
  /** the provider's own API v2 base URL, exactly as gateways sign it (ends in /) */
  baseUrl: () => string;
  merchantId: string;
  /** the configuration's merchant key (MERCHANT_API_KEY): every scope, until an owner turns it off */
  merchantApiKey: string;
  /** checks a merchant call's key: the owner's scoped API keys and the one above (api-key-port.ts; built by api-keys/) */
  merchantKeys: MerchantKeyPort;
  /**
   * Payments and messages as they are now (channel-port.ts): the environment's services, else those the
   * owner connected in the console (refreshed before each call, so every instance applies a change
   * within seconds), else the start-up defaults. `sender`, `mailer`, `paymentGateway` and `payments`
   * read through it.
   */
  channels: LiveChannels;
  sender: MessageSender;
  /**
   * Sends e-mails (verification codes); undefined when there is none (production without a mail
   * service): e-mail verification answers 503 EMAIL_UNAVAILABLE, and saving an address still works.
   */
  mailer: MailSender | undefined;
  google: { clientId: string | undefined; jwksUrl: string };
  /**
   * Starts top-ups and online order payments at the payment gateway (payment-port.ts; built by
   * payments/starter.ts); null when there is no gateway (in production without PAYMENT_SANDBOX=true):
   * those calls answer 503 PAYMENTS_UNAVAILABLE, and everything paid from the wallet keeps working.
   */
  payments: PaymentStarter | null;
  /** gives the points of the owner's action rules (sign-up, verified e-mail): auth's way to them (action-points-port.ts; built by loyalty/) */
  actionPoints: ActionPoints;
  /** places a customer in their tier, and says which rewards tiers redeem early: the way to tiers/ of the areas below it (tiers-port.ts; built by tiers/) */
  tiers: TierPort;
  /** the adapter behind `payments` (the sandbox, Stripe …): its webhook and refunds; payments/ only */
  paymentGateway: PaymentGateway | null;
  /** HMAC secret of the sandbox's webhooks */
  webhookSecret: string;
  /** move paid orders through their statuses by themselves (demo) */
  demoOrderProgress: boolean;
  /**
   * The shop's public origin as people open it (PUBLIC_URL, else where this process's gateway listens),
   * for links sent by e-mail (invitations, password resets); undefined when unknown (a provider alone
   * without PUBLIC_URL): nothing is e-mailed then. Never read from a request's Host header.
   */
  publicUrl: () => string | undefined;
  /** where the browser reaches this provider's hosted pages (through the gateway): '/api/' */
  publicApiPrefix: string;
  /** Apple and Google Wallet passes (passes/): each half undefined when not configured */
  passes: PassesConfig;
  /**
   * Web push (push/): the VAPID keys pushes are signed with, and whether a subscription may name a
   * loopback fake (PUSH_ALLOW_LOOPBACK, tests; never in production). null: push is off (push/status
   * answers a null key, push/subscribe 503 PUSH_UNAVAILABLE; notifications stay in the app).
   */
  push: PushSetup | null;
  /** the daily backup (jobs.ts, server/db/backup.ts); null: no scheduled backups on this instance */
  backups: BackupSetup | null;
  /** where outbound webhooks may go (webhooks/webhooks.address.ts) */
  webhooks: WebhookSetup;
  /** one customer's writing calls taking turns on this instance before they take a connection (http/customer-turns.ts) */
  customerTurns: CustomerTurns;
}

/** A name's addresses, as dns.lookup's `all: true` gives them. */
export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

export interface WebhookSetup {
  /**
   * endpoints on this machine (http or https to 127.0.0.1, ::1, localhost) are allowed: WEBHOOKS_ALLOW_LOOPBACK,
   * for tests and development; config.ts refuses it in production
   */
  allowLoopback: boolean;
  /** how names are resolved before each send; default the system's (dns.lookup). Tests give their own */
  resolve?: Resolver;
}

/** What the backup job writes where, and when (config.ts BackupConfig, and the database it backs up). */
export interface BackupSetup {
  dir: string;
  key: string | undefined;
  /** cron, in the shop's time zone; null: only `npm run backup` */
  schedule: string | null;
  keepDaily: number;
  keepWeekly: number;
  /** DATA_DIR: its secrets.json goes into each backup */
  dataDir: string | undefined;
  /** PostgreSQL: what pg_dump reads */
  databaseUrl: string | undefined;
}

export interface PushSetup {
  vapid: { publicKey: string; privateKey: string; subject: string };
  allowLoopback: boolean;
}
