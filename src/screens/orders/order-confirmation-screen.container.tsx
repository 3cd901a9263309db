import { useEffect, useMemo, useRef, useState } from 'react';
import { t } from '@lingui/core/macro';
import { Navigate, useNavigate } from 'react-router-dom';
import { useAddresses } from '../../api/addresses';
import { ApiRequestError } from '../../api/client';
import type { OrderCreateBody, OrderItem, PaymentMethod, Product, QuoteBody } from '#contract';
import { TOPUP_MAX, TOPUP_MIN } from '#contract/limits';
import { PROMO_CODE_REASONS, type PromoCodeReason, type PromoCodeRefusal } from '#contract/offer-rules';
import { useCreateOrder, useQuote } from '../../api/orders';
import { useVoucherStorage } from '../../api/rewards';
import { useCatalog } from '../../api/shop';
import { useLanguage } from '../../i18n/language';
import { i18n } from '../../i18n/i18n';
import { useTopUp, useWalletBalance } from '../../api/wallet';
import { useCheckout, type Checkout } from '../../app/checkout';
import { useGuest } from '../../app/auth/guest';
import { messageOf } from '../../shared/errors';
import { AppNav } from '../../app/nav';
import { paths, to } from '#contract/routes';
import { useOrdering } from '../../app/ordering';
import { useSite } from '../../app/settings';
import { usePickupSlots } from '../../api/locations';
import { useKeyedAction } from '../../shared/action';
import { rememberPaymentPage, usePaymentRedirect } from '../../app/use-payment-redirect';
import { toast } from '../../ui';
import type { CartLine } from '../shop/cart-lines';
import { chosenOptions, defaultsOf, unitPrice } from '../shop/option-rules';
import type { ShopState } from '../shop/shop-screen.container';
import { OrderConfirmationScreen, type OrderConfirmationScreenProps } from './order-confirmation-screen';
import type { PromoProblem } from './promo-words';
import { tipOf, type TipChoice } from './tip-picker';

/** "Oat milk is sold out", "Oat milk and Extra shot are sold out", in the language spoken. */
function soldOutWords(names: string[]): string {
  const name = names[0] ?? '';
  if (names.length === 1) return t`${name} is sold out`;
  const list = new Intl.ListFormat(i18n.locale, { type: 'conjunction' }).format(names);
  return t`${list} are sold out`;
}

/**
 * The cart as order lines from the menu: each line's options as chosen (a line saved before options:
 * the product's defaults), its price with them, and the lines with an option that cannot be had now.
 */
function orderLines(cart: CartLine[], products: Map<number, Product>, refused: Record<string, string>) {
  const lineIssues: Record<number, string> = {};
  const items: OrderItem[] = [];
  cart.forEach((l, i) => {
    const p = products.get(l.product_id);
    if (!p) return;
    const ids = l.options ?? defaultsOf(p);
    const options = chosenOptions(p, ids);
    const soldOut = options.filter((o) => !o.available).map((o) => o.name);
    const n = items.push({ product_id: p.id, name: p.name, price: unitPrice(p, ids), qty: l.qty, image: p.image, options }) - 1;
    // the provider names the line (`items.<i>.options`: "Oat milk is sold out") before the menu read again says it
    const named = refused[`items.${i}.options`];
    if (soldOut.length) lineIssues[n] = soldOutWords(soldOut);
    else if (named || options.length < ids.length) lineIssues[n] = named ?? t`An option is no longer offered`;
  });
  return { items, lineIssues };
}

/** What the checkout asks a quote for; null until it can be priced (no cart, or delivery without an address). */
function quoteBodyOf({ cart, fulfilment, addressId, voucherId, promoCode, locationId, pickupAt, table }: Checkout): QuoteBody | null {
  if (cart.length === 0 || (fulfilment === 'delivery' && addressId === null) || (fulfilment === 'dine_in' && !table)) return null;
  return {
    items: cart.map(({ product_id, qty, options }) => ({ product_id, qty, ...(options && { options }) })),
    fulfilment,
    ...(fulfilment === 'delivery' && addressId !== null ? { address_id: addressId } : {}),
    ...(voucherId !== null ? { voucher_id: voucherId } : {}),
    ...(promoCode !== null ? { promo_code: promoCode } : {}),
    // pickup: the place chosen (none chosen: the server takes the first) and the time (none: as soon as possible)
    ...(fulfilment === 'pickup' && locationId !== null ? { location_id: locationId } : {}),
    ...(fulfilment === 'pickup' && pickupAt !== null ? { pickup_at: pickupAt } : {}),
    // at a table: its signed code (the place is the code's)
    ...(fulfilment === 'dine_in' && table ? { table_code: table.code } : {}),
  };
}

