import { importPKCS8, SignJWT } from 'jose';
import type { GoogleWalletConfig } from './passes-config';
import type { PassContent } from './pass-content';

const SAVE_URL = 'https://pay.google.com/gp/v/save/';
const SCOPE = 'https://www.googleapis.com/auth/wallet_object.issuer';
const TIMEOUT_MS = 10_000;

/** The ids Google Wallet knows the shop's class and a customer's object by: `<issuer>.<suffix>` (letters, digits, `.`, `_`, `-`). */
export const classIdOf = (config: GoogleWalletConfig, merchantId: string) => `${config.issuerId}.${merchantId.replace(/[^\w.-]/g, '_')}-members`;
export const objectIdOf = (config: GoogleWalletConfig, serial: string) => `${config.issuerId}.${serial}`;

/** The loyalty object as Google Wallet shows it: the points, the member's name and tier, the member code's QR. */
export function loyaltyObject(config: GoogleWalletConfig, merchantId: string, serial: string, c: PassContent) {
  return {
    id: objectIdOf(config, serial),
    classId: classIdOf(config, merchantId),
    state: 'ACTIVE',
    accountId: serial,
    accountName: c.name,
    loyaltyPoints: { label: 'Points', balance: { int: c.points } },
    ...(c.stamps ? { secondaryLoyaltyPoints: { label: c.stamps.name, balance: { string: `${c.stamps.stamps}/${c.stamps.needed}` } } } : {}),
    barcode: { type: 'QR_CODE', value: c.memberCode },
    hexBackgroundColor: c.background,
    ...(c.tier ? { textModulesData: [{ id: 'tier', header: 'Tier', body: c.tier }] } : {}),
  };
}

/** The shop's loyalty class, sent inside the save link (Google makes it the first time). */
function loyaltyClass(config: GoogleWalletConfig, merchantId: string, c: PassContent) {
  return {
    id: classIdOf(config, merchantId),
    issuerName: c.shopName,
    programName: `${c.shopName} members`,
    reviewStatus: 'UNDER_REVIEW',
    hexBackgroundColor: c.background,
    ...(c.logoUrl ? { programLogo: { sourceUri: { uri: c.logoUrl } } } : {}),
  };
}

async function keyOf(config: GoogleWalletConfig) {
  return importPKCS8(config.privateKey, 'RS256');
}

/**
 * The "Save to Google Wallet" link: `https://pay.google.com/gp/v/save/<jwt>`, the JWT signed (RS256) with
 * the service account's key, `iss` its e-mail, `aud` google, `typ` savetowallet, carrying the class and
 * the customer's loyalty object. `origins`: where the button may be shown (the shop's origin).
 */
export async function saveLink(
  config: GoogleWalletConfig,
  merchantId: string,
  serial: string,
  c: PassContent,
  origin: string | undefined,
  now: Date,
): Promise<string> {
  const jwt = await new SignJWT({
    typ: 'savetowallet',
    origins: origin ? [origin] : [],
    payload: { loyaltyClasses: [loyaltyClass(config, merchantId, c)], loyaltyObjects: [loyaltyObject(config, merchantId, serial, c)] },
  })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(config.clientEmail)
    .setAudience('google')
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .sign(await keyOf(config));
  return SAVE_URL + jwt;
}

const tokens = new WeakMap<GoogleWalletConfig, { token: string; until: number }>();

/** An OAuth 2.0 access token for the Wallet API: the service account's signed assertion, exchanged (kept until a minute before it ends). */
async function accessToken(config: GoogleWalletConfig, now: Date): Promise<string> {
  const kept = tokens.get(config);
  if (kept && kept.until > now.getTime()) return kept.token;
  const seconds = Math.floor(now.getTime() / 1000);
  const assertion = await new SignJWT({ scope: SCOPE })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(config.clientEmail)
    .setAudience(config.tokenUrl)
    .setIssuedAt(seconds)
    .setExpirationTime(seconds + 3600)
    .sign(await keyOf(config));
  const res = await fetch(config.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`google wallet: the token request answered ${res.status}`);
  const body = (await res.json()) as { access_token?: unknown; expires_in?: unknown };
  if (typeof body.access_token !== 'string') throw new Error('google wallet: the token answer has no access_token');
  const lifetime = typeof body.expires_in === 'number' ? body.expires_in : 3600;
  tokens.set(config, { token: body.access_token, until: now.getTime() + Math.max(0, lifetime - 60) * 1000 });
  return body.access_token;
}

/** What a PATCH came to: done, the object is not in Google Wallet (never saved: nothing to update), or a failure to retry. */
export type PatchOutcome = 'patched' | 'absent' | 'failed';

/** Updates a saved loyalty object's points (and what else it shows) through the Wallet API. */
export async function patchObject(config: GoogleWalletConfig, merchantId: string, serial: string, c: PassContent, now: Date): Promise<PatchOutcome> {
  const object = loyaltyObject(config, merchantId, serial, c);
  const body = {
    loyaltyPoints: object.loyaltyPoints,
    accountName: object.accountName,
    ...(object.secondaryLoyaltyPoints ? { secondaryLoyaltyPoints: object.secondaryLoyaltyPoints } : {}),
    ...(object.textModulesData ? { textModulesData: object.textModulesData } : {}),
  };
  const res = await fetch(`${config.apiBase}loyaltyObject/${encodeURIComponent(object.id)}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${await accessToken(config, now)}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  await res.body?.cancel();
  if (res.ok) return 'patched';
  return res.status === 404 ? 'absent' : 'failed';
}
