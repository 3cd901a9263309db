import { useEffect, useState, type ReactNode } from 'react';
import type { Address, ErrorCode, Fulfilment, OrderItem, PaymentMethod, QuoteData, Voucher } from '#contract';
import { AddressLines, AppShell, Badge, Button, ErrorState, Money, Notice, Points, Skeleton, SkeletonGroup, TopBar, cardClass, cx } from '../../ui';
import { ChoiceCard } from './choice-card';
import { formatDateTime } from '../../ui/lib/dates';

export interface OrderConfirmationScreenProps {
  /** The cart as order lines (name and price from the catalogue). */
  items: OrderItem[];
  fulfilment: Fulfilment;
  /** The delivery address (delivery only). */
  address?: Address | null;
  /** The merchant's pickup counter (pickup only). */
  pickupAddress?: string;
  /** The provider's quote for these items, fulfilment and voucher. */
  quote?: QuoteData | null;
  quoteLoading?: boolean;
  quoteError?: string | null;
  onRetryQuote?: () => void;
  /** The customer's active vouchers. */
  vouchers?: Voucher[];
  selectedVoucherId?: number | null;
  /** Choosing a voucher asks the container for a new quote. */
  onSelectVoucher?: (id: number | null) => void;
  walletBalance?: number;
  defaultPaymentMethod?: PaymentMethod;
  /** Starts a wallet top-up of (at least) this many minor units. */
  onTopUp?: (amount: number) => void;
  /** Why the last top-up could not start (the provider's message), shown with the top-up. */
  topUpError?: string | null;
  /**
   * Whether the merchant takes online payments and top-ups now (settings `online_payments`). When
   * false, or after a PAYMENTS_UNAVAILABLE refusal, only the wallet can pay.
   */
  onlinePayments?: boolean;
  onPlaceOrder?: (paymentMethod: PaymentMethod) => void;
  submitting?: boolean;
  /** Why the last order was refused (the API's error code). */
  errorCode?: ErrorCode | null;
  /** A message from the server to show with it. */
  formError?: string | null;
  /** Lines that are out of stock or no longer sold. */
  unavailableProductIds?: number[];
  /** Back to the shop to change the cart. */
  onEditCart?: () => void;
  /** Back to /delivery. */
  onChangeDelivery?: () => void;
  onBack?: () => void;
  nav?: ReactNode;
  currency: string;
  locale: string;
  timeZone?: string;
}

const ERROR_TEXT: Partial<Record<ErrorCode, string>> = {
  OUT_OF_STOCK: 'Something in your cart just sold out.',
  PRODUCT_UNAVAILABLE: 'Something in your cart is no longer available.',
  BELOW_MINIMUM: 'Your order is below the minimum.',
  INSUFFICIENT_BALANCE: 'Your wallet balance is too low for this order.',
  VOUCHER_INVALID: 'That voucher can no longer be used. Choose another or go without.',
  ADDRESS_REQUIRED: 'Choose a delivery address first.',
  IDEMPOTENCY_IN_PROGRESS: 'Your order is still being placed. Please wait a moment.',
  PAYMENTS_UNAVAILABLE: 'Online payment is not available right now.',
};

