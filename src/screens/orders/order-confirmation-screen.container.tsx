import { useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { useAddresses } from '../../api/addresses';
import { ApiRequestError } from '../../api/client';
import type { ErrorCode, OrderItem, PaymentMethod, QuoteBody, WalletBalanceData } from '../../api/contract';
import { profileKey } from '../../api/customer';
import { TOPUP_MAX, TOPUP_MIN } from '../../api/limits';
import { notificationsKey } from '../../api/notifications';
import { createOrder, orderListKey, useQuote } from '../../api/orders';
import { storageKey, useVoucherStorage } from '../../api/rewards';
import { catalogKey, useCatalog } from '../../api/shop';
import { topUp, useWalletBalance, walletBalanceKey } from '../../api/wallet';
import { useCheckout } from '../../app/checkout';
import { messageOf } from '../../app/errors';
import { AppNav } from '../../app/nav';
import { paths, to } from '../../app/paths';
import { useSite } from '../../app/settings';
import { useActionKey } from '../../app/use-action-key';
import { toast } from '../../ui';
import type { ShopState } from '../shop/shop-screen.container';
import { OrderConfirmationScreen } from './order-confirmation-screen';

/** A refusal is the answer for that key (the provider replays it); only a lost answer may be retried with it. */
const retryable = (err: unknown) => !(err instanceof ApiRequestError) || err.status === 0 || err.status >= 500 || err.code === 'IDEMPOTENCY_IN_PROGRESS';

/**
 * /order-confirmation: the provider's quote for the checkout, a voucher, the payment method and
 * "Place order" (one order per tap, whatever the network does: one idempotency key per attempt).
 */
export default function OrderConfirmationPage() {
  const { settings } = useSite();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const { checkout, update, clear } = useCheckout();
  const { cart, fulfilment, addressId, voucherId } = checkout;
  const catalog = useCatalog();
  const addresses = useAddresses();
  const wallet = useWalletBalance();
  const vouchers = useVoucherStorage('active');
  const orderKey = useActionKey();
  const topupKey = useActionKey();
  const keyFor = useRef<string | null>(null);
  const inFlight = useRef(false);
  const placed = useRef(false);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<{ code: ErrorCode | null; message: string } | null>(null);

  const body = useMemo<QuoteBody | null>(
    () =>
      cart.length === 0 || (fulfilment === 'delivery' && addressId === null)
        ? null
        : {
            items: cart.map(({ product_id, qty }) => ({ product_id, qty })),
            fulfilment,
            ...(fulfilment === 'delivery' && addressId !== null ? { address_id: addressId } : {}),
            ...(voucherId !== null ? { voucher_id: voucherId } : {}),
          },
    [cart, fulfilment, addressId, voucherId],
  );
  const quote = useQuote(body);
  const quoteCode = quote.error instanceof ApiRequestError ? quote.error.code : null;

  const products = useMemo(() => new Map(catalog.data?.categories.flatMap((c) => c.products).map((p) => [p.id, p])), [catalog.data]);
  const items: OrderItem[] = cart.flatMap((l) => {
    const p = products.get(l.product_id);
    return p ? [{ product_id: p.id, name: p.name, price: p.price, qty: l.qty, image: p.image }] : [];
  });
  const unavailable = items.filter((i) => products.get(i.product_id)?.available === false).map((i) => i.product_id);

  // A voucher that was used or expired meanwhile is dropped, and the quote asked again without it.
  useEffect(() => {
    if (voucherId === null) return;
    const gone = quoteCode === 'VOUCHER_INVALID' || (vouchers.data && !vouchers.data.vouchers.some((v) => v.id === voucherId));
    if (gone) {
      update({ voucherId: null });
      toast.warn('That voucher can no longer be used, so it was taken off your order.', { toastId: 'voucher-dropped' });
    }
  }, [voucherId, quoteCode, vouchers.data, update]);

  // Something sold out since the menu was loaded: reload it, so the line shows as sold out.
  useEffect(() => {
    if (quoteCode === 'PRODUCT_UNAVAILABLE') void mutate(catalogKey);
  }, [quoteCode, mutate]);

  // Coming back from the gateway with the browser's back button restores this page as it was left.
  useEffect(() => {
    const onShow = (e: PageTransitionEvent) => {
      if (!e.persisted) return;
      inFlight.current = false;
      setSubmitting(false);
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  if (!placed.current && cart.length === 0) return <Navigate to={paths.shop} replace />;
  if (!placed.current && fulfilment === 'delivery' && addressId === null) return <Navigate to={paths.delivery} replace />;

  const placeOrder = async (method: PaymentMethod) => {
    if (!body || inFlight.current) return;
    const request = { ...body, payment_method: method };
    // Another basket, voucher or method is another action: it gets a key of its own.
    const signature = JSON.stringify(request);
    if (keyFor.current !== signature) orderKey.done();
    keyFor.current = signature;
    inFlight.current = true;
    setSubmitting(true);
    setFailure(null);
    try {
      const r = await createOrder({ ...request, idempotency_key: orderKey.key() });
      orderKey.done();
      keyFor.current = null;
      if (r.payment_url) {
        // The cart stays until the payment is confirmed: a declined payment can be tried again.
        update({ paymentMethod: method });
        window.location.assign(r.payment_url);
        return;
      }
      placed.current = true;
      for (const key of [walletBalanceKey, profileKey, orderListKey(1), storageKey('active'), storageKey('used'), notificationsKey(1)]) void mutate(key);
      void navigate(to.order(r.order.name), { replace: true });
      clear();
    } catch (err) {
      if (!retryable(err)) {
        orderKey.done();
        keyFor.current = null;
      }
      const e = err instanceof ApiRequestError ? err : null;
      if (e?.code === 'INSUFFICIENT_BALANCE') {
        // The provider's balance is the truth: show the shortfall and the top-up with it.
        const balance = (e.data as { balance?: number } | null)?.balance;
        void mutate<WalletBalanceData>(walletBalanceKey, (w) => (typeof balance === 'number' ? { currency: settings.currency, ...w, balance } : w));
      }
      if (e?.code === 'PRODUCT_UNAVAILABLE') void mutate(catalogKey);
      if (e?.code === 'VOUCHER_INVALID') void mutate(storageKey('active'));
      setFailure({ code: e && e.code !== 'NETWORK' ? e.code : null, message: messageOf(err) });
      setSubmitting(false);
      inFlight.current = false;
    }
  };

  const startTopUp = async (shortfall: number) => {
    if (inFlight.current) return;
    inFlight.current = true;
    // The gateway takes top-ups within its limits: a small shortfall tops up the minimum.
    const amount = Math.min(TOPUP_MAX, Math.max(TOPUP_MIN, shortfall));
    try {
      const r = await topUp(amount, topupKey.key(), 'order');
      topupKey.done();
      update({ paymentMethod: 'wallet' });
      window.location.assign(r.payment_url);
    } catch (err) {
      if (!retryable(err)) topupKey.done();
      toast.error(messageOf(err));
      inFlight.current = false;
    }
  };

  return (
    <OrderConfirmationScreen
      items={items}
      fulfilment={fulfilment}
      address={addresses.data?.addresses.find((a) => a.id === addressId) ?? null}
      pickupAddress={settings.pickup_address}
      // Until the balance is known the total waits too, so no false "insufficient balance" flashes.
      quote={wallet.isLoading ? null : (quote.data ?? null)}
      quoteLoading={quote.isLoading || catalog.isLoading || wallet.isLoading}
      quoteError={quote.error && !quote.isLoading ? messageOf(quote.error) : null}
      onRetryQuote={() => void quote.mutate()}
      vouchers={vouchers.data?.vouchers}
      selectedVoucherId={voucherId}
      onSelectVoucher={(id) => update({ voucherId: id })}
      walletBalance={wallet.data?.balance ?? 0}
      defaultPaymentMethod={checkout.paymentMethod}
      onTopUp={(shortfall) => void startTopUp(shortfall)}
      onPlaceOrder={(method) => void placeOrder(method)}
      submitting={submitting}
      errorCode={failure?.code ?? null}
      formError={failure?.message ?? null}
      unavailableProductIds={unavailable}
      onEditCart={() => void navigate(paths.shop, { state: { openCart: true } satisfies ShopState })}
      onChangeDelivery={() => void navigate(paths.delivery)}
      onBack={() => void navigate(paths.delivery)}
      nav={<AppNav />}
      currency={settings.currency}
      locale={settings.locale}
      timeZone={settings.timezone}
    />
  );
}
