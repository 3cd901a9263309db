import { ordersConsoleSpec, ordersSpec } from '#contract/orders.spec';
import { Router } from 'express';
import type { OrderCreateBody, QuoteBody } from '#contract';
import type { ProviderContext } from '../context';
import { mount } from '../http/mount';
import { sightingsOf } from '../http/device';
import { clientKey } from '../http/client-key';
import { clientIp, guestLocationOf } from '../http/session';
import { getCustomer } from '../accounts/accounts.repo';
import { assertGuestOrder } from '../tables/guests';
import { listOrders, orderAgain, orderDetail, orderSetup, placeOrder } from './orders.service';
import { quoteOrder, tryPricing } from './pricing';
import { merchantSetStatus } from './lifecycle';
import { claimGuestOrder } from './claim';

/**
 * A guest's order (a session from a table's code, tables/guests.ts): refused before pricing when it asks
 * for what a guest may not have; answers the guest's first name (null: a member's order).
 */
async function guestCheck(ctx: ProviderContext, locals: { guestLocationId?: number }, customerId: number, body: QuoteBody | OrderCreateBody) {
  const guestLocation = guestLocationOf({ locals });
  if (guestLocation === null) return null;
  await assertGuestOrder(ctx, guestLocation, body);
  return (await getCustomer(ctx.db, customerId)).name;
}

export function ordersRoutes(ctx: ProviderContext): Router {
  const customerCalls = mount(ctx, ordersSpec, {
    quote: async (body, at) => {
      await guestCheck(ctx, at.res.locals, at.customerId(), body);
      return quoteOrder(ctx, at.customerId(), body, clientKey(clientIp(at.req)));
    },
    create: async (body, at) => {
      const guestName = await guestCheck(ctx, at.res.locals, at.customerId(), body);
      // refused before anything is written (no order, no payment, no stored answer): no payment gateway
      const setup = { ...(await orderSetup(ctx, at.customerId(), body, clientKey(clientIp(at.req)))), guestName };
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
    claim: async (body, at) => claimGuestOrder(ctx, at.customerId(), body.token),
    status: async (body) => ({ order: await merchantSetStatus(ctx, body) }),
  });
  return Router().use(customerCalls, mount(ctx, ordersConsoleSpec, { tryPricing: (body) => tryPricing(ctx, body) }));
}
