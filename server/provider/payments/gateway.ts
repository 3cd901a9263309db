/**
 * A payment gateway's adapter as payments/ sees it. The embedded sandbox implements it (sandbox.ts), a
 * real gateway's adapter (stripe.ts) can replace it without touching the wallet or order services:
 * they start payments through the PaymentStarter port (../payment-port.ts, built over an adapter by
 * starter.ts). Results always arrive later as a signed webhook (payment/webhook), never from the
 * browser's redirect.
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
