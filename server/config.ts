import { join } from 'node:path';
import { z } from 'zod';
import { TWILIO_ACCOUNT_SID, TWILIO_FROM, TWILIO_FROM_MESSAGE } from './provider/auth/twilio-sender';
import { checkMailFrom, smtpTransportOptions } from './provider/auth/smtp-mailer';
import { keysCallHmac, MIN_CALL_SECRET_BYTES } from './lib/signature';
import { APNS_PRODUCTION, GOOGLE_TOKEN_URL, GOOGLE_WALLET_API, type PassesConfig } from './provider/passes/passes-config';
import { checkPem, checkServiceAccount, pemOf } from './provider/passes/pem';
import { CUSTOMER_WRITES_AT_ONCE } from './provider/http/customer-turns';

/**
 * The only reader of process.env. Everything is read once at start and validated; a bad value stops
 * start-up with one line per variable saying what it must be.
 */

/** A switch: true/false, 1/0, yes/no, on/off; unset stays undefined (the default may depend on NODE_ENV). */
const flag = z.enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'], { error: 'must be true or false' }).optional();
const isOn = (v: string | undefined, fallback: boolean): boolean => (v === undefined ? fallback : ['1', 'true', 'yes', 'on'].includes(v.trim()));
const bool = (fallback: boolean) => flag.transform((v) => isOn(v, fallback));

/** A duration in milliseconds, 0 (none) to one hour. */
const millis = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a whole number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(0, 'must be 0 to 3600000')
    .max(3_600_000, 'must be 0 to 3600000')
    .default(fallback);

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/** A value another check derives its rule from (a function that throws the message to show). */
const checkedBy = (check: (v: string) => void) =>
  optionalText.superRefine((v, c) => {
    if (v === undefined) return;
    try {
      check(v);
    } catch (err) {
      // the message names the variable first ("SMTP_URL must …"): keep only what follows the name
      c.addIssue({ code: 'custom', message: (err as Error).message.replace(/^[A-Z_]+ /, '') });
    }
  });

/** A loopback-only http(s) origin: where a test's local fake of a third-party API listens. */
const loopbackOrigin = optionalText.pipe(
  z
    .string()
    .refine(
      (v) => isLoopbackOrigin(v),
      'must be an http:// or https:// origin on this machine (127.0.0.1, localhost or [::1]), such as http://127.0.0.1:4010; it exists for tests against a local fake',
    )
    .optional(),
);

/** OpenStreetMap's own tiles and credit line: the default map (their tile usage policy asks for light use and the credit). */
export const OSM_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const OSM_ATTRIBUTION = '© OpenStreetMap contributors';
/** The public Nominatim's search: the default geocoder outside production only (its policy: 1 search a second, a real User-Agent). */
export const PUBLIC_NOMINATIM = 'https://nominatim.openstreetmap.org/search';

const TILE_URL_MESSAGE =
  'must be off, or an https:// URL of raster tiles with {z}, {x} and {y} on one host (no {s}), such as https://tile.openstreetmap.org/{z}/{x}/{y}.png; http:// only on this machine';
const GEOCODER_URL_MESSAGE =
  'must be off, or the https:// URL of a Nominatim-compatible search, such as https://nominatim.openstreetmap.org/search; http:// only on this machine';

/** An http(s) URL without credentials; plain http only to loopback (a test's stand-in, a tile server on this machine). */
function isServiceUrl(v: string): boolean {
  if (!URL.canParse(v)) return false;
  const url = new URL(v);
  if (url.username || url.password || url.hash) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
}

/** A tile URL template: {z}, {x} and {y} each once, nothing else in braces, a fixed host (its origin goes in the CSP). */
function isTileUrl(v: string): boolean {
  const placeholders = v.match(/\{[^}]*\}/g) ?? [];
  if (placeholders.length !== 3 || !['{z}', '{x}', '{y}'].every((p) => placeholders.includes(p))) return false;
  const sample = v.replace('{z}', '1').replace('{x}', '0').replace('{y}', '0');
  return isServiceUrl(sample) && new URL(sample).host === new URL(v.replace(/\{[^}]*\}/g, '0')).host && !/[{}]/.test(new URL(sample).host);
}

/** The origin the map's tiles come from (the CSP's img-src names it, and nothing wider). */
export function tileOrigin(tileUrl: string): string {
  return new URL(tileUrl.replace('{z}', '1').replace('{x}', '0').replace('{y}', '0')).origin;
}

