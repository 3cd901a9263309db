/**
 * Scoped API keys (issue 52): the owner's keys (created with their scopes and shown once, rotated with an
 * overlap, revoked at once), the configuration's merchant key (every scope until an owner turns it off),
 * and the check every merchant call makes through the MerchantKeyPort (api-key-port.ts): the key by its
 * hash, read on each call, so a revocation holds at once on every instance; its scope; its calls per
 * minute; and a line in Activity for each call.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  API_KEY_CALLS_PER_MINUTE,
  API_KEY_ROTATION_OVERLAP_HOURS,
  API_KEY_SCOPE_LABELS,
  API_KEY_SHOWN_LENGTH,
  API_KEYS_MAX,
  SERVER_KEY_SCOPES,
  type ApiKey,
  type ApiKeyScope,
  type ApiKeySecretData,
  type ApiKeysData,
  type LegacyKey,
} from '#contract/api-keys';
import type { Database } from '../../db';
import { HOUR, MINUTE, type Clock, isoTime } from '../../lib/clock';
import type { KeyCaller, MerchantKeyPort } from '../api-key-port';
import type { ProviderContext } from '../context';
import { AppError, notFound } from '../http/errors';
import type { StaffOfRequest } from '../http/staff-session';
import { countUse, type UseLimit } from '../http/use-limit';
import { insertAudit } from '../staff/staff.repo';
import {
  countLiveKeys,
  insertKey,
  keyByHash,
  legacyKeyState,
  listKeys,
  lockKey,
  lockKeyCreation,
  markKeyUsed,
  markLegacyUsed,
  revokeKey,
  rotateKey,
  turnLegacyOff,
  type ApiKeyRow,
} from './api-keys.repo';

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/** A new key: `lk_` and 32 random bytes in base64url (256 bits), its hash, and the part the console shows. */
function newSecret(): { secret: string; hash: Buffer; shown: string } {
  const secret = `lk_${randomBytes(32).toString('base64url')}`;
  return { secret, hash: sha256(secret), shown: secret.slice(0, API_KEY_SHOWN_LENGTH) };
}

const CALLS: UseLimit = {
  scope: 'api-key',
  limit: API_KEY_CALLS_PER_MINUTE,
  windowMs: MINUTE,
  message: `This API key made ${API_KEY_CALLS_PER_MINUTE} calls in a minute: wait a moment and try again.`,
};

const forbidden = (message: string) => new AppError('FORBIDDEN', message);

/** Whether the configuration's key is on: it was never turned off, or the one turned off was another. */
function legacyOn(state: { turned_off_hash: Buffer | null }, merchantApiKey: string): boolean {
  return state.turned_off_hash === null || !timingSafeEqual(state.turned_off_hash, sha256(merchantApiKey));
}

/** The MerchantKeyPort (api-key-port.ts) that embedded.ts puts in the context. */
export function merchantKeyPort(o: { clock: Clock; merchantApiKey: string }): MerchantKeyPort {
  const legacyHash = sha256(o.merchantApiKey);
  return {
    async authorize(db: Database, given: string, scope: ApiKeyScope | undefined): Promise<KeyCaller> {
      if (!given) throw forbidden('This call needs an API key (x-merchant-key).');
      const now = o.clock.now();
      const hash = sha256(given);
      // the configuration's key: hashes compared in constant time, whatever the lengths
      if (timingSafeEqual(hash, legacyHash)) {
        if (!legacyOn(await legacyKeyState(db), o.merchantApiKey))
          throw forbidden('This merchant key was turned off by an owner: use an API key from the console.');
        if (scope && !SERVER_KEY_SCOPES.includes(scope)) {
          throw new AppError(
            'SCOPE_FORBIDDEN',
            `The server's merchant key may not do this: create an API key with the scope ${scope} in the console.`,
            undefined,
            {
              scope,
            },
          );
        }
        await markLegacyUsed(db, now);
        return { kind: 'legacy' };
      }
      const key = await keyByHash(db, hash, now);
      if (!key) throw forbidden('This API key is not known, or it was revoked (x-merchant-key).');
      if (scope && !key.scopes.includes(scope)) {
        throw new AppError(
          'SCOPE_FORBIDDEN',
          `The API key “${key.name}” may not do this: it needs the scope ${scope} (${API_KEY_SCOPE_LABELS[scope].toLowerCase()}).`,
          undefined,
          { scope },
        );
      }
      await countUse(db, CALLS, `key:${key.id}`, now);
      await markKeyUsed(db, key.id, now);
      return { kind: 'key', id: key.id, name: key.name };
    },
    async record(db, caller, call) {
      await insertAudit(db, {
        staffId: null,
        actor: 'machine',
        action: 'api_key.call',
        target: caller.kind === 'key' ? `api_key:${caller.id}` : 'api_key:merchant',
        before: null,
        after: { key: caller.kind === 'key' ? caller.name : 'the merchant key (MERCHANT_API_KEY)', call: `${call.method} ${call.path}`, status: call.status },
        now: o.clock.now(),
      });
    },
  };
}

