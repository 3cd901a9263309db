import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { performance } from 'node:perf_hooks';
import { Webhook } from 'standardwebhooks';
import { WEBHOOK_RESPONSE_EXCERPT, WEBHOOK_RETRY_DELAYS_S } from '#contract/webhook-events';
import type { ProviderContext, WebhookSetup } from '../context';
import { getMerchant } from '../settings/settings.service';
import { checkedLookup, endpointProblem, RefusedAddress } from './webhooks.address';
import { anyPending, claimDeliveries, disableForFailures, purgeDeliveries, recordAttempt, type ClaimedDelivery } from './webhooks.repo';
import { ownerEmails } from '../staff/staff.repo';
import { openSecret } from './webhooks.secrets';

/**
 * The webhooks' outbox sender (the `webhooks` job, jobs.ts), per the Standard Webhooks specification:
 * each delivery's body (exactly as stored) is signed with the endpoint's secret (`webhook-id`, the
 * event's id, the same on every try; `webhook-timestamp`, this try's time; `webhook-signature`, `v1,…`,
 * and a second `v1,…` with the old secret during a rotation's overlap) and POSTed.
 *
 * At least once, and once at a time across instances: a delivery is claimed in a short transaction
 * (`for update skip locked`) that moves it a lease ahead and counts the try, then sent outside any
 * transaction (PGlite is one connection: a slow receiver must not hold it). A sender that dies mid-send
 * leaves it to be tried again when the lease ends; the receiver dedupes by `webhook-id`.
 *
 * A 2xx delivers it. Anything else (another status, a redirect, which is never followed, no answer within
 * 15 s, an address refused) is a failure: tried again after WEBHOOK_RETRY_DELAYS_S (5 s up to 20 h, about
 * two days and a quarter in all), and after the last the endpoint is switched off and the owners e-mailed.
 */

const LEASE_S = 120;
const BATCH = 25;
const TIMEOUT_MS = 15_000;
/** tries in all: the first and one per retry delay */
export const MAX_TRIES = WEBHOOK_RETRY_DELAYS_S.length + 1;

export interface WebhookRun {
  delivered: number;
  retried: number;
  failed: number;
  /** endpoints switched off in this run */
  disabled: number;
}

interface Answer {
  status: number | null;
  excerpt: string;
  error: string | null;
}

/** The headers of one try: the signature over `id.timestamp.body` with each secret that signs now. */
export function signedHeaders(d: Pick<ClaimedDelivery, 'message_id' | 'payload'>, secrets: string[], at: Date): Record<string, string> {
  const signature = secrets.map((s) => new Webhook(s).sign(d.message_id, at, d.payload)).join(' ');
  return {
    'content-type': 'application/json',
    'user-agent': 'wato-webhooks/1',
    'webhook-id': d.message_id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signature,
  };
}

function post(setup: WebhookSetup, url: URL, headers: Record<string, string>, body: string): Promise<Answer> {
  return new Promise((resolve) => {
    const done = (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        // a receiver's answer: keep only its start
        if (size < WEBHOOK_RESPONSE_EXCERPT * 4) chunks.push(c);
        size += c.length;
      });
      res.on('end', () => {
        const status = res.statusCode ?? 0;
        const excerpt = Buffer.concat(chunks).toString('utf8').slice(0, WEBHOOK_RESPONSE_EXCERPT);
        const error =
          status >= 200 && status < 300
            ? null
            : status >= 300 && status < 400
              ? `redirected (${status}${res.headers.location ? ` to ${String(res.headers.location).slice(0, 200)}` : ''}): redirects are not followed`
              : `answered ${status}`;
        resolve({ status, excerpt, error });
      });
      res.on('error', (err) => resolve({ status: res.statusCode ?? null, excerpt: '', error: err.message }));
    };
    const options = {
      method: 'POST',
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      timeout: TIMEOUT_MS,
      lookup: checkedLookup(setup) as never,
      agent: false as const,
    };
    const req = url.protocol === 'https:' ? httpsRequest(url, options, done) : httpRequest(url, options, done);
    req.on('timeout', () => req.destroy(new Error(`no answer within ${TIMEOUT_MS / 1000} s`)));
    req.on('error', (err: NodeJS.ErrnoException) =>
      resolve({ status: null, excerpt: '', error: err instanceof RefusedAddress ? err.message : err.message || String(err.code) }),
    );
    req.end(body);
  });
}

/** The secrets that sign now: the endpoint's, and the previous one during its overlap. */
function secretsOf(ctx: ProviderContext, d: ClaimedDelivery, now: Date): string[] | null {
  const current = openSecret(ctx.secret, d.sealed_secret);
  if (current === null) return null;
  const previous = d.previous_sealed && d.previous_until && d.previous_until > now ? openSecret(ctx.secret, d.previous_sealed) : null;
  return previous ? [current, previous] : [current];
}

