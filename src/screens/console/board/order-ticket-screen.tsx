import { msg, t as say } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { BoardOrder } from '#contract/board';
import { consoleHref } from '#contract/console-routes';
import { discountParts } from '#contract/offer-rules';
import { Button, ErrorState, Money, SkeletonGroup, SkeletonText, cx, focusRing, type RenderLink } from '../../../ui';
import { formatDateTime } from '../../../ui/lib/dates';
import { plainLink } from '../../../ui/lib/link';
import { optionWords } from '../../orders/format';
import { spoken } from '../shared/spoken';
import { STATUS_LABEL } from './orders-screen';

export interface OrderTicketScreenProps {
  order?: BoardOrder;
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  shop: string;
  onPrint: () => void;
  renderLink?: RenderLink;
  locale: string;
  currency: string;
  timeZone?: string;
  /** the time zone of the location that makes the order (its pickup time is in it); absent: timeZone */
  locationTimeZone?: string | undefined;
}

function Row({ label, amount, currency, locale, strong }: { label: string; amount: number; currency: string; locale: string; strong?: boolean }) {
  return (
    <div className={cx('flex justify-between gap-2', strong && 'text-base font-bold')}>
      <dt>{label}</dt>
      <dd>
        <Money amount={amount} currency={currency} locale={locale} />
      </dd>
    </div>
  );
}

const PAID_BY = spoken<BoardOrder['payment_method']>({ wallet: msg`Wallet`, gateway: msg`Card`, counter: msg`At the counter` });
const noteWords = (note: string) => say`Note: ${note}`;
const promoWords = (code: string) => say`Promo code ${code}`;
/** The ticket's way of ordering, in capitals to read across a kitchen. */
const FULFILMENT_CAPS = spoken<BoardOrder['fulfilment']>({ pickup: msg`PICKUP`, dine_in: msg`DINE IN`, delivery: msg`DELIVERY` });

/** The ticket's sums: subtotal, what came off, fees, the total and how it was paid. */
function Totals({ order, currency, locale }: { order: BoardOrder; currency: string; locale: string }) {
  const { t } = useLingui();
  const voucher = discountParts(order).voucher;
  return (
    <dl className="flex flex-col gap-0.5 pt-2">
      <Row label={t`Subtotal`} amount={order.subtotal} currency={currency} locale={locale} />
      {voucher > 0 && <Row label={t`Voucher`} amount={-voucher} currency={currency} locale={locale} />}
      {order.offer && order.offer.discount > 0 && (
        <Row
          label={order.offer.code === null ? order.offer.title : promoWords(order.offer.code)}
          amount={-order.offer.discount}
          currency={currency}
          locale={locale}
        />
      )}
      {order.delivery_fee > 0 && <Row label={t`Delivery`} amount={order.delivery_fee} currency={currency} locale={locale} />}
      {!!order.tip && <Row label={t`Tip`} amount={order.tip} currency={currency} locale={locale} />}
      <Row label={t`Total`} amount={order.total} currency={currency} locale={locale} strong />
      <div className="flex justify-between gap-2">
        <dt>
          <Trans>Paid by</Trans>
        </dt>
        <dd>{order.counter_due !== undefined ? t`Not paid yet (at the counter)` : PAID_BY[order.payment_method]}</dd>
      </div>
    </dl>
  );
}

/**
 * /merchant/orders/:name/ticket: an order's ticket for the kitchen or the bag, printed with the
 * browser's own Print (the console's frame and these buttons are left off the paper).
 */
export function OrderTicketScreen({
  order,
  loading,
  error,
  onRetry,
  shop,
  onPrint,
  renderLink = plainLink,
  locale,
  currency,
  timeZone,
  locationTimeZone,
}: OrderTicketScreenProps) {
  const { t } = useLingui();
  const back = renderLink({
    href: consoleHref('orders'),
    className: cx('inline-flex min-h-11 items-center font-medium text-brand-ink underline', focusRing),
    children: t`Back to the orders`,
  });
  if (error && !order) {
    return (
      <div className="flex flex-col items-center">
        <ErrorState title={t`We could not load this order`} message={error} onRetry={onRetry} />
        {back}
      </div>
    );
  }
  if (loading || !order) {
    return (
      <SkeletonGroup label={t`Loading the ticket`} className="mx-auto max-w-xs">
        <SkeletonText lines={10} />
      </SkeletonGroup>
    );
  }
  const { name, table_label: table } = order;
  const due = order.counter_due !== undefined && <Money amount={order.counter_due} currency={currency} locale={locale} />;
  const pickupAt = order.pickup_at && formatDateTime(order.pickup_at, locale, locationTimeZone ?? timeZone);
  const reason = order.cancel_reason;
  return (
    <div className="flex flex-col items-center gap-4">
      <div className="flex flex-wrap items-center gap-3 print:hidden">
        <Button onClick={onPrint}>
          <Trans>Print ticket</Trans>
        </Button>
        {back}
      </div>
      <article
        aria-label={t`Ticket for order ${name}`}
        className="w-full max-w-xs rounded-lg border border-dashed border-border bg-surface-raised p-4 font-mono text-sm text-ink print:max-w-none print:border-0 print:p-0"
      >
        <header className="border-b border-dashed border-border pb-2 text-center">
          <p className="font-bold">{shop}</p>
          {order.location && <p>{order.location.name}</p>}
          <p className="text-3xl font-bold whitespace-nowrap">{order.name}</p>
          <p className="text-lg font-bold">{order.customer_first_name}</p>
          <p>
            {FULFILMENT_CAPS[order.fulfilment]} · {STATUS_LABEL[order.status]}
          </p>
          {table && (
            <p className="text-2xl font-bold">
              <Trans>TABLE {table}</Trans>
            </p>
          )}
          {due && (
            <p className="my-1 border-2 border-current p-1 text-xl font-bold">
              <Trans>PAY AT COUNTER · {due}</Trans>
            </p>
          )}
          <p>{formatDateTime(order.paid_at ?? order.created_at, locale, timeZone)}</p>
          {pickupAt && (
            <p className="text-lg font-bold">
              <Trans>PICKUP AT {pickupAt}</Trans>
            </p>
          )}
        </header>
        {order.address && (
          <section aria-label={t`Deliver to`} className="border-b border-dashed border-border py-2">
            <p>{order.address.text}</p>
            {order.address.notes && <p>{noteWords(order.address.notes)}</p>}
          </section>
        )}
        <ul className="flex flex-col gap-1 border-b border-dashed border-border py-2" aria-label={t`Items`}>
          {order.items.map((item, i) => (
            <li key={i} className="flex justify-between gap-2">
              <span className="flex flex-col">
                {item.qty} × {item.name}
                {item.options?.length ? <span className="pl-4 font-semibold">{optionWords(item.options)}</span> : null}
              </span>
              <Money amount={item.price * item.qty} currency={currency} locale={locale} />
            </li>
          ))}
        </ul>
        <Totals order={order} currency={currency} locale={locale} />
        {reason && (
          <p className="mt-2 border-t border-dashed border-border pt-2 font-bold">
            <Trans>CANCELLED: {reason}</Trans>
          </p>
        )}
      </article>
    </div>
  );
}
