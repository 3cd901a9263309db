import { receiptsSpec } from '#contract/receipts.spec';
import { Router } from 'express';
import type { ProviderContext } from '../context';
import { clientKey } from '../http/client-key';
import { mount } from '../http/mount';
import { clientIp } from '../http/session';
import { chooseReceipts, getReceiptSettings, viewReceipt } from './receipts.service';

/** Receipts: the customer's choice (`receipt/settings…`) and the receipt behind its signed link (`receipt`, anyone). */
export function receiptsRoutes(ctx: ProviderContext): Router {
  return Router().use(
    mount(ctx, receiptsSpec, {
      settings: (_, at) => getReceiptSettings(ctx, at.customerId()),
      choose: (body, at) => chooseReceipts(ctx, at.customerId(), body.receipts),
      view: (query, at) => viewReceipt(ctx, query.token, clientKey(clientIp(at.req))),
    }),
  );
}
