import { Fragment, type ReactNode } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { canStillBeReady, type Order, type OrderRefund, type OrderStatus, statusSteps } from '#contract';
import { discountParts } from '#contract/offer-rules';
import {
  AddressLines,
  AppShell,
  Badge,
  Button,
  CheckIcon,
  CloseIcon,
  EmptyState,
  ErrorState,
  LocationIcon,
  MapLink,
  Money,
  Notice,
  Points,
  ReceiptIcon,
  Skeleton,
  SkeletonGroup,
  TopBar,
  cardClass,
  cx,
  focusRing,
} from '../../ui';
import { plainLink, type RenderLink } from '../../ui/lib/link';
import { formatDateTime } from '../../ui/lib/dates';
import { fulfilmentWords, namedParts, optionWords, partWords } from './format';
import { pickupWords, readyWords } from '../shop/ordering-notice';
import { ORDER_STATUS_LABEL, ORDER_STATUS_TONE, statusDescription } from './order-status';
import { TaxRows } from './tax-rows';

export interface OrderDetailScreenProps {
  order?: Order | null;
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  /** No such order for this customer (it does not exist, or is someone else's): nothing to retry. */
  notFound?: boolean;
  /** Where the not-found state's link goes: the order history. */
  orderHistoryHref?: string;
  /** Renders that link with the app's router; a plain <a> by default. */
  renderLink?: RenderLink;
  /** Where a pickup order is collected: its place's address (the shop's pickup address for orders from before places). */
  pickupAddress?: string;
  /** "today" and "tomorrow" of the pickup time are counted from here (default: when the order was placed). */
  now?: string;
  onBack?: () => void;
  nav?: ReactNode;
  currency: string;
  locale: string;
  /** The merchant's time zone for the timeline (default UTC). */
  timeZone?: string;
  /** the offer of notifications (web push), shown under the order's status while it may still become ready */
  pushCard?: ReactNode;
  /** a guest's paid order: join and claim its points (guest-claim-card.tsx) */
  claimCard?: ReactNode;
  /** "How was your order?" (issue 51), shown under the order's status once it is completed */
  feedbackCard?: ReactNode;
  /** "Order again" (issue 51): the same items and options into the cart; not for an order still waiting for its payment */
  onOrderAgain?: () => void;
  /** the order's lines are being read for it: the button waits */
  orderingAgain?: boolean;
}

type StepState = 'done' | 'current' | 'upcoming' | 'cancelled';

interface Step {
  status: OrderStatus;
  state: StepState;
  at?: string;
  note?: string | null;
}

/** Every status of the order's path, with the time each was reached; cancelled ends the path. */
export function buildTimeline(order: Order): Step[] {
  const reached = new Map(order.timeline.map((t) => [t.status, t]));
  // a wallet order (or one a voucher paid in full) is paid the moment it is placed: it never waited,
  // cancelled or not, so its path starts at Paid
  const waited = order.payment_method === 'gateway' && reached.get('paid')?.at !== reached.get('pending_payment')?.at;
  // paid at the counter (issue 54): made first, paid at the till whenever; its payment is not a step of the path
  const path = (s: OrderStatus) => s !== 'paid' || order.payment_method !== 'counter';
  if (order.status === 'cancelled') {
    const done = statusSteps(order.fulfilment).filter((s) => path(s) && reached.has(s) && (s !== 'pending_payment' || waited));
    return [
      ...done.map((s): Step => ({ status: s, state: 'done', at: reached.get(s)!.at, note: reached.get(s)!.note })),
      { status: 'cancelled', state: 'cancelled', at: reached.get('cancelled')?.at, note: reached.get('cancelled')?.note },
    ];
  }
  const steps = statusSteps(order.fulfilment).filter((s) => path(s) && (s !== 'pending_payment' || order.status === 'pending_payment' || waited));
  const current = steps.indexOf(order.status);
  return steps.map((s, i) => ({
    status: s,
    state: i < current ? 'done' : i === current ? (s === 'completed' ? 'done' : 'current') : 'upcoming',
    at: reached.get(s)?.at,
    note: reached.get(s)?.note,
  }));
}

