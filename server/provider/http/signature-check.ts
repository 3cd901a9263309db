import type { RequestHandler } from 'express';
import { sql } from 'kysely';
import type { Database } from '../../db';
import { keptStatement } from '../../db/kept';
import { SECOND } from '../../lib/clock';
import {
  bodySha256,
  CALL_NONCE,
  CALL_NONCE_HEADER,
  CALL_SIGNATURE_HEADER,
  CALL_WINDOW_SECONDS,
  callKey,
  digestsEqual,
  sha256Hex,
  signCall,
  signGatewayCall,
} from '../../lib/signature';
import type { ProviderContext } from '../context';
import { BodyTooLarge, hasBody, readBody } from '../../lib/read-body';
import { AppError } from './errors';
import type { RawBodyRequest } from './raw-body';
import { DEVICE_HEADER } from './device';
import { bearerToken, keepSession, sessionQuery } from './session';

export const SIGNATURE_TOLERANCE_SECONDS = 300;

// a function, not a value: an Error (and its stack trace) on every good call was measurable in the bench
const bad = () => new AppError('BAD_SIGNATURE', 'This call is not signed by a trusted gateway.');

/**
 * Every call must come through a gateway that knows the secret: a valid token-authorization for this
 * provider's base, this path and a timestamp within ±300 s of our clock. Compared in constant time.
 * The contract's check, first, before any body is read; callSignatureCheck follows the body parsers.
 */
