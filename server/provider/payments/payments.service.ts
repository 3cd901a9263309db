import { randomUUID } from 'node:crypto';
import type { ProviderContext } from '../context';
import type { Database } from '../../db';
import { AppError, notFound } from '../http/errors';
import type { StoredAnswer } from '../http/idempotency';
import { getMerchant } from '../settings/settings.service';
import { notify } from '../notifications/notify';
import { postWalletEntry } from '../wallet/wallet.ledger';
import { queuePurchaseReceipts } from '../receipts/receipts.service';
import { topupReturnPaths } from '../wallet/wallet.service';
import {
  findCustomerPayment,
  insertDispute,
  insertGatewayRefund,
  lockPayment,
  orderOf,
  paymentIdOfRef,
  recordRefunded,
  recordWebhookEvent,
  setCardFingerprint,
  refundedByTheShop,
  settlePayment,
  type PaymentRow,
} from './payments.repo';
import { lockCustomer } from '../accounts/accounts.repo';
import { insertAudit } from '../staff/staff.repo';
import { orderPaymentFailed, orderPaymentSucceeded } from './order-payments';
import { takeBackRefundedOrder } from '../orders/refunded';
import { giftCardPaymentResult, takeBackGiftCardPayment } from '../gift-cards/gift-cards.service';
import { signWebhook, WEBHOOK_SIGNATURE_HEADER, type WebhookEvent } from './sandbox';
import type { PaymentEvent, WebhookHeaders } from '../payment-gateway';
import type { SandboxPage } from './sandbox-page';
import { formatMoney } from '#contract/money';
import { paths, to } from '#contract/routes';
import { paymentIdParam, type SandboxCompleteBody, type SandboxCompleteData, type WebhookData } from '#contract/payments';
import { cardSetupCompleted, completeSandboxCardSetup, sandboxCardSetup } from './saved-cards.service';
import { sayToCustomer } from '../accounts/language';
import { payment as paymentWords, wallet } from '../i18n/messages';

/**
 * A webhook from the payment gateway: its adapter checks the signature (nothing changes unless it is
 * valid and fresh) and reads the event; an event the adapter has no use for is answered 200, so the
 * gateway does not send it again.
 */
export async function receiveWebhook(ctx: ProviderContext, raw: Buffer | string | undefined, headers: WebhookHeaders): Promise<StoredAnswer<WebhookData>> {
  const gateway = ctx.paymentGateway;
  if (!gateway) throw notFound('Payment gateway');
  const event = gateway.parseWebhook(raw, headers, ctx.clock.now().getTime());
  if (!event) return { status: 200, message: 'Nothing to do for this event.', data: { event_id: null, applied: false } };
  if (event.type === 'card.setup_completed') return cardSetupCompleted(ctx, event);
  return applyPaymentEvent(ctx, event);
}

/**
 * A payment result, whichever gateway sent it. In ONE transaction: the event id is recorded (seen
 * before → already processed, nothing changes), the payment is locked, its amount and currency
 * compared with the event's, and its effect applied only while it is still pending, so replays,
 * duplicates and out-of-order deliveries (a failure after a success) change nothing. Refunds and
 * disputes reported after the payment are recorded once each (refunded, disputed).
 */
