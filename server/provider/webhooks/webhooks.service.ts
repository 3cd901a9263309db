/**
 * The owner's outbound webhooks in the console (issue 52): endpoints added, changed, switched on and off,
 * removed, their secrets rotated, their delivery logs read and a delivery sent again. Every change is
 * audited (`webhook.*`), never with a secret. The sending is webhooks.sender.ts's; the events are written
 * by the areas where things happen (events/).
 */
import {
  WEBHOOK_EVENT_INFO,
  WEBHOOK_SECRET_OVERLAP_HOURS,
  WEBHOOKS_MAX,
  type WebhookChanges,
  type WebhookDeliveriesData,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
  type WebhookFields,
  type WebhooksData,
  type WebhookWithSecretData,
} from '#contract/webhooks';
import type { Database } from '../../db';
import { HOUR, isoTime } from '../../lib/clock';
import type { ProviderContext } from '../context';
import { AppError, notFound, validation } from '../http/errors';
import type { StaffOfRequest } from '../http/staff-session';
import { insertAudit } from '../staff/staff.repo';
import { endpointProblem } from './webhooks.address';
import {
  attemptsOf,
  countEndpoints,
  deleteEndpoint,
  deliveryPage,
  endpointRows,
  findDelivery,
  findEndpoint,
  insertEndpoint,
  insertReplay,
  lockEndpoint,
  updateEndpoint,
  type EndpointRow,
} from './webhooks.repo';
import { hintOf, newSecret, sealSecret } from './webhooks.secrets';

const PAGE = 20;

function endpointOf(r: EndpointRow, now: Date): WebhookEndpoint {
  return {
    id: r.id,
    url: r.url,
    description: r.description,
    events: r.events as WebhookEventType[],
    enabled: r.enabled,
    disabled_reason: r.enabled ? null : r.disabled_reason,
    disabled_at: r.enabled ? null : isoTime(r.disabled_at),
    secret_hint: r.secret_hint,
    previous_secret_until: r.previous_until && r.previous_until > now ? r.previous_until.toISOString() : null,
    created_at: isoTime(r.created_at)!,
    updated_at: isoTime(r.updated_at)!,
  };
}

/** What the audit log keeps of an endpoint: never its secret. */
const audited = (r: EndpointRow) => ({ url: r.url, description: r.description, events: r.events, enabled: r.enabled });

function checkUrl(ctx: ProviderContext, url: string): void {
  const problem = endpointProblem(url, ctx.webhooks);
  if (problem) throw validation({ url: problem });
}

async function locked(trx: Database, id: number): Promise<EndpointRow> {
  const row = await lockEndpoint(trx, id);
  if (!row) throw notFound('Webhook endpoint');
  return row;
}

export async function listWebhooks(ctx: ProviderContext): Promise<WebhooksData> {
  const now = ctx.clock.now();
  return { endpoints: (await endpointRows(ctx.db)).map((r) => endpointOf(r, now)), events: [...WEBHOOK_EVENT_INFO] };
}

export async function createWebhook(ctx: ProviderContext, staff: StaffOfRequest, body: WebhookFields): Promise<WebhookWithSecretData> {
  checkUrl(ctx, body.url);
  const secret = newSecret();
  const now = ctx.clock.now();
  const row = await ctx.db.transaction().execute(async (trx) => {
    if ((await countEndpoints(trx)) >= WEBHOOKS_MAX) throw new AppError('LIMIT_REACHED', `A shop may have at most ${WEBHOOKS_MAX} webhook endpoints.`);
    const made = await insertEndpoint(trx, { ...body, sealed: sealSecret(ctx.secret, secret), hint: hintOf(secret), now });
    await insertAudit(trx, { staffId: staff.id, action: 'webhook.create', target: `webhook:${made.id}`, before: null, after: audited(made), now });
    return made;
  });
  return { endpoint: endpointOf(row, now), secret };
}

