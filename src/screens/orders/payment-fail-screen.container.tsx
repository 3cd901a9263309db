import { usePaymentResult } from '../../app/use-payment-result';
import { PaymentFailScreen } from './payment-fail-screen';

/**
 * A declined payment cancels its order on the provider: Try again puts the order's items back in the
 * checkout (the cart was emptied when it was placed); an order still waiting opens its payment page again.
 */
export default function PaymentFailPage() {
  return <PaymentFailScreen {...usePaymentResult()} />;
}
