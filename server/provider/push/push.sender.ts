import { request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent, request as httpsRequest } from 'node:https';
import type webpushLib from 'web-push';
import type { PushKind, PushPayload } from '#contract/push';
import type { ProviderContext, PushSetup } from '../context';
import { endpointProblem, publicLookup } from './push.endpoint';
import { claimDeliveries, deleteSubscriptionById, expireDelivery, purgeDeliveries, recordFailed, recordRetry, recordSent } from './push.repo';
import { lazyPackage } from '../../lib/lazy-package';

/** web-push, loaded on the first push sent. */
const webpush = lazyPackage<typeof webpushLib>('web-push');

/**
 * The push outbox's sender (the `push` job, jobs.ts): takes due deliveries, encrypts each notification
 * for its browser (RFC 8291, aes128gcm, through web-push) with a VAPID signature, and posts it to the
 * browser's push service.
 *
 * Once across instances: a delivery is claimed in a short transaction (`for update skip locked`) that
 * moves its `next_at` a lease ahead and counts the attempt, then sent outside any transaction (PGlite
 * is one connection: a push service's slow answer must not hold it). Another instance skips a locked
 * row, and sees the lease once the claim commits; a sender that dies mid-send leaves the delivery to
 * be tried again when the lease ends.
 *
 * The answer decides: 2xx sent; 404/410 the subscription is gone (deleted, with its deliveries); 429,
 * 5xx and network failures retried with backoff up to MAX_ATTEMPTS; any other 4xx, or an endpoint
 * that is not (or no longer resolves to) a public push service, failed at once. A delivery older than
 * its kind's TTL is not sent (`expired`): an order "ready" an hour late helps nobody. The inbox keeps
 * every notification whatever happens here.
 */

export const MAX_ATTEMPTS = 5;
/** the wait after each failed attempt (1st, 2nd, …) */
export const RETRY_DELAYS_S = [30, 120, 600, 3600];
/** how long a claim holds a delivery from other senders */
const LEASE_S = 120;
const BATCH = 25;
/** how long a send may take */
const TIMEOUT_MS = 10_000;

/** How long the push service keeps a push for a phone that is off, by kind (also the outbox's limit). */
export const TTL_S: Record<PushKind, number> = { order_status: 2 * 3600, points: 86400, rewards: 86400, expiring: 2 * 86400, campaigns: 86400 };
const URGENCY: Record<PushKind, 'high' | 'normal'> = { order_status: 'high', points: 'normal', rewards: 'normal', expiring: 'normal', campaigns: 'normal' };

export interface PushRun {
  sent: number;
  retried: number;
  failed: number;
  gone: number;
  expired: number;
}

interface Claimed {
  id: number;
  attempts: number;
  kind: PushKind;
  created_at: Date;
  subscription_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  notification_id: number;
  title: string;
  body: string;
  link: string | null;
}

/** The payload the service worker shows (src/pwa/sw-push.ts); the tag lets a newer push replace an older one. */
export function payloadOf(d: { kind: PushKind; notification_id: number; title: string; body: string; link: string | null }): PushPayload {
  const tag = d.kind === 'campaigns' || !d.link ? `${d.kind}:${d.notification_id}` : `${d.kind}:${d.link}`;
  return { title: d.title.slice(0, 200), body: d.body.slice(0, 1000), link: d.link, tag, notification_id: d.notification_id };
}

async function claim(ctx: ProviderContext): Promise<Claimed[]> {
  const now = ctx.clock.now();
  const lease = new Date(now.getTime() + LEASE_S * 1000);
  return ctx.db.transaction().execute((trx) => claimDeliveries(trx, now, lease, BATCH));
}

type Outcome = { kind: 'sent' } | { kind: 'gone' } | { kind: 'retry' | 'failed'; error: string };

interface Transport {
  agent: Agent;
  setup: PushSetup;
}

const transports = new WeakMap<PushSetup, Transport>();
function transportOf(setup: PushSetup): Transport {
  let t = transports.get(setup);
  if (!t) {
    // every connection's addresses checked (publicLookup): DNS cannot steer a push inward
    t = { setup, agent: new Agent({ keepAlive: true, maxSockets: 16, lookup: publicLookup(setup.allowLoopback) as never }) };
    transports.set(setup, t);
  }
  return t;
}

function post(t: Transport, details: webpushLib.RequestDetails): Promise<{ status: number; text: string }> {
  const url = new URL(details.endpoint);
  const headers = { ...details.headers, 'Content-Length': String(details.body?.length ?? 0) } as Record<string, string>;
  const options = { method: 'POST', headers, timeout: TIMEOUT_MS };
  return new Promise((resolve, reject) => {
    const done = (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        // a push service's answer is a line or two: keep only the start of anything longer
        if (size < 2048) chunks.push(c);
        size += c.length;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8').slice(0, 300) }));
      res.on('error', reject);
    };
    // plain http only to a loopback fake (endpointProblem allowed it); its lookup is checked the same way
    const req =
      url.protocol === 'https:'
        ? httpsRequest(url, { ...options, agent: t.agent }, done)
        : httpRequest(url, { ...options, lookup: publicLookup(t.setup.allowLoopback) as never }, done);
    req.on('timeout', () => req.destroy(new Error(`no answer within ${TIMEOUT_MS / 1000} s`)));
    req.on('error', reject);
    req.end(details.body ?? undefined);
  });
}

