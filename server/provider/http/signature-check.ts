import type { RequestHandler } from 'express';
import { digestsEqual, signCall } from '../../lib/signature';
import type { ProviderContext } from '../context';
import { AppError } from './errors';

export const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * Every call must come through a gateway that knows the secret: a valid token-authorization for this
 * provider's base, this path and a timestamp within ±300 s of our clock. Compared in constant time.
 */
export function signatureCheck(ctx: ProviderContext): RequestHandler {
  // the payment gateway's webhook carries its own proof (the gateway's signature, checked by its adapter)
  const unsigned = ctx.paymentGateway?.webhookPath;
  return (req, _res, next) => {
    const path = req.path.replace(/^\//, '');
    if (path === unsigned) return next();
    const given = req.get('token-authorization') ?? '';
    const platform = req.get('platform') ?? '';
    const timestamp = req.get('timestamp') ?? '';
    // a function, not a value: an Error (and its stack trace) on every good call was measurable in the bench
    const bad = () => new AppError('BAD_SIGNATURE', 'This call is not signed by a trusted gateway.');
    if (!given || !platform || !/^\d{1,12}$/.test(timestamp)) return next(bad());
    const skew = Math.abs(ctx.clock.now().getTime() / 1000 - Number(timestamp));
    if (skew > SIGNATURE_TOLERANCE_SECONDS) return next(bad());
    if (platform !== ctx.platform) return next(bad());
    const expected = signCall(ctx.baseUrl(), path, platform, timestamp, ctx.secret);
    if (!digestsEqual(given.toLowerCase(), expected)) return next(bad());
    next();
  };
}
