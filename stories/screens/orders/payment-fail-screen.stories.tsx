import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { PaymentFailScreen } from '../../../src/screens/orders/payment-fail-screen';
import { money } from '../../fixtures/customer';
import { orderAt } from '../../fixtures/orders';

/** /payment-fail: declined or abandoned payment; the order's real status still decides. */
const meta = {
  title: 'Screens/Orders/PaymentFail',
  component: PaymentFailScreen,
  tags: ['screen'],
  parameters: { layout: 'fullscreen' },
  args: { ...money, order: { ...orderAt('pending_payment'), payment_method: 'gateway' }, onOpenOrder: fn(), onBackToShop: fn(), onPayAgain: fn(), onRetry: fn() },
} satisfies Meta<typeof PaymentFailScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Declined: the order still waits for payment, so paying again is offered. */
export const Default: Story = {};

export const Cancelled: Story = { args: { order: orderAt('cancelled', 'delivery', 'pending_payment') } };

/** The customer came back through the fail page, but the payment did go through. */
export const PaidAfterAll: Story = { args: { order: orderAt('paid') } };

export const Loading: Story = { args: { order: null, loading: true } };

export const Error: Story = { args: { order: null, error: 'The server did not answer. Check your connection.' } };