/** /order-confirmation: review, voucher, payment method and "Place order". */
export function OrderConfirmationScreen({
  items,
  fulfilment,
  address,
  pickupAddress,
  quote,
  quoteLoading = false,
  quoteError,
  onRetryQuote,
  vouchers = [],
  selectedVoucherId = null,
  onSelectVoucher,
  walletBalance = 0,
  defaultPaymentMethod = 'wallet',
  onTopUp,
  topUpError,
  onlinePayments = true,
  onPlaceOrder,
  submitting = false,
  errorCode,
  formError,
  unavailableProductIds = [],
  onEditCart,
  onChangeDelivery,
  onBack,
  nav,
  currency,
  locale,
  timeZone,
}: OrderConfirmationScreenProps) {
  // no gateway (the settings say so, or the provider just answered PAYMENTS_UNAVAILABLE): wallet only
  const onlineOff = !onlinePayments || errorCode === 'PAYMENTS_UNAVAILABLE';
  const [chosen, setMethod] = useState<PaymentMethod>(defaultPaymentMethod);
  const method: PaymentMethod = onlineOff ? 'wallet' : chosen;
  useEffect(() => {
    if (onlineOff) setMethod('wallet');
  }, [onlineOff]);
  // the provider's refusal of an online payment or a top-up is shown here, next to the choice
  const paymentError = errorCode === 'PAYMENTS_UNAVAILABLE' ? (formError ?? 'You can still pay from your wallet balance.') : (topUpError ?? null);
  const money = (amount: number, className?: string) => <Money amount={amount} currency={currency} locale={locale} className={className} />;
  const unavailable = new Set(unavailableProductIds);
  const shortfall = quote && method === 'wallet' ? Math.max(0, quote.total - walletBalance) : 0;
  const belowBy = quote?.below_minimum_by ?? 0;
  const blocked = !quote || quoteLoading || !!quoteError || belowBy > 0 || shortfall > 0 || unavailable.size > 0 || items.length === 0;

  const section = cx(cardClass(), 'flex flex-col gap-3');

  let totals: ReactNode;
  if (quoteError) {
    totals = <ErrorState title="We couldn't work out your total" message={quoteError} onRetry={onRetryQuote} className="py-4" />;
  } else if (quoteLoading || !quote) {
    totals = (
      <SkeletonGroup label="Working out your total" className="flex flex-col gap-2">
        <Skeleton height="1.25rem" />
        <Skeleton height="1.25rem" />
        <Skeleton height="1.25rem" />
        <Skeleton height="1.75rem" />
      </SkeletonGroup>
    );
  } else {
    totals = (
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2">
        <dt className="text-muted">Subtotal</dt>
        <dd className="text-right">{money(quote.subtotal)}</dd>
        {quote.discount > 0 && (
          <>
            <dt className="text-muted">Voucher discount</dt>
            <dd className="text-right text-success">−{money(quote.discount)}</dd>
          </>
        )}
        {fulfilment === 'delivery' && (
          <>
            <dt className="text-muted">Delivery fee</dt>
            <dd className="text-right">{quote.delivery_fee === 0 ? 'Free' : money(quote.delivery_fee)}</dd>
          </>
        )}
        <div className="col-span-2 grid grid-cols-subgrid border-t border-border pt-2 text-lg font-bold">
          <dt>Total</dt>
          <dd className="text-right">{money(quote.total)}</dd>
        </div>
        {quote.points_to_earn > 0 && (
          <>
            <dt className="text-sm text-muted">You'll earn</dt>
            <dd className="text-right text-sm font-semibold text-brand-ink">
              <Points value={quote.points_to_earn} locale={locale} showIcon />
            </dd>
          </>
        )}
      </dl>
    );
  }

  return (
    <AppShell header={<TopBar title="Order confirmation" onBack={onBack} />} nav={nav}>
      <div className="mx-auto flex w-full max-w-xl flex-col gap-4">
        {(errorCode || formError) && errorCode !== 'PAYMENTS_UNAVAILABLE' && (
          <Notice
            tone="danger"
            title={errorCode ? (ERROR_TEXT[errorCode] ?? "We couldn't place your order.") : "We couldn't place your order."}
            action={
              (errorCode === 'OUT_OF_STOCK' || errorCode === 'PRODUCT_UNAVAILABLE' || errorCode === 'BELOW_MINIMUM') && onEditCart ? (
                <Button variant="secondary" size="sm" className="self-start" onClick={onEditCart}>
                  Edit cart
                </Button>
              ) : undefined
            }
          >
            {formError}
          </Notice>
        )}

        <section aria-labelledby="oc-items" className={section}>
          <div className="flex items-center justify-between gap-2">
            <h2 id="oc-items" className="text-lg font-semibold">
              Your order
            </h2>
            {onEditCart && (
              <Button variant="ghost" size="sm" onClick={onEditCart}>
                Edit
              </Button>
            )}
          </div>
          <ul className="flex flex-col divide-y divide-border">
            {items.map((item) => (
              <li key={item.product_id} className="flex items-center gap-3 py-2">
                {item.image && <img src={item.image} alt="" width={48} height={48} className="size-12 shrink-0 rounded-lg bg-surface object-cover" />}
                <div className="flex min-w-0 flex-1 flex-col">
                  <span className="font-medium">
                    {item.qty} × {item.name}
                  </span>
                  {unavailable.has(item.product_id) ? (
                    <Badge tone="danger" className="self-start">
                      Sold out: remove it to continue
                    </Badge>
                  ) : (
                    <span className="text-sm text-muted">{money(item.price)} each</span>
                  )}
                </div>
                {money(item.price * item.qty, 'font-medium')}
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="oc-fulfilment" className={section}>
          <div className="flex items-center justify-between gap-2">
            <h2 id="oc-fulfilment" className="text-lg font-semibold">
              {fulfilment === 'delivery' ? 'Delivery' : 'Pickup'}
            </h2>
            {onChangeDelivery && (
              <Button variant="ghost" size="sm" onClick={onChangeDelivery}>
                Change
              </Button>
            )}
          </div>
          {fulfilment === 'delivery' ? (
            address ? (
              <div className="flex flex-col gap-0.5">
                <p className="font-medium">
                  {address.label} · {address.recipient}
                </p>
                <AddressLines address={address} />
              </div>
            ) : (
              <Notice tone="warning">Choose a delivery address to continue.</Notice>
            )
          ) : (
            <p className="text-muted">{pickupAddress ? `Collect it at ${pickupAddress}.` : 'Collect it at the counter.'}</p>
          )}
        </section>

        <section aria-labelledby="oc-voucher" className={section}>
          <h2 id="oc-voucher" className="text-lg font-semibold">
            Voucher
          </h2>
          {vouchers.length === 0 ? (
            <p className="text-muted">You have no vouchers to use. Redeem your points for one in Rewards.</p>
          ) : (
            <fieldset className="m-0 flex min-w-0 flex-col gap-2 border-0 p-0">
              <legend className="sr-only">Choose a voucher</legend>
              <ChoiceCard name="voucher" value="" checked={selectedVoucherId === null} onChange={() => onSelectVoucher?.(null)} title="No voucher" />
              {vouchers.map((v) => (
                <ChoiceCard
                  key={v.id}
                  name="voucher"
                  value={String(v.id)}
                  checked={selectedVoucherId === v.id}
                  onChange={() => onSelectVoucher?.(v.id)}
                  disabled={quoteLoading}
                  title={v.reward.title}
                  aside={v.reward.discount_amount ? <span className="font-semibold text-success">−{money(v.reward.discount_amount)}</span> : undefined}
                >
                  Code {v.code} · valid until {formatDateTime(v.expires_at, locale, timeZone)}
                </ChoiceCard>
              ))}
            </fieldset>
          )}
        </section>

        <section aria-labelledby="oc-payment" className={section}>
          <h2 id="oc-payment" className="text-lg font-semibold">
            Payment
          </h2>
          <fieldset className="m-0 flex min-w-0 flex-col gap-2 border-0 p-0">
            <legend className="sr-only">Choose how to pay</legend>
            <ChoiceCard
              name="payment"
              value="wallet"
              checked={method === 'wallet'}
              onChange={() => setMethod('wallet')}
              title="Wallet"
              aside={<span className="text-sm font-semibold">{money(walletBalance)}</span>}
            >
              Pay from your wallet balance.
            </ChoiceCard>
            <ChoiceCard name="payment" value="gateway" checked={method === 'gateway'} onChange={() => setMethod('gateway')} title="Online payment" disabled={onlineOff}>
              {onlineOff ? 'Not available right now. Pay from your wallet instead.' : 'Card or e-wallet, on the next page.'}
            </ChoiceCard>
          </fieldset>
          {paymentError && (
            <Notice tone="danger" title={errorCode === 'PAYMENTS_UNAVAILABLE' ? ERROR_TEXT.PAYMENTS_UNAVAILABLE : "We couldn't start your top-up."}>
              {paymentError}
            </Notice>
          )}
          {shortfall > 0 && onlineOff && (
            <Notice
              tone="warning"
              title="Insufficient balance"
              action={
                onEditCart && (
                  <Button variant="secondary" size="sm" className="self-start" onClick={onEditCart}>
                    Edit cart
                  </Button>
                )
              }
            >
              Your wallet has {money(walletBalance)}, {money(shortfall, 'font-semibold')} short of this order. Top-ups are not available
              right now, so change your order to pay from your wallet.
            </Notice>
          )}
          {shortfall > 0 && !onlineOff && (
            <Notice
              tone="warning"
              title="Insufficient balance"
              action={
                onTopUp && (
                  <Button variant="secondary" size="sm" className="self-start" onClick={() => onTopUp(shortfall)}>
                    <span>Top up {money(shortfall)}</span>
                  </Button>
                )
              }
            >
              Your wallet has {money(walletBalance)}. Top up {money(shortfall, 'font-semibold')} to pay with it, or choose online payment.
            </Notice>
          )}
        </section>

        <section aria-labelledby="oc-total" className={section}>
          <h2 id="oc-total" className="text-lg font-semibold">
            Total
          </h2>
          {totals}
          {quote && belowBy > 0 && (
            <Notice
              tone="warning"
              title="Below the minimum order"
              action={
                onEditCart && (
                  <Button variant="secondary" size="sm" className="self-start" onClick={onEditCart}>
                    Add more items
                  </Button>
                )
              }
            >
              The minimum order is {money(quote.min_order)}. Add {money(belowBy, 'font-semibold')} more to place it.
            </Notice>
          )}
        </section>

        <Button size="lg" fullWidth loading={submitting} disabled={blocked} onClick={() => onPlaceOrder?.(method)}>
          {quote && !quoteLoading ? <span>Place order · {money(quote.total)}</span> : 'Place order'}
        </Button>
      </div>
    </AppShell>
  );
}
