import { useEffect } from 'react';
import { useNavigate, useSearchParams } from './router';
import { useOrder } from '../api/orders';
import type { PaymentResultProps } from '../screens/orders/payment-result';
import { isPaid } from '#contract';
import { useCheckout } from './checkout';
import { messageOf } from '../shared/errors';
import { AppNav } from './nav';
import { paths, to } from '#contract/routes';
import { useSite } from './settings';

/**
 * /payment-success and /payment-fail: the gateway's return names the order in `?order=`; what the
 * page says comes from the provider's order/detail (polled while the payment is pending), never from
 * which page the gateway chose; useOrder reads again what a paid order changed. The cart is cleared
 * once the order is paid, not before: a declined payment leaves it for another try.
 */
export function usePaymentResult(): PaymentResultProps {
  const { settings } = useSite();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const name = params.get('order') || null;
  const { data, error, isLoading, mutate } = useOrder(name);
  const { clear } = useCheckout();
  const paid = data ? isPaid(data.order.status) : false;

  useEffect(() => {
    if (paid) clear();
  }, [paid, clear]);

  return {
    order: data?.order ?? null,
    loading: isLoading,
    error: !name ? 'This page needs an order number. Find your order in your order history.' : error ? messageOf(error) : null,
    onRetry: name ? () => void mutate() : undefined,
    onOpenOrder: (n) => void navigate(to.order(n)),
    onBackToShop: () => void navigate(paths.shop),
    nav: <AppNav />,
    currency: settings.currency,
    locale: settings.locale,
  };
}
