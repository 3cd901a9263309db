import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { ProviderContext } from '../context';
import { AppError } from '../http/errors';
import { errors } from '../i18n/errors';

export const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

/** One key set per JWKS URL for the life of the process: jose caches the keys and refetches on an unknown `kid`. */
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
function keySet(url: string) {
  let set = keySets.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url), { timeoutDuration: 5_000 });
    keySets.set(url, set);
  }
  return set;
}

export interface GoogleIdentity {
  sub: string;
  /** only when Google says the address is verified */
  email: string | null;
  name: string;
}

export const invalidGoogleToken = () => new AppError('INVALID_TOKEN', errors.googleUnverified);

/**
 * Verifies a Google ID token: signature against Google's published keys, audience = our client id,
 * Google as issuer, expiry against the provider's clock. Any failure is 401 INVALID_TOKEN
 * (the reason goes to the debug log, never the token itself).
 */
export async function verifyGoogleIdToken(ctx: ProviderContext, idToken: string): Promise<GoogleIdentity> {
  const clientId = ctx.google.clientId;
  if (!clientId) throw new AppError('NOT_FOUND', errors.googleOff);
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, keySet(ctx.google.jwksUrl), {
      audience: clientId,
      issuer: GOOGLE_ISSUERS,
      algorithms: ['RS256'],
      currentDate: ctx.clock.now(),
      requiredClaims: ['sub', 'exp', 'iat'],
    }));
  } catch (err) {
    ctx.logger.debug({ reason: (err as { code?: string }).code ?? 'unknown' }, 'Google ID token refused');
    throw invalidGoogleToken();
  }
  const sub = typeof payload.sub === 'string' && payload.sub.length > 0 && payload.sub.length <= 255 ? payload.sub : null;
  if (!sub) throw invalidGoogleToken();
  const verified = payload.email_verified === true || payload.email_verified === 'true';
  const rawEmail = typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : '';
  const email = verified && rawEmail && rawEmail.length <= 254 && rawEmail.includes('@') ? rawEmail : null;
  const given = [payload.name, payload.given_name].find((v): v is string => typeof v === 'string' && v.trim().length > 0);
  const name = (given?.trim() ?? email?.split('@')[0] ?? 'Google user').slice(0, 80);
  return { sub, email, name };
}