const schema = z.object({
  // provider: this process runs only the provider (API v2 on HOST:PORT, for gateways elsewhere); worker: only
  // the background jobs (GET /healthz on HOST:PORT, no API); all: gateway and provider
  SERVE: z.enum(['all', 'provider', 'worker'], { error: 'must be all, provider or worker' }).default('all'),
  // false: this instance runs no background jobs (a SERVE=worker elsewhere runs them)
  JOBS: bool(true),
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a port number')
    .min(0, 'must be 0 to 65535')
    .max(65535, 'must be 0 to 65535')
    .default(3000),
  HOST: z.string().min(1, 'must be a host name or address').default('127.0.0.1'),
  // one provider, or several separated by commas: the gateway tries the next when one cannot be reached
  PROVIDER_API_BASE: optionalText.pipe(
    z
      .string()
      .refine(
        (v) => providerBasesOf(v).length > 0 && providerBasesOf(v).every((b) => URL.canParse(b) && /^https?:\/\//.test(b) && b.endsWith('/')),
        'must be an http(s) URL ending in /, or several separated by commas',
      )
      .optional(),
  ),
  PROVIDER_SECRET: optionalText.pipe(z.string().min(8, 'must be at least 8 characters').optional()),
  PLATFORM_ID: z.string().min(1, 'must not be empty').default('wato'),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .refine((v) => /^postgres(ql)?:\/\//.test(v), 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  // a read-only replica of DATABASE_URL for the dashboard and the exports (falls back to DATABASE_URL when down)
  DATABASE_READ_URL: optionalText.pipe(
    z
      .string()
      .refine((v) => /^postgres(ql)?:\/\//.test(v), 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  DATA_DIR: z.string().min(1, 'must be a folder path').default('./data'),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_JWKS_URL: z.string().url('must be a URL').default('https://www.googleapis.com/oauth2/v3/certs'),
  TRUST_PROXY_HOPS: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(0, 'must be 0 or more')
    .max(10, 'must be at most 10')
    .default(0),
  MERCHANT_API_KEY: optionalText.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  MERCHANT_ID: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/, 'must be a merchant id such as kopi-senja')
    .default('kopi-senja'),
  PAYMENT_WEBHOOK_SECRET: optionalText.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  // the demo moves paid orders to completed by itself: a real shop's customers would be told lies
  DEMO_ORDER_PROGRESS: flag,
  // the sandbox payment page plays a gateway that pays anything: on by default only outside production
  PAYMENT_SANDBOX: flag,
  // a plain-http provider off loopback lets a captured signature be replayed: refused unless allowed
  PROVIDER_ALLOW_INSECURE_HTTP: bool(false),
  // unset: development conveniences only on a loopback listener (see conveniencesOf)
  NODE_ENV: optionalText,
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'must be one of fatal, error, warn, info, debug, trace, silent' })
    .default('info'),
  // short: one line per event for a person; json: pino's lines for machines; auto: short on a terminal outside production
  LOG_FORMAT: z.enum(['auto', 'short', 'json'], { error: 'must be auto, short or json' }).default('auto'),
  // https://no-color.org: any value turns the short format's colours off
  NO_COLOR: optionalText,
  DIST_DIR: z.string().default('./dist'),
  API_CACHE_ENTRIES: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(0, 'must be 0 or more')
    .max(100_000, 'must be at most 100000')
    .default(200),
  DB_PREPARED_STATEMENTS: bool(true),
  // each PostgreSQL session's limits in milliseconds, 0 for none (server/db/index.ts SessionLimits)
  DB_STATEMENT_TIMEOUT_MS: millis(30_000),
  DB_LOCK_TIMEOUT_MS: millis(10_000),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: millis(30_000),
  DB_POOL_SIZE: z.coerce.number({ error: 'must be a whole number' }).int().min(1, 'must be 1 or more').max(100, 'must be at most 100').default(10),
  // one customer's writing calls at once on an instance; 0: no limit (server/provider/http/customer-turns.ts)
  CUSTOMER_WRITES_AT_ONCE: z.coerce
    .number({ error: 'must be a whole number' })
    .int()
    .min(0, 'must be 0 or more')
    .max(100, 'must be at most 100')
    .default(CUSTOMER_WRITES_AT_ONCE),
  // Stripe Checkout replaces the sandbox when its key is set (server/provider/payments/stripe.ts)
  STRIPE_SECRET_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^(sk|rk)_(test|live)_\S+$/, 'must be a Stripe secret key (sk_live_…, sk_test_…) or a restricted key (rk_…)')
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: optionalText.pipe(
    z
      .string()
      .regex(/^whsec_\S+$/, 'must be the signing secret of the Stripe webhook endpoint (whsec_…)')
      .optional(),
  ),
  STRIPE_CHECKOUT_TTL_MINUTES: z.coerce
    .number({ error: 'must be a whole number of minutes' })
    .int('must be a whole number of minutes')
    .min(30, 'must be 30 to 1440')
    .max(1440, 'must be 30 to 1440')
    .default(60),
  STRIPE_API_BASE: loopbackOrigin,
  PUBLIC_URL: optionalText.pipe(
    z
      .string()
      .refine((v) => /^https?:\/\/[^/?#]+\/?$/.test(v) && URL.canParse(v), "must be the shop's public origin, such as https://shop.example")
      .optional(),
  ),
  // SMS through Twilio (server/provider/auth/twilio-sender.ts)
  TWILIO_ACCOUNT_SID: optionalText.pipe(z.string().regex(TWILIO_ACCOUNT_SID, 'must be an Account SID (AC followed by 32 hex digits)').optional()),
  TWILIO_AUTH_TOKEN: optionalText.pipe(z.string().regex(/^\S+$/, 'must be the Auth Token of the account').optional()),
  TWILIO_FROM: optionalText.pipe(z.string().regex(TWILIO_FROM, TWILIO_FROM_MESSAGE).optional()),
  TWILIO_API_BASE: loopbackOrigin,
  // e-mail through SMTP (server/provider/auth/smtp-mailer.ts)
  SMTP_URL: checkedBy((v) => smtpTransportOptions(v)),
  MAIL_FROM: checkedBy(checkMailFrom),
  // web push (server/provider/push): the VAPID key pair (base64url, as `npx web-push generate-vapid-keys` prints it) and who the push services may contact
  VAPID_PUBLIC_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^B[A-Za-z0-9_-]{86}=?$/, 'must be a VAPID public key: 87 characters of base64url (npx web-push generate-vapid-keys)')
      .optional(),
  ),
  VAPID_PRIVATE_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}=?$/, 'must be a VAPID private key: 43 characters of base64url (npx web-push generate-vapid-keys)')
      .optional(),
  ),
  VAPID_SUBJECT: optionalText.pipe(
    z
      .string()
      .refine(
        (v) => /^mailto:[^@\s]+@[^@\s]+$/.test(v) || (/^https:\/\//.test(v) && URL.canParse(v)),
        'must be a mailto: address or an https:// URL where the push services can reach you',
      )
      .optional(),
  ),
  // tests only: push subscriptions whose endpoint is a local fake (http on loopback); refused in production
  PUSH_ALLOW_LOOPBACK: bool(false),
  // tests and development only: webhook endpoints on this machine (http://127.0.0.1:…); refused in production
  WEBHOOKS_ALLOW_LOOPBACK: bool(false),
  // wallet passes (server/provider/passes/, docs/app.md "Wallet cards"): Apple Wallet
  APPLE_PASS_TYPE_ID: optionalText.pipe(
    z
      .string()
      .regex(/^pass\.[A-Za-z0-9.-]+$/, 'must be a Pass Type ID such as pass.com.example.loyalty')
      .optional(),
  ),
  APPLE_TEAM_ID: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Z0-9]{10}$/, 'must be the 10-character Team ID of the Apple Developer account')
      .optional(),
  ),
  APPLE_PASS_CERT: checkedBy((v) => checkPem(v, 'certificate')),
  APPLE_PASS_KEY: checkedBy((v) => checkPem(v, 'key')),
  APPLE_PASS_KEY_PASSPHRASE: optionalText,
  APPLE_WWDR_CERT: checkedBy((v) => checkPem(v, 'certificate')),
  APNS_URL: loopbackOrigin,
  // Google Wallet
  GOOGLE_WALLET_ISSUER_ID: optionalText.pipe(
    z
      .string()
      .regex(/^\d{10,25}$/, 'must be the Issuer ID of the Google Wallet console (digits)')
      .optional(),
  ),
  GOOGLE_WALLET_SERVICE_ACCOUNT: checkedBy(checkServiceAccount),
  GOOGLE_WALLET_API_BASE: loopbackOrigin,
  GOOGLE_WALLET_TOKEN_URL: loopbackOrigin,
  // backups (server/db/backup.ts, docs/operations.md "Backups and restore"): where, with which key, when, how many kept
  BACKUP_DIR: optionalText,
  BACKUP_KEY: optionalText.pipe(z.string().min(16, 'must be at least 16 characters (make one with: openssl rand -base64 32)').optional()),
  BACKUP_SCHEDULE: z
    .string()
    .trim()
    .regex(/^(off|\S+( \S+){4})$/, "must be a cron expression of five fields, such as 0 3 * * * (daily at 03:00 in the shop's time zone), or off")
    .default('0 3 * * *'),
  BACKUP_KEEP_DAILY: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be 1 or more')
    .max(365, 'must be at most 365')
    .default(7),
  BACKUP_KEEP_WEEKLY: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(0, 'must be 0 or more')
    .max(520, 'must be at most 520')
    .default(4),
  // the address map (docs/app.md "The map and address search"): raster tiles, their credit line, and the geocoder searches go to
  MAP_TILE_URL: optionalText.pipe(
    z
      .string()
      .refine((v) => v === 'off' || isTileUrl(v), TILE_URL_MESSAGE)
      .optional(),
  ),
  MAP_TILE_ATTRIBUTION: optionalText.pipe(
    z
      .string()
      .max(200, 'must be at most 200 characters')
      .regex(/^[^<>]*$/, 'must be plain text (no < or >)')
      .optional(),
  ),
  GEOCODER_URL: optionalText.pipe(
    z
      .string()
      .refine((v) => v === 'off' || isServiceUrl(v), GEOCODER_URL_MESSAGE)
      .optional(),
  ),
});

