import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { Fulfilment, Order, OrderCreateBody, OrderItem, QuoteData } from '#contract';
import { BASE_LABEL } from '#contract/loyalty-earn';
import { DeliveryScreen, type DeliveryChoice } from '../../src/screens/orders/delivery-screen';
import { OrderConfirmationScreen } from '../../src/screens/orders/order-confirmation-screen';
import { PaymentSuccessScreen } from '../../src/screens/orders/payment-success-screen';
import { addLine, setLineQty, type CartLine } from '../../src/screens/shop/cart-lines';
import { ShopScreen } from '../../src/screens/shop/shop-screen';
import { BottomNav } from '../../src/ui/bottom-nav/bottom-nav';
import { addresses } from '../fixtures/addresses';
import { maria, money, TIME_ZONE } from '../fixtures/customer';
import { navItems } from '../fixtures/nav';
import { LOCATIONS_NOW, makati, makatiSlots } from '../fixtures/locations';
import { kopiSenjaSettings } from '../fixtures/settings';
import { categories, MIN_ORDER, productsById } from '../fixtures/shop';

const DELIVERY_FEE = kopiSenjaSettings.delivery_fee ?? 4900;

/** What the provider's order/quote answers for a cart (no voucher): the rules of CONTRACT section 4. */
function quoteFor(items: OrderItem[], fulfilment: Fulfilment, pickupAt: string | null): QuoteData {
  const subtotal = items.reduce((sum, i) => sum + i.price * i.qty, 0);
  const delivery_fee = fulfilment === 'delivery' ? DELIVERY_FEE : 0;
  return {
    subtotal,
    discount: 0,
    delivery_fee,
    total: subtotal + delivery_fee,
    points_to_earn: Math.floor(subtotal / 1000),
    points_breakdown: [{ rule_id: null, label: BASE_LABEL, points: Math.floor(subtotal / 1000) }],
    min_order: MIN_ORDER,
    below_minimum_by: Math.max(0, MIN_ORDER - subtotal),
    location_id: makati.id,
    pickup_at: fulfilment === 'pickup' ? (pickupAt ?? makatiSlots.asap) : null,
  };
}

type Page = 'shop' | 'delivery' | 'confirm' | 'done';

/** What Place order sends, as the container sends it (pickup_at only for a time chosen). */
type PlacedBody = Pick<OrderCreateBody, 'fulfilment' | 'payment_method' | 'pickup_at'>;

interface FlowProps {
  latencyMs: number;
  onPlaceOrder: (body: PlacedBody) => void;
}

/** Shop → delivery → confirmation → paid: the screens wired with local state, like the containers. */
function CheckoutFlow({ latencyMs, onPlaceOrder }: FlowProps) {
  const [page, setPage] = useState<Page>('shop');
  const [cart, setCart] = useState<CartLine[]>([]);
  const [choice, setChoice] = useState<DeliveryChoice>({ fulfilment: 'delivery', addressId: null });
  const [pickupAt, setPickupAt] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [order, setOrder] = useState<Order | null>(null);
  const items: OrderItem[] = cart.map((l) => {
    const p = productsById.get(l.product_id)!;
    return { product_id: p.id, name: p.name, price: p.price, qty: l.qty, image: p.image };
  });
  const address = addresses.find((a) => a.id === choice.addressId) ?? null;

  if (page === 'shop')
    return (
      <ShopScreen
        {...money}
        categories={categories}
        cart={cart}
        minOrder={MIN_ORDER}
        nav={<BottomNav items={navItems('shop')} />}
        onChangeQty={(key, qty) => setCart((c) => setLineQty(c, key, qty))}
        onAdd={(line) => setCart((c) => addLine(c, line))}
        onCheckout={() => setPage('delivery')}
      />
    );

  if (page === 'delivery')
    return (
      <DeliveryScreen
        addresses={addresses}
        defaultFulfilment={choice.fulfilment}
        companyName={kopiSenjaSettings.setting_company}
        pickupAddress={kopiSenjaSettings.pickup_address}
        onBack={() => setPage('shop')}
        onContinue={(c) => {
          setChoice(c);
          setPage('confirm');
        }}
      />
    );

  if (page === 'confirm') {
    const quote = quoteFor(items, choice.fulfilment, pickupAt);
    return (
      <OrderConfirmationScreen
        {...money}
        timeZone={TIME_ZONE}
        items={items}
        fulfilment={choice.fulfilment}
        address={address}
        pickupAddress={makati.address}
        pickupAt={pickupAt}
        slots={makatiSlots}
        onChoosePickupAt={setPickupAt}
        now={LOCATIONS_NOW}
        quote={quote}
        vouchers={[]}
        walletBalance={maria.wallet_balance}
        submitting={submitting}
        onBack={() => setPage('delivery')}
        onEditCart={() => setPage('shop')}
        onChangeDelivery={() => setPage('delivery')}
        onPlaceOrder={(method) => {
          onPlaceOrder({
            fulfilment: choice.fulfilment,
            payment_method: method,
            ...(choice.fulfilment === 'pickup' && pickupAt !== null && { pickup_at: pickupAt }),
          });
          setSubmitting(true);
          setTimeout(() => {
            const { id: _id, is_default: _d, ...orderAddress } = address ?? addresses[0]!;
            setOrder({
              name: 'KS-20261120-0008',
              status: 'paid',
              fulfilment: choice.fulfilment,
              payment_method: method,
              items,
              ...quote,
              points_earned: quote.points_to_earn,
              address: choice.fulfilment === 'delivery' ? orderAddress : null,
              voucher_code: null,
              location: { id: makati.id, name: makati.name, address: makati.address },
              pickup_at: quote.pickup_at,
              created_at: '2026-11-20T09:30:00Z',
              timeline: [
                { status: 'pending_payment', at: '2026-11-20T09:30:00Z' },
                { status: 'paid', at: '2026-11-20T09:30:00Z' },
              ],
            });
            setSubmitting(false);
            setPage('done');
          }, latencyMs);
        }}
      />
    );
  }

  return <PaymentSuccessScreen {...money} order={order} onBackToShop={() => setPage('shop')} />;
}

