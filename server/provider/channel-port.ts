import type { MailSender, MessageSender } from './auth/sender';
import type { PaymentGateway } from './payment-gateway';
import type { PaymentStarter } from './payment-port';

/**
 * Payments and messages connected from the console (issue 46). The services an owner can connect, what
 * each takes, and the way every instance applies them without a restart: the context's `sender`,
 * `mailer`, `paymentGateway` and `payments` read through LiveChannels, which the provider refreshes
 * before each call (at most every REFRESH_MS, one small query) and at once on the instance that changed
 * them. channels/ stores and tests them; embedded.ts builds the adapters (payments/, auth/), so no area
 * reaches another it may not.
 */
export const CHANNEL_SERVICES = ['stripe', 'twilio', 'smtp'] as const;
export type ChannelService = (typeof CHANNEL_SERVICES)[number];

export interface StripeSettings {
  secret_key: string;
  webhook_secret: string;
}
export interface TwilioSettings {
  account_sid: string;
  auth_token: string;
  from: string;
}
export interface SmtpSettings {
  url: string;
  from: string;
}
export interface ChannelSettings {
  stripe: StripeSettings;
  twilio: TwilioSettings;
  smtp: SmtpSettings;
}

/** Builds and tests the adapters (embedded.ts wires payments/stripe.ts, auth/twilio-sender.ts, auth/smtp-mailer.ts). */
export interface ChannelAdapters {
  /** null: the service took the settings; else why not, in words for the owner (never a secret) */
  check: { [S in ChannelService]: (settings: ChannelSettings[S]) => Promise<string | null> };
  build: {
    stripe(settings: StripeSettings): PaymentGateway;
    twilio(settings: TwilioSettings): MessageSender;
    smtp(settings: SmtpSettings): MailSender;
  };
  starter(gateway: PaymentGateway): PaymentStarter;
}

/** The adapters the provider was started with (the environment, or the development defaults). */
export interface BaseChannels {
  sender: MessageSender;
  mailer: MailSender | undefined;
  paymentGateway: PaymentGateway | null;
}

/** What one instance has applied: each connected service's adapter, by the row's version. */
export interface AppliedConnection<T> {
  version: string;
  adapter: T;
}

/** How often an instance looks for a change another made (ms): within this, every instance uses new keys. */
export const REFRESH_MS = 2_000;

/**
 * The adapters in force: a service set in the environment always; else the one connected from the
 * console; else the start-up default (the sandbox or none, the outbox or the log). Read synchronously by
 * the areas through the context; `refresh` (before each call) brings in what another instance changed.
 */
export class LiveChannels {
  readonly fromEnvironment: Readonly<Record<ChannelService, boolean>>;
  base: BaseChannels;
  private stripe: AppliedConnection<{ gateway: PaymentGateway; starter: PaymentStarter }> | null = null;
  private twilio: AppliedConnection<MessageSender> | null = null;
  private smtp: AppliedConnection<MailSender> | null = null;
  private baseStarter: { gateway: PaymentGateway | null; starter: PaymentStarter | null } = { gateway: null, starter: null };
  private checkedAt = -Infinity;
  private running: Promise<void> | null = null;

  readonly adapters: ChannelAdapters;
  /** each connected service's version and, when it differs from `known`, its settings (null: cannot be opened) */
  private readonly load: (known: Partial<Record<ChannelService, string>>) => Promise<Array<{ service: ChannelService; version: string; settings: unknown }>>;
  private readonly onError: (service: ChannelService, err: Error) => void;

  constructor(
    base: BaseChannels,
    fromEnvironment: Record<ChannelService, boolean>,
    adapters: ChannelAdapters,
    load: (known: Partial<Record<ChannelService, string>>) => Promise<Array<{ service: ChannelService; version: string; settings: unknown }>>,
    onError: (service: ChannelService, err: Error) => void,
  ) {
    this.base = base;
    this.fromEnvironment = fromEnvironment;
    this.adapters = adapters;
    this.load = load;
    this.onError = onError;
  }

  get sender(): MessageSender {
    return (!this.fromEnvironment.twilio && this.twilio?.adapter) || this.base.sender;
  }
  get mailer(): MailSender | undefined {
    return (!this.fromEnvironment.smtp && this.smtp?.adapter) || this.base.mailer;
  }
  get paymentGateway(): PaymentGateway | null {
    return (!this.fromEnvironment.stripe && this.stripe?.adapter.gateway) || this.base.paymentGateway;
  }
  get payments(): PaymentStarter | null {
    if (!this.fromEnvironment.stripe && this.stripe) return this.stripe.adapter.starter;
    const gateway = this.base.paymentGateway;
    if (this.baseStarter.gateway !== gateway) this.baseStarter = { gateway, starter: gateway ? this.adapters.starter(gateway) : null };
    return this.baseStarter.starter;
  }
  /** Which services are connected from the console and applied here (their row's version). */
  connected(service: ChannelService): boolean {
    return this[service] !== null;
  }

  /** Looks for changes at most every REFRESH_MS (`force`: now, on the instance that made one). One at a time. */
  async refresh(now: number, force = false): Promise<void> {
    if (!force && now - this.checkedAt < REFRESH_MS) return;
    if (this.running) return this.running;
    this.running = this.apply().finally(() => {
      this.running = null;
    });
    await this.running;
    this.checkedAt = now;
  }

  private async apply(): Promise<void> {
    const known: Partial<Record<ChannelService, string>> = {};
    for (const s of CHANNEL_SERVICES) if (this[s]) known[s] = this[s]!.version;
    const rows = await this.load(known);
    const seen = new Set(rows.map((r) => r.service));
    for (const service of CHANNEL_SERVICES) if (!seen.has(service)) this[service] = null;
    for (const row of rows) {
      if (known[row.service] === row.version) continue;
      if (row.settings === null) {
        this[row.service] = null;
        continue;
      }
      try {
        if (row.service === 'stripe') {
          const gateway = this.adapters.build.stripe(row.settings as StripeSettings);
          this.stripe = { version: row.version, adapter: { gateway, starter: this.adapters.starter(gateway) } };
        } else if (row.service === 'twilio') {
          this.twilio = { version: row.version, adapter: this.adapters.build.twilio(row.settings as TwilioSettings) };
        } else {
          this.smtp = { version: row.version, adapter: this.adapters.build.smtp(row.settings as SmtpSettings) };
        }
      } catch (err) {
        this[row.service] = null;
        this.onError(row.service, err as Error);
      }
    }
  }
}