/** Every variable the server reads (tests start servers with none of them inherited). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(schema.shape);

/**
 * Rules across variables, checked on the raw environment so they are reported together with every
 * other bad variable (a zod refinement would only run once all single fields are valid).
 */
function crossChecks(env: NodeJS.ProcessEnv): string[] {
  const set = (v: string | undefined) => v !== undefined && v.trim() !== '';
  const problems: string[] = [];
  if (set(env.PROVIDER_API_BASE) && !set(env.PROVIDER_SECRET)) problems.push('PROVIDER_SECRET is required when PROVIDER_API_BASE is set');
  if (env.SERVE === 'provider' && set(env.PROVIDER_API_BASE))
    problems.push('PROVIDER_API_BASE cannot be set with SERVE=provider: this process is the provider');
  if (env.SERVE === 'provider' && !set(env.PROVIDER_SECRET))
    problems.push('PROVIDER_SECRET is required with SERVE=provider: the gateways sign their calls with it');
  if (set(env.DATABASE_READ_URL) && !set(env.DATABASE_URL)) problems.push('DATABASE_READ_URL needs DATABASE_URL: a replica follows a PostgreSQL primary');
  if (env.SERVE === 'worker') {
    if (set(env.PROVIDER_API_BASE)) problems.push("PROVIDER_API_BASE cannot be set with SERVE=worker: a worker runs the provider's jobs on its database");
    if (!set(env.PROVIDER_SECRET))
      problems.push("PROVIDER_SECRET is required with SERVE=worker: the providers' own, which unlocks the services an owner connected in the console");
    if (!set(env.DATABASE_URL)) problems.push('DATABASE_URL is required with SERVE=worker: the PostgreSQL the providers use (PGlite belongs to one process)');
    if (!isOn(env.JOBS, true)) problems.push('JOBS cannot be false with SERVE=worker: running the jobs is all a worker does');
  }
  // this provider checks an HMAC of every call keyed by the secret; an outside provider's secret is its own business
  if ((env.SERVE === 'provider' || !set(env.PROVIDER_API_BASE)) && set(env.PROVIDER_SECRET) && !keysCallHmac(env.PROVIDER_SECRET!.trim())) {
    problems.push(
      `PROVIDER_SECRET must be at least ${MIN_CALL_SECRET_BYTES} bytes with the embedded provider and with SERVE=provider: it keys the HMAC of every call between the gateway and the provider (make one with: openssl rand -base64 32)`,
    );
  }
  const allowInsecure = isOn(env.PROVIDER_ALLOW_INSECURE_HTTP, false);
  if (set(env.PROVIDER_API_BASE) && !allowInsecure && providerBasesOf(env.PROVIDER_API_BASE!).some(isPlainHttpOffLoopback)) {
    problems.push(
      'PROVIDER_API_BASE must be https:// unless its host is loopback (127.0.0.1, localhost, [::1]); set PROVIDER_ALLOW_INSECURE_HTTP=true to allow plain http',
    );
  }
  const production = (env.NODE_ENV ?? '') === 'production';
  const stripe = set(env.STRIPE_SECRET_KEY) || set(env.STRIPE_WEBHOOK_SECRET);
  if (stripe && !(set(env.STRIPE_SECRET_KEY) && set(env.STRIPE_WEBHOOK_SECRET)))
    problems.push('STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together: set both to take payments with Stripe');
  if (set(env.STRIPE_SECRET_KEY) && !set(env.PUBLIC_URL))
    problems.push("PUBLIC_URL is required with Stripe: the shop's public origin (such as https://shop.example), where Stripe sends customers back");
  if (stripe && production && set(env.PUBLIC_URL) && !env.PUBLIC_URL!.trim().startsWith('https://')) problems.push('PUBLIC_URL must be https:// in production');
  if (stripe && isOn(env.PAYMENT_SANDBOX, false)) problems.push('PAYMENT_SANDBOX cannot be on with Stripe: the sandbox would pay anything; choose one');
  const twilio = [env.TWILIO_ACCOUNT_SID, env.TWILIO_AUTH_TOKEN, env.TWILIO_FROM].filter(set).length;
  if (twilio > 0 && twilio < 3) problems.push('TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM go together: set all three to send text messages');
  // production without Twilio starts (issue 46): the owner connects it in the console. Until then no
  // sign-in code can be sent (auth answers 503 SMS_UNAVAILABLE, readiness and the checklist say so);
  // the development outbox is never on in production, whatever is set
  const vapid = [env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY, env.VAPID_SUBJECT].filter(set).length;
  if (vapid > 0 && vapid < 3) problems.push('VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT go together: set all three to send web push');
  if (production && isOn(env.PUSH_ALLOW_LOOPBACK, false))
    problems.push('PUSH_ALLOW_LOOPBACK cannot be on in production: it lets a push subscription point at this machine');
  if (production && isOn(env.WEBHOOKS_ALLOW_LOOPBACK, false))
    problems.push('WEBHOOKS_ALLOW_LOOPBACK cannot be on in production: it lets a webhook endpoint point at this machine');
  const apple = ['APPLE_PASS_TYPE_ID', 'APPLE_TEAM_ID', 'APPLE_PASS_CERT', 'APPLE_PASS_KEY', 'APPLE_WWDR_CERT'] as const;
  const appleSet = apple.filter((n) => set(env[n])).length;
  if (appleSet > 0 && appleSet < apple.length)
    problems.push(`${apple.join(', ')} go together: set all five to offer Apple Wallet passes (${apple.filter((n) => !set(env[n])).join(', ')} missing)`);
  if (appleSet === apple.length && !set(env.PUBLIC_URL))
    problems.push("PUBLIC_URL is required with Apple Wallet passes: the shop's public origin (https://shop.example), where iPhones ask for a pass's updates");
  if (appleSet === apple.length && production && set(env.PUBLIC_URL) && !env.PUBLIC_URL!.trim().startsWith('https://'))
    problems.push('PUBLIC_URL must be https:// in production: Apple Wallet asks for updates only over https');
  if (set(env.GOOGLE_WALLET_ISSUER_ID) !== set(env.GOOGLE_WALLET_SERVICE_ACCOUNT))
    problems.push('GOOGLE_WALLET_ISSUER_ID and GOOGLE_WALLET_SERVICE_ACCOUNT go together: set both to offer Google Wallet passes');
  // the loopback fakes of APNs and Google exist for tests: production talks to Apple and Google only
  for (const name of ['APNS_URL', 'GOOGLE_WALLET_API_BASE', 'GOOGLE_WALLET_TOKEN_URL'] as const) {
    if (production && set(env[name])) problems.push(`${name} cannot be set in production: it points the wallet passes at a local fake (tests only)`);
  }
  const tileUrl = env.MAP_TILE_URL?.trim();
  if (tileUrl && tileUrl !== 'off' && tileUrl !== OSM_TILE_URL && !set(env.MAP_TILE_ATTRIBUTION)) {
    problems.push("MAP_TILE_ATTRIBUTION is required with MAP_TILE_URL: the credit line the tiles' provider asks for, such as © OpenStreetMap contributors");
  }
  if (set(env.SMTP_URL) !== set(env.MAIL_FROM))
    problems.push(`${set(env.SMTP_URL) ? 'MAIL_FROM' : 'SMTP_URL'} is required with ${set(env.SMTP_URL) ? 'SMTP_URL' : 'MAIL_FROM'}: set both to send e-mail`);
  return problems;
}