export function signatureCheck(ctx: ProviderContext): RequestHandler {
  return (req, _res, next) => {
    const path = req.path.replace(/^\//, '');
    // the payment gateway's webhook carries its own proof (the gateway's signature, checked by its
    // adapter); read per call: the gateway may be connected from the console while the server runs
    if (path === ctx.paymentGateway?.webhookPath) return next();
    const given = req.get('token-authorization') ?? '';
    const platform = req.get('platform') ?? '';
    const timestamp = req.get('timestamp') ?? '';
    if (!given || !platform || !/^\d{1,12}$/.test(timestamp)) return next(bad());
    const skew = Math.abs(ctx.clock.now().getTime() / 1000 - Number(timestamp));
    if (skew > SIGNATURE_TOLERANCE_SECONDS) return next(bad());
    if (platform !== ctx.platform) return next(bad());
    const expected = signCall(ctx.baseUrl(), path, platform, timestamp, ctx.secret);
    if (!digestsEqual(given.toLowerCase(), expected)) return next(bad());
    next();
  };
}

/** A body that is not JSON is read only to be digested; the provider's own limit applies. */
const UNPARSED_BODY_LIMIT = 64 * 1024;

/** How long a nonce is kept: a call is valid ±30 s around its timestamp, so 60 s after it was seen it never is again. */
const NONCE_KEPT_MS = 2 * CALL_WINDOW_SECONDS * SECOND;

/**
 * The gateway's call HMAC (server/lib/signature.ts), after the body parsers (it covers the body's bytes):
 * the method, the path with its query, the client address, the device id and the credentials as they arrived, within
 * 30 s of our clock. A state-changing call's nonce is recorded once in the database (one insert, shared by
 * every instance); a second arrival is refused. Reads (GET, HEAD) change nothing, so they are not
 * recorded: sent again within the 30 s they answer what the first read answered, for the same customer,
 * path, query and address, and every call saves the insert. Expired nonces are deleted here, at most
 * every 30 s per instance, and by the hourly job.
 */
export function callSignatureCheck(ctx: ProviderContext): RequestHandler {
  const key = callKey(ctx.secret);
  let lastPurge = 0;
  return (req, _res, next) => {
    if (req.path.replace(/^\//, '') === ctx.paymentGateway?.webhookPath) return next();
    const given = req.get(CALL_SIGNATURE_HEADER) ?? '';
    const nonce = req.get(CALL_NONCE_HEADER) ?? '';
    const timestamp = req.get('timestamp') ?? '';
    if (!/^[0-9a-f]{64}$/.test(given) || !CALL_NONCE.test(nonce)) return next(bad());
    const now = ctx.clock.now();
    if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > CALL_WINDOW_SECONDS) return next(bad());
    const raw = (req as RawBodyRequest).rawBody;
    // a body no parser read (not JSON): read here, so the digest is of what arrived, and then dropped
    if (raw === undefined && hasBody(req) && !req.readableEnded) {
      readBody(req, UNPARSED_BODY_LIMIT).then(
        (body) => check(body),
        (err: Error) => next(err instanceof BodyTooLarge ? new AppError('PAYLOAD_TOO_LARGE', 'The request body is larger than 64 KiB.') : err),
      );
      return;
    }
    check(raw);

    function check(body: Buffer | undefined): void {
      const expected = signGatewayCall(key, {
        method: req.method,
        target: req.url.replace(/^\/+/, ''),
        platform: req.get('platform') ?? '',
        timestamp,
        nonce,
        forwardedFor: req.get('x-forwarded-for') ?? '',
        authorization: req.get('authorization') ?? '',
        merchantKey: req.get('x-merchant-key') ?? '',
        bodySha256: bodySha256(body),
        device: req.get(DEVICE_HEADER) ?? '',
      });
      if (!digestsEqual(given, expected)) return next(bad());
      if (req.method === 'GET' || req.method === 'HEAD') return next();
      if (now.getTime() - lastPurge > CALL_WINDOW_SECONDS * SECOND) {
        lastPurge = now.getTime();
        purgeCallNonces(ctx.db, now).catch((err: Error) =>
          ctx.logger.warn({ message: err.message }, 'purging old call nonces failed: the next call tries again'),
        );
      }
      // a customer's call: the session its token names is read in the nonce's statement (one round trip, not two)
      const token = bearerToken(req);
      if (!token) return void rememberNonce(ctx.db, nonce, now).then((fresh) => next(fresh ? undefined : bad()), next);
      rememberNonceWithSession(ctx, nonce, now, token).then(({ fresh, session }) => {
        if (!fresh) return next(bad());
        keepSession(req, token, session);
        next();
      }, next);
    }
  };
}

/** The call's nonce written unless seen before (on any instance): `fresh` true the first time, false ever after. */
const nonceInsert = (db: Database, v: { nonce: string; now: Date }) =>
  db
    .insertInto('call_nonces')
    .values({ nonce: v.nonce, seen_at: v.now })
    .onConflict((oc) => oc.column('nonce').doNothing())
    .returning('nonce');

const nonceRemembered = keptStatement(
  (v: { nonce: string; now: Date }, db) => sql<{ fresh: boolean }>`with n as (${nonceInsert(db, v)}) select exists (select 1 from n) as fresh`,
);

/** True the first time a nonce is seen, on any instance; false ever after. */
async function rememberNonce(db: Database, nonce: string, now: Date): Promise<boolean> {
  const { rows } = await nonceRemembered(db, { nonce, now });
  return rows[0]!.fresh;
}

/** rememberNonce, and the session the call's token names (sessionOf's), in one statement. */
const nonceWithSession = keptStatement(
  (v: { nonce: string; now: Date; tokenHash: string }, db) => sql<{
    fresh: boolean;
    id: number | null;
    customer_id: number | null;
    guest_location_id: number | null;
  }>`
    with n as (${nonceInsert(db, v)})
    select exists (select 1 from n) as fresh, s.id, s.customer_id, s.guest_location_id
    from (select 1) as one left join (${sessionQuery(db, v)}) as s on true`,
);

async function rememberNonceWithSession(
  ctx: ProviderContext,
  nonce: string,
  now: Date,
  token: string,
): Promise<{ fresh: boolean; session: { id: number; customer_id: number; guest_location_id: number | null } | null }> {
  const { rows } = await nonceWithSession(ctx.db, { nonce, now, tokenHash: sha256Hex(token) });
  const row = rows[0]!;
  return {
    fresh: row.fresh,
    session: row.id === null || row.customer_id === null ? null : { id: row.id, customer_id: row.customer_id, guest_location_id: row.guest_location_id },
  };
}

/** Deletes the nonces no call can carry any more; answers how many. */
export async function purgeCallNonces(db: Database, now: Date): Promise<number> {
  const r = await db
    .deleteFrom('call_nonces')
    .where('seen_at', '<', new Date(now.getTime() - NONCE_KEPT_MS))
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
