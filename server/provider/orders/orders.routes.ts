import { ordersConsoleSpec, ordersSpec } from '#contract/orders.spec';
import { Router } from 'express';
import type { ProviderContext } from '../context';
import { mount } from '../http/mount';
import { sightingsOf } from '../http/device';
import { clientKey } from '../http/client-key';
import { clientIp } from '../http/session';
import { listOrders, orderAgain, orderDetail, orderSetup, placeOrder } from './orders.service';
import { quoteOrder, tryPricing } from './pricing';
import { merchantSetStatus } from './lifecycle';

export function ordersRoutes(ctx: ProviderContext): Router {
  const customerCalls = mount(ctx, ordersSpec, {
    quote: async (body, at) => quoteOrder(ctx, at.customerId(), body, clientKey(clientIp(at.req))),
    create: async (body, at) => {
      // refused before anything is written (no order, no payment, no stored answer): no payment gateway
      const setup = await orderSetup(ctx, at.customerId(), body, clientKey(clientIp(at.req)));
      return at.once(async (trx, key) => {
        const placed = await placeOrder(trx, ctx, setup, at.customerId(), body, sightingsOf(ctx.secret, at.req), {
          key,
          envelope: (data, message) => at.reply(data, message).envelope,
        });
        return at.reply(placed.data, placed.message);
      });
    },
    list: async (q, at) => listOrders(ctx, at.customerId(), q.page ?? 1),
    detail: async (q, at) => ({ order: await orderDetail(ctx, at.customerId(), q.name) }),
    again: async (q, at) => orderAgain(ctx, at.customerId(), q.name),
    status: async (body) => ({ order: await merchantSetStatus(ctx, body) }),
  });
  return Router().use(customerCalls, mount(ctx, ordersConsoleSpec, { tryPricing: (body) => tryPricing(ctx, body) }));
}