function apiKeyOf(r: ApiKeyRow): ApiKey {
  return {
    id: r.id,
    name: r.name,
    scopes: r.scopes,
    shown: r.shown,
    created_at: r.created_at.toISOString(),
    last_used_at: isoTime(r.last_used_at),
    rotated_at: isoTime(r.rotated_at),
    previous_until: isoTime(r.previous_until),
    revoked_at: isoTime(r.revoked_at),
  };
}

async function legacyKeyOf(ctx: ProviderContext, db: Database): Promise<LegacyKey> {
  const state = await legacyKeyState(db);
  const on = legacyOn(state, ctx.merchantApiKey);
  return { on, turned_off_at: on ? null : isoTime(state.turned_off_at), last_used_at: isoTime(state.last_used_at) };
}

/** The start-up log's line on the configuration's merchant key: whether it works, with every scope, and what to do instead. */
export async function merchantKeyLine(ctx: ProviderContext): Promise<string> {
  return (await legacyKeyOf(ctx, ctx.db)).on
    ? 'merchant key: MERCHANT_API_KEY (or the generated merchant_api_key) works as an API key with every scope; an owner can create scoped keys in the console (Integrations: API keys) and then turn this one off'
    : 'merchant key: MERCHANT_API_KEY was turned off by an owner; merchant calls need an API key from the console (Integrations: API keys)';
}

/** `merchant/api-keys`: every key, newest first, and the configuration's key. */
export async function apiKeys(ctx: ProviderContext): Promise<ApiKeysData> {
  return { keys: (await listKeys(ctx.db)).map(apiKeyOf), legacy_key: await legacyKeyOf(ctx, ctx.db) };
}

/** `merchant/api-keys/create`: a key with its scopes; its secret in this answer only. At most API_KEYS_MAX not revoked. Audited. */
export async function createKey(ctx: ProviderContext, staff: StaffOfRequest, body: { name: string; scopes: ApiKeyScope[] }): Promise<ApiKeySecretData> {
  const now = ctx.clock.now();
  const made = newSecret();
  const row = await ctx.db.transaction().execute(async (trx) => {
    await lockKeyCreation(trx);
    if ((await countLiveKeys(trx)) >= API_KEYS_MAX) {
      throw new AppError('LIMIT_REACHED', `You have ${API_KEYS_MAX} API keys already: revoke one you no longer use to create another.`, undefined, {
        max: API_KEYS_MAX,
      });
    }
    const row = await insertKey(trx, { name: body.name, scopes: body.scopes, shown: made.shown, hash: made.hash, createdBy: staff.id, now });
    await insertAudit(trx, {
      staffId: staff.id,
      action: 'api_key.create',
      target: `api_key:${row.id}`,
      before: null,
      after: { name: row.name, scopes: row.scopes },
      now,
    });
    return row;
  });
  return { key: apiKeyOf(row), secret: made.secret };
}

/** `merchant/api-keys/rotate`: a new secret; the old one works API_KEY_ROTATION_OVERLAP_HOURS more. Audited. */
export async function rotate(ctx: ProviderContext, staff: StaffOfRequest, id: number): Promise<ApiKeySecretData> {
  const now = ctx.clock.now();
  const made = newSecret();
  const row = await ctx.db.transaction().execute(async (trx) => {
    const key = await lockKey(trx, id);
    if (!key) throw notFound('That API key');
    if (key.revoked_at)
      throw new AppError('INVALID_TRANSITION', `“${key.name}” was revoked: create a new key instead.`, undefined, { revoked_at: key.revoked_at.toISOString() });
    const previousUntil = new Date(now.getTime() + API_KEY_ROTATION_OVERLAP_HOURS * HOUR);
    const row = await rotateKey(trx, id, { shown: made.shown, hash: made.hash, previousHash: key.secret_hash, previousUntil, now });
    await insertAudit(trx, {
      staffId: staff.id,
      action: 'api_key.rotate',
      target: `api_key:${id}`,
      before: { shown: key.shown },
      after: { shown: row.shown, previous_until: previousUntil.toISOString() },
      now,
    });
    return row;
  });
  return { key: apiKeyOf(row), secret: made.secret };
}

/** `merchant/api-keys/revoke`: the key and its previous secret stop working at once. Audited once. */
export async function revoke(ctx: ProviderContext, staff: StaffOfRequest, id: number): Promise<ApiKey> {
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const key = await lockKey(trx, id);
    if (!key) throw notFound('That API key');
    if (key.revoked_at) return apiKeyOf(key);
    const row = await revokeKey(trx, id, now);
    await insertAudit(trx, {
      staffId: staff.id,
      action: 'api_key.revoke',
      target: `api_key:${id}`,
      before: { name: key.name, scopes: key.scopes },
      after: null,
      now,
    });
    return apiKeyOf(row);
  });
}

/** `merchant/api-keys/legacy-off`: the configuration's merchant key stops working. Audited. */
export async function legacyOff(ctx: ProviderContext, staff: StaffOfRequest): Promise<LegacyKey> {
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const before = await legacyKeyOf(ctx, trx);
    if (!before.on) return before;
    await turnLegacyOff(trx, sha256(ctx.merchantApiKey), now);
    await insertAudit(trx, { staffId: staff.id, action: 'api_key.legacy_off', target: 'api_key:merchant', before: { on: true }, after: { on: false }, now });
    return legacyKeyOf(ctx, trx);
  });
}
