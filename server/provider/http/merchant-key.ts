import type { ApiKeyScope } from '#contract/api-key-rules';
import type { RequestHandler, Response } from 'express';
import type { KeyCaller } from '../api-key-port';
import type { ProviderContext } from '../context';

/**
 * Merchant calls (a till's or another system's: product and order status changes) carry an API key in
 * `x-merchant-key` on top of the gateway signature: the signature proves a gateway, the key the merchant.
 * The key is checked through the MerchantKeyPort (api-key-port.ts): an owner's key with the call's scope,
 * or the configuration's merchant key while it is on; 403 FORBIDDEN otherwise, 429 past a key's calls per
 * minute. Once the call has answered, its line goes into Activity (which key, which call, its status).
 */
export function requireMerchant(ctx: ProviderContext, call: { path: string; scope?: ApiKeyScope | undefined }): RequestHandler {
  return (req, res, next) => {
    ctx.merchantKeys.authorize(ctx.db, req.get('x-merchant-key') ?? '', call.scope).then((caller) => {
      res.locals.keyCaller = caller;
      res.on('finish', () => {
        ctx.merchantKeys
          .record(ctx.db, caller, { method: req.method, path: call.path, status: res.statusCode })
          .catch((err: unknown) => ctx.logger.error({ err }, 'an API key call could not be written to Activity'));
      });
      next();
    }, next);
  };
}

/** The key a merchant call was made with (requireMerchant checked it). */
export function keyCallerOf(res: Response): KeyCaller {
  const caller = res.locals.keyCaller as KeyCaller | undefined;
  if (!caller) throw new Error('keyCallerOf: not a merchant call');
  return caller;
}
