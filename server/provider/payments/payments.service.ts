import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { ProviderContext } from '../context';
import type { Database } from '../../db';
import { AppError, notFound, validation } from '../http/errors';
import type { StoredAnswer } from '../http/idempotency';
import { getMerchant } from '../merchant/merchant.service';
import { notify } from '../notifications/notify';
import { postWalletEntry } from '../wallet/wallet.ledger';
import { topupReturnPaths } from '../wallet/wallet.service';
import { findCustomerPayment, lockPayment, recordWebhookEvent, settlePayment, type PaymentRow } from './payments.repo';
import { orderPaymentFailed, orderPaymentSucceeded } from './order-payments';
import { signWebhook, webhookDigest, type WebhookEvent } from './sandbox';
import { pendingPage, settledPage } from './sandbox-page';
import { formatMoney } from '#contract/money';
import { paths, to } from '#contract/routes';
import { paymentIdParam, paymentWebhookEvent } from '#contract/endpoints';

/** A webhook signed more than this far from our clock (either way) is refused. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;


const badSignature = (why: string) => new AppError('BAD_SIGNATURE', `The webhook signature is not valid: ${why}.`);

/**
 * Checks `t=<unix s>,v1=<hex>` against HMAC-SHA256(secret, `${t}.${raw}`) in constant time, and the
 * timestamp against our clock. Several v1 values are allowed (a gateway rotating its secret).
 */
export function verifyWebhookSignature(secret: string, raw: Buffer | string, header: string | undefined, nowSeconds: number): void {
  if (!header) throw badSignature('the signature header is missing');
  const parts = header.split(',').map((p) => p.trim().split('='));
  const t = parts.find(([k]) => k === 't')?.[1] ?? '';
  const given = parts.filter(([k, v]) => k === 'v1' && v !== undefined && /^[0-9a-f]{64}$/i.test(v)).map(([, v]) => Buffer.from(v!, 'hex'));
  if (!/^\d{1,12}$/.test(t) || given.length === 0) throw badSignature('the signature header is malformed');
  const expected = Buffer.from(webhookDigest(secret, t, raw), 'hex');
  // every candidate is compared, so the time taken says nothing about which one matched
  let ok = false;
  for (const g of given) ok = timingSafeEqual(g, expected) || ok;
  if (!ok) throw badSignature('it does not match the body');
  if (Math.abs(nowSeconds - Number(t)) > WEBHOOK_TOLERANCE_SECONDS) throw badSignature('its timestamp is too old or in the future');
}

export interface WebhookResult {
  event_id: string;
  applied: boolean;
}

/**
 * The one entry point for a payment result, used by POST payment/webhook and by the sandbox page's
 * in-process delivery alike. Nothing changes unless the signature is valid and fresh. In ONE
 * transaction: the event id is recorded (seen before → already processed, nothing changes), the
 * payment is locked, and its effect applied only while it is still pending, so replays and
 * out-of-order deliveries (a failure after a success) change nothing.
 */
export async function handleWebhook(ctx: ProviderContext, raw: Buffer | string | undefined, signature: string | undefined): Promise<StoredAnswer<WebhookResult>> {
  if (raw === undefined) {
    if (!signature) throw badSignature('the signature header is missing');
    throw validation({ body: 'must be a JSON event' }, 'The webhook body must be JSON.');
  }
  verifyWebhookSignature(ctx.webhookSecret, raw, signature, Math.floor(ctx.clock.now().getTime() / 1000));
  let json: unknown;
  try {
    json = JSON.parse(raw.toString());
  } catch {
    throw validation({ body: 'must be valid JSON' }, 'The webhook body is not valid JSON.');
  }
  const parsed = paymentWebhookEvent.safeParse(json);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[issue.path.join('.') || 'body'] ??= issue.message;
    throw validation(fields, 'The webhook event is not valid.');
  }
  const event = parsed.data;

  return ctx.db.transaction().execute(async (trx) => {
    const now = ctx.clock.now();
    const done = (applied: boolean, message: string): StoredAnswer<WebhookResult> => ({ status: 200, message, data: { event_id: event.id, applied } });
    if (!(await recordWebhookEvent(trx, { id: event.id, paymentId: event.payment_id, type: event.type, at: now }))) {
      return done(false, 'This event was processed already.');
    }
    const payment = await lockPayment(trx, event.payment_id);
    if (!payment) {
      ctx.logger.warn({ event_id: event.id, payment_id: event.payment_id }, 'webhook for an unknown payment');
      return done(false, 'Unknown payment; the event was recorded and ignored.');
    }
    if (payment.amount !== event.amount) {
      ctx.logger.warn({ event_id: event.id, payment_id: payment.id, expected: payment.amount, got: event.amount }, 'webhook amount does not match the payment');
      return done(false, 'The amount does not match the payment; the event was recorded and ignored.');
    }
    if (payment.status !== 'pending') return done(false, `The payment is ${payment.status} already; nothing changed.`);
    const succeeded = event.type === 'payment.succeeded';
    if (payment.kind === 'topup') await settleTopup(trx, ctx, payment, succeeded);
    else if (succeeded) await orderPaymentSucceeded(trx, ctx, payment);
    else await orderPaymentFailed(trx, ctx, payment);
    return done(true, succeeded ? 'Payment recorded as paid.' : 'Payment recorded as failed.');
  });
}

