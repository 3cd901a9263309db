import type { PushPreferencesInput, PushStatusData, PushSubscribeInput } from '#contract/push';
import type { ProviderContext } from '../context';
import { recordDevice, sightingHash, type Sighting } from '../http/device';
import { AppError, validation } from '../http/errors';
import { endpointProblem } from './push.endpoint';
import { recordConsent } from '../consents/consents';
import {
  ALL_ON,
  countSubscriptions,
  deleteSubscription,
  lockSubscriber,
  preferencesOf,
  savePreferences,
  trimSubscriptions,
  upsertSubscription,
} from './push.repo';
import { errors } from '../i18n/errors';

/** A customer's browsers that receive pushes: a phone, a tablet, a laptop or two. */
export const MAX_SUBSCRIPTIONS = 10;

const unavailable = () => new AppError('PUSH_UNAVAILABLE', errors.pushUnavailable);

export async function pushStatus(ctx: ProviderContext, customerId: number): Promise<PushStatusData> {
  return {
    public_key: ctx.push?.vapid.publicKey ?? null,
    subscriptions: await countSubscriptions(ctx.db, customerId),
    preferences: await preferencesOf(ctx.db, customerId),
  };
}

/**
 * Stores this browser's subscription for the customer (an endpoint already known moves to them). The
 * endpoint must be a push service on the internet (push.endpoint.ts). A first browser turns every kind
 * on. The customer's row lock orders
 * two tabs subscribing at once, and their newest MAX_SUBSCRIPTIONS browsers are kept. The endpoint is
 * recorded (a keyed hash, with the call's `sightings`) for the referrals' fraud checks: the row of the
 * subscription moves to whoever subscribes last, the sighting stays with each customer.
 */
export async function subscribe(
  ctx: ProviderContext,
  customerId: number,
  body: PushSubscribeInput,
  sightings: readonly Sighting[] = [],
): Promise<PushStatusData> {
  // the input first: a bad endpoint is a 400 whether push is set up or not
  const problem = endpointProblem(body.endpoint, ctx.push?.allowLoopback ?? false);
  if (problem) throw validation({ endpoint: problem });
  if (!ctx.push) throw unavailable();
  await ctx.db.transaction().execute(async (trx) => {
    await lockSubscriber(trx, customerId);
    // a first browser (again): every kind on, whatever was chosen when push was last turned off
    if ((await countSubscriptions(trx, customerId)) === 0) await savePreferences(trx, customerId, ALL_ON, ctx.clock.now());
    await upsertSubscription(trx, {
      customerId,
      endpoint: body.endpoint,
      p256dh: body.keys.p256dh.replace(/=+$/, ''),
      auth: body.keys.auth.replace(/=+$/, ''),
      now: ctx.clock.now(),
    });
    await trimSubscriptions(trx, customerId, MAX_SUBSCRIPTIONS);
    await recordDevice(trx, customerId, [...sightings, { kind: 'push', hash: sightingHash(ctx.secret, 'push', body.endpoint) }], ctx.clock.now());
  });
  return pushStatus(ctx, customerId);
}

export async function unsubscribe(ctx: ProviderContext, customerId: number, endpoint: string): Promise<PushStatusData> {
  await deleteSubscription(ctx.db, customerId, endpoint);
  return pushStatus(ctx, customerId);
}

export async function setPreferences(ctx: ProviderContext, customerId: number, body: PushPreferencesInput): Promise<PushStatusData> {
  await ctx.db.transaction().execute(async (trx) => {
    const current = await preferencesOf(trx, customerId);
    await savePreferences(trx, customerId, { ...current, ...body }, ctx.clock.now());
    if (body.campaigns !== undefined && body.campaigns !== current.campaigns) {
      await recordConsent(trx, customerId, { channel: 'push', granted: body.campaigns, source: 'push_settings' }, ctx.clock.now());
    }
  });
  return pushStatus(ctx, customerId);
}