function isLoopbackOrigin(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.pathname === '/' && !url.search && !url.hash && isLoopbackHost(url.hostname);
}

function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return host === 'localhost' || host === '[::1]' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/**
 * Whether the development conveniences (the outbox, the payment sandbox, the demo order progression)
 * are on by default, and why. Never in production; with NODE_ENV=development always; otherwise (no
 * NODE_ENV, or another value) only while the server listens on loopback: `HOST=0.0.0.0 npm start`
 * without NODE_ENV puts a server on the network, where a sandbox that pays anything is free money.
 */
function conveniencesOf(nodeEnv: string | undefined, host: string): { on: boolean; why: string } {
  if (nodeEnv === 'production') return { on: false, why: 'NODE_ENV=production' };
  if (nodeEnv === 'development') return { on: true, why: 'NODE_ENV=development' };
  const unset = nodeEnv === undefined ? 'without NODE_ENV' : `with NODE_ENV=${nodeEnv}`;
  return isLoopbackHost(host)
    ? { on: true, why: `listening on loopback (${host}) ${unset}` }
    : { on: false, why: `listening on ${host} ${unset}; they need a loopback HOST or NODE_ENV=development` };
}

/** The start-up line saying which development conveniences are on, and why. */
export function conveniencesLine(config: Config): string {
  const on = [
    config.devOutbox && 'the development outbox',
    config.paymentSandbox && 'the payment sandbox',
    config.demoOrderProgress && 'the demo order progression',
  ].filter(Boolean);
  const { why } = config.conveniences;
  if (on.length === 0) return `development conveniences: off (${why})`;
  const named = config.conveniences.on ? '' : ' (turned on by name)';
  return `development conveniences: ${on.join(', ')} on${named}; ${config.conveniences.on ? why : `by default off: ${why}`}`;
}

