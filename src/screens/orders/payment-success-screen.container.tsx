import { usePaymentResult } from '../../app/use-payment-result';
import { PaymentSuccessScreen } from './payment-success-screen';

export default function PaymentSuccessPage() {
  return <PaymentSuccessScreen {...usePaymentResult()} />;
}
