import { z } from 'zod';

/**
 * The only reader of process.env. Everything is read once at start and validated; a bad value stops
 * start-up with one line per variable saying what it must be.
 */

/** A switch: true/false, 1/0, yes/no, on/off; unset stays undefined (the default may depend on NODE_ENV). */
const flag = z.enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'], { error: 'must be true or false' }).optional();
const isOn = (v: string | undefined, fallback: boolean): boolean => (v === undefined ? fallback : ['1', 'true', 'yes', 'on'].includes(v.trim()));
const bool = (fallback: boolean) => flag.transform((v) => isOn(v, fallback));

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const schema = z
  .object({
    PORT: z.coerce.number({ error: 'must be a port number' }).int('must be a port number').min(0, 'must be 0 to 65535').max(65535, 'must be 0 to 65535').default(3000),
    HOST: z.string().min(1, 'must be a host name or address').default('127.0.0.1'),
    PROVIDER_API_BASE: optionalText.pipe(
      z
        .string()
        .url('must be an http(s) URL ending in /')
        .refine((v) => /^https?:\/\//.test(v) && v.endsWith('/'), 'must be an http(s) URL ending in /')
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
    DATA_DIR: z.string().min(1, 'must be a folder path').default('./data'),
    GOOGLE_CLIENT_ID: optionalText,
    GOOGLE_JWKS_URL: z.string().url('must be a URL').default('https://www.googleapis.com/oauth2/v3/certs'),
    TRUST_PROXY_HOPS: z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').min(0, 'must be 0 or more').max(10, 'must be at most 10').default(0),
    MERCHANT_API_KEY: optionalText.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
    MERCHANT_ID: z.string().regex(/^[a-z0-9-]{1,40}$/, 'must be a merchant id such as kopi-senja').default('kopi-senja'),
    PAYMENT_WEBHOOK_SECRET: optionalText.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
    // the demo moves paid orders to completed by itself: a real shop's customers would be told lies
    DEMO_ORDER_PROGRESS: flag,
    // the sandbox payment page plays a gateway that pays anything: on by default only outside production
    PAYMENT_SANDBOX: flag,
    // a plain-http provider off loopback lets a captured signature be replayed: refused unless allowed
    PROVIDER_ALLOW_INSECURE_HTTP: bool(false),
    NODE_ENV: z.string().default('development'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'must be one of fatal, error, warn, info, debug, trace, silent' }).default('info'),
    DIST_DIR: z.string().default('./dist'),
    API_CACHE_ENTRIES: z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').min(0, 'must be 0 or more').max(100_000, 'must be at most 100000').default(200),
    DB_POOL_SIZE: z.coerce.number({ error: 'must be a whole number' }).int().min(1, 'must be 1 or more').max(100, 'must be at most 100').default(10),
  });

/**
 * Rules across variables, checked on the raw environment so they are reported together with every
 * other bad variable (a zod refinement would only run once all single fields are valid).
 */
function crossChecks(env: NodeJS.ProcessEnv): string[] {
  const set = (v: string | undefined) => v !== undefined && v.trim() !== '';
  const problems: string[] = [];
  if (set(env.PROVIDER_API_BASE) && !set(env.PROVIDER_SECRET)) problems.push('PROVIDER_SECRET is required when PROVIDER_API_BASE is set');
  const allowInsecure = isOn(env.PROVIDER_ALLOW_INSECURE_HTTP, false);
  if (set(env.PROVIDER_API_BASE) && !allowInsecure && isPlainHttpOffLoopback(env.PROVIDER_API_BASE!.trim())) {
    problems.push('PROVIDER_API_BASE must be https:// unless its host is loopback (127.0.0.1, localhost, [::1]); set PROVIDER_ALLOW_INSECURE_HTTP=true to allow plain http');
  }
  return problems;
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
  if (url.protocol !== 'http:') return false;
  const host = url.hostname.toLowerCase();
  return !(host === 'localhost' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host));
}

export interface Config {
  port: number;
  host: string;
  /** unset: the embedded provider */
  providerApiBase: string | undefined;
  providerSecret: string | undefined;
  platformId: string;
  databaseUrl: string | undefined;
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
  /** PROVIDER_API_BASE may be plain http:// to a host that is not loopback */
  allowInsecureProvider: boolean;
  production: boolean;
  logLevel: string;
  distDir: string;
  dbPoolSize: number;
  /** how many public provider answers the gateway keeps in memory (0: none) */
  apiCacheEntries: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
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
  return {
    port: e.PORT,
    host: e.HOST,
    providerApiBase: e.PROVIDER_API_BASE,
    providerSecret: e.PROVIDER_SECRET,
    platformId: e.PLATFORM_ID,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    googleClientId: e.GOOGLE_CLIENT_ID,
    googleJwksUrl: e.GOOGLE_JWKS_URL,
    trustProxyHops: e.TRUST_PROXY_HOPS,
    merchantApiKey: e.MERCHANT_API_KEY,
    merchantId: e.MERCHANT_ID,
    paymentWebhookSecret: e.PAYMENT_WEBHOOK_SECRET,
    demoOrderProgress: isOn(e.DEMO_ORDER_PROGRESS, e.NODE_ENV !== 'production'),
    paymentSandbox: isOn(e.PAYMENT_SANDBOX, e.NODE_ENV !== 'production'),
    devOutbox: e.NODE_ENV !== 'production',
    allowInsecureProvider: e.PROVIDER_ALLOW_INSECURE_HTTP,
    production: e.NODE_ENV === 'production',
    logLevel: e.LOG_LEVEL,
    distDir: e.DIST_DIR,
    dbPoolSize: e.DB_POOL_SIZE,
    apiCacheEntries: e.API_CACHE_ENTRIES,
  };
}
