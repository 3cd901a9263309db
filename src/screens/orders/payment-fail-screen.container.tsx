import { usePaymentResult } from '../../app/use-payment-result';
import { PaymentFailScreen } from './payment-fail-screen';

/** A declined payment cancels its order on the provider, so there is nothing to pay again: the cart stays for a new try. */
export default function PaymentFailPage() {
  return <PaymentFailScreen {...usePaymentResult()} />;
}
