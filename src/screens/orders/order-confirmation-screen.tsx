import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Address, ErrorCode, Fulfilment, OrderItem, PaymentMethod, QuoteData, ReorderChange, Voucher } from '#contract';
import { formatMoney } from '#contract/money';
import type { PickupSlotsData } from '#contract/locations';
import { discountParts } from '#contract/offer-rules';
import {
  AddressLines,
  AppShell,
  Badge,
  Button,
  ErrorState,
  Money,
  Notice,
  Points,
  SectionHeading,
  Skeleton,
  SkeletonGroup,
  TopBar,
  cardClass,
  cx,
} from '../../ui';
import { ChoiceCard } from './choice-card';
import { PromoCodeField } from './promo-code-field';
import { TaxRows } from './tax-rows';
import { reorderChangeText } from './reorder-words';
import { TipPicker, type TipChoice, type TipOffer } from './tip-picker';
import type { PromoProblem } from './promo-words';
import { fulfilmentWords, namedParts, optionWords, partWords } from './format';
import { clockTime, formatDateTime } from '../../ui/lib/dates';
import { dateIn, OrderingNotice, orderingWords, type Ordering } from '../shop/ordering-notice';

// The pickup times are a chunk of their own: only a customer who chooses a time needs them.
const PickupSlotPicker = lazy(() => import('./pickup-slot-picker'));

