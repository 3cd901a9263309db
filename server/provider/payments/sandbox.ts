import type { PaymentGateway } from './gateway';

/**
 * The sandbox gateway: its hosted page is served by this provider (payments.routes.ts), reached by
 * the browser through the gateway at `${publicApiPrefix}payment/sandbox/<id>`. Pay or Decline there
 * sends a signed webhook to payment/webhook, exactly as a real gateway would.
 */
export function sandboxGateway(publicApiPrefix: string): PaymentGateway {
  return {
    name: 'sandbox',
    async createPayment(request) {
      return { paymentUrl: `${publicApiPrefix}payment/sandbox/${request.paymentId}` };
    },
  };
}
