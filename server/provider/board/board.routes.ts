import { boardSpec } from '#contract/board.spec';
import type { Router } from 'express';
import type { ProviderContext } from '../context';
import { mount } from '../http/mount';
import { advance, board, boardOrder, cancel, markPaid } from './board.service';

/** The orders board (merchant/orders/…): any staff member, owners included. */
export function boardRoutes(ctx: ProviderContext): Router {
  return mount(ctx, boardSpec, {
    board: async (q, at) => board(ctx, at.staff(), q),
    detail: async (q, at) => ({ order: await boardOrder(ctx, at.staff(), q.name) }),
    advance: async (body, at) => {
      const order = await advance(ctx, at.staff(), body);
      return at.reply({ order }, `Order ${order.name} is ${order.status.replace('_', ' ')}.`);
    },
    cancel: async (body, at) => {
      const order = await cancel(ctx, at.staff(), body);
      return at.reply({ order }, `Order ${order.name} is cancelled.`);
    },
    markPaid: async (body, at) => {
      const order = await markPaid(ctx, at.staff(), body);
      return at.reply({ order }, `Order ${order.name} is paid.`);
    },
  });
}
