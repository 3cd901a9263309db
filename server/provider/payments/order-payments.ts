import { formatMoney } from '#contract/money';
import { paths } from '#contract/routes';
import type { Database } from '../../db';
import type { ProviderContext } from '../context';
import { getMerchant } from '../settings/settings.service';
import { notify } from '../notifications/notify';
import { sayToCustomer } from '../accounts/language';
import { payment as paymentWords } from '../i18n/messages';
import { cancelOrder, markOrderPaid, orderLink } from '../orders/lifecycle';
import { lockOrderById } from '../orders/orders.repo';
import { placeAgain } from '../orders/holds';
import { postWalletEntry } from '../wallet/wallet.ledger';
import { settlePayment, type PaymentRow } from './payments.repo';

/**
 * What a gateway's result does to the order it paid for (called by applyPaymentEvent, inside its
 * transaction, with the payment locked and still pending). Payments calls into orders here; orders
 * never calls back.
 */

/**
 * The gateway took the money for an order. A pending order becomes paid; one let go unpaid when its
 * hold ended is placed again when there is room (orders/holds.ts: its voucher still free, a pickup time
 * with room); if it was cancelled in the meantime otherwise the money is not lost: it goes to the
 * customer's wallet.
 */
export async function orderPaymentSucceeded(trx: Database, ctx: ProviderContext, payment: PaymentRow, providerRef: string | null): Promise<void> {
  const merchant = await getMerchant(trx, ctx.merchantId);
  if (!(await settlePayment(trx, payment.id, 'paid', ctx.clock.now(), providerRef))) return;
  const order = payment.order_id !== null ? await lockOrderById(trx, payment.order_id) : undefined;
  if (order && order.status === 'pending_payment') {
    await markOrderPaid(trx, ctx, merchant, order);
    return;
  }
  if (order && order.status === 'cancelled' && order.hold_released_at !== null && (await placeAgain(trx, ctx, merchant, order))) return;
  const label = order ? `order ${order.name}` : 'a cancelled order';
  await postWalletEntry(trx, ctx.clock, payment.customer_id, {
    type: 'refund',
    amount: payment.amount,
    reason: `Payment for ${label}, which was cancelled`,
    ref: `payment:${payment.id}`,
  });
  const say = await sayToCustomer(trx, merchant.rules, payment.customer_id);
  const amount = formatMoney(payment.amount, merchant.rules.currency, merchant.rules.locale);
  await notify(trx, ctx.clock, payment.customer_id, {
    type: 'order',
    title: say(paymentWords.movedTitle),
    body: order ? say(paymentWords.movedBody, { amount, order: order.name }) : say(paymentWords.movedBodyNoOrder, { amount }),
    link: order ? orderLink(order.name) : paths.profileWallet,
  });
}

/** The gateway declined an order's payment: the pending order is cancelled and its voucher released. */
export async function orderPaymentFailed(trx: Database, ctx: ProviderContext, payment: PaymentRow): Promise<void> {
  const merchant = await getMerchant(trx, ctx.merchantId);
  if (!(await settlePayment(trx, payment.id, 'failed', ctx.clock.now()))) return;
  const order = payment.order_id !== null ? await lockOrderById(trx, payment.order_id) : undefined;
  if (order && order.status === 'pending_payment') await cancelOrder(trx, ctx, merchant, order, 'Payment declined');
}
