import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { PassStatusData } from '#contract/passes';
import { purposeMac, sha256Hex } from '../../lib/signature';
import type { ProviderContext } from '../context';
import { AppError } from '../http/errors';
import { countUse } from '../http/use-limit';
import { buildApplePass } from './apple-pass';
import { pushAll } from './apns';
import { patchObject, saveLink } from './google-wallet';
import { passContent } from './pass-content';
import { passBuilds, PASS_DOWNLOADS } from './pass-builds';
import type { AppleWalletConfig } from './passes-config';
import {
  claimDue,
  deleteDevice,
  deviceSerialsSince,
  devicesOf,
  ensurePass,
  markGoogleObject,
  passBySerial,
  releaseClaim,
  renewSerial,
  setTokenHash,
  upsertDevice,
} from './passes.repo';

/** 128 random bits: a serial number nobody can guess from another's */
const newSerial = () => randomBytes(16).toString('hex');

/** Where iPhones reach the pass web service: the gateway forwards `<PUBLIC_URL>/api/pass/apple/v1/…` here. */
export const WEB_SERVICE_PATH = 'pass/apple';

function webServiceUrl(ctx: ProviderContext): string | null {
  const origin = ctx.publicUrl()?.replace(/\/$/, '');
  return origin ? `${origin}${ctx.publicApiPrefix}${WEB_SERVICE_PATH}` : null;
}

/** `pass/status`: which wallet buttons the app shows. Apple's needs the shop's public origin too (its web service). */
export function passStatus(ctx: ProviderContext): PassStatusData {
  return { apple: Boolean(ctx.passes.apple && webServiceUrl(ctx)), google: Boolean(ctx.passes.google) };
}

const unavailable = (which: string) => new AppError('NOT_FOUND', `${which} cards are not offered by this shop.`);

/** The customer's pass row, made on first use (two at once: one row, the other reads it). */
function passOf(ctx: ProviderContext, customerId: number) {
  return ensurePass(ctx.db, customerId, newSerial(), ctx.clock.now());
}

/**
 * A pass's authentication token: an HMAC of its serial under a key derived from the provider's secret,
 * so every download of the customer's one pass carries the same token, and a copy already in Wallet (on
 * another device, synced through iCloud, or added before) keeps its updates. Only its hash is kept, as
 * the web service checks it (a pass made before the token was derived keeps its own until downloaded
 * again). Unguessable without the secret; another serial's token says nothing of this one.
 */
const passToken = (ctx: ProviderContext, serial: string) => purposeMac(ctx.secret, 'wallet-pass-token', serial).subarray(0, 24).toString('base64url');

/** `pass/apple`: the customer's signed .pkpass, within the limits of pass-builds.ts (429 beyond them). */
export async function applePassFor(ctx: ProviderContext, customerId: number): Promise<{ bytes: Buffer; changedAt: Date }> {
  const config = ctx.passes.apple;
  const url = webServiceUrl(ctx);
  if (!config || !url) throw unavailable('Apple Wallet');
  // counted before any work: a customer's downloads an hour (every instance), then this instance's turn
  await countUse(ctx.db, PASS_DOWNLOADS, `customer:${customerId}`, ctx.clock.now());
  return passBuilds.run(() => buildFor(ctx, config, url, customerId));
}

async function buildFor(ctx: ProviderContext, config: AppleWalletConfig, url: string, customerId: number): Promise<{ bytes: Buffer; changedAt: Date }> {
  const pass = await passOf(ctx, customerId);
  const token = passToken(ctx, pass.serial);
  if (pass.auth_token_hash !== sha256Hex(token)) await setTokenHash(ctx.db, customerId, sha256Hex(token));
  const bytes = await buildApplePass(config, await passContent(ctx, customerId), { serial: pass.serial, token, webServiceUrl: url });
  return { bytes, changedAt: pass.changed_at };
}