export interface OrderConfirmationScreenProps {
  /** The cart as order lines (name and price from the catalogue). */
  items: OrderItem[];
  fulfilment: Fulfilment;
  /** dine-in (issue 54): the table's label */
  tableLabel?: string | null;
  /**
   * A guest at a table (no account): card or the counter only; no wallet, voucher, promo code or points
   * line, and a note that points are claimed by joining after ordering.
   */
  guest?: boolean;
  /** The delivery address (delivery only). */
  address?: Address | null;
  /** Where to pick up (pickup only): the place's address, and its name when the shop has more than one. */
  pickupAddress?: string;
  pickupName?: string;
  /** Pickup: the time chosen (null: as soon as possible). */
  pickupAt?: string | null;
  /** Pickup: when "as soon as possible" is ready. */
  asapAt?: string | null;
  /** Pickup: today's and tomorrow's times, for "Choose a time". */
  slots?: PickupSlotsData | null;
  onChoosePickupAt?: (at: string | null) => void;
  /** Whether the shop takes orders now: not open, Place order waits and says why. */
  ordering?: Ordering | null;
  /** Why the quote was refused (the API's error code): a delivery address outside every area, a full pickup time. */
  quoteErrorCode?: ErrorCode | null;
  /** A full pickup time (SLOT_FULL): the next one with room. */
  nextSlot?: string | null;
  /** The address is outside every delivery area: take it as a pickup instead. */
  onSwitchToPickup?: () => void;
  /** The server's time: "today" and "tomorrow" of the pickup times. */
  now?: string;
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
  /** The promo code on the order (null: none); the quote's `offer` is what it takes off. */
  promoCode?: string | null;
  /** Why the last promo code was refused (it is off the order again), shown under its field. */
  promoProblem?: PromoProblem | null;
  /** Applying a code, or removing it, asks the container for a new quote. */
  onApplyPromoCode?: (code: string) => void;
  onRemovePromoCode?: () => void;
  /** To "Offers for you". */
  onSeeOffers?: () => void;
  /** The promo code's field shows at first (stories), as after "Add a promo code". */
  promoFieldOpen?: boolean;
  /** The shop's tips (settings `tips`; absent: it takes none) and the customer's choice. */
  tips?: TipOffer;
  tipChoice?: TipChoice;
  onChooseTip?: (choice: TipChoice) => void;
  /** the wallet's balance; undefined while not known (offline, or the shop did not answer): then not shown */
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
  /** Lines (by index) with an option that cannot be had now, and what: "Oat milk is sold out". */
  lineIssues?: Record<number, string>;
  /** "Order again" (issue 51): what differed from the order repeated (left out, a new price), until dismissed. */
  reorderChanges?: ReorderChange[] | null;
  onDismissReorderChanges?: () => void;
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

// msg marks the refusals for the catalogues; each is translated where it is shown
const ERROR_TEXT: Partial<Record<ErrorCode, MessageDescriptor>> = {
  OUT_OF_STOCK: msg`Something in your cart just sold out.`,
  PRODUCT_UNAVAILABLE: msg`Something in your cart is no longer available.`,
  BELOW_MINIMUM: msg`Your order is below the minimum.`,
  INSUFFICIENT_BALANCE: msg`Your wallet balance is too low for this order.`,
  VOUCHER_INVALID: msg`That voucher can no longer be used. Choose another or go without.`,
  PROMO_CODE_INVALID: msg`Your promo code can no longer be used, so it was taken off your order.`,
  ADDRESS_REQUIRED: msg`Choose a delivery address first.`,
  IDEMPOTENCY_IN_PROGRESS: msg`Your order is still being placed. Please wait a moment.`,
  PRICE_CHANGED: msg`Prices changed since you opened checkout.`,
  PAYMENTS_UNAVAILABLE: msg`Online payment is not available right now.`,
  LOCATION_CLOSED: msg`We're closed right now.`,
  ORDERING_PAUSED: msg`We're not taking orders right now.`,
  UNPAID_ORDERS_LIMIT: msg`You have orders waiting for payment.`,
};
/** Refusals shown where they arise (the address, the pickup time), not at the top. */
const IN_PLACE: ReadonlySet<ErrorCode | null | undefined> = new Set(['PAYMENTS_UNAVAILABLE', 'SLOT_FULL', 'OUTSIDE_DELIVERY_AREA']);

type MoneyOf = (amount: number, className?: string) => ReactNode;

const section = cx(cardClass(), 'flex flex-col gap-3');

/** Refusals after which the order can go as it is now, at the new total the page shows. */
const NEW_TOTAL: ReadonlySet<ErrorCode | null | undefined> = new Set(['PRICE_CHANGED', 'PROMO_CODE_INVALID']);

/** What "Order again" could not repeat as it was, each in words, with a way to put the notice away. */
function ReorderNotice({ changes, onDismiss, currency, locale }: { changes: ReorderChange[]; onDismiss?: () => void; currency: string; locale: string }) {
  const { t } = useLingui();
  return (
    <Notice
      tone="warning"
      title={t`Some things changed since you last ordered`}
      action={
        onDismiss && (
          <Button variant="ghost" size="sm" className="self-start" onClick={onDismiss}>
            <Trans>Got it</Trans>
          </Button>
        )
      }
    >
      <ul className="flex list-disc flex-col gap-1 pl-5">
        {changes.map((c, i) => (
          <li key={i}>{reorderChangeText(c, (minor) => formatMoney(minor, currency, locale))}</li>
        ))}
      </ul>
    </Notice>
  );
}

/** Why the last order was refused, with a way back to the cart when the cart is the reason. */
function RefusalNotice({ errorCode, formError, onEditCart }: Pick<OrderConfirmationScreenProps, 'errorCode' | 'formError' | 'onEditCart'>) {
  const { t, i18n } = useLingui();
  const known = errorCode ? ERROR_TEXT[errorCode] : undefined;
  return (
    <Notice
      tone={NEW_TOTAL.has(errorCode) ? 'warning' : 'danger'}
      title={known ? i18n._(known) : t`We couldn't place your order.`}
      action={
        (errorCode === 'OUT_OF_STOCK' || errorCode === 'PRODUCT_UNAVAILABLE' || errorCode === 'BELOW_MINIMUM') && onEditCart ? (
          <Button variant="secondary" size="sm" className="self-start" onClick={onEditCart}>
            <Trans>Edit cart</Trans>
          </Button>
        ) : undefined
      }
    >
      {NEW_TOTAL.has(errorCode) ? t`Check the new total and place your order again.` : formError}
    </Notice>
  );
}

function ItemsSection({
  items,
  unavailable,
  issues,
  onEditCart,
  money,
}: {
  items: OrderItem[];
  unavailable: ReadonlySet<number>;
  issues: Record<number, string>;
  onEditCart?: () => void;
  money: MoneyOf;
}) {
  const { t } = useLingui();
  return (
    <section aria-labelledby="oc-items" className={section}>
      <SectionHeading id="oc-items" action={onEditCart && t`Edit`} onAction={onEditCart}>
        <Trans>Your order</Trans>
      </SectionHeading>
      <ul className="flex flex-col divide-y divide-border">
        {items.map((item, i) => (
          <li key={i} className="flex items-center gap-3 py-2">
            {item.image && <img src={item.image} alt="" width={48} height={48} className="size-12 shrink-0 rounded-lg bg-surface object-cover" />}
            <div className="flex min-w-0 flex-1 flex-col">
              <span className="font-medium">
                {item.qty} × {item.name}
              </span>
              {item.options?.length ? <span className="text-sm">{optionWords(item.options)}</span> : null}
              {unavailable.has(item.product_id) || issues[i] ? <IssueBadge issue={issues[i]} /> : <LineEach price={money(item.price)} />}
            </div>
            {money(item.price * item.qty, 'font-medium')}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Why a line stops the order: sold out (remove it), or what of its options cannot be had (change it). */
function IssueBadge({ issue }: { issue?: string }) {
  const { t } = useLingui();
  return (
    <Badge tone="danger" className="self-start">
      {issue ? t`${issue}: change it to continue` : t`Sold out: remove it to continue`}
    </Badge>
  );
}

/** A line's price for one: "₱150.00 each". */
function LineEach({ price }: { price: ReactNode }) {
  return (
    <span className="text-sm text-muted">
      <Trans>{price} each</Trans>
    </span>
  );
}

/**
 * "Sourdough loaf takes about 40 minutes to make, so the first pickup time is 8:40 AM." (issue 54): one
 * whole sentence for each case, so each language orders its words.
 */
function SlowItemNote({ slots, clock }: { slots: PickupSlotsData; clock: (iso: string) => string }) {
  const { t } = useLingui();
  const first = slots.days.flatMap((d) => d.slots)[0];
  const minutes = slots.prep_minutes;
  const product = slots.prep_product?.name;
  const time = first ? clock(first.at) : '';
  let words: string;
  if (first)
    words = product
      ? t`${product} takes about ${minutes} minutes to make, so the first pickup time is ${time}.`
      : t`Your order takes about ${minutes} minutes to make, so the first pickup time is ${time}.`;
  else
    words = product
      ? t`${product} takes about ${minutes} minutes to make, so there are no pickup times left today or tomorrow.`
      : t`Your order takes about ${minutes} minutes to make, so there are no pickup times left today or tomorrow.`;
  return <p className="text-sm text-muted">{words}</p>;
}

type PickupProps = Pick<OrderConfirmationScreenProps, 'pickupAt' | 'asapAt' | 'slots' | 'onChoosePickupAt' | 'nextSlot'> & {
  slotFull: boolean;
  /** closed now (not paused): no "as soon as possible", only a time to order ahead for */
  ahead: boolean;
  now: string;
  locale: string;
  timeZone: string;
};

/**
 * Pickup: as soon as possible (the default), or a time of today's or tomorrow's; a time that just filled
 * up, with the next free one. Closed now: only a time, to order ahead for.
 */
function PickupTime({ pickupAt = null, asapAt, slots, onChoosePickupAt, nextSlot, slotFull, ahead, now, locale, timeZone }: PickupProps) {
  const { t } = useLingui();
  const [chose, setChoosing] = useState(pickupAt !== null);
  const choosing = chose || ahead;
  const clock = (iso: string) => clockTime(iso, locale, timeZone);
  const readyAt = asapAt ? clock(asapAt) : '';
  const nextTime = nextSlot ? clock(nextSlot) : '';
  return (
    <>
      <fieldset className="m-0 flex min-w-0 flex-col gap-2 border-0 p-0">
        <legend className="mb-2 font-semibold">
          <Trans>Pickup time</Trans>
        </legend>
        {ahead ? (
          <p className="text-sm text-muted">
            <Trans>We're closed now. Choose a time to order ahead for.</Trans>
          </p>
        ) : (
          <>
            <ChoiceCard
              name="pickup-time"
              value="asap"
              checked={!choosing}
              onChange={() => {
                setChoosing(false);
                onChoosePickupAt?.(null);
              }}
              title={t`As soon as possible`}
            >
              {asapAt && t`Ready about ${readyAt}`}
            </ChoiceCard>
            <ChoiceCard name="pickup-time" value="later" checked={choosing} onChange={() => setChoosing(true)} title={t`Choose a time`} />
          </>
        )}
      </fieldset>
      {slots?.prep_product && <SlowItemNote slots={slots} clock={clock} />}
      {choosing && (
        <Suspense fallback={<Skeleton height="6rem" />}>
          <PickupSlotPicker
            slots={slots}
            value={pickupAt}
            onChange={(at) => onChoosePickupAt?.(at)}
            today={now ? dateIn(now, timeZone) : (slots?.days[0]?.date ?? '')}
            clock={clock}
          />
        </Suspense>
      )}
      {slotFull && (
        <Notice
          tone="danger"
          title={nextSlot ? t`That time just filled up — the next free time is ${nextTime}` : t`That time just filled up`}
          action={
            nextSlot && (
              <Button variant="secondary" size="sm" className="self-start" onClick={() => onChoosePickupAt?.(nextSlot)}>
                <Trans>Pick up at {nextTime}</Trans>
              </Button>
            )
          }
        >
          {!nextSlot && t`There are no pickup times left today or tomorrow.`}
        </Notice>
      )}
    </>
  );
}

function FulfilmentSection({
  fulfilment,
  address,
  pickupAddress,
  pickupName,
  onChangeDelivery,
  onSwitchToPickup,
  outside,
  pickup,
  tableLabel,
}: Pick<OrderConfirmationScreenProps, 'fulfilment' | 'address' | 'pickupAddress' | 'pickupName' | 'onChangeDelivery' | 'onSwitchToPickup' | 'tableLabel'> & {
  outside: boolean;
  pickup: PickupProps;
}) {
  const { t } = useLingui();
  return (
    <section aria-labelledby="oc-fulfilment" className={section}>
      <SectionHeading id="oc-fulfilment" action={onChangeDelivery && t`Change`} onAction={onChangeDelivery}>
        {fulfilmentWords({ fulfilment, table_label: tableLabel })}
      </SectionHeading>
      {fulfilment === 'dine_in' ? (
        <p className="text-muted">
          {pickupName ? t`We bring it to your table at ${pickupName} as soon as it is ready.` : t`We bring it to your table as soon as it is ready.`}
        </p>
      ) : fulfilment === 'delivery' ? (
        address ? (
          <div className="flex flex-col gap-0.5">
            <p className="font-medium">
              {address.label} · {address.recipient}
            </p>
            <AddressLines address={address} />
          </div>
        ) : (
          <Notice tone="warning">
            <Trans>Choose a delivery address to continue.</Trans>
          </Notice>
        )
      ) : (
        <>
          <p className="text-muted">
            {pickupAddress
              ? pickupName
                ? t`Collect it at ${pickupName}, ${pickupAddress}.`
                : t`Collect it at ${pickupAddress}.`
              : t`Collect it at the counter.`}
          </p>
          <PickupTime {...pickup} />
        </>
      )}
      {fulfilment === 'delivery' && outside && (
        <Notice
          tone="danger"
          title={t`We don't deliver to this address yet.`}
          action={
            <span className="flex flex-wrap gap-2">
              {onSwitchToPickup && (
                <Button variant="secondary" size="sm" onClick={onSwitchToPickup}>
                  <Trans>Pick up instead</Trans>
                </Button>
              )}
              {onChangeDelivery && (
                <Button variant="secondary" size="sm" onClick={onChangeDelivery}>
                  <Trans>Change address</Trans>
                </Button>
              )}
            </span>
          }
        >
          <Trans>Choose another address, or pick up your order.</Trans>
        </Notice>
      )}
    </section>
  );
}

function VoucherSection({
  vouchers,
  selectedVoucherId,
  onSelectVoucher,
  quoteLoading,
  money,
  locale,
  timeZone,
}: {
  vouchers: Voucher[];
  selectedVoucherId: number | null;
  onSelectVoucher?: (id: number | null) => void;
  quoteLoading: boolean;
  money: MoneyOf;
  locale: string;
  timeZone?: string;
}) {
  const { t } = useLingui();
  return (
    <section aria-labelledby="oc-voucher" className={section}>
      <h2 id="oc-voucher" className="text-lg font-semibold">
        <Trans>Voucher</Trans>
      </h2>
      {vouchers.length === 0 ? (
        <p className="text-muted">
          <Trans>You have no vouchers to use. Redeem your points for one in Rewards.</Trans>
        </p>
      ) : (
        <fieldset className="m-0 flex min-w-0 flex-col gap-2 border-0 p-0">
          <legend className="sr-only">
            <Trans>Choose a voucher</Trans>
          </legend>
          <ChoiceCard name="voucher" value="" checked={selectedVoucherId === null} onChange={() => onSelectVoucher?.(null)} title={t`No voucher`} />
          {vouchers.map((v) => {
            const product = v.reward.free_product;
            const code = v.code;
            const until = formatDateTime(v.expires_at, locale, timeZone);
            return (
              <ChoiceCard
                key={v.id}
                name="voucher"
                value={String(v.id)}
                checked={selectedVoucherId === v.id}
                onChange={() => onSelectVoucher?.(v.id)}
                disabled={quoteLoading}
                title={v.reward.title}
                aside={
                  product ? (
                    <span className="font-semibold text-success">{t`Free ${product}`}</span>
                  ) : v.reward.discount_amount ? (
                    <span className="font-semibold text-success">−{money(v.reward.discount_amount)}</span>
                  ) : undefined
                }
              >
                {t`Code ${code} · valid until ${until}`}
              </ChoiceCard>
            );
          })}
        </fieldset>
      )}
    </section>
  );
}

/** A short balance: top up (when the gateway takes top-ups), else change the order. */
function ShortfallNotice({
  shortfall,
  onlineOff,
  walletBalance,
  onTopUp,
  onEditCart,
  money,
}: {
  shortfall: number;
  onlineOff: boolean;
  walletBalance: number;
  onTopUp?: (amount: number) => void;
  onEditCart?: () => void;
  money: MoneyOf;
}) {
  const { t } = useLingui();
  const balance = money(walletBalance);
  const short = money(shortfall, 'font-semibold');
  const amount = money(shortfall);
  if (onlineOff)
    return (
      <Notice
        tone="warning"
        title={t`Insufficient balance`}
        action={
          onEditCart && (
            <Button variant="secondary" size="sm" className="self-start" onClick={onEditCart}>
              <Trans>Edit cart</Trans>
            </Button>
          )
        }
      >
        <Trans>
          Your wallet has {balance}, {short} short of this order. Top-ups are not available right now, so change your order to pay from your wallet.
        </Trans>
      </Notice>
    );
  return (
    <Notice
      tone="warning"
      title={t`Insufficient balance`}
      action={
        onTopUp && (
          <Button variant="secondary" size="sm" className="self-start" onClick={() => onTopUp(shortfall)}>
            <span>
              <Trans>Top up {amount}</Trans>
            </span>
          </Button>
        )
      }
    >
      <Trans>
        Your wallet has {balance}. Top up {short} to pay with it, or choose online payment.
      </Trans>
    </Notice>
  );
}

function PaymentSection({
  method,
  onMethod,
  onlineOff,
  counterOffered,
  walletOffered,
  walletBalance,
  paymentError,
  errorCode,
  shortfall,
  onTopUp,
  onEditCart,
  money,
}: {
  method: PaymentMethod;
  onMethod: (method: PaymentMethod) => void;
  onlineOff: boolean;
  /** at a table, when the shop lets customers pay at the counter (the quote's `pay_at_counter`) */
  counterOffered: boolean;
  /** false for a guest: card or the counter only */
  walletOffered: boolean;
  /** undefined: not known (not read yet, offline, or the shop did not answer) */
  walletBalance: number | undefined;
  paymentError: string | null;
  errorCode?: ErrorCode | null;
  shortfall: number;
  onTopUp?: (amount: number) => void;
  onEditCart?: () => void;
  money: MoneyOf;
}) {
  const { t, i18n } = useLingui();
  return (
    <section aria-labelledby="oc-payment" className={section}>
      <h2 id="oc-payment" className="text-lg font-semibold">
        <Trans>Payment</Trans>
      </h2>
      <fieldset className="m-0 flex min-w-0 flex-col gap-2 border-0 p-0">
        <legend className="sr-only">
          <Trans>Choose how to pay</Trans>
        </legend>
        {walletOffered && (
          <ChoiceCard
            name="payment"
            value="wallet"
            checked={method === 'wallet'}
            onChange={() => onMethod('wallet')}
            title={t`Wallet`}
            aside={walletBalance === undefined ? undefined : <span className="text-sm font-semibold">{money(walletBalance)}</span>}
          >
            <Trans>Pay from your wallet balance.</Trans>
          </ChoiceCard>
        )}
        <ChoiceCard
          name="payment"
          value="gateway"
          checked={method === 'gateway'}
          onChange={() => onMethod('gateway')}
          title={t`Online payment`}
          disabled={onlineOff}
        >
          {onlineOff
            ? walletOffered
              ? t`Not available right now. Pay from your wallet instead.`
              : t`Not available right now. Pay at the counter instead.`
            : t`Card or e-wallet, on the next page.`}
        </ChoiceCard>
        {counterOffered && (
          <ChoiceCard name="payment" value="counter" checked={method === 'counter'} onChange={() => onMethod('counter')} title={t`Pay at the counter`}>
            <Trans>We start on your order now. Pay at the till before you leave.</Trans>
          </ChoiceCard>
        )}
      </fieldset>
      {paymentError && (
        <Notice tone="danger" title={errorCode === 'PAYMENTS_UNAVAILABLE' ? i18n._(ERROR_TEXT.PAYMENTS_UNAVAILABLE!) : t`We couldn't start your top-up.`}>
          {paymentError}
        </Notice>
      )}
      {shortfall > 0 && walletBalance !== undefined && (
        <ShortfallNotice shortfall={shortfall} onlineOff={onlineOff} walletBalance={walletBalance} onTopUp={onTopUp} onEditCart={onEditCart} money={money} />
      )}
    </section>
  );
}

/** The provider's sums: subtotal, the voucher's and the promo code's discounts, delivery, total and the points it earns. */
function Totals({
  quote,
  quoteLoading,
  quoteError,
  onRetryQuote,
  fulfilment,
  money,
  locale,
  held,
  guest,
}: Pick<OrderConfirmationScreenProps, 'quote' | 'quoteError' | 'onRetryQuote' | 'fulfilment' | 'locale'> & {
  quoteLoading: boolean;
  money: MoneyOf;
  held: boolean;
  /** a guest earns no points: no line for them */
  guest: boolean;
}) {
  const { t } = useLingui();
  // refused for the address or the pickup time: said there, with the way on
  if (held)
    return (
      <p className="text-muted">
        <Trans>Your total shows once that is sorted out.</Trans>
      </p>
    );
  if (quoteError) return <ErrorState title={t`We couldn't work out your total`} message={quoteError} onRetry={onRetryQuote} className="py-4" />;
  if (quoteLoading || !quote)
    return (
      <SkeletonGroup label={t`Working out your total`} className="flex flex-col gap-2">
        <Skeleton height="1.25rem" />
        <Skeleton height="1.25rem" />
        <Skeleton height="1.25rem" />
        <Skeleton height="1.75rem" />
      </SkeletonGroup>
    );
  const voucherPart = discountParts(quote).voucher;
  const promoCode = quote.offer?.code ?? null;
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2">
      {quote.free_item && <FreeItemRow item={quote.free_item} money={money} />}
      <dt className="text-muted">
        <Trans>Subtotal</Trans>
      </dt>
      <dd className="text-right">{money(quote.subtotal)}</dd>
      {voucherPart > 0 && (
        <>
          <dt className="text-muted">
            <Trans>Voucher discount</Trans>
          </dt>
          <dd className="text-right text-success">−{money(voucherPart)}</dd>
        </>
      )}
      {quote.offer && quote.offer.discount > 0 && (
        <>
          <dt className="text-muted">{promoCode === null ? quote.offer.title : t`Promo code ${promoCode}`}</dt>
          <dd className="text-right text-success">−{money(quote.offer.discount)}</dd>
        </>
      )}
      {fulfilment === 'delivery' && (
        <>
          <dt className="text-muted">
            <Trans>Delivery fee</Trans>
          </dt>
          <dd className="text-right">{quote.delivery_fee === 0 ? t`Free` : money(quote.delivery_fee)}</dd>
        </>
      )}
      {!!quote.tip && (
        <>
          <dt className="text-muted">
            <Trans>Tip</Trans>
          </dt>
          <dd className="text-right">{money(quote.tip)}</dd>
        </>
      )}
      <TaxRows taxes={quote.taxes} placement="before-total" money={money} />
      <div className="col-span-2 grid grid-cols-subgrid border-t border-border pt-2 text-lg font-bold">
        <dt>
          <Trans>Total</Trans>
        </dt>
        <dd className="text-right">{money(quote.total)}</dd>
      </div>
      <TaxRows taxes={quote.taxes} placement="after-total" money={money} />
      {quote.points_to_earn > 0 && !guest && (
        <>
          <dt className="text-sm text-muted">
            <Trans>You'll earn</Trans>
          </dt>
          <dd className="text-right text-sm font-semibold text-brand-ink">
            <Points value={quote.points_to_earn} locale={locale} showIcon />
          </dd>
          {namedParts(quote.points_breakdown).length > 0 && (
            <dd className="col-span-2 -mt-1 text-right text-sm text-muted">
              {namedParts(quote.points_breakdown)
                .map((p) => partWords(p, locale))
                .join(' · ')}
            </dd>
          )}
        </>
      )}
    </dl>
  );
}

/**
 * What a voucher for a free product makes free (issue 46): one of the cart's, as the customer chose it
 * (its price off, before the subtotal), or the product added with its usual options.
 */
function FreeItemRow({ item, money }: { item: NonNullable<QuoteData['free_item']>; money: MoneyOf }) {
  const { t } = useLingui();
  const name = item.options.length > 0 ? `${item.name} (${item.options.join(' · ')})` : item.name;
  return item.in_cart ? (
    <>
      <dt className="text-muted">{t`1 × ${name}, free with your voucher`}</dt>
      <dd className="text-right text-success">−{money(item.value)}</dd>
    </>
  ) : (
    <>
      <dt className="text-muted">
        {t`1 × ${name}, added free with your voucher`}
        <span className="block text-sm">
          <Trans>To choose how it's made, add one to your cart: that one is free instead.</Trans>
        </span>
      </dt>
      <dd className="text-right text-success">
        <Trans>Free</Trans>
      </dd>
    </>
  );
}

function TotalSection({
  totals,
  quote,
  belowBy,
  onEditCart,
  money,
}: {
  totals: ReactNode;
  quote?: QuoteData | null;
  belowBy: number;
  onEditCart?: () => void;
  money: MoneyOf;
}) {
  const { t } = useLingui();
  const minimum = quote ? money(quote.min_order) : null;
  const more = money(belowBy, 'font-semibold');
  return (
    <section aria-labelledby="oc-total" className={section}>
      <h2 id="oc-total" className="text-lg font-semibold">
        <Trans>Total</Trans>
      </h2>
      {totals}
      {quote && belowBy > 0 && (
        <Notice
          tone="warning"
          title={t`Below the minimum order`}
          action={
            onEditCart && (
              <Button variant="secondary" size="sm" className="self-start" onClick={onEditCart}>
                <Trans>Add more items</Trans>
              </Button>
            )
          }
        >
          <Trans>
            The minimum order is {minimum}. Add {more} more to place it.
          </Trans>
        </Notice>
      )}
    </section>
  );
}

/** "Place order" with the total, and why it is off while the shop is closed or paused (closed: until a pickup time is chosen). */
function PlaceOrder(p: {
  closed: Ordering | null;
  /** closed, a pickup: a time chosen would order ahead */
  orderAhead: boolean;
  locale: string;
  submitting: boolean;
  blocked: boolean;
  quote: QuoteData | null | undefined;
  money: MoneyOf;
  onPlace: () => void;
}) {
  const { t } = useLingui();
  const total = p.quote ? p.money(p.quote.total) : null;
  const notice = p.closed ? orderingWords(p.closed.location, p.closed.now, p.locale) : '';
  return (
    <>
      {p.closed && (
        <p id="oc-ordering" className="text-center text-sm font-medium text-warning">
          {p.orderAhead ? t`${notice}. Choose a pickup time to order ahead.` : notice}
        </p>
      )}
      <Button size="lg" fullWidth loading={p.submitting} disabled={p.blocked} aria-describedby={p.closed ? 'oc-ordering' : undefined} onClick={p.onPlace}>
        {total ? (
          <span>
            <Trans>Place order · {total}</Trans>
          </span>
        ) : (
          t`Place order`
        )}
      </Button>
    </>
  );
}

/** A line the provider refused (sold out, not sold here): the order waits for the cart's fix. */
const hasIssues = (issues: Record<string, unknown>) => Object.keys(issues).length > 0;

/** A member's voucher and promo code (a guest has neither). */
function DiscountSections({
  props,
  vouchers,
  selectedVoucherId,
  quoteLoading,
  money,
}: {
  props: OrderConfirmationScreenProps;
  vouchers: Voucher[];
  selectedVoucherId: number | null;
  quoteLoading: boolean;
  money: MoneyOf;
}) {
  return (
    <>
      <VoucherSection
        vouchers={vouchers}
        selectedVoucherId={selectedVoucherId}
        onSelectVoucher={props.onSelectVoucher}
        quoteLoading={quoteLoading}
        money={money}
        locale={props.locale}
        timeZone={props.timeZone}
      />
      <PromoSection props={props} money={money} />
    </>
  );
}

/** The promo code's field, from the screen's props: applying while the quote with the code is asked. */
function PromoSection({ props, money }: { props: OrderConfirmationScreenProps; money: MoneyOf }) {
  const code = props.promoCode ?? null;
  // an automatic offer (no code) is not the code's: the field stays as it is, the totals name it
  const offer = props.quote?.offer?.code ? props.quote.offer : null;
  return (
    <PromoCodeField
      code={code}
      offer={offer}
      applying={code !== null && (props.quoteLoading === true || (!offer && !props.quoteError))}
      problem={props.promoProblem ?? null}
      onApply={props.onApplyPromoCode}
      onRemove={props.onRemovePromoCode}
      onSeeOffers={props.onSeeOffers}
      defaultOpen={props.promoFieldOpen}
      money={money}
      format={{ currency: props.currency, locale: props.locale, timeZone: props.timeZone, fulfilment: props.fulfilment }}
    />
  );
}

/** The tip (issue 51), when the shop takes tips: its presets on the quote's subtotal after discounts. */
function TipSection({ props, money }: { props: OrderConfirmationScreenProps; money: MoneyOf }) {
  const { tips, quote } = props;
  if (!tips) return null;
  return (
    <section aria-labelledby="oc-tip" className={section}>
      <h2 id="oc-tip" className="text-lg font-semibold">
        <Trans>Add a tip</Trans>
      </h2>
      <TipPicker
        offer={tips}
        base={quote ? quote.subtotal - quote.discount : null}
        choice={props.tipChoice ?? null}
        onChoose={(c) => props.onChooseTip?.(c)}
        money={money}
        currency={props.currency}
        locale={props.locale}
      />
    </section>
  );
}

/** The pickup time's choice, from the screen's props: the slots, the one asked for, the location's zone. */
function pickupPropsOf(p: OrderConfirmationScreenProps, slotFull: boolean): PickupProps {
  const { slots, ordering } = p;
  return {
    ahead: ordering?.location.state === 'closed',
    pickupAt: p.pickupAt ?? null,
    asapAt: p.asapAt ?? slots?.asap,
    slots,
    onChoosePickupAt: p.onChoosePickupAt,
    nextSlot: p.nextSlot,
    slotFull,
    now: p.now ?? ordering?.now ?? '',
    locale: p.locale,
    timeZone: slots?.timezone ?? ordering?.location.timezone ?? p.timeZone ?? 'UTC',
  };
}

/**
 * The payment method chosen: the wallet when online payment is off (a gateway choice goes back to it) or
 * when paying at the counter is not offered (at a table, when the shop allows it). Until the customer
 * chooses, a wallet that cannot pay the total (`walletShort`) gives way to a way that can: online, else the
 * counter; the wallet and its top-up stay one tap away.
 */
function usePaymentMethod(initial: PaymentMethod, onlineOff: boolean, counterOffered: boolean, guest: boolean, walletShort: boolean) {
  // a guest has no wallet: the card, else the counter
  const fallback: PaymentMethod = guest ? (onlineOff ? 'counter' : 'gateway') : 'wallet';
  const [chosen, setMethod] = useState<PaymentMethod>(guest && initial === 'wallet' ? fallback : initial);
  const [touched, setTouched] = useState(false);
  const instead: PaymentMethod | null = !onlineOff ? 'gateway' : counterOffered ? 'counter' : null;
  const wanted = !touched && walletShort && chosen === 'wallet' && instead ? instead : chosen;
  const method: PaymentMethod =
    wanted === 'counter' ? (counterOffered ? 'counter' : fallback) : onlineOff || (guest && wanted === 'wallet') ? fallback : wanted;
  useEffect(() => {
    if (onlineOff) setMethod((m) => (m === 'gateway' ? fallback : m));
  }, [onlineOff, fallback]);
  const choose = (m: PaymentMethod) => {
    setTouched(true);
    setMethod(m);
  };
  return [method, choose] as const;
}

/** /order-confirmation: review, voucher, payment method and "Place order". */
export function OrderConfirmationScreen(props: OrderConfirmationScreenProps) {
  const {
    items,
    fulfilment,
    address,
    pickupAddress,
    pickupName,
    ordering,
    quoteErrorCode,
    onSwitchToPickup,
    quote,
    quoteLoading = false,
    quoteError,
    onRetryQuote,
    vouchers = [],
    selectedVoucherId = null,
    walletBalance,
    defaultPaymentMethod = 'wallet',
    onTopUp,
    topUpError,
    onlinePayments = true,
    onPlaceOrder,
    submitting = false,
    errorCode,
    formError,
    unavailableProductIds = [],
    lineIssues = {},
    onEditCart,
    onChangeDelivery,
    onBack,
    nav,
    currency,
    locale,
  } = props;
  const { t } = useLingui();
  // no gateway (the settings say so, or the provider just answered PAYMENTS_UNAVAILABLE): wallet only
  const onlineOff = !onlinePayments || errorCode === 'PAYMENTS_UNAVAILABLE';
  // at a table, when the shop allows it (the quote says so): paying at the counter
  const counterOffered = quote?.pay_at_counter === true;
  const guest = props.guest === true;
  // an unknown balance (not read: offline, or the shop did not answer) is never taken for a shortfall
  const walletShort = !!quote && walletBalance !== undefined && walletBalance < quote.total;
  const [method, setMethod] = usePaymentMethod(defaultPaymentMethod, onlineOff, counterOffered, guest, walletShort);
  // the provider's refusal of an online payment or a top-up is shown here, next to the choice
  const paymentError = errorCode === 'PAYMENTS_UNAVAILABLE' ? (formError ?? t`You can still pay from your wallet balance.`) : (topUpError ?? null);
  const money: MoneyOf = (amount, className) => <Money amount={amount} currency={currency} locale={locale} className={className} />;
  const unavailable = new Set(unavailableProductIds);
  // an unknown balance (not read: offline, or the shop did not answer) is never shown as ₱0.00 nor as a shortfall
  const shortfall = quote && method === 'wallet' && walletBalance !== undefined ? Math.max(0, quote.total - walletBalance) : 0;
  const belowBy = quote?.below_minimum_by ?? 0;
  // closed (not paused), a pickup for a time chosen is ordered ahead; anything else waits for opening
  const aheadChosen = ordering?.location.state === 'closed' && fulfilment === 'pickup' && props.pickupAt != null;
  const closed = ordering != null && ordering.location.state !== 'open' && !aheadChosen;
  const blocked =
    closed || !quote || quoteLoading || !!quoteError || belowBy > 0 || shortfall > 0 || unavailable.size > 0 || hasIssues(lineIssues) || items.length === 0;
  const refusedFor = (code: ErrorCode) => quoteErrorCode === code || errorCode === code;
  const outside = refusedFor('OUTSIDE_DELIVERY_AREA');
  const slotFull = refusedFor('SLOT_FULL');
  const held = !!quoteError && (quoteErrorCode === 'OUTSIDE_DELIVERY_AREA' || quoteErrorCode === 'SLOT_FULL');
  const pickup = pickupPropsOf(props, slotFull);
  const totals = <Totals {...{ quote, quoteLoading, quoteError, onRetryQuote, fulfilment, money, locale, held, guest }} />;

  return (
    <AppShell header={<TopBar title={t`Order confirmation`} onBack={onBack} />} nav={nav}>
      <div className="mx-auto flex w-full max-w-xl flex-col gap-4">
        <OrderingNotice ordering={ordering} locale={locale} />
        {props.reorderChanges?.length ? (
          <ReorderNotice changes={props.reorderChanges} onDismiss={props.onDismissReorderChanges} currency={currency} locale={locale} />
        ) : null}
        {(errorCode || formError) && !IN_PLACE.has(errorCode) && <RefusalNotice errorCode={errorCode} formError={formError} onEditCart={onEditCart} />}
        <ItemsSection items={items} unavailable={unavailable} issues={lineIssues} onEditCart={onEditCart} money={money} />
        <FulfilmentSection
          fulfilment={fulfilment}
          address={address}
          pickupAddress={pickupAddress}
          pickupName={pickupName}
          onChangeDelivery={onChangeDelivery}
          onSwitchToPickup={onSwitchToPickup}
          outside={outside}
          pickup={pickup}
          tableLabel={props.tableLabel ?? null}
        />
        {guest ? (
          <Notice tone="info">
            <Trans>Guests don't earn points — join after you order to claim them.</Trans>
          </Notice>
        ) : (
          <DiscountSections props={props} vouchers={vouchers} selectedVoucherId={selectedVoucherId} quoteLoading={quoteLoading} money={money} />
        )}
        <TipSection props={props} money={money} />
        <PaymentSection
          method={method}
          onMethod={setMethod}
          onlineOff={onlineOff}
          counterOffered={counterOffered}
          walletOffered={!guest}
          walletBalance={walletBalance}
          paymentError={paymentError}
          errorCode={errorCode}
          shortfall={shortfall}
          onTopUp={onTopUp}
          onEditCart={onEditCart}
          money={money}
        />
        <TotalSection totals={totals} quote={quote} belowBy={belowBy} onEditCart={onEditCart} money={money} />
        <PlaceOrder
          closed={closed ? ordering : null}
          orderAhead={ordering?.location.state === 'closed' && fulfilment === 'pickup'}
          locale={locale}
          submitting={submitting}
          blocked={blocked}
          quote={quoteLoading ? undefined : quote}
          money={money}
          onPlace={() => onPlaceOrder?.(method)}
        />
      </div>
    </AppShell>
  );
}