const isReason = (r: unknown): r is PromoCodeReason => (PROMO_CODE_REASONS as readonly unknown[]).includes(r);

/**
 * Why a quote or an order with the promo code `code` refused it: 400 PROMO_CODE_INVALID with its reason
 * (data, offer-rules.ts), or 429 RATE_LIMITED after too many unknown codes; null for any other failure.
 */
function promoProblemOf(err: unknown, code: string): PromoProblem | null {
  if (!(err instanceof ApiRequestError)) return null;
  if (err.code === 'RATE_LIMITED') return { reason: 'too_many_tries', code };
  if (err.code !== 'PROMO_CODE_INVALID') return null;
  const data = (typeof err.data === 'object' && err.data !== null ? err.data : {}) as Partial<PromoCodeRefusal>;
  return { ...data, reason: isReason(data.reason) ? data.reason : 'unknown', code: typeof data.code === 'string' ? data.code : code };
}

/**
 * The promo code (issue 50): sent with the quote; a refusal of it (the quote's, or the order's) takes it
 * off the order, so the quote is asked again without it, and keeps why for its field. While that happens
 * the refused quote is neither an error nor a total.
 */
function usePromoCode(quote: ReturnType<typeof useQuote>) {
  const { checkout, update } = useCheckout();
  const { promoCode } = checkout;
  const [problem, setProblem] = useState<PromoProblem | null>(null);
  const refused = promoCode !== null ? promoProblemOf(quote.error, promoCode) : null;
  useEffect(() => {
    const why = promoCode !== null ? promoProblemOf(quote.error, promoCode) : null;
    if (!why) return;
    setProblem(why);
    update({ promoCode: null });
  }, [promoCode, quote.error, update]);
  return {
    /** the quote refused the code: it is being taken off */
    dropping: refused !== null,
    /** order/create refused the code: off the order, with why */
    refusedByOrder: (err: unknown) => {
      const why = promoCode !== null ? promoProblemOf(err, promoCode) : null;
      if (!why) return;
      setProblem(why);
      update({ promoCode: null });
    },
    props: {
      promoCode,
      promoProblem: problem,
      onApplyPromoCode: (code: string) => {
        setProblem(null);
        update({ promoCode: code });
      },
      onRemovePromoCode: () => {
        setProblem(null);
        update({ promoCode: null });
      },
    } satisfies Partial<OrderConfirmationScreenProps>,
  };
}

/**
 * The quote, with the tip (issue 51): the customer's choice, and the amount it makes on the items'
 * subtotal after discounts of the last quote (a tip changes neither, so asking again with it changes no
 * amount).
 */
function useTippedQuote(checkout: Checkout) {
  const { settings } = useSite();
  const [choice, setChoice] = useState<TipChoice>(null);
  const [base, setBase] = useState<number | null>(null);
  const tip = tipOf(settings.tips, base, choice);
  const body = useMemo(() => {
    const b = quoteBodyOf(checkout);
    return b && tip > 0 ? { ...b, tip } : b;
  }, [checkout, tip]);
  const quote = useQuote(body);
  const data = quote.data;
  useEffect(() => {
    if (data) setBase(data.subtotal - data.discount);
  }, [data]);
  // a refusal of the tip (the owner changed the tips meanwhile) is the total's error: another choice asks again
  const tipProps = { tips: settings.tips, tipChoice: choice, onChooseTip: setChoice } satisfies Partial<OrderConfirmationScreenProps>;
  return { body, quote, tipProps };
}

/**
 * Where and when (issue 28): the place the checkout speaks of (for delivery, the one the quote found
 * for the address) and whether it takes orders now, its pickup times and the one chosen, and what a
 * refusal of the address or the time says.
 */
