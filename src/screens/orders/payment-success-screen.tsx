import { PaymentResult, type PaymentResultProps } from './payment-result';

export type PaymentSuccessScreenProps = PaymentResultProps;

/** /payment-success: where the gateway returns after paying; shows the order's real status. */
export function PaymentSuccessScreen(props: PaymentSuccessScreenProps) {
  return <PaymentResult {...props} variant="success" />;
}