export async function applyPaymentEvent(ctx: ProviderContext, event: PaymentEvent): Promise<StoredAnswer<WebhookData>> {
  const { rules } = await getMerchant(ctx.db, ctx.merchantId);
  const done = (applied: boolean, message: string): StoredAnswer<WebhookData> => ({ status: 200, message, data: { event_id: event.id, applied } });
  // a dispute names the gateway's reference only
  const paymentId = event.payment_id ?? (event.provider_ref ? await paymentIdOfRef(ctx.db, event.provider_ref) : undefined);
  const log = { event_id: event.id, payment_id: paymentId ?? null, provider_ref: event.provider_ref, gateway: ctx.paymentGateway?.name };
  if (!paymentId) {
    ctx.logger.warn(log, 'webhook for an unknown payment');
    return done(false, 'Unknown payment; the event was ignored.');
  }
  return ctx.db.transaction().execute(async (trx) => {
    const now = ctx.clock.now();
    if (!(await recordWebhookEvent(trx, { id: event.id, paymentId, type: event.type, at: now }))) {
      return done(false, 'This event was processed already.');
    }
    const payment = await lockPayment(trx, paymentId);
    if (!payment) {
      ctx.logger.warn(log, 'webhook for an unknown payment');
      return done(false, 'Unknown payment; the event was recorded and ignored.');
    }
    // a dispute may be for part of the payment; every other event is for all of it
    if (event.type === 'payment.disputed' ? event.amount <= 0 || event.amount > payment.amount : payment.amount !== event.amount) {
      ctx.logger.warn({ ...log, expected: payment.amount, got: event.amount }, 'webhook amount does not match the payment');
      return done(false, 'The amount does not match the payment; the event was recorded and ignored.');
    }
    if (event.currency !== null && event.currency !== rules.currency) {
      ctx.logger.warn({ ...log, expected: rules.currency, got: event.currency }, 'webhook currency does not match the payment');
      return done(false, 'The currency does not match the payment; the event was recorded and ignored.');
    }
    if (event.type === 'payment.refunded') return refunded(trx, ctx, payment, event, done);
    if (event.type === 'payment.disputed') return disputed(trx, ctx, payment, event, done);
    if (payment.status !== 'pending') return done(false, `The payment is ${payment.status} already; nothing changed.`);
    const succeeded = event.type === 'payment.succeeded';
    if (succeeded && event.card_fingerprint) await setCardFingerprint(trx, payment.id, event.card_fingerprint);
    if (payment.kind === 'topup') await settleTopup(trx, ctx, payment, succeeded, event.provider_ref);
    else if (payment.kind === 'gift_card') {
      if (await settlePayment(trx, payment.id, succeeded ? 'paid' : 'failed', ctx.clock.now(), event.provider_ref))
        await giftCardPaymentResult(trx, ctx, payment.gift_card_id!, succeeded);
    } else if (succeeded) await orderPaymentSucceeded(trx, ctx, payment, event.provider_ref);
    else await orderPaymentFailed(trx, ctx, payment);
    return done(true, succeeded ? 'Payment recorded as paid.' : 'Payment recorded as failed.');
  });
}

type Done = (applied: boolean, message: string) => StoredAnswer<WebhookData>;

/** What the shop's Activity names a payment by: its order, or the top-up. */
async function targetOf(trx: Database, payment: PaymentRow): Promise<{ target: string; order: string | null }> {
  if (payment.kind === 'gift_card') return { target: `gift-card:${payment.gift_card_id}`, order: null };
  const order = await orderOf(trx, payment);
  return order ? { target: `order:${order.name}`, order: order.name } : { target: `topup:${payment.id}`, order: null };
}

/**
 * The gateway gave money back: a refund made at the gateway (in Stripe's Dashboard), or this shop's own
 * refund of a cancelled order confirmed. A refund can arrive before the payment's own success (gateways
 * do not order their deliveries): then nothing is recorded and the answer is 409, so the gateway
 * delivers it again later. Each increase of the running total is recorded once (gateway_refunds); a
 * refunded top-up's money is taken back out of the wallet as far as the balance allows (an `adjust`
 * entry; the rest, already spent, is the shortfall the owner sees), and the customer is told. A refund
 * made at the gateway goes in the shop's Activity.
 */