const PAID_WITH: Record<Order['payment_method'], MessageDescriptor> = { wallet: msg`Wallet`, gateway: msg`Online payment`, counter: msg`At the counter` };

// each step's state, read after its status by a screen reader: "Preparing (now)"
const STATE_TEXT: Record<StepState, MessageDescriptor> = {
  done: msg`done`,
  current: msg`now`,
  upcoming: msg`to come`,
  cancelled: msg`cancelled`,
};

/** Where a cancelled order's money went, in words (read in the language spoken). */
function refundText(refund: OrderRefund): { where: MessageDescriptor; status: MessageDescriptor } {
  if (refund.method === 'wallet') return { where: msg`Back in your wallet`, status: msg`You can spend it on your next order.` };
  if (refund.status === 'succeeded') return { where: msg`Back to the card you paid with`, status: msg`Your bank may take a few days to show it.` };
  if (refund.status === 'failed')
    return { where: msg`To the card you paid with`, status: msg`The payment service did not answer yet. We try again every hour until it is done.` };
  return { where: msg`To the card you paid with`, status: msg`On its way. Your bank may take a few days to show it.` };
}

/** A cancelled order: the money back (how much, where to), the points taken back, vouchers cancelled. */
function MoneyBack({
  order,
  money,
  locale,
  className,
}: {
  order: Order;
  money: (amount: number, className?: string) => ReactNode;
  locale: string;
  className: string;
}) {
  const { i18n } = useLingui();
  const refund = order.refund ?? null;
  // points still on their way when it was cancelled were never the customer's: cancelled, not taken back
  const voided = order.points_voided ?? 0;
  const taken = (order.points_taken_back ?? 0) - voided;
  const vouchers = order.cancelled_vouchers ?? [];
  if (!refund && taken <= 0 && voided === 0 && vouchers.length === 0) {
    return (
      <section aria-labelledby="od-refund" className={className}>
        <h2 id="od-refund" className="text-lg font-semibold">
          <Trans>Nothing to refund</Trans>
        </h2>
        <p className="text-muted">
          {order.total === 0 ? <Trans>This order was free: nothing was paid.</Trans> : <Trans>You were not charged for this order.</Trans>}
        </p>
      </section>
    );
  }
  const text = refund ? refundText(refund) : null;
  return (
    <section aria-labelledby="od-refund" className={className}>
      <h2 id="od-refund" className="text-lg font-semibold">
        <Trans>Your refund</Trans>
      </h2>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2">
        {refund && text && (
          <>
            <dt className="flex flex-col">
              <span>{i18n._(text.where)}</span>
              <span className="text-sm text-muted">{i18n._(text.status)}</span>
            </dt>
            <dd className="text-right font-semibold">{money(refund.amount)}</dd>
          </>
        )}
        {vouchers.map(({ title, points }) => (
          <Fragment key={title}>
            <dt className="flex flex-col">
              <span>
                <Trans>Voucher for {title} cancelled</Trans>
              </span>
              <span className="text-sm text-muted">
                <Trans>It was bought with this order's points, so they came back first.</Trans>
              </span>
            </dt>
            <dd className="text-right">
              <Points value={points} locale={locale} signed />
            </dd>
          </Fragment>
        ))}
        {voided > 0 && (
          <>
            <dt className="flex flex-col">
              <span>
                <Trans>Points on their way cancelled</Trans>
              </span>
              <span className="text-sm text-muted">
                <Trans>The points this order would have earned once completed.</Trans>
              </span>
            </dt>
            <dd className="text-right">
              <Points value={voided} locale={locale} />
            </dd>
          </>
        )}
        {taken > 0 && (
          <>
            <dt className="flex flex-col">
              <span>
                <Trans>Points taken back</Trans>
              </span>
              <span className="text-sm text-muted">
                <Trans>The points this order earned.</Trans>
              </span>
            </dt>
            <dd className="text-right font-semibold">
              <Points value={-taken} locale={locale} signed />
            </dd>
          </>
        )}
      </dl>
    </section>
  );
}

