import type { Router } from 'express';
import { boardAdvanceBody, boardCancelBody, boardOrderQuery, counterCodeBody, counterUndoBody } from '#contract/counter';
import type { ProviderContext } from '../context';
import { apiRouter } from '../http/api-router';
import { send } from '../http/envelope';
import { requireStaff, staffOf } from '../http/staff-session';
import { parse } from '../http/validate';
import { advance, board, boardOrder, cancel } from './board.service';
import { withCodeLimit } from './code-limit';
import { lookup, recent, redeem, undo } from './counter.service';

/**
 * The counter and the orders board (merchant/counter/…, merchant/orders/…: any staff member, owners
 * included).
 */
export function counterRoutes(ctx: ProviderContext): Router {
  const r = apiRouter();

  r.post('/merchant/counter/lookup', requireStaff(ctx), async (req, res) => {
    const body = parse(counterCodeBody, req.body);
    send(res, 200, 'The voucher.', { voucher: await withCodeLimit(ctx, staffOf(res), () => lookup(ctx, body.code)) });
  });

  r.post('/merchant/counter/redeem', requireStaff(ctx), async (req, res) => {
    const body = parse(counterCodeBody, req.body);
    const data = await withCodeLimit(ctx, staffOf(res), () => redeem(ctx, staffOf(res), body.code));
    send(res, 201, `Redeemed: ${data.voucher.reward.title}.`, data);
  });

  r.post('/merchant/counter/undo', requireStaff(ctx), async (req, res) => {
    const body = parse(counterUndoBody, req.body);
    send(res, 200, 'The redemption is undone: the voucher can be used again.', await undo(ctx, staffOf(res), body.redemption_id));
  });

  r.get('/merchant/counter/recent', requireStaff(ctx), async (_req, res) => {
    send(res, 200, 'Today’s redemptions.', { redemptions: await recent(ctx) });
  });

  r.get('/merchant/orders/board', requireStaff(ctx), async (_req, res) => {
    send(res, 200, 'The open orders.', await board(ctx));
  });

  r.get('/merchant/orders/detail', requireStaff(ctx), async (req, res) => {
    const q = parse(boardOrderQuery, req.query);
    send(res, 200, 'The order.', { order: await boardOrder(ctx, q.name) });
  });

  r.post('/merchant/orders/advance', requireStaff(ctx), async (req, res) => {
    const body = parse(boardAdvanceBody, req.body);
    const order = await advance(ctx, staffOf(res), body);
    send(res, 200, `Order ${order.name} is ${order.status.replace('_', ' ')}.`, { order });
  });

  r.post('/merchant/orders/cancel', requireStaff(ctx), async (req, res) => {
    const body = parse(boardCancelBody, req.body);
    const order = await cancel(ctx, staffOf(res), body);
    send(res, 200, `Order ${order.name} is cancelled.`, { order });
  });

  return r;
}