/** `pass/google`: the "Save to Google Wallet" link; from now on the object's points are kept up to date. */
export async function googleLinkFor(ctx: ProviderContext, customerId: number): Promise<{ url: string }> {
  const config = ctx.passes.google;
  if (!config) throw unavailable('Google Wallet');
  const pass = await passOf(ctx, customerId);
  // the link carries what the pass shows now: updates are owed from this version on
  await markGoogleObject(ctx.db, customerId, pass.version);
  return { url: await saveLink(config, ctx.merchantId, pass.serial, await passContent(ctx, customerId), ctx.publicUrl()?.replace(/\/$/, ''), ctx.clock.now()) };
}

/**
 * `pass/revoke`: the customer's wallet cards turned off (a lost phone). The pass gets a new serial (its
 * token is derived from it, so the old token names nothing: the web service refuses the old pass's
 * update, download and registration), its devices are forgotten, and `revocations` goes up, which signs
 * the fixed member code anew (the old card's finds nobody at the counter). The next `pass/apple` or
 * `pass/google` makes a new card.
 */
export async function revokePasses(ctx: ProviderContext, customerId: number): Promise<{ revoked: boolean }> {
  return ctx.db.transaction().execute(async (trx) => ({ revoked: await renewSerial(trx, customerId, newSerial()) }));
}

// ---------------------------------------------------------------------------------------------
// The pass web service (Apple's protocol), under pass/apple/v1/
// ---------------------------------------------------------------------------------------------

const notFound = () => new AppError('NOT_FOUND', 'There is no such pass.');

/** The pass a device names, checked against `Authorization: ApplePass <token>`: unknown 404, a wrong token 401. */
async function authorised(ctx: ProviderContext, passTypeId: string, serial: string, authorization: string | undefined) {
  const config = ctx.passes.apple;
  if (!config || passTypeId !== config.passTypeId || !/^[0-9a-f]{32}$/.test(serial)) throw notFound();
  const pass = await passBySerial(ctx.db, serial);
  if (!pass) throw notFound();
  const token = /^ApplePass (\S{16,200})$/.exec(authorization ?? '')?.[1];
  const given = Buffer.from(sha256Hex(token ?? ''));
  const kept = Buffer.from(pass.auth_token_hash ?? '');
  if (!token || kept.length !== given.length || !timingSafeEqual(kept, given))
    throw new AppError('FORBIDDEN', 'This pass’s authentication token is not right.');
  return { pass, token };
}

const DEVICE_ID = /^[\w.-]{1,128}$/;
const checkDevice = (device: string) => {
  if (!DEVICE_ID.test(device)) throw notFound();
};

/** Registers a device for a pass's updates: 201 the first time, 200 again (its push token renewed). */
export async function registerDevice(
  ctx: ProviderContext,
  a: { device: string; passTypeId: string; serial: string; authorization: string | undefined; pushToken: unknown },
): Promise<201 | 200> {
  checkDevice(a.device);
  const { pass } = await authorised(ctx, a.passTypeId, a.serial, a.authorization);
  if (typeof a.pushToken !== 'string' || !/^[0-9a-fA-F]{16,200}$/.test(a.pushToken))
    throw new AppError('VALIDATION', 'Give the device’s push token.', { pushToken: 'must be the hex push token' });
  const fresh = await upsertDevice(ctx.db, { device: a.device, serial: pass.serial, pushToken: a.pushToken, now: ctx.clock.now() });
  return fresh ? 201 : 200;
}

export async function unregisterDevice(
  ctx: ProviderContext,
  a: { device: string; passTypeId: string; serial: string; authorization: string | undefined },
): Promise<void> {
  checkDevice(a.device);
  const { pass } = await authorised(ctx, a.passTypeId, a.serial, a.authorization);
  await deleteDevice(ctx.db, a.device, pass.serial);
}