export async function changeWebhook(ctx: ProviderContext, staff: StaffOfRequest, body: WebhookChanges): Promise<WebhookEndpoint> {
  if (body.url !== undefined) checkUrl(ctx, body.url);
  const now = ctx.clock.now();
  const row = await ctx.db.transaction().execute(async (trx) => {
    const before = await locked(trx, body.id);
    const { id, enabled, ...fields } = body;
    const onOff =
      enabled === undefined || enabled === before.enabled
        ? {}
        : enabled
          ? { enabled: true, disabled_reason: null, disabled_at: null }
          : { enabled: false, disabled_reason: 'owner' as const, disabled_at: now };
    const after = await updateEndpoint(trx, id, { ...fields, ...onOff, updated_at: now });
    await insertAudit(trx, { staffId: staff.id, action: 'webhook.update', target: `webhook:${id}`, before: audited(before), after: audited(after), now });
    return after;
  });
  return endpointOf(row, now);
}

export async function removeWebhook(ctx: ProviderContext, staff: StaffOfRequest, id: number): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const before = await locked(trx, id);
    await deleteEndpoint(trx, id);
    await insertAudit(trx, { staffId: staff.id, action: 'webhook.delete', target: `webhook:${id}`, before: audited(before), after: null, now });
  });
}

/** A new secret; the current one signs beside it for the overlap (a second rotation within it ends the first's). */
export async function rotateSecret(ctx: ProviderContext, staff: StaffOfRequest, id: number): Promise<WebhookWithSecretData> {
  const secret = newSecret();
  const now = ctx.clock.now();
  const row = await ctx.db.transaction().execute(async (trx) => {
    const before = await locked(trx, id);
    const after = await updateEndpoint(trx, id, {
      sealed_secret: sealSecret(ctx.secret, secret),
      secret_hint: hintOf(secret),
      previous_sealed: before.sealed_secret,
      previous_until: new Date(now.getTime() + WEBHOOK_SECRET_OVERLAP_HOURS * HOUR),
      updated_at: now,
    });
    await insertAudit(trx, {
      staffId: staff.id,
      action: 'webhook.rotate',
      target: `webhook:${id}`,
      before: { secret_hint: before.secret_hint },
      after: { secret_hint: after.secret_hint },
      now,
    });
    return after;
  });
  return { endpoint: endpointOf(row, now), secret };
}

async function deliveriesOf(db: Database, rows: Awaited<ReturnType<typeof deliveryPage>>): Promise<WebhookDelivery[]> {
  const attempts = await attemptsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    endpoint_id: r.endpoint_id,
    event_type: r.event_type as WebhookEventType,
    message_id: r.message_id,
    status: r.status,
    attempts: attempts
      .filter((a) => a.delivery_id === r.id)
      .map((a) => ({
        attempt: a.attempt,
        at: isoTime(a.at)!,
        response_status: a.response_status,
        response_excerpt: a.response_excerpt,
        error: a.error,
        duration_ms: a.duration_ms,
      })),
    next_attempt_at: r.status === 'pending' ? isoTime(r.next_at) : null,
    request_body: r.payload,
    replay_of: r.replay_of,
    created_at: isoTime(r.created_at)!,
  }));
}

export async function webhookDeliveries(ctx: ProviderContext, id: number, page = 1): Promise<WebhookDeliveriesData> {
  if (!(await findEndpoint(ctx.db, id))) throw notFound('Webhook endpoint');
  const rows = await deliveryPage(ctx.db, id, (page - 1) * PAGE, PAGE + 1);
  return { deliveries: await deliveriesOf(ctx.db, rows.slice(0, PAGE)), next_page: rows.length > PAGE ? page + 1 : null };
}

/** The same event queued again for its endpoint, as a new delivery due now. */
export async function replayDelivery(ctx: ProviderContext, staff: StaffOfRequest, deliveryId: number): Promise<WebhookDelivery> {
  const now = ctx.clock.now();
  const row = await ctx.db.transaction().execute(async (trx) => {
    const of = await findDelivery(trx, deliveryId);
    if (!of) throw notFound('Delivery');
    const endpoint = await locked(trx, of.endpoint_id);
    if (!endpoint.enabled) throw new AppError('CONFLICT', 'This endpoint is switched off: switch it on first, then send the delivery again.');
    const made = await insertReplay(trx, of, now);
    await insertAudit(trx, {
      staffId: staff.id,
      action: 'webhook.replay',
      target: `webhook:${of.endpoint_id}`,
      before: null,
      after: { delivery: made.id, replay_of: of.id, event_type: of.event_type, message_id: of.message_id },
      now,
    });
    return made;
  });
  return (await deliveriesOf(ctx.db, [row]))[0]!;
}