async function sendOne(setup: PushSetup, d: Claimed): Promise<Outcome> {
  const problem = endpointProblem(d.endpoint, setup.allowLoopback);
  if (problem) return { kind: 'failed', error: `refused: the endpoint ${problem}` };
  let details: webpushLib.RequestDetails;
  try {
    details = webpush().generateRequestDetails({ endpoint: d.endpoint, keys: { p256dh: d.p256dh, auth: d.auth } }, JSON.stringify(payloadOf(d)), {
      vapidDetails: setup.vapid,
      TTL: TTL_S[d.kind],
      urgency: URGENCY[d.kind],
      contentEncoding: 'aes128gcm',
    });
  } catch (err) {
    // keys a browser never made (the contract checks their form, not that they are a point on the curve)
    return { kind: 'failed', error: `could not encrypt: ${(err as Error).message}` };
  }
  try {
    const { status, text } = await post(transportOf(setup), details);
    if (status >= 200 && status < 300) return { kind: 'sent' };
    if (status === 404 || status === 410) return { kind: 'gone' };
    const error = `${status} ${text}`.trim();
    return status === 429 || status >= 500 ? { kind: 'retry', error } : { kind: 'failed', error };
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    if (e.code === 'EPUSHREFUSED') return { kind: 'failed', error: e.message };
    return { kind: 'retry', error: e.message || String(e.code) };
  }
}

async function record(ctx: ProviderContext, d: Claimed, outcome: Outcome, run: PushRun): Promise<void> {
  const now = ctx.clock.now();
  if (outcome.kind === 'sent') {
    await recordSent(ctx.db, d, now);
    run.sent++;
  } else if (outcome.kind === 'gone') {
    // the browser unsubscribed or the push service forgot it: no more pushes there (its deliveries go with it)
    await deleteSubscriptionById(ctx.db, d.subscription_id);
    run.gone++;
  } else if (outcome.kind === 'retry' && d.attempts < MAX_ATTEMPTS) {
    const wait = RETRY_DELAYS_S[Math.min(d.attempts, RETRY_DELAYS_S.length) - 1]!;
    await recordRetry(ctx.db, d, new Date(now.getTime() + wait * 1000), outcome.error.slice(0, 500));
    run.retried++;
  } else {
    await recordFailed(ctx.db, d, outcome.error.slice(0, 500));
    ctx.logger.warn({ delivery: d.id, attempts: d.attempts, error: outcome.error }, 'push: given up');
    run.failed++;
  }
}

/**
 * Sends the due pushes, batch after batch until none is due (at most `maxBatches`). Nothing when push
 * is off. Safe to run on every instance at once.
 */
export async function sendDuePushes(ctx: ProviderContext, { maxBatches = 20 } = {}): Promise<PushRun> {
  const run: PushRun = { sent: 0, retried: 0, failed: 0, gone: 0, expired: 0 };
  const setup = ctx.push;
  if (!setup) return run;
  for (let batch = 0; batch < maxBatches; batch++) {
    const claimed = await claim(ctx);
    if (claimed.length === 0) break;
    const now = ctx.clock.now().getTime();
    await Promise.all(
      claimed.map(async (d) => {
        if (now - d.created_at.getTime() > TTL_S[d.kind] * 1000) {
          await expireDelivery(ctx.db, d.id);
          run.expired++;
          return;
        }
        await record(ctx, d, await sendOne(setup, d), run);
      }),
    );
    if (claimed.length < BATCH) break;
  }
  return run;
}

/** Sent, failed and expired deliveries older than this are deleted by the hourly job. */
const KEEP_DAYS = 7;
/** Deliveries given up in a row (each after MAX_ATTEMPTS) after which a browser with no success for DEAD_AFTER_DAYS is forgotten. */
export const DEAD_AFTER_FAILURES = 5;
const DEAD_AFTER_DAYS = 30;

/**
 * The hourly clean-up: finished deliveries after a week (the inbox keeps the notifications), and the
 * browsers whose push service has failed every delivery for a month (5xx or no answer at all, never the
 * 404/410 that removes one at once: a browser long uninstalled behind a broken service), so no delivery
 * is tried on them again. A success resets the count (record()).
 */
export async function purgePushDeliveries(ctx: ProviderContext): Promise<void> {
  const now = ctx.clock.now().getTime();
  await purgeDeliveries(ctx.db, new Date(now - KEEP_DAYS * 86400_000), DEAD_AFTER_FAILURES, new Date(now - DEAD_AFTER_DAYS * 86400_000));
}