async function refunded(trx: Database, ctx: ProviderContext, payment: PaymentRow, event: PaymentEvent, done: Done): Promise<StoredAnswer<WebhookData>> {
  if (payment.status === 'pending') throw new AppError('CONFLICT', 'The payment is not settled yet; send this refund again later.');
  if (payment.status !== 'paid') return done(false, `The payment is ${payment.status}; there was nothing to refund.`);
  const total = Math.min(payment.amount, Math.max(payment.refunded_amount, event.refunded_amount ?? payment.amount));
  if (total === payment.refunded_amount) return done(false, 'This refund was recorded already.');
  const amount = total - payment.refunded_amount;
  const now = ctx.clock.now();
  await recordRefunded(trx, payment.id, total);
  // a cancelled order refunded by this shop (refunds.ts): the gateway confirms it, nothing more to do
  const ours = payment.order_id !== null && (await refundedByTheShop(trx, payment.order_id));
  let walletTakenBack = 0;
  if (payment.kind === 'topup') walletTakenBack = await takeBackTopup(trx, ctx, payment, amount);
  if (payment.kind === 'gift_card') walletTakenBack = await takeBackGiftCardPayment(trx, ctx, payment.gift_card_id!, amount);
  // a refund made at the gateway: the order keeps nothing it earned (orders/refunded.ts)
  const earnings = !ours && payment.kind === 'order' && payment.order_id !== null ? await takeBackRefundedOrder(trx, ctx, payment.order_id) : null;
  await insertGatewayRefund(trx, { payment_id: payment.id, event_id: event.id, amount, wallet_taken_back: walletTakenBack, ours, created_at: now });
  if (!ours) {
    const { target, order } = await targetOf(trx, payment);
    await insertAudit(trx, {
      staffId: null,
      action: 'payment.refunded',
      target,
      before: { refunded: payment.refunded_amount },
      after: {
        refunded: total,
        amount,
        by: ctx.paymentGateway?.name ?? 'the payment gateway',
        customer_id: payment.customer_id,
        kind: payment.kind,
        order,
        ...(earnings?.voided ? { points_voided: earnings.voided } : {}),
        ...(earnings?.taken ? { points_taken_back: earnings.taken } : {}),
        ...(earnings?.shortfall ? { points_not_taken_back: earnings.shortfall } : {}),
        ...(earnings?.vouchers.length ? { vouchers_cancelled: earnings.vouchers.map((v) => v.id) } : {}),
        ...(earnings?.stamps ? { stamps_taken_back: earnings.stamps } : {}),
        ...(earnings?.kept.length ? { kept: earnings.kept } : {}),
        ...(payment.kind === 'gift_card' ? { gift_card_id: payment.gift_card_id, wallet_taken_back: walletTakenBack } : {}),
        ...(payment.kind === 'topup' ? { wallet_taken_back: walletTakenBack, not_taken_back: amount - walletTakenBack } : {}),
      },
      now,
    });
  }
  ctx.logger.warn(
    {
      event_id: event.id,
      payment_id: payment.id,
      kind: payment.kind,
      amount: payment.amount,
      refunded: amount,
      refunded_total: total,
      wallet_taken_back: walletTakenBack,
      ours,
    },
    ours ? 'the payment gateway confirmed the refund of a cancelled order' : 'the payment gateway refunded a payment: recorded, in the Activity',
  );
  return done(true, 'Refund recorded.');
}

/** A top-up refunded at the gateway: its money out of the wallet as far as the balance allows; answers what was taken. */
async function takeBackTopup(trx: Database, ctx: ProviderContext, payment: PaymentRow, amount: number): Promise<number> {
  const { rules } = await getMerchant(trx, ctx.merchantId);
  const money = (n: number) => formatMoney(n, rules.currency, rules.locale);
  const customer = await lockCustomer(trx, payment.customer_id);
  // a top-up is the customer's own money: gift money stays in the wallet
  const taken = Math.min(amount, customer.wallet_balance - customer.gift_balance);
  if (taken > 0)
    await postWalletEntry(trx, ctx.clock, payment.customer_id, {
      type: 'adjust',
      amount: -taken,
      reason: 'Top-up refunded to your card',
      ref: `topup:${payment.id}`,
      gift: 0,
    });
  const say = await sayToCustomer(trx, rules, payment.customer_id);
  const words = { amount: money(amount), taken: money(taken) };
  await notify(trx, ctx.clock, payment.customer_id, {
    type: 'topup',
    title: say(paymentWords.topupRefundedTitle),
    body: say(taken === amount ? paymentWords.topupRefundedAll : taken > 0 ? paymentWords.topupRefundedSome : paymentWords.topupRefundedSpent, words),
    link: paths.profileWallet,
  });
  return taken;
}