const meta = {
  title: 'Flows/Checkout',
  component: CheckoutFlow,
  parameters: { layout: 'fullscreen' },
  args: { latencyMs: 150, onPlaceOrder: fn() },
} satisfies Meta<typeof CheckoutFlow>;
export default meta;
type Story = StoryObj<typeof meta>;

/** On the shop: two cappuccinos in the cart, then Checkout. */
async function twoCappuccinosToCheckout(canvas: ReturnType<typeof within>) {
  await userEvent.click(canvas.getByRole('button', { name: 'Add Cappuccino' }));
  await userEvent.click(canvas.getByRole('button', { name: 'One more Cappuccino' }));
  await userEvent.click(canvas.getByRole('button', { name: 'Checkout' }));
}

/** Two cappuccinos → delivery to Home → pay from the wallet → "Thank you! Your order is in". */
export const ShopToPaid: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await twoCappuccinosToCheckout(canvas);

    await expect(await canvas.findByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    await expect(canvas.getByRole('radio', { name: /Home/ })).toBeChecked();
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));

    await expect(await canvas.findByRole('heading', { level: 1, name: 'Order confirmation' })).toBeVisible();
    await expect(canvas.getByText('2 × Cappuccino')).toBeVisible();
    // ₱290.00 + ₱49.00 delivery, paid from a ₱485.00 wallet.
    await userEvent.click(canvas.getByRole('button', { name: 'Place order · ₱339.00' }));
    await expect(args.onPlaceOrder).toHaveBeenCalledWith({ fulfilment: 'delivery', payment_method: 'wallet' });

    await waitFor(() => expect(canvas.getByRole('heading', { name: 'Thank you! Your order is in' })).toBeVisible());
    await expect(canvas.getByText('KS-20261120-0008')).toBeVisible();
  },
};

/** Pickup at a chosen time (issue 28): the time chosen is what Place order sends as `pickup_at`. */
export const PickupAtAChosenTime: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await twoCappuccinosToCheckout(canvas);
    await userEvent.click(await canvas.findByRole('radio', { name: /Pickup/ }));
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));

    await expect(await canvas.findByRole('radio', { name: /As soon as possible/ })).toBeChecked();
    await userEvent.click(canvas.getByRole('radio', { name: 'Choose a time' }));
    await userEvent.click(await canvas.findByRole('radio', { name: '3:15 PM' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Place order · ₱290.00' }));
    await expect(args.onPlaceOrder).toHaveBeenCalledWith({ fulfilment: 'pickup', payment_method: 'wallet', pickup_at: makatiSlots.days[0]!.slots[4]!.at });
    await waitFor(() => expect(canvas.getByRole('heading', { name: 'Thank you! Your order is in' })).toBeVisible());
  },
};
