import { PaymentResult, type PaymentResultProps } from './payment-result';

export type PaymentFailScreenProps = PaymentResultProps;

/** /payment-fail: where the gateway returns after a declined or abandoned payment. */
export function PaymentFailScreen(props: PaymentFailScreenProps) {
  return <PaymentResult {...props} variant="fail" />;
}
