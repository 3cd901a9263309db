/**
 * Payments and messages connected from the console (issue 46): the owner pastes a service's settings,
 * they are tested with a real call, sealed (AES-256-GCM, server/lib/secret-box.ts, a key derived from
 * the provider's secret) and stored; every instance applies them within seconds (channel-port.ts). The
 * environment wins: a service it sets cannot be changed here. Connect, replace and disconnect are
 * recorded in Activity, without a secret.
 */
import type { ChannelsData, ConnectionData } from '#contract/channels';
import type { Database } from '../../db';
import { open, seal, sealKeyOf, type SealKey } from '../../lib/secret-box';
import type { ChannelService, ChannelSettings } from '../channel-port';
import type { ProviderContext } from '../context';
import { HOUR } from '../../lib/clock';
import { AppError, notFound } from '../http/errors';
import { countUse } from '../http/use-limit';
import type { StaffOfRequest } from '../http/staff-session';
import { insertAudit } from '../staff/staff.repo';
import { connectionRows, deleteConnection, lockConnection, saveConnection, staffName } from './channels.repo';

const keys = new Map<string, SealKey>();
/** The sealing key, derived once per secret (HKDF is cheap, but this runs before every refresh). */
function keyOf(secret: string): SealKey {
  let key = keys.get(secret);
  if (!key) keys.set(secret, (key = sealKeyOf(secret, 'channel-connections')));
  return key;
}

/** A row's version: its time and the tail of its sealed value (a new IV each save), so two saves in one millisecond differ. */
const versionOf = (row: { updated_at: Date | string; sealed: string }) => `${new Date(row.updated_at).toISOString()}|${row.sealed.slice(-12)}`;

/** What every instance reads before its calls (channel-port.ts LiveChannels): each connected service, opened only when it changed. */
export async function loadConnections(db: Database, secret: string, known: Partial<Record<ChannelService, string>>) {
  const rows = await connectionRows(db);
  return rows.map((row) => {
    const version = versionOf(row);
    if (known[row.service] === version) return { service: row.service, version, settings: null };
    const plain = open(keyOf(secret), row.sealed, row.service);
    return { service: row.service, version, settings: plain === null ? null : (JSON.parse(plain) as unknown) };
  });
}

/** `sk_live_…4242`: which key, without the key. */
const tail = (value: string, keep = 4) => value.slice(-keep);
function hintOf<S extends ChannelService>(service: S, s: ChannelSettings[S]): Record<string, string> {
  if (service === 'stripe') {
    const key = (s as ChannelSettings['stripe']).secret_key;
    return { shown: `${/^(sk|rk)_(live|test)_/.exec(key)?.[0] ?? ''}…${tail(key)}` };
  }
  if (service === 'twilio') {
    const t = s as ChannelSettings['twilio'];
    return { shown: `${t.account_sid.slice(0, 2)}…${tail(t.account_sid)}, sending from ••••${tail(t.from)}` };
  }
  const m = s as ChannelSettings['smtp'];
  const url = new URL(m.url);
  return { shown: `${url.hostname}:${url.port || (url.protocol === 'smtps:' ? '465' : '587')}, from ${m.from}` };
}

/**
 * Tries an owner may make an hour, whatever their outcome: plenty to fix a typo, while a test call to any
 * host and port the owner names (an SMTP URL) cannot become a way to probe a network or guess keys.
 */
export const CONNECT_TRIES_PER_HOUR = 20;

const NAMES: Record<ChannelService, string> = { stripe: 'Stripe', twilio: 'Twilio', smtp: 'the e-mail server' };
const envRefusal = (service: ChannelService) =>
  new AppError('CONFLICT', `${service === 'smtp' ? 'E-mail' : NAMES[service]} is set by the server's environment: change it there (the console cannot).`);