function usePlaceAndTime(quote: ReturnType<typeof useQuote>, failure: ApiRequestError | null) {
  const { settings } = useSite();
  const { checkout, update } = useCheckout();
  const { fulfilment, pickupAt } = checkout;
  const { location, ordering, many, now } = useOrdering(quote.data?.location_id ?? null);
  // the cart's products, and a reward's free item (made with them): its times start after the slowest one's preparation time
  const free = quote.data?.free_item?.product_id;
  const slots = usePickupSlots(fulfilment === 'pickup' && location ? location.id : null, [
    ...checkout.cart.map((l) => l.product_id),
    ...(free === undefined ? [] : [free]),
  ]);
  // a full time: the next one with room, as the refusal (of the quote, or of the order) says
  const slotRefusal = [failure, quote.error].find((e) => e instanceof ApiRequestError && e.code === 'SLOT_FULL') as ApiRequestError | undefined;
  const quoteCode = quote.error instanceof ApiRequestError && quote.error.code !== 'NETWORK' ? quote.error.code : null;

  // A time chosen earlier that is no longer offered (it passed): back to as soon as possible.
  useEffect(() => {
    if (pickupAt !== null && slots.data && !slots.data.days.some((d) => d.slots.some((s) => s.at === pickupAt))) update({ pickupAt: null });
  }, [pickupAt, slots.data, update]);

  return {
    unavailableProductIds: location?.unavailable_product_ids ?? [],
    pickupAddress: location?.address ?? settings.pickup_address,
    pickupName: many ? location?.name : undefined,
    pickupAt,
    asapAt: pickupAt === null ? quote.data?.pickup_at : undefined,
    slots: slots.data ?? null,
    onChoosePickupAt: (at: string | null) => update({ pickupAt: at }),
    ordering,
    quoteErrorCode: quoteCode,
    nextSlot: (slotRefusal?.data as { next_slot?: string | null } | null | undefined)?.next_slot ?? null,
    onSwitchToPickup: () => update({ fulfilment: 'pickup', table: null }),
    tableLabel: checkout.fulfilment === 'dine_in' ? (checkout.table?.label ?? null) : null,
    now: now ?? new Date().toISOString(),
  } satisfies Partial<OrderConfirmationScreenProps>;
}

/** A voucher that was used or expired meanwhile is dropped, and the quote asked again without it. */
function useDropGoneVoucher(
  voucherId: number | null,
  quoteCode: string | null,
  vouchers: readonly { id: number }[] | undefined,
  update: (patch: { voucherId: null }) => void,
) {
  useEffect(() => {
    if (voucherId === null) return;
    const gone = quoteCode === 'VOUCHER_INVALID' || (vouchers && !vouchers.some((v) => v.id === voucherId));
    if (gone) {
      update({ voucherId: null });
      toast.warn(t`That voucher can no longer be used, so it was taken off your order.`, { toastId: 'voucher-dropped' });
    }
  }, [voucherId, quoteCode, vouchers, update]);
}

/**
 * /order-confirmation: the provider's quote for the checkout, a voucher, a promo code, the payment method and
 * "Place order" (one order per tap, whatever the network does: one idempotency key per attempt).
 */
