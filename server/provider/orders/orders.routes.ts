import { Router } from 'express';
import { merchantOrderStatusBody, orderCreateBody, orderDetailQuery, pageQuery, quoteBody } from '#contract';
import type { ProviderContext } from '../context';
import { apiRouter } from '../http/api-router';
import { send } from '../http/envelope';
import { customerOf, requireCustomer } from '../http/session';
import { parse } from '../http/validate';
import { requireMerchant } from '../http/merchant-key';
import { createOrder, listOrders, orderDetail } from './orders.service';
import { quoteOrder } from './pricing';
import { merchantSetStatus } from './lifecycle';

export function ordersRoutes(ctx: ProviderContext): Router {
  const r = apiRouter();

  r.post('/order/quote', requireCustomer(ctx), async (req, res) => {
    const body = parse(quoteBody, req.body);
    send(res, 200, 'Order priced.', await quoteOrder(ctx, customerOf(res), body));
  });

  r.post('/order/create', requireCustomer(ctx), async (req, res) => {
    const body = parse(orderCreateBody, req.body);
    // the first answer or its replay, exactly as stored (a stored refusal included)
    const answer = await createOrder(ctx, customerOf(res), body);
    res.status(answer.status).json(answer);
  });

  r.get('/order/list', requireCustomer(ctx), async (req, res) => {
    const q = parse(pageQuery, req.query);
    send(res, 200, 'Orders loaded.', await listOrders(ctx, customerOf(res), q.page ?? 1));
  });

  r.get('/order/detail', requireCustomer(ctx), async (req, res) => {
    const q = parse(orderDetailQuery, req.query);
    send(res, 200, 'Order loaded.', { order: await orderDetail(ctx, customerOf(res), q.name) });
  });

  r.post('/merchant/order/status', requireMerchant(ctx), async (req, res) => {
    const body = parse(merchantOrderStatusBody, req.body);
    send(res, 200, 'Order status changed.', { order: await merchantSetStatus(ctx, body) });
  });

  return r;
}
