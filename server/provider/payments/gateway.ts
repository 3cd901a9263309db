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
