import { useNavigate, useSearchParams } from 'react-router-dom';
import { t } from '@lingui/core/macro';
import { useOrder } from '../api/orders';
import { useCatalog } from '../api/shop';
import { useLanguage } from '../i18n/language';
import type { PaymentResultProps } from '../screens/orders/payment-result';
import { reorderOf } from '#contract/reorder-rules';
import { useCheckout } from './checkout';
import { messageOf } from '../shared/errors';
import { AppNav } from './nav';
import { paths, to } from '#contract/routes';
import { useSite } from './settings';
import { paymentPageOf, usePaymentRedirect } from './use-payment-redirect';

/**
 * /payment-success and /payment-fail: the gateway's return names the order in `?order=`; what the
 * page says comes from the provider's order/detail (polled while the payment is pending), never from
 * which page the gateway chose; useOrder reads again what a paid order changed. The cart was emptied
 * when the order was placed (the order holds the items), so a payment tried again never needs it:
 * an order still waiting (Stripe's page left with its cancel link) goes back to the same payment's
 * page, one payment for one order; an order cancelled unpaid (a declined payment) puts its items back
 * in the checkout, to be placed as a new order with a payment of its own.
 */
export function usePaymentResult(): PaymentResultProps {
  const { settings } = useSite();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const name = params.get('order') || null;
  const { data, error, isLoading, mutate } = useOrder(name);
  const catalog = useCatalog(useLanguage());
  const { update } = useCheckout();
  const { leave } = usePaymentRedirect();
  const order = data?.order ?? null;
  const page = order?.status === 'pending_payment' ? paymentPageOf(order.name) : null;

  const tryAgain = () => {
    if (!order || !catalog.data) return;
    const products = new Map(catalog.data.categories.flatMap((c) => c.products).map((p) => [p.id, p]));
    update({
      cart: reorderOf(order.items, products).lines,
      fulfilment: order.fulfilment,
      ...(order.location ? { locationId: order.location.id } : {}),
      pickupAt: null,
      voucherId: null,
      paymentMethod: order.payment_method,
    });
    void navigate(paths.orderConfirmation);
  };

  return {
    order,
    loading: isLoading,
    error: !name ? t`This page needs an order number. Find your order in your order history.` : error ? messageOf(error) : null,
    onRetry: name ? () => void mutate() : undefined,
    onOpenOrder: (n) => void navigate(to.order(n)),
    onBackToShop: () => void navigate(paths.shop),
    onPayAgain: page ? () => leave(page) : undefined,
    onTryAgain: catalog.data ? tryAgain : undefined,
    nav: <AppNav />,
    currency: settings.currency,
    locale: settings.locale,
  };
}