export default function OrderConfirmationPage() {
  const { settings } = useSite();
  const navigate = useNavigate();
  const { checkout, update, clear } = useCheckout();
  const { cart, fulfilment, addressId, voucherId } = checkout;
  const catalog = useCatalog(useLanguage());
  // a guest at a table has no addresses, wallet or vouchers (members' calls): none are asked
  const guest = useGuest() !== null;
  const addresses = useAddresses(!guest);
  const wallet = useWalletBalance(!guest);
  const vouchers = useVoucherStorage('active', !guest, useLanguage());
  const createOrder = useCreateOrder();
  const topUp = useTopUp();
  const order = useKeyedAction((key, request: Omit<OrderCreateBody, 'idempotency_key'>) => createOrder({ ...request, idempotency_key: key }));
  const topup = useKeyedAction((key, amount: number) => topUp(amount, key, 'order'));
  const placed = useRef(false);
  // On the way to the payment page: the buttons stay busy until the browser has left.
  const { leaving, leave } = usePaymentRedirect();
  const failure = order.error instanceof ApiRequestError ? order.error : null;

  const { body, quote, tipProps } = useTippedQuote(checkout);
  const quoteCode = quote.error instanceof ApiRequestError ? quote.error.code : null;
  const place = usePlaceAndTime(quote, failure);
  const promo = usePromoCode(quote);

  const products = useMemo(() => new Map(catalog.data?.categories.flatMap((c) => c.products).map((p) => [p.id, p])), [catalog.data]);
  // what the quote or the order refused, line by line
  const refused = { ...(quote.error instanceof ApiRequestError ? quote.error.fields : {}), ...failure?.fields };
  const { items, lineIssues } = orderLines(cart, products, refused);
  const notHere = new Set(place.unavailableProductIds);
  const unavailable = items.filter((i) => products.get(i.product_id)?.available === false || notHere.has(i.product_id)).map((i) => i.product_id);

  useDropGoneVoucher(voucherId, quoteCode, vouchers.data?.vouchers, update);

  if (!placed.current && cart.length === 0) return <Navigate to={paths.shop} replace />;
  if (!placed.current && fulfilment === 'delivery' && addressId === null) return <Navigate to={paths.delivery} replace />;

  const placeOrder = async (method: PaymentMethod) => {
    if (!body || leaving) return;
    // the total the customer was shown: a price changed since is refused (PRICE_CHANGED), not charged
    const r = await order.run({ ...body, payment_method: method, expected_total: quote.data?.total });
    if (!r) return;
    // the code stopped applying since the quote: off the order, and priced again without it
    if (!r.ok) promo.refusedByOrder(r.error);
    if (r.ok) {
      update({ paymentMethod: method });
      placed.current = true;
      // The order holds the items now: the cart empties whatever the payment does (a declined payment's
      // Try again takes the order's items, use-payment-result.tsx).
      clear();
      // an order at a table leaves it (clear forgot the table): the next one is a pickup unless chosen otherwise
      if (fulfilment === 'dine_in') update({ fulfilment: 'pickup' });
      if (r.value.payment_url) {
        rememberPaymentPage(r.value.order.name, r.value.payment_url);
        // back from the payment page: the order's page, not this emptied checkout
        leave(r.value.payment_url, to.order(r.value.order.name));
        return;
      }
      void navigate(to.order(r.value.order.name), { replace: true });
    }
    // A refusal (short balance, sold out, voucher gone) is shown by the screen; useCreateOrder has
    // already brought what it says up to date (the balance, the menu, the vouchers).
  };

  const startTopUp = async (shortfall: number) => {
    if (leaving) return;
    // The gateway takes top-ups within its limits: a small shortfall tops up the minimum.
    const r = await topup.run(Math.min(TOPUP_MAX, Math.max(TOPUP_MIN, shortfall)));
    // a refusal is shown with the top-up button (topUpError below)
    if (!r?.ok) return;
    update({ paymentMethod: 'wallet' });
    leave(r.value.payment_url);
  };

  return (
    <OrderConfirmationScreen
      items={items}
      guest={guest}
      fulfilment={fulfilment}
      address={addresses.data?.addresses.find((a) => a.id === addressId) ?? null}
      {...place}
      // Until the balance is known the total waits too, so no false "insufficient balance" flashes.
      quote={wallet.isLoading ? null : (quote.data ?? null)}
      quoteLoading={quote.isLoading || catalog.isLoading || wallet.isLoading || promo.dropping}
      quoteError={quote.error && !quote.isLoading && !promo.dropping ? messageOf(quote.error) : null}
      onRetryQuote={() => void quote.mutate()}
      vouchers={vouchers.data?.vouchers}
      selectedVoucherId={voucherId}
      onSelectVoucher={(id) => update({ voucherId: id })}
      {...promo.props}
      {...tipProps}
      onSeeOffers={() => void navigate(paths.offers)}
      walletBalance={wallet.data?.balance}
      defaultPaymentMethod={checkout.paymentMethod}
      onTopUp={(shortfall) => void startTopUp(shortfall)}
      topUpError={topup.error ? messageOf(topup.error) : null}
      // no payment gateway: the settings say so up front, a 503 PAYMENTS_UNAVAILABLE on the way
      onlinePayments={settings.online_payments !== false && !(topup.error instanceof ApiRequestError && topup.error.code === 'PAYMENTS_UNAVAILABLE')}
      onPlaceOrder={(method) => void placeOrder(method)}
      submitting={order.pending || leaving}
      errorCode={failure && failure.code !== 'NETWORK' ? failure.code : null}
      formError={order.error ? messageOf(order.error) : null}
      unavailableProductIds={unavailable}
      lineIssues={lineIssues}
      reorderChanges={checkout.reorderChanges}
      onDismissReorderChanges={() => update({ reorderChanges: null })}
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
