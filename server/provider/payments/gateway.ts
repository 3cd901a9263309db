import { AppError } from '../http/errors';

/**
 * A payment gateway as the provider sees it. The embedded sandbox implements it (sandbox.ts); a real
 * gateway's adapter can replace it without touching the wallet or order services. Results always
 * arrive later as a signed webhook (payment/webhook), never from the browser's redirect.
 */
export interface PaymentRequest {
  paymentId: string;
  amount: number;
  currency: string;
  description: string;
  /** where the hosted page sends the customer afterwards (app paths; the page adds nothing trusted) */
  successPath: string;
  failPath: string;
}

export interface PaymentGateway {
  readonly name: string;
  createPayment(request: PaymentRequest): Promise<{ paymentUrl: string }>;
}

export const PAYMENTS_UNAVAILABLE_MESSAGE = 'Online payments are not available right now. You can still pay from your wallet balance.';

/**
 * The payment gateway, or 503 PAYMENTS_UNAVAILABLE when there is none. Call it before writing
 * anything (before the idempotency key is claimed), so a refusal leaves no order, no payment and no
 * stored answer behind: the same key works once payments are back.
 */
export function availableGateway(ctx: { payments: PaymentGateway | null }): PaymentGateway {
  if (!ctx.payments) throw new AppError('PAYMENTS_UNAVAILABLE', PAYMENTS_UNAVAILABLE_MESSAGE);
  return ctx.payments;
}
