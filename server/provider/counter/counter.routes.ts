import type { Router } from 'express';
import { counterCodeBody, counterUndoBody, voucherCodeQuery } from '#contract/counter';
import type { ProviderContext } from '../context';
import { apiRouter } from '../http/api-router';
import { send } from '../http/envelope';
import { customerOf, requireCustomer } from '../http/session';
import { requireStaff, staffOf } from '../http/staff-session';
import { parse } from '../http/validate';
import { withCodeLimit } from './code-limit';
import { lookup, recent, redeem, undo, voucherCode } from './counter.service';

/**
 * The counter (merchant/counter/…: any staff member, owners included) and the customer's rotating
 * voucher code (reward/voucher/code).
 */
export function counterRoutes(ctx: ProviderContext): Router {
  const r = apiRouter();

  r.get('/reward/voucher/code', requireCustomer(ctx), async (req, res) => {
    const q = parse(voucherCodeQuery, req.query);
    res.setHeader('cache-control', 'no-store');
    send(res, 200, 'Your voucher’s code for the counter.', await voucherCode(ctx, customerOf(res), q.id));
  });

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

  return r;
}