/** A top-up's result: the wallet credited (the only way a top-up adds money), and a notification. */
async function settleTopup(trx: Database, ctx: ProviderContext, payment: PaymentRow, succeeded: boolean): Promise<void> {
  const { rules } = await getMerchant(trx, ctx.merchantId);
  const money = (n: number) => formatMoney(n, rules.currency, rules.locale);
  if (!(await settlePayment(trx, payment.id, succeeded ? 'paid' : 'failed', ctx.clock.now()))) return;
  if (succeeded) {
    const balance = await postWalletEntry(trx, ctx.clock, payment.customer_id, { type: 'topup', amount: payment.amount, reason: 'Wallet top-up', ref: `topup:${payment.id}` });
    await notify(trx, ctx.clock, payment.customer_id, {
      type: 'topup',
      title: 'Top-up successful',
      body: `${money(payment.amount)} was added to your wallet. Your balance is ${money(balance)}.`,
      link: paths.profileWallet,
    });
  } else {
    await notify(trx, ctx.clock, payment.customer_id, {
      type: 'topup',
      title: 'Top-up failed',
      body: `Your top-up of ${money(payment.amount)} was declined. No money was taken.`,
      link: paths.profileWallet,
    });
  }
}

// ---------------------------------------------------------------------------------------------
// The sandbox's hosted page
// ---------------------------------------------------------------------------------------------

async function orderNameOf(db: Database, payment: PaymentRow): Promise<{ name: string; status: string } | undefined> {
  if (payment.order_id === null) return undefined;
  return db.selectFrom('orders').select(['name', 'status']).where('id', '=', payment.order_id).executeTakeFirst();
}

/** Where the customer goes after the page: the app's result page for this payment as it stands. */
export async function redirectFor(db: Database, payment: PaymentRow): Promise<string> {
  if (payment.kind === 'topup') {
    const paths = topupReturnPaths(payment.id, payment.return_to);
    return payment.status === 'paid' ? paths.successPath : paths.failPath;
  }
  const order = await orderNameOf(db, payment);
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
 * The hosted page for a payment of the signed-in customer: Pay and Decline while it waits, else a
 * page saying it is settled. Anyone else (no session, another customer) gets the not-found page,
 * which shows nothing of the payment.
 */
export async function sandboxPage(ctx: ProviderContext, customerId: number | null, id: string): Promise<{ status: number; html: string }> {
  const { settings, rules } = await getMerchant(ctx.db, ctx.merchantId);
  const view = { prefix: ctx.publicApiPrefix, lang: rules.locale, merchant: settings.setting_company };
  const payment = await ownPayment(ctx, customerId, id);
  if (!payment) {
    return {
      status: 404,
      html: settledPage({
        ...view,
        heading: 'Payment not found',
        text: 'This payment link is not valid, or you are not signed in with the account that started it. Sign in and start again from the app.',
        backTo: '/',
      }),
    };
  }
  const order = await orderNameOf(ctx.db, payment);
  const waiting = payment.status === 'pending' && (payment.kind === 'topup' || order?.status === 'pending_payment');
  if (!waiting) {
    const text =
      payment.status === 'paid'
        ? 'This payment was completed already. Nothing more to do here.'
        : payment.status === 'failed'
          ? 'This payment was declined already. Start again from the app if you still want to pay.'
          : 'The order for this payment was cancelled, so there is nothing to pay.';
    return { status: 200, html: settledPage({ ...view, heading: 'Payment already settled', text, backTo: await redirectFor(ctx.db, payment) }) };
  }
  const description = payment.kind === 'topup' ? 'Wallet top-up' : `Order ${order!.name}`;
  return { status: 200, html: pendingPage({ ...view, paymentId: payment.id, amount: formatMoney(payment.amount, rules.currency, rules.locale), description }) };
}

/**
 * Pay or Decline on the hosted page, by the customer who started the payment. The sandbox plays the
 * gateway: it builds the event, signs it with the webhook secret exactly as the HTTP webhook expects,
 * and delivers it in-process to the same handleWebhook (a real gateway would POST it to
 * payment/webhook). Answers where to go next, from the payment as it now stands; a second click just
 * answers that again.
 */
export async function completeSandboxPayment(ctx: ProviderContext, customerId: number, id: string, outcome: 'pay' | 'decline'): Promise<{ status: PaymentRow['status']; redirect: string }> {
  // only the customer who started the payment may pay or decline it; anyone else's is not found
  const payment = await ownPayment(ctx, customerId, id);
  if (!payment) throw notFound('Payment');
  if (payment.status === 'pending') {
    const created = Math.floor(ctx.clock.now().getTime() / 1000);
    const event: WebhookEvent = {
      id: randomUUID(),
      type: outcome === 'pay' ? 'payment.succeeded' : 'payment.failed',
      payment_id: payment.id,
      amount: payment.amount,
      created,
    };
    const raw = JSON.stringify(event);
    await handleWebhook(ctx, raw, signWebhook(ctx.webhookSecret, raw, created));
  }
  const now = (await findCustomerPayment(ctx.db, customerId, id))!;
  return { status: now.status, redirect: await redirectFor(ctx.db, now) };
}
