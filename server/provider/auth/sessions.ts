import { randomBytes } from 'node:crypto';
import type { Database } from '../../db';
import { DAY } from '../../lib/clock';
import { sha256Hex } from '../../lib/signature';
import type { ProviderContext } from '../context';
import { getMerchant } from '../settings/settings.service';
import { insertSession, revokeSessionRow } from './auth.repo';

/** A fresh secret: 32 random bytes (256 bits) as base64url. Only its SHA-256 is ever stored. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Starts a session for a customer and returns its bearer token (a new one at every sign-in).
 * The database keeps only the token's hash; the session lasts the merchant's `session_days`.
 * Pass the caller's transaction so the session exists exactly when the sign-in does.
 */
export async function createSession(trx: Database, ctx: ProviderContext, customerId: number): Promise<string> {
  const { rules } = await getMerchant(trx, ctx.merchantId);
  const token = newSecretToken();
  const now = ctx.clock.now();
  await insertSession(trx, { tokenHash: sha256Hex(token), customerId, now, expiresAt: new Date(now.getTime() + rules.session_days * DAY) });
  return token;
}

/** Ends one session (logout). Revoking twice changes nothing. */
export async function revokeSession(db: Database, ctx: ProviderContext, sessionId: number): Promise<void> {
  await revokeSessionRow(db, sessionId, ctx.clock.now());
}
