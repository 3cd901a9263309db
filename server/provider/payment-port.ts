import type { Database } from '../db';
import { AppError, errors } from './http/errors';

/**
 * How wallet and orders start a payment. Payments settle: when a gateway's webhook arrives, payments/
 * calls into orders (an order paid or declined) and wallet (a top-up credited). Wallet and orders only
 * start payments, through this port, which payments/ implements (payments/starter.ts over a gateway
 * adapter) and embedded.ts puts in the context; so neither of them imports payments/, and the
 * dependency runs one way. Results never come back through here: only the signed webhook settles.
 */
export interface PaymentStart {
  /** our payment's id, drawn by the caller (a top-up's return paths carry it) */
  id: string;
  customerId: number;
  kind: 'topup' | 'order' | 'gift_card';
  /** minor units */
  amount: number;
  currency: string;
  /** what the gateway's page says the payment is for */
  description: string;
  /** the order a gateway payment pays for */
  orderId?: number;
  /** the eGift card a gateway payment pays for */
  giftCardId?: number;
  /** a top-up's way back: 'order' when it was started from an order */
  returnTo?: string;
  /** where the gateway's page sends the customer afterwards (app paths; nothing there is trusted) */
  successPath: string;
  failPath: string;
  /** how long the payment page should stay open: the gateway closes it then, or as soon after as it allows */
  expiresInSeconds?: number;
  at: Date;
}

export interface PaymentStarter {
  /** the payment gateway behind it ('sandbox', …) */
  readonly name: string;
  /**
   * Records a pending payment in the caller's transaction (so a refusal later in it leaves none behind)
   * and opens it at the gateway. Answers where the customer pays.
   */
  start(trx: Database, payment: PaymentStart): Promise<{ paymentUrl: string }>;
}

export const PAYMENTS_UNAVAILABLE_MESSAGE = errors.paymentsUnavailable;

/**
 * The way to start payments, or 503 PAYMENTS_UNAVAILABLE when there is no payment gateway. Call it
 * before writing anything (before the idempotency key is claimed), so a refusal leaves no order, no
 * payment and no stored answer behind: the same key works once payments are back.
 */
export function availablePayments(ctx: { payments: PaymentStarter | null }): PaymentStarter {
  if (!ctx.payments) throw new AppError('PAYMENTS_UNAVAILABLE', PAYMENTS_UNAVAILABLE_MESSAGE);
  return ctx.payments;
}
