import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { ProviderContext } from '../context';
import { AppError } from './errors';

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/** Constant time whatever the lengths: both sides are hashed to 32 bytes before comparing. */
export function merchantKeyMatches(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected)) && given.length > 0;
}

/**
 * Merchant calls (product and order status changes) carry `x-merchant-key` on top of the gateway
 * signature: the signature proves a gateway, the key proves the merchant.
 */
export function requireMerchant(ctx: ProviderContext): RequestHandler {
  return (req, _res, next) => {
    const given = req.get('x-merchant-key') ?? '';
    if (!merchantKeyMatches(given, ctx.merchantApiKey)) {
      return next(new AppError('FORBIDDEN', 'This call needs the merchant key (x-merchant-key).'));
    }
    next();
  };
}