/** A customer's bank disputed a paid payment (a chargeback): recorded once, in the shop's Activity, logged. */
async function disputed(trx: Database, ctx: ProviderContext, payment: PaymentRow, event: PaymentEvent, done: Done): Promise<StoredAnswer<WebhookData>> {
  const dispute = event.dispute!;
  const now = ctx.clock.now();
  const recorded = await insertDispute(trx, {
    id: dispute.id,
    payment_id: payment.id,
    amount: event.amount,
    currency: event.currency ?? '',
    reason: dispute.reason,
    status: dispute.status,
    created_at: now,
  });
  if (!recorded) return done(false, 'This dispute was recorded already.');
  const { target, order } = await targetOf(trx, payment);
  await insertAudit(trx, {
    staffId: null,
    action: 'payment.disputed',
    target,
    before: null,
    after: {
      dispute: dispute.id,
      amount: event.amount,
      reason: dispute.reason,
      status: dispute.status,
      by: ctx.paymentGateway?.name ?? 'the payment gateway',
      customer_id: payment.customer_id,
      kind: payment.kind,
      order,
    },
    now,
  });
  ctx.logger.warn(
    { event_id: event.id, payment_id: payment.id, dispute: dispute.id, amount: event.amount, reason: dispute.reason },
    'a customer disputed a payment: recorded, in the Activity; answer it at the payment gateway',
  );
  return done(true, 'Dispute recorded.');
}

/** A top-up's result: the wallet credited (the only way a top-up adds money), its receipt queued, and a notification. */
async function settleTopup(trx: Database, ctx: ProviderContext, payment: PaymentRow, succeeded: boolean, providerRef: string | null): Promise<void> {
  const { rules } = await getMerchant(trx, ctx.merchantId);
  const money = (n: number) => formatMoney(n, rules.currency, rules.locale);
  if (!(await settlePayment(trx, payment.id, succeeded ? 'paid' : 'failed', ctx.clock.now(), providerRef))) return;
  const say = await sayToCustomer(trx, rules, payment.customer_id);
  if (succeeded) {
    const balance = await postWalletEntry(trx, ctx.clock, payment.customer_id, {
      type: 'topup',
      amount: payment.amount,
      reason: 'Wallet top-up',
      ref: `topup:${payment.id}`,
    });
    await queuePurchaseReceipts(trx, ctx, { kind: 'topup', id: payment.id }, payment.customer_id);
    await notify(trx, ctx.clock, payment.customer_id, {
      type: 'topup',
      title: say(wallet.topupTitle),
      body: say(wallet.topupBody, { amount: money(payment.amount), balance: money(balance) }),
      link: paths.profileWallet,
    });
  } else {
    await notify(trx, ctx.clock, payment.customer_id, {
      type: 'topup',
      title: say(wallet.topupFailedTitle),
      body: say(wallet.topupFailedBody, { amount: money(payment.amount) }),
      link: paths.profileWallet,
    });
  }
}

// ---------------------------------------------------------------------------------------------
// The sandbox's hosted page
// ---------------------------------------------------------------------------------------------

/** Where the customer goes after the page: the app's result page for this payment as it stands. */
export async function redirectFor(db: Database, payment: PaymentRow): Promise<string> {
  if (payment.kind === 'topup') {
    const paths = topupReturnPaths(payment.id, payment.return_to);
    return payment.status === 'paid' ? paths.successPath : paths.failPath;
  }
  // a gift card's buyer goes back to their sent cards, where it shows as paid or not
  if (payment.kind === 'gift_card') return paths.giftCards;
  const order = await orderOf(db, payment);
  const name = order?.name ?? '';
  return payment.status === 'paid' ? to.paymentSuccess(name) : to.paymentFail(name);
}

/**
 * The customer's own payment by its id. A payment id is never a capability: with no session, or
 * with another customer's, the payment is not there, exactly like an id that does not exist.
 */