const section = cx(cardClass(), 'flex flex-col gap-3');

/** The order's path, step by step, with when each was reached. */
function Timeline({ steps, locale, timeZone }: { steps: Step[]; locale: string; timeZone?: string }) {
  const { i18n } = useLingui();
  return (
    <section aria-labelledby="od-timeline" className={section}>
      <h2 id="od-timeline" className="text-lg font-semibold">
        <Trans>Progress</Trans>
      </h2>
      <ol className="flex flex-col">
        {steps.map((step, i) => (
          <li key={step.status} aria-current={step.state === 'current' ? 'step' : undefined} className="relative flex gap-3 pb-5 last:pb-0">
            {i < steps.length - 1 && (
              <span aria-hidden="true" className={cx('absolute top-8 bottom-0 left-[0.9375rem] w-0.5', step.state === 'done' ? 'bg-brand' : 'bg-border')} />
            )}
            <span
              aria-hidden="true"
              className={cx(
                'relative z-10 inline-flex size-8 shrink-0 items-center justify-center rounded-full border-2',
                step.state === 'done' && 'border-brand bg-brand text-brand-contrast',
                step.state === 'current' && 'border-brand-ink bg-surface-raised text-brand-ink',
                step.state === 'upcoming' && 'border-border bg-surface-raised text-muted',
                step.state === 'cancelled' && 'border-danger bg-danger text-danger-contrast',
              )}
            >
              {step.state === 'done' ? (
                <CheckIcon size={16} />
              ) : step.state === 'cancelled' ? (
                <CloseIcon size={16} />
              ) : (
                <span className={cx('size-2.5 rounded-full', step.state === 'current' ? 'bg-brand-ink' : 'bg-border')} />
              )}
            </span>
            <div className="flex min-w-0 flex-1 flex-col pt-1">
              <p className={cx('font-semibold', step.state === 'upcoming' ? 'text-muted' : 'text-ink')}>
                {ORDER_STATUS_LABEL[step.status]}
                <span className="sr-only"> ({i18n._(STATE_TEXT[step.state])})</span>
              </p>
              {step.at && (
                <p className="text-sm text-muted">
                  <time dateTime={step.at}>{formatDateTime(step.at, locale, timeZone)}</time>
                </p>
              )}
              {step.note && <p className="text-sm text-muted">{step.note}</p>}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * What was ordered, and the sums: subtotal, voucher, promo code (the offer as it was when ordered), delivery,
 * total, how it was paid, points earned.
 */
function ItemsAndTotals({ order, money, locale }: { order: Order; money: (amount: number, className?: string) => ReactNode; locale: string }) {
  const { t, i18n } = useLingui();
  const voucherPart = discountParts(order).voucher;
  const voucherCode = order.voucher_code;
  return (
    <section aria-labelledby="od-items" className={section}>
      <h2 id="od-items" className="text-lg font-semibold">
        <Trans>Items</Trans>
      </h2>
      <ul className="flex flex-col divide-y divide-border">
        {order.items.map((item, i) => (
          <li key={i} className="flex items-center gap-3 py-2">
            {item.image && <img src={item.image} alt="" width={48} height={48} className="size-12 shrink-0 rounded-lg bg-surface object-cover" />}
            <span className="flex min-w-0 flex-1 flex-col">
              {item.qty} × {item.name}
              {item.options?.length ? <span className="text-sm text-muted">{optionWords(item.options)}</span> : null}
            </span>
            {money(item.price * item.qty)}
          </li>
        ))}
      </ul>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 border-t border-border pt-3">
        <dt className="text-muted">
          <Trans>Subtotal</Trans>
        </dt>
        <dd className="text-right">{money(order.subtotal)}</dd>
        {voucherPart > 0 && (
          <>
            <dt className="text-muted">{voucherCode ? t`Voucher ${voucherCode}` : t`Voucher`}</dt>
            <dd className="text-right text-success">−{money(voucherPart)}</dd>
          </>
        )}
        {order.offer && order.offer.discount > 0 && (
          <>
            <dt className="text-muted">
              {order.offer.code === null ? (
                order.offer.title
              ) : (
                <>
                  <PromoCode code={order.offer.code} />
                  <span className="block text-sm">{order.offer.title}</span>
                </>
              )}
            </dt>
            <dd className="text-right text-success">−{money(order.offer.discount)}</dd>
          </>
        )}
        {order.fulfilment === 'delivery' && (
          <>
            <dt className="text-muted">
              <Trans>Delivery fee</Trans>
            </dt>
            <dd className="text-right">{order.delivery_fee === 0 ? t`Free` : money(order.delivery_fee)}</dd>
          </>
        )}
        {!!order.tip && (
          <>
            <dt className="text-muted">
              <Trans>Tip</Trans>
            </dt>
            <dd className="text-right">{money(order.tip)}</dd>
          </>
        )}
        <TaxRows taxes={order.taxes} placement="before-total" money={money} />
        <dt className="text-lg font-bold">
          <Trans>Total</Trans>
        </dt>
        <dd className="text-right text-lg font-bold">{money(order.total)}</dd>
        <TaxRows taxes={order.taxes} placement="after-total" money={money} />
        <dt className="text-muted">
          <Trans>Paid with</Trans>
        </dt>
        <dd className="text-right">{i18n._(PAID_WITH[order.payment_method])}</dd>
        {order.points_earned > 0 && order.status !== 'cancelled' && (
          <>
            <dt className="text-muted">{order.status === 'completed' ? t`Points earned` : t`Points on the way`}</dt>
            <dd className="text-right font-semibold text-brand-ink">
              <Points value={order.points_earned} locale={locale} signed />
              {order.status !== 'completed' && (
                <span className="block text-sm font-normal text-muted">
                  <Trans>when your order is completed</Trans>
                </span>
              )}
            </dd>
            {namedParts(order.points_breakdown).length > 0 && (
              <dd className="col-span-2 -mt-1">
                <ul aria-label={t`How the points were earned`} className="flex flex-col items-end gap-0.5 text-sm text-muted">
                  {namedParts(order.points_breakdown).map((p, i) => (
                    <li key={i}>{partWords(p, locale)}</li>
                  ))}
                </ul>
              </dd>
            )}
          </>
        )}
      </dl>
    </section>
  );
}

/** A promo code's row: "Promo code SAVE10". */
function PromoCode({ code }: { code: string }) {
  return <Trans>Promo code {code}</Trans>;
}

/** An order paid at the counter, still to pay: how much, and what to show at the till. */
function CounterDue({ name, due }: { name: string; due: ReactNode }) {
  return (
    <Notice tone="warning" title={<Trans>Pay at the counter: {due}</Trans>}>
      <Trans>Show order {name} at the till when you are ready to pay. Your points arrive once it is paid.</Trans>
    </Notice>
  );
}

/** Where the order goes: the delivery address, or the pickup counter and when. */
function Where({
  order,
  pickupAddress,
  now,
  locale,
  timeZone = 'UTC',
}: {
  order: Order;
  pickupAddress?: string;
  now: string;
  locale: string;
  timeZone?: string;
}) {
  const { t } = useLingui();
  return (
    <section aria-labelledby="od-where" className={section}>
      <h2 id="od-where" className="text-lg font-semibold">
        {order.fulfilment === 'delivery'
          ? t`Delivery address`
          : order.fulfilment === 'pickup' && order.pickup_at && order.status !== 'cancelled'
            ? pickupWords(order.pickup_at, now, locale, timeZone)
            : fulfilmentWords(order)}
      </h2>
      <p className="flex items-start gap-2">
        <LocationIcon size={20} className="mt-0.5 shrink-0 text-brand-ink" />
        {order.fulfilment === 'delivery' && order.address ? (
          <span className="flex flex-col">
            <span className="font-medium">
              {order.address.label} · {order.address.recipient}, {order.address.phone}
            </span>
            <AddressLines address={order.address} />
          </span>
        ) : (
          <span>{pickupAddress || t`At the counter`}</span>
        )}
      </p>
      {order.fulfilment === 'pickup' && pickupAddress && <MapLink address={pickupAddress} />}
    </section>
  );
}

/** /order/{name}: status, timeline, items, totals, address or pickup, points; a cancelled order's refund and points taken back. */
export function OrderDetailScreen({
  order,
  loading = false,
  error,
  onRetry,
  notFound = false,
  orderHistoryHref,
  renderLink = plainLink,
  pickupAddress,
  now,
  onBack,
  nav,
  currency,
  locale,
  timeZone,
  pushCard,
  claimCard,
  feedbackCard,
  onOrderAgain,
  orderingAgain = false,
}: OrderDetailScreenProps) {
  const { t } = useLingui();
  const money = (amount: number, className?: string) => <Money amount={amount} currency={currency} locale={locale} className={className} />;
  let body: ReactNode;

  if (notFound) {
    body = (
      <EmptyState
        icon={<ReceiptIcon size={40} />}
        title={t`We couldn't find that order`}
        description={t`Check the order number, or find your order in your order history.`}
        action={
          orderHistoryHref &&
          renderLink({
            href: orderHistoryHref,
            className: cx(
              'inline-flex min-h-11 items-center justify-center rounded-xl bg-brand px-4 font-semibold text-brand-contrast hover:brightness-95',
              focusRing,
            ),
            children: t`Go to your order history`,
          })
        }
      />
    );
  } else if (error) {
    body = <ErrorState title={t`We couldn't load this order`} message={error} onRetry={onRetry} />;
  } else if (loading || !order) {
    body = (
      <SkeletonGroup label={t`Loading your order`} className="flex flex-col gap-4">
        <Skeleton height="5rem" />
        <Skeleton height="16rem" />
        <Skeleton height="10rem" />
      </SkeletonGroup>
    );
  } else {
    const placed = formatDateTime(order.created_at, locale, timeZone);
    body = (
      <div className="mx-auto flex w-full max-w-xl flex-col gap-4">
        <div className={section}>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-muted">
              <Trans>Placed {placed}</Trans>
            </p>
            <Badge tone={ORDER_STATUS_TONE[order.status]}>{ORDER_STATUS_LABEL[order.status]}</Badge>
          </div>
          <p className="text-lg font-semibold">{statusDescription(order.status, order.fulfilment)}</p>
          {order.pickup_at && (order.status === 'paid' || order.status === 'preparing') && (
            <p className="text-muted">{readyWords(order.pickup_at, now ?? order.created_at, locale, timeZone ?? 'UTC')}</p>
          )}
        </div>

        {order.counter_due !== undefined && <CounterDue name={order.name} due={money(order.counter_due)} />}

        {claimCard}
        {/* the offer is of a message when the order is ready: only while that is still to come */}
        {canStillBeReady(order.status) && pushCard}
        {order.status === 'completed' && feedbackCard}

        {order.status === 'cancelled' && <MoneyBack order={order} money={money} locale={locale} className={section} />}

        <Timeline steps={buildTimeline(order)} locale={locale} timeZone={timeZone} />
        <ItemsAndTotals order={order} money={money} locale={locale} />
        <Where order={order} pickupAddress={pickupAddress} now={now ?? order.created_at} locale={locale} timeZone={timeZone} />
        {onOrderAgain && order.status !== 'pending_payment' && (
          <Button variant="secondary" fullWidth loading={orderingAgain} onClick={onOrderAgain}>
            <Trans>Order again</Trans>
          </Button>
        )}
      </div>
    );
  }

  const name = order?.name;
  return (
    <AppShell header={<TopBar title={order ? t`Order ${name}` : t`Order`} onBack={onBack} />} nav={nav}>
      {body}
    </AppShell>
  );
}
