import { randomBytes } from 'node:crypto';
import type { Database } from '../../db';
import { DAY, type Clock } from '../../lib/clock';
import { sha256Hex } from '../../lib/signature';
import { countOwners, insertStaffLink } from './staff.repo';

/**
 * The shop's first owner comes from a one-time set-up link the operator makes (`npm run merchant --
 * owner-link`, or a development start that prints one). Kept apart from the staff services (links.service.ts) so the operator's
 * command loads little more than the database: it runs in seconds.
 */

/** In DATA_DIR: where the server last listened (`{"url": "http://127.0.0.1:3000", …}`), so the operator's command names the right port. */
export const LISTENING_FILE = 'server.json';

/** Set-up and invitation links are valid this long, once. */
export const STAFF_LINK_TTL_MS = DAY;

/** A fresh secret: 32 random bytes (256 bits) as base64url. Only its SHA-256 is ever stored. */
export const newLinkToken = () => randomBytes(32).toString('base64url');

/** The console page a one-time link opens: the token after `#`, so it never reaches a server log or a Referer. */
export function consoleLinkUrl(base: string, page: 'setup' | 'invite' | 'reset', token: string): string {
  return `${base.replace(/\/+$/, '')}/merchant/${page}#${token}`;
}

/**
 * A one-time link for the shop's owner: valid 24 h, once. Answers its secret (only its hash is kept);
 * the operator's command and a development start print it as `<base>/merchant/setup#<token>`.
 */
export async function createOwnerSetupLink(db: Database, clock: Clock): Promise<string> {
  const token = newLinkToken();
  const now = clock.now();
  await insertStaffLink(db, {
    tokenHash: sha256Hex(token),
    kind: 'setup',
    role: 'owner',
    email: null,
    createdBy: null,
    now,
    expiresAt: new Date(now.getTime() + STAFF_LINK_TTL_MS),
  });
  return token;
}

export function ownerSetupUrl(base: string, token: string): string {
  return consoleLinkUrl(base, 'setup', token);
}

/** How many owners can sign in now (the operator's command says so before it makes another). */
export function ownerCount(db: Database): Promise<number> {
  return countOwners(db);
}

/**
 * For a development start: a fresh owner set-up link's URL while the shop has no owner yet, else null.
 * `base` is where the browser reaches the gateway (http://127.0.0.1:3000).
 */
export async function ownerSetupUrlIfNoOwner(db: Database, clock: Clock, base: string): Promise<string | null> {
  if ((await countOwners(db)) > 0) return null;
  return ownerSetupUrl(base, await createOwnerSetupLink(db, clock));
}