async function ownPayment(ctx: ProviderContext, customerId: number | null, id: string): Promise<PaymentRow | undefined> {
  if (customerId === null || !paymentIdParam.safeParse(id).success) return undefined;
  return findCustomerPayment(ctx.db, customerId, id);
}

/**
 * Which hosted page a payment's link shows the signed-in customer: Pay and Decline while it waits, else
 * a page saying it is settled. Anyone else (no session, another customer) gets the not-found page,
 * which shows nothing of the payment. The routes render it.
 */
export async function sandboxPage(ctx: ProviderContext, customerId: number | null, id: string): Promise<SandboxPage> {
  const { settings, rules } = await getMerchant(ctx.db, ctx.merchantId);
  const shop = { lang: rules.locale, merchant: settings.setting_company };
  const payment = await ownPayment(ctx, customerId, id);
  const setup = payment || customerId === null ? null : await sandboxCardSetup(ctx, customerId, id);
  if (setup?.status === 'open') return { ...shop, page: 'card', setupId: id };
  if (setup) {
    const text =
      setup.status === 'saved' ? 'This card was saved already. Nothing more to do here.' : 'Saving this card was cancelled. Start again from the app.';
    return { ...shop, page: 'settled', heading: 'Card already done', text, backTo: paths.profileWallet };
  }
  if (!payment) {
    return {
      ...shop,
      page: 'not-found',
      heading: 'Payment not found',
      text: 'This payment link is not valid, or you are not signed in with the account that started it. Sign in and start again from the app.',
      backTo: '/',
    };
  }
  const order = await orderOf(ctx.db, payment);
  const waiting = payment.status === 'pending' && (payment.kind !== 'order' || order?.status === 'pending_payment');
  if (!waiting) {
    const text =
      payment.status === 'paid'
        ? 'This payment was completed already. Nothing more to do here.'
        : payment.status === 'failed'
          ? 'This payment was declined already. Start again from the app if you still want to pay.'
          : 'The order for this payment was cancelled, so there is nothing to pay.';
    return { ...shop, page: 'settled', heading: 'Payment already settled', text, backTo: await redirectFor(ctx.db, payment) };
  }
  const description = payment.kind === 'topup' ? 'Wallet top-up' : payment.kind === 'gift_card' ? 'Gift card' : `Order ${order!.name}`;
  return { ...shop, page: 'pending', paymentId: payment.id, amount: formatMoney(payment.amount, rules.currency, rules.locale), description };
}

/**
 * Pay or Decline on the hosted page, by the customer who started the payment. The sandbox plays the
 * gateway: it builds the event, signs it with the webhook secret exactly as the HTTP webhook expects,
 * and delivers it in-process to the same receiveWebhook (a real gateway would POST it to
 * payment/webhook). Answers where to go next, from the payment as it now stands; a second click just
 * answers that again.
 */
export async function completeSandboxPayment(
  ctx: ProviderContext,
  customerId: number,
  id: string,
  outcome: SandboxCompleteBody['outcome'],
): Promise<SandboxCompleteData> {
  // only the customer who started the payment may pay or decline it; anyone else's is not found
  const payment = await ownPayment(ctx, customerId, id);
  if (!payment) return completeSandboxCardSetup(ctx, customerId, id, outcome);
  if (outcome !== 'pay' && outcome !== 'decline') throw notFound('Card setup');
  if (payment.status === 'pending') {
    const created = Math.floor(ctx.clock.now().getTime() / 1000);
    const { rules } = await getMerchant(ctx.db, ctx.merchantId);
    const event: WebhookEvent = {
      id: randomUUID(),
      type: outcome === 'pay' ? 'payment.succeeded' : 'payment.failed',
      payment_id: payment.id,
      amount: payment.amount,
      currency: rules.currency,
      created,
    };
    const raw = JSON.stringify(event);
    await receiveWebhook(ctx, raw, { [WEBHOOK_SIGNATURE_HEADER]: signWebhook(ctx.webhookSecret, raw, created) });
  }
  const now = (await findCustomerPayment(ctx.db, customerId, id))!;
  return { status: now.status, redirect: await redirectFor(ctx.db, now) };
}
