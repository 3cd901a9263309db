import type { Request, RequestHandler } from 'express';
import { menuMachineApi } from '#contract/menu.calls';
import { ordersApi } from '#contract/orders.calls';
import type { ProviderContext } from '../context';
import { insertAudit } from './staff.repo';

/**
 * What a machine-key change is called in the activity log, and what it changed: the calls under
 * `merchant/` that take x-merchant-key (http/merchant-key.ts). The target and the name people know it by
 * come from the body and the answer (a product's name; an order is its number).
 */
const MACHINE_CALLS: Record<string, { action: string; target: (body: Record<string, unknown>) => string | null }> = {
  [`/${menuMachineApi.updateProduct.path}`]: {
    action: 'product.update',
    target: (b) => (b.product_id !== undefined ? `product:${String(b.product_id)}` : null),
  },
  [`/${ordersApi.status.path}`]: { action: 'order.status', target: (b) => (typeof b.name === 'string' ? `order:${b.name}` : null) },
};

async function record(ctx: ProviderContext, req: Request, call: (typeof MACHINE_CALLS)[string], answer: unknown): Promise<void> {
  const body = (req.body ?? {}) as Record<string, unknown>;
  const data = (answer as { data?: { product?: { name?: unknown } } } | null)?.data;
  await insertAudit(ctx.db, {
    staffId: null,
    actor: 'machine',
    action: call.action,
    target: call.target(body),
    before: null,
    after: { ...body, ...(typeof data?.product?.name === 'string' ? { product_name: data.product.name } : {}) },
    now: ctx.clock.now(),
  });
}

/**
 * Every change made with the machine key (a point-of-sale system) is in the activity log, as the
 * machine, like a change made in the console: a call that succeeded (which only a right key can) is
 * recorded before its answer leaves. Mounted before the routes (app.ts); a refusal records nothing.
 */
export function machineActivity(ctx: ProviderContext): RequestHandler {
  return (req, res, next) => {
    const call = req.method === 'POST' ? MACHINE_CALLS[req.path] : undefined;
    if (!call) return next();
    const json = res.json.bind(res);
    res.json = (answer: unknown) => {
      if (res.statusCode >= 400) return json(answer);
      record(ctx, req, call, answer).then(
        () => json(answer),
        (err: Error) => {
          ctx.logger.error({ message: err.message, path: req.path }, 'activity: a machine-key change could not be recorded');
          json(answer);
        },
      );
      return res;
    };
    next();
  };
}