/** PROVIDER_API_BASE's providers, in the order the gateway tries them. */
function providerBasesOf(value: string): string[] {
  return value
    .split(',')
    .map((b) => b.trim())
    .filter((b) => b !== '');
}

/**
 * A plain-http provider on another host: anyone on the way sees each signed call and can replay its
 * signature (it stays valid 300 s). Loopback never leaves the machine.
 */
function isPlainHttpOffLoopback(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false; // not a URL: the field's own check says so
  }
  return url.protocol === 'http:' && !isLoopbackHost(url.hostname);
}

export interface Config {
  /** 'provider': only the provider, listening on host:port for gateways in other processes; 'worker': only the jobs */
  serve: 'all' | 'provider' | 'worker';
  /** run the background jobs (pg-boss) in this process */
  jobs: boolean;
  port: number;
  host: string;
  /** unset: the embedded provider */
  /** the first of PROVIDER_API_BASE's providers */
  providerApiBase: string | undefined;
  /** every provider of PROVIDER_API_BASE, in order: the gateway tries the next when one cannot be reached */
  providerApiBases: string[];
  providerSecret: string | undefined;
  platformId: string;
  databaseUrl: string | undefined;
  /** a read-only replica for the dashboard and the exports */
  databaseReadUrl: string | undefined;
  dataDir: string;
  googleClientId: string | undefined;
  googleJwksUrl: string;
  trustProxyHops: number;
  merchantApiKey: string | undefined;
  merchantId: string;
  paymentWebhookSecret: string | undefined;
  demoOrderProgress: boolean;
  /** the sandbox payment gateway (development and staging; in production only when PAYMENT_SANDBOX=true) */
  paymentSandbox: boolean;
  /** the development outbox (one-time codes readable at /__dev/outbox from loopback): never in production */
  devOutbox: boolean;
  /** whether the development conveniences are on by default (conveniencesOf), and why, for the start-up log */
  conveniences: { on: boolean; why: string };
  /** PROVIDER_API_BASE may be plain http:// to a host that is not loopback */
  allowInsecureProvider: boolean;
  production: boolean;
  logLevel: string;
  /** how log lines are written (server/lib/logger.ts logOutputFor) */
  logFormat: 'auto' | 'short' | 'json';
  noColour: boolean;
  distDir: string;
  dbPoolSize: number;
  /** how many of one customer's writing calls run at once on the provider (0: no limit) */
  customerWritesAtOnce: number;
  /** PostgreSQL: each session's statement, lock and idle-in-transaction timeouts (ms, 0: none) */
  dbLimits: { statementTimeoutMs: number; lockTimeoutMs: number; idleInTransactionTimeoutMs: number };
  /** PostgreSQL: statements with parameters sent as named statements (server/db/prepared.ts) */
  dbPreparedStatements: boolean;
  /** how many public provider answers the gateway keeps in memory (0: none) */
  apiCacheEntries: number;
  /** PUBLIC_URL: the shop's public origin, when set (Stripe's return pages, printed console links) */
  publicUrl: string | undefined;
  /** STRIPE_API_BASE, TWILIO_API_BASE: tests' local stand-ins, also for services connected in the console */
  stripeApiBase: string | undefined;
  twilioApiBase: string | undefined;
  /** STRIPE_CHECKOUT_TTL_MINUTES in seconds, also for Stripe connected in the console */
  stripeCheckoutTtlSeconds: number;
  /** Stripe Checkout instead of the sandbox */
  stripe: { secretKey: string; webhookSecret: string; publicUrl: string; checkoutTtlSeconds: number; apiBase: string | undefined } | undefined;
  /** text messages through Twilio; unset: the development outbox (refused in production) */
  twilio: { accountSid: string; authToken: string; from: string; apiBase: string | undefined } | undefined;
  /** e-mail through SMTP; unset: the development outbox, or no e-mail in production */
  smtp: { url: string; from: string } | undefined;
  /** web push's VAPID keys from the environment; unset: the embedded provider's generated ones outside production, else push is off */
  vapid: VapidKeys | undefined;
  /** push subscriptions may name a loopback fake (tests; never in production) */
  pushAllowLoopback: boolean;
  /** webhook endpoints may be on this machine, over plain http (tests, development; never in production) */
  webhooksAllowLoopback: boolean;
  /** Apple and Google Wallet passes; each half undefined when not configured (its button does not show) */
  passes: PassesConfig;
  /** backups of the embedded provider's data (server/db/backup.ts) */
  backup: BackupConfig;
  /** the address map: its tiles (null: no map) and the geocoder address searches go to (null: no search) */
  map: MapSettings;
}