async function sendOne(ctx: ProviderContext, d: ClaimedDelivery): Promise<Answer> {
  const problem = endpointProblem(d.url, ctx.webhooks);
  if (problem) return { status: null, excerpt: '', error: `refused: the address ${problem}` };
  const now = ctx.clock.now();
  const secrets = secretsOf(ctx, d, now);
  if (!secrets) return { status: null, excerpt: '', error: "its secret cannot be read with this server's secret (PROVIDER_SECRET changed?): rotate it" };
  return post(ctx.webhooks, new URL(d.url), signedHeaders(d, secrets, now), d.payload);
}

/** Writes a try's outcome; after the last failed try, switches the endpoint off (true: this run did). */
async function record(ctx: ProviderContext, d: ClaimedDelivery, answer: Answer, ms: number, run: WebhookRun): Promise<boolean> {
  const now = ctx.clock.now();
  const attempt = {
    attempt: d.attempts,
    at: now,
    response_status: answer.status,
    response_excerpt: answer.excerpt,
    error: answer.error?.slice(0, 500) ?? null,
    duration_ms: Math.round(ms),
  };
  if (answer.error === null) {
    await ctx.db.transaction().execute((trx) => recordAttempt(trx, d.id, attempt, { status: 'delivered' }));
    run.delivered++;
    return false;
  }
  if (d.attempts < MAX_TRIES) {
    const wait = WEBHOOK_RETRY_DELAYS_S[d.attempts - 1]!;
    await ctx.db.transaction().execute((trx) => recordAttempt(trx, d.id, attempt, { status: 'pending', at: new Date(now.getTime() + wait * 1000) }));
    run.retried++;
    return false;
  }
  run.failed++;
  ctx.logger.warn({ delivery: d.id, endpoint: d.endpoint_id, tries: d.attempts, error: answer.error }, 'webhook: given up');
  return ctx.db.transaction().execute(async (trx) => {
    await recordAttempt(trx, d.id, attempt, { status: 'failed' });
    return disableForFailures(trx, d.endpoint_id, now);
  });
}

/** Tells the owners an endpoint was switched off (when the shop can send e-mail). */
async function tellOwners(ctx: ProviderContext, url: string): Promise<void> {
  const mailer = ctx.mailer;
  if (!mailer) return;
  const shop = (await getMerchant(ctx.db, ctx.merchantId)).settings.setting_company;
  const text = [
    `${shop}'s webhook endpoint ${url} was switched off: a delivery to it failed ${MAX_TRIES} times over about two days.`,
    '',
    'Fix the receiver, then switch the endpoint on again in the merchant console (Settings, Webhooks): the deliveries still waiting are sent then, and any that failed can be sent again from its log.',
  ].join('\n');
  for (const to of await ownerEmails(ctx.db)) {
    await mailer
      .sendEmail(to, `${shop}: a webhook endpoint was switched off`, text)
      .catch((err: unknown) => ctx.logger.error({ err }, 'webhook: the owner could not be e-mailed'));
  }
}

/**
 * Sends the due deliveries, batch after batch until none is due (at most `maxBatches`). Safe to run on
 * every instance at once.
 */
export async function sendDueWebhooks(ctx: ProviderContext, { maxBatches = 20 } = {}): Promise<WebhookRun> {
  const run: WebhookRun = { delivered: 0, retried: 0, failed: 0, disabled: 0 };
  if (!(await anyPending(ctx.db))) return run;
  for (let batch = 0; batch < maxBatches; batch++) {
    const now = ctx.clock.now();
    const lease = new Date(now.getTime() + LEASE_S * 1000);
    const claimed = await ctx.db.transaction().execute((trx) => claimDeliveries(trx, now, lease, BATCH));
    if (claimed.length === 0) break;
    await Promise.all(
      claimed.map(async (d) => {
        const started = performance.now();
        const answer = await sendOne(ctx, d);
        if (await record(ctx, d, answer, performance.now() - started, run)) {
          run.disabled++;
          await tellOwners(ctx, d.url);
        }
      }),
    );
    if (claimed.length < BATCH) break;
  }
  return run;
}

/** The log's finished deliveries are kept this long. */
export const KEEP_DAYS = 30;

/** The hourly clean-up: finished deliveries (and their tries) older than KEEP_DAYS. */
export async function purgeWebhookDeliveries(ctx: ProviderContext): Promise<void> {
  await purgeDeliveries(ctx.db, new Date(ctx.clock.now().getTime() - KEEP_DAYS * 86400_000));
}
