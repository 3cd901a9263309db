import type { Logger } from 'pino';
import type { Database } from '../db';
import type { Clock } from '../lib/clock';
import type { MessageSender } from './auth/sender';
import type { PaymentGateway } from './payments/gateway';

/** Everything the provider's services need, made once at start and passed down; no globals. */
export interface ProviderContext {
  db: Database;
  clock: Clock;
  logger: Logger;
  /** the signing secret shared with gateways */
  secret: string;
  platform: string;
  /** the provider's own API v2 base URL, exactly as gateways sign it (ends in /) */
  baseUrl: () => string;
  merchantId: string;
  merchantApiKey: string;
  sender: MessageSender;
  google: { clientId: string | undefined; jwksUrl: string };
  payments: PaymentGateway;
  /** HMAC secret of payment webhooks */
  webhookSecret: string;
  /** move paid orders through their statuses by themselves (demo) */
  demoOrderProgress: boolean;
  /** where the browser reaches this provider's hosted pages (through the gateway): '/api/' */
  publicApiPrefix: string;
}
