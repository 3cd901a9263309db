import type { PaymentStarter } from '../payment-port';
import type { PaymentGateway } from '../payment-gateway';
import { insertPayment } from './payments.repo';

/**
 * The PaymentStarter that wallet and orders see (payment-port.ts), over one gateway adapter: the
 * pending payment is written in the caller's transaction, then the gateway opens its page for it.
 */
export function paymentStarter(gateway: PaymentGateway): PaymentStarter {
  return {
    name: gateway.name,
    async start(trx, p) {
      await insertPayment(trx, {
        id: p.id,
        customerId: p.customerId,
        kind: p.kind,
        amount: p.amount,
        orderId: p.orderId ?? null,
        giftCardId: p.giftCardId ?? null,
        returnTo: p.returnTo ?? null,
        at: p.at,
      });
      return gateway.createPayment({
        paymentId: p.id,
        amount: p.amount,
        currency: p.currency,
        description: p.description,
        successPath: p.successPath,
        failPath: p.failPath,
        ...(p.expiresInSeconds !== undefined ? { expiresInSeconds: p.expiresInSeconds } : {}),
      });
    },
  };
}