/** Each service's source and what may be shown of it, for the Payments and messages page. */
export async function connectionsOf(ctx: ProviderContext): Promise<ChannelsData['connections']> {
  const rows = await connectionRows(ctx.db);
  const of = (service: ChannelService): ConnectionData => {
    if (ctx.channels.fromEnvironment[service]) return { source: 'environment', shown: null, connected_at: null, connected_by: null, problem: null };
    const row = rows.find((r) => r.service === service);
    if (!row) return { source: 'none', shown: null, connected_at: null, connected_by: null, problem: null };
    const opens = open(keyOf(ctx.secret), row.sealed, service) !== null;
    return {
      source: 'console',
      shown: row.hint.shown ?? null,
      connected_at: new Date(row.updated_at).toISOString(),
      connected_by: row.connected_by_name,
      problem: opens ? null : "Its settings cannot be read with this server's secret (PROVIDER_SECRET changed?): connect it again.",
    };
  };
  return { stripe: of('stripe'), twilio: of('twilio'), smtp: of('smtp') };
}

/**
 * Tests the settings with a real call, then seals and stores them, audited; this instance applies them
 * at once, the others within seconds. A refusal saves nothing and says why.
 */
export async function connectService<S extends ChannelService>(
  ctx: ProviderContext,
  staff: StaffOfRequest,
  service: S,
  settings: ChannelSettings[S],
): Promise<void> {
  if (ctx.channels.fromEnvironment[service]) throw envRefusal(service);
  await countUse(
    ctx.db,
    {
      scope: 'channels-connect',
      limit: CONNECT_TRIES_PER_HOUR,
      windowMs: HOUR,
      message: `You have tried to connect a service ${CONNECT_TRIES_PER_HOUR} times this hour. Please try again later.`,
    },
    `staff:${staff.id}`,
    ctx.clock.now(),
  );
  const adapters = ctx.channels.adapters;
  // the adapter must be buildable here (Stripe needs the shop's public address) before anything is asked of the service
  try {
    (adapters.build[service] as (s: ChannelSettings[S]) => unknown)(settings);
  } catch (err) {
    throw new AppError('BAD_GATEWAY', `Not saved: ${(err as Error).message}.`);
  }
  const why = await (adapters.check[service] as (s: ChannelSettings[S]) => Promise<string | null>)(settings);
  if (why !== null) {
    ctx.logger.warn({ service, reason: why }, 'a service was not connected: its test failed');
    throw new AppError('BAD_GATEWAY', `Not saved: ${why}.`);
  }
  const now = ctx.clock.now();
  const hint = hintOf(service, settings);
  const name = await staffName(ctx.db, staff.id);
  await ctx.db.transaction().execute(async (trx) => {
    const before = await lockConnection(trx, service);
    await saveConnection(trx, {
      service,
      sealed: seal(keyOf(ctx.secret), JSON.stringify(settings), service),
      hint,
      staffId: staff.id,
      staffName: name,
      connectedAt: now,
      now,
    });
    await insertAudit(trx, {
      staffId: staff.id,
      action: before ? 'channels.replace' : 'channels.connect',
      target: `channel:${service}`,
      before: before ? { service, shown: before.hint.shown } : null,
      after: { service, shown: hint.shown },
      now,
    });
  });
  await ctx.channels.refresh(Date.now(), true);
}

/** Forgets a service connected from the console: the shop goes back to its start-up default. Audited. */
export async function disconnectService(ctx: ProviderContext, staff: StaffOfRequest, service: ChannelService): Promise<void> {
  if (ctx.channels.fromEnvironment[service]) throw envRefusal(service);
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const before = await lockConnection(trx, service);
    if (!before) throw notFound(`${NAMES[service]} connection`);
    await deleteConnection(trx, service);
    await insertAudit(trx, {
      staffId: staff.id,
      action: 'channels.disconnect',
      target: `channel:${service}`,
      before: { service, shown: before.hint.shown },
      after: null,
      now,
    });
  });
  await ctx.channels.refresh(Date.now(), true);
}