/** The serial numbers of a device's passes changed since `since` (a version, our lastUpdated tag); null: none. */
export async function serialsSince(
  ctx: ProviderContext,
  a: { device: string; passTypeId: string; since: unknown },
): Promise<{ serialNumbers: string[]; lastUpdated: string } | null> {
  checkDevice(a.device);
  if (!ctx.passes.apple || a.passTypeId !== ctx.passes.apple.passTypeId) throw notFound();
  const since = typeof a.since === 'string' && /^\d{1,15}$/.test(a.since) ? Number(a.since) : 0;
  const rows = await deviceSerialsSince(ctx.db, a.device, since);
  if (rows.length === 0) return null;
  return { serialNumbers: rows.map((r) => r.serial), lastUpdated: String(Math.max(...rows.map((r) => r.version))) };
}

/** The latest pass (null: not changed since `If-Modified-Since`), made with the token the device holds. */
export async function latestPass(
  ctx: ProviderContext,
  a: { passTypeId: string; serial: string; authorization: string | undefined; ifModifiedSince: string | undefined },
): Promise<{ bytes: Buffer; changedAt: Date } | null> {
  const { pass, token } = await authorised(ctx, a.passTypeId, a.serial, a.authorization);
  const since = a.ifModifiedSince ? Date.parse(a.ifModifiedSince) : NaN;
  if (!Number.isNaN(since) && Math.floor(pass.changed_at.getTime() / 1000) <= Math.floor(since / 1000)) return null;
  const bytes = await buildApplePass(ctx.passes.apple!, await passContent(ctx, pass.customer_id), {
    serial: pass.serial,
    token,
    webServiceUrl: webServiceUrl(ctx)!,
  });
  return { bytes, changedAt: pass.changed_at };
}

// ---------------------------------------------------------------------------------------------
// The push job
// ---------------------------------------------------------------------------------------------

const BATCH = 50;

/**
 * Passes whose content changed since their last push (the trigger moved `version`): Apple devices get
 * ONE empty push each, Google objects a PATCH of their points. The rows are claimed in a short transaction
 * (`for update skip locked`, marked pushed at once), so two instances never take the same change, and
 * sent after it; a failure gives the claim back (the next run tries again); APNs' 410 unregisters the device.
 */
export async function pushPassUpdates(ctx: ProviderContext): Promise<{ apple: number; google: number }> {
  let apple = 0;
  let google = 0;
  if (ctx.passes.apple) {
    const config = ctx.passes.apple;
    const claimed = await ctx.db.transaction().execute((trx) => claimDue(trx, 'apple', BATCH));
    for (const p of claimed) {
      const devices = await devicesOf(ctx.db, p.serial);
      const outcomes = await pushAll(config, [...new Set(devices.map((d) => d.push_token))]);
      const gone = devices.filter((d) => outcomes.get(d.push_token) === 'gone');
      for (const d of gone) await deleteDevice(ctx.db, d.device_id, p.serial);
      apple += [...outcomes.values()].filter((o) => o === 'sent').length;
      if ([...outcomes.values()].includes('failed')) {
        ctx.logger.warn({ serial: p.serial.slice(0, 6) }, 'apple wallet: a push failed; tried again on the next run');
        await releaseClaim(ctx.db, 'apple', p.customer_id, p);
      }
    }
  }
  if (ctx.passes.google) {
    const config = ctx.passes.google;
    const claimed = await ctx.db.transaction().execute((trx) => claimDue(trx, 'google', BATCH));
    for (const p of claimed) {
      const outcome = await patchObject(config, ctx.merchantId, p.serial, await passContent(ctx, p.customer_id), ctx.clock.now()).catch((err: Error) => {
        ctx.logger.warn({ message: err.message }, 'google wallet: the update failed; tried again on the next run');
        return 'failed' as const;
      });
      if (outcome === 'patched') google += 1;
      if (outcome === 'failed') await releaseClaim(ctx.db, 'google', p.customer_id, p);
    }
  }
  return { apple, google };
}