export interface MapSettings {
  /** a raster tile URL template with {z}, {x}, {y}; null: MAP_TILE_URL=off */
  tileUrl: string | null;
  tileAttribution: string;
  /** a Nominatim-compatible search URL; null: GEOCODER_URL=off, or unset in production */
  geocoderUrl: string | null;
  /** the User-Agent sent to the geocoder (Nominatim's policy asks for one naming the application) */
  geocoderUserAgent: string;
}

export interface BackupConfig {
  /** BACKUP_DIR, else DATA_DIR/backups */
  dir: string;
  /** BACKUP_KEY: backups are encrypted (AES-256-GCM) when set */
  key: string | undefined;
  /** a cron expression in the shop's time zone; null: no scheduled backups (BACKUP_SCHEDULE=off) */
  schedule: string | null;
  keepDaily: number;
  keepWeekly: number;
}

/** A VAPID key pair (base64url) and the subject push services may contact (mailto: or https:). */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(problems.join('\n'));
    this.problems = problems;
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const name = String(issue.path[0] ?? 'environment');
    if (seen.has(name)) continue;
    seen.add(name);
    problems.push(`${name} ${issue.message}`);
  }
  for (const problem of crossChecks(env)) {
    const name = problem.split(' ')[0]!;
    if (seen.has(name)) continue;
    seen.add(name);
    problems.push(problem);
  }
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const e = parsed.data;
  const conveniences = conveniencesOf(e.NODE_ENV, e.HOST);
  return {
    serve: e.SERVE,
    jobs: e.JOBS,
    port: e.PORT,
    host: e.HOST,
    providerApiBase: e.PROVIDER_API_BASE === undefined ? undefined : providerBasesOf(e.PROVIDER_API_BASE)[0],
    providerApiBases: e.PROVIDER_API_BASE === undefined ? [] : providerBasesOf(e.PROVIDER_API_BASE),
    providerSecret: e.PROVIDER_SECRET,
    platformId: e.PLATFORM_ID,
    databaseUrl: e.DATABASE_URL,
    databaseReadUrl: e.DATABASE_READ_URL,
    dataDir: e.DATA_DIR,
    googleClientId: e.GOOGLE_CLIENT_ID,
    googleJwksUrl: e.GOOGLE_JWKS_URL,
    trustProxyHops: e.TRUST_PROXY_HOPS,
    merchantApiKey: e.MERCHANT_API_KEY,
    merchantId: e.MERCHANT_ID,
    paymentWebhookSecret: e.PAYMENT_WEBHOOK_SECRET,
    // off unless asked for, even for npm start: a shop trying the product must not see orders it never
    // made reported ready and completed to its customers (issue 46)
    demoOrderProgress: isOn(e.DEMO_ORDER_PROGRESS, false),
    // Stripe replaces the sandbox (both at once is refused above)
    paymentSandbox: !e.STRIPE_SECRET_KEY && isOn(e.PAYMENT_SANDBOX, conveniences.on),
    // the outbox shows sign-in codes: never by name, only where the conveniences are on
    devOutbox: conveniences.on,
    conveniences,
    allowInsecureProvider: e.PROVIDER_ALLOW_INSECURE_HTTP,
    production: e.NODE_ENV === 'production',
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    noColour: e.NO_COLOR !== undefined,
    distDir: e.DIST_DIR,
    dbPoolSize: e.DB_POOL_SIZE,
    customerWritesAtOnce: e.CUSTOMER_WRITES_AT_ONCE,
    dbLimits: {
      statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
      lockTimeoutMs: e.DB_LOCK_TIMEOUT_MS,
      idleInTransactionTimeoutMs: e.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    },
    dbPreparedStatements: e.DB_PREPARED_STATEMENTS,
    apiCacheEntries: e.API_CACHE_ENTRIES,
    publicUrl: e.PUBLIC_URL,
    stripeApiBase: e.STRIPE_API_BASE,
    twilioApiBase: e.TWILIO_API_BASE,
    stripeCheckoutTtlSeconds: e.STRIPE_CHECKOUT_TTL_MINUTES * 60,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET && e.PUBLIC_URL
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            publicUrl: e.PUBLIC_URL,
            checkoutTtlSeconds: e.STRIPE_CHECKOUT_TTL_MINUTES * 60,
            apiBase: e.STRIPE_API_BASE,
          }
        : undefined,
    twilio:
      e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM
        ? { accountSid: e.TWILIO_ACCOUNT_SID, authToken: e.TWILIO_AUTH_TOKEN, from: e.TWILIO_FROM, apiBase: e.TWILIO_API_BASE }
        : undefined,
    smtp: e.SMTP_URL && e.MAIL_FROM ? { url: e.SMTP_URL, from: e.MAIL_FROM } : undefined,
    vapid:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY && e.VAPID_SUBJECT
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: e.VAPID_SUBJECT }
        : undefined,
    pushAllowLoopback: e.PUSH_ALLOW_LOOPBACK,
    webhooksAllowLoopback: e.WEBHOOKS_ALLOW_LOOPBACK,
    passes: passesOf(e),
    backup: {
      dir: e.BACKUP_DIR ?? join(e.DATA_DIR, 'backups'),
      key: e.BACKUP_KEY,
      schedule: e.BACKUP_SCHEDULE === 'off' ? null : e.BACKUP_SCHEDULE,
      keepDaily: e.BACKUP_KEEP_DAILY,
      keepWeekly: e.BACKUP_KEEP_WEEKLY,
    },
    map: {
      tileUrl: e.MAP_TILE_URL === 'off' ? null : (e.MAP_TILE_URL ?? OSM_TILE_URL),
      tileAttribution: e.MAP_TILE_ATTRIBUTION ?? OSM_ATTRIBUTION,
      // the public Nominatim is a shared volunteer service: a production shop names its geocoder (or the public one) itself
      geocoderUrl: e.GEOCODER_URL === 'off' ? null : (e.GEOCODER_URL ?? (e.NODE_ENV === 'production' ? null : PUBLIC_NOMINATIM)),
      geocoderUserAgent: `loyalty-app/0.1 (${e.PUBLIC_URL ?? 'self-hosted'}; platform ${e.PLATFORM_ID})`,
    },
  };
}

