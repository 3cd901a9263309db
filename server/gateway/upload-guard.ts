import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { mediaApi } from '#contract/media.calls';
import { staffApi } from '#contract/staff.calls';
import { IMAGE_UPLOAD_BODY_MAX } from '#contract/staff-checks';
import { signedGet, type ProviderCaller } from './boot-data';
import { sendGatewayError } from './envelope';
import { gatewayErrors } from './errors';
import { readSessionToken } from './session';

/** The one call whose body may be larger than the provider's 64 KiB: the console's image upload. */
const UPLOAD_PATH = `/api/${mediaApi.upload.path}`;
const SMALL_BODY = 64 * 1024;

/**
 * A large body is forwarded only once its caller is known (issue #24, item 4): an image upload of up to
 * 2.8 MB announcing more than 64 KiB (or no length at all) goes on only for an owner's staff cookie, as
 * the provider answers who it is (`merchant/auth/session`, signed like every call). Anyone else gets
 * 401 or 403, and a length over the limit 413, before one byte of the body is read. (The provider checks
 * the session again before it parses anything; a request whose body is still to come never reaches it
 * with its headers alone, so this check has to be here.)
 */
export function uploadGuard(o: ProviderCaller & { logger: Logger }): RequestHandler {
  const guard = ownersOnly(o);
  // every request passes here: the others go on at once, without the promise an async handler makes
  return (req, res, next) => {
    if (req.method !== 'POST' || req.path !== UPLOAD_PATH) return next();
    guard(req, res, next).catch(next);
  };
}

function ownersOnly(o: ProviderCaller & { logger: Logger }): (...args: Parameters<RequestHandler>) => Promise<void> {
  return async (req, res, next) => {
    const length = req.get('content-length');
    if (length !== undefined && Number(length) <= SMALL_BODY) return next();
    if (Number(length ?? 0) > IMAGE_UPLOAD_BODY_MAX) {
      return sendGatewayError(res, 'PAYLOAD_TOO_LARGE', gatewayErrors.imageTooLarge, { file: 'must be at most 2 MB' });
    }
    const token = readSessionToken(req, req.secure, 'staff');
    const expired = () => sendGatewayError(res, 'SESSION_EXPIRED', gatewayErrors.sessionExpired);
    if (!token) return expired();
    let role: string | undefined;
    try {
      const answer = await signedGet(o, staffApi.session.path, 5000, token);
      const body = (await answer.json()) as { data?: { staff?: { role?: string } | null } };
      role = body.data?.staff?.role;
    } catch (err) {
      o.logger.warn({ reason: (err as Error).name }, 'upload: the provider could not say who is uploading');
      return sendGatewayError(res, 'BAD_GATEWAY', gatewayErrors.unreachable);
    }
    if (!role) return expired();
    if (role !== 'owner') return sendGatewayError(res, 'ROLE_FORBIDDEN', gatewayErrors.ownerOnly);
    next();
  };
}