/** The wallet passes' configuration: each half only when all its variables are set (crossChecks refuses half of one). */
function passesOf(e: z.output<typeof schema>): PassesConfig {
  const apple =
    e.APPLE_PASS_TYPE_ID && e.APPLE_TEAM_ID && e.APPLE_PASS_CERT && e.APPLE_PASS_KEY && e.APPLE_WWDR_CERT
      ? {
          passTypeId: e.APPLE_PASS_TYPE_ID,
          teamId: e.APPLE_TEAM_ID,
          signerCert: pemOf(e.APPLE_PASS_CERT),
          signerKey: pemOf(e.APPLE_PASS_KEY),
          signerKeyPassphrase: e.APPLE_PASS_KEY_PASSPHRASE,
          wwdr: pemOf(e.APPLE_WWDR_CERT),
          apnsUrl: e.APNS_URL ?? APNS_PRODUCTION,
        }
      : undefined;
  let google: PassesConfig['google'];
  if (e.GOOGLE_WALLET_ISSUER_ID && e.GOOGLE_WALLET_SERVICE_ACCOUNT) {
    const account = JSON.parse(e.GOOGLE_WALLET_SERVICE_ACCOUNT) as { client_email: string; private_key: string };
    google = {
      issuerId: e.GOOGLE_WALLET_ISSUER_ID,
      clientEmail: account.client_email,
      privateKey: account.private_key,
      apiBase: e.GOOGLE_WALLET_API_BASE ? `${e.GOOGLE_WALLET_API_BASE.replace(/\/$/, '')}/walletobjects/v1/` : GOOGLE_WALLET_API,
      tokenUrl: e.GOOGLE_WALLET_TOKEN_URL ? `${e.GOOGLE_WALLET_TOKEN_URL.replace(/\/$/, '')}/token` : GOOGLE_TOKEN_URL,
    };
  }
  return { apple, google };
}
