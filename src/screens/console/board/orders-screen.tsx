import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { msg, t as say } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { BoardOrder } from '#contract/board';
import type { MerchantLocation, PauseChoice } from '#contract/locations';
import type { OrderStatus } from '#contract/order-lifecycle';
import {
  Badge,
  Button,
  Card,
  Dialog,
  EmptyState,
  ErrorState,
  Money,
  Notice,
  SkeletonGroup,
  SkeletonText,
  cx,
  focusRing,
  inputClass,
  type RenderLink,
} from '../../../ui';
import { formatDateTime, formatRelative } from '../../../ui/lib/dates';
import { plainLink } from '../../../ui/lib/link';
import { optionWords } from '../../orders/format';
import { LocationPause, LocationSelect } from '../shared/location-controls';
import { clockWords } from '../shared/location-words';
import { spoken } from '../shared/spoken';

/** The board's columns: the open statuses, in the order an order moves through them. */
const COLUMN_LABEL = spoken({ paid: msg`New`, preparing: msg`Preparing`, ready: msg`Ready`, on_delivery: msg`On delivery` });
export const BOARD_COLUMNS: ReadonlyArray<{ status: OrderStatus; label: string }> = (['paid', 'preparing', 'ready', 'on_delivery'] as const).map((status) => ({
  status,
  get label() {
    return COLUMN_LABEL[status];
  },
}));

/** The one-tap move's label, by the status it moves the order to. */
/** How each way of ordering is named on a card. */
const FULFILMENT_WORD = spoken({ pickup: msg`Pickup`, delivery: msg`Delivery`, dine_in: msg`Dine in` });
/** A card's pickup time ("Pickup 10:30", "Pickup tomorrow 9:00") and its table. */
const pickupWords = (time: string) => say`Pickup ${time}`;
const tableWords = (table: string) => say`Table ${table}`;

export function advanceLabel(order: Pick<BoardOrder, 'next_status' | 'fulfilment'>): string | null {
  switch (order.next_status) {
    case 'preparing':
      return say`Start preparing`;
    case 'ready':
      return say`Mark ready`;
    case 'on_delivery':
      return say`Out for delivery`;
    case 'completed':
      return order.fulfilment === 'pickup' ? say`Picked up` : order.fulfilment === 'dine_in' ? say`Served` : say`Delivered`;
    default:
      return null;
  }
}

export const STATUS_LABEL = spoken<OrderStatus>({
  pending_payment: msg`Waiting for payment`,
  paid: msg`New`,
  preparing: msg`Preparing`,
  ready: msg`Ready`,
  on_delivery: msg`On delivery`,
  completed: msg`Completed`,
  cancelled: msg`Cancelled`,
});

/** A map search for a delivery address (opens the map app on a phone). */
export const mapLink = (address: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;

export const REASON_MAX = 200;

export interface OrdersBoardScreenProps {
  orders?: BoardOrder[];
  /** placed with an online payment not made yet: shown, not to be made (each holds its pickup time a short while) */
  awaiting?: BoardOrder[];
  /** completed and cancelled today */
  done?: BoardOrder[];
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  /** the server's time of the board (for "5 min ago") */
  now: string;
  /** orders that arrived while the board was open: highlighted until someone moves them */
  fresh?: ReadonlySet<string>;
  onAdvance: (order: BoardOrder) => void;
  onCancel: (order: BoardOrder, reason: string) => void;
  /** a pay-at-the-counter order paid at the till (issue 54): in cash or by card */
  onMarkPaid?: (order: BoardOrder, how: 'cash' | 'card') => void;
  /** the order a move or a cancellation is being saved for */
  busy?: string | null;
  /** a refused move or cancellation, with the order it was for */
  actionError?: { name: string; message: string } | null;
  /** the cancellation dialog's order (opened by the screen; the container closes it when done) */
  cancelling?: string | null;
  onCancelOpen?: (name: string | null) => void;
  sound: boolean;
  onSoundChange: (on: boolean) => void;
  /** the printable ticket's address for an order */
  ticketHref: (name: string) => string;
  renderLink?: RenderLink;
  locale: string;
  currency: string;
  timeZone?: string;
  /** the live region's latest news ("New order A1B2C3 for Ana") */
  announcement?: string;
  /** the demo moves orders on by itself (DEMO_ORDER_PROGRESS), a step every so many seconds; null: only people do */
  demoProgress?: { step_seconds: number } | null;
  /** the column shown first where the board is too narrow for all four (tabs): New */
  defaultColumn?: OrderStatus;
  /** the locations the member sees (undefined while they load): their state, their pause switch, the choice of board */
  locations?: MerchantLocation[] | undefined;
  /** the board's location; null: every location the member sees */
  locationId?: number | null;
  onLocationChange?: (id: number | null) => void;
  /** the member may see every location at once (owners) */
  canChooseAll?: boolean;
  onPause?: (locationId: number, choice: PauseChoice) => void;
  /** the location a pause or resume is being saved for */
  pausing?: number | null;
  pauseError?: string | null;
}

/**
 * What cancelling does to the order's points, by where they stand (points_state): pending points (until
 * the order is completed and the shop's hold has passed) are never given; given ones are taken back; an
 * order with none (it earned none, or they were never recorded) says nothing of points. A provider that
 * does not say (points_state missing): by the status, as before.
 */
function pointsOnCancel(order: BoardOrder): string | null {
  if (order.points_earned <= 0) return null;
  const state = order.points_state ?? (order.status === 'completed' ? 'given' : 'pending');
  if (state === 'given') return say`The points it gave are taken back.`;
  return state === 'pending' ? say`The points waiting for this order won’t be given.` : null;
}

function CancelDialog({
  order,
  onCancel,
  onClose,
  busy,
  error,
}: {
  order: BoardOrder;
  onCancel: (reason: string) => void;
  onClose: () => void;
  busy: boolean;
  error?: string;
}) {
  const { t } = useLingui();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = reason.trim();
    if (!text) return setProblem(t`Say why, for the customer and for the log: for example “Out of oat milk”.`);
    setProblem(undefined);
    onCancel(text);
  };
  // a counter order not paid yet has nothing to give back; one paid at the till goes back to the wallet
  const refund = (order.status === 'paid' || order.status === 'preparing') && order.counter_due === undefined ? order.payment_method : null;
  const { name, customer_first_name: customer } = order;
  const told =
    refund === null
      ? t`${customer} is told why.`
      : refund === 'gateway'
        ? t`${customer} gets the money to the card they paid with and is told why.`
        : t`${customer} gets the money back to their wallet at once and is told why.`;
  const points = pointsOnCancel(order);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t`Cancel order ${name}?`} description={`${told}${points ? ` ${points}` : ''}`}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-3">
        <label htmlFor={id} className="text-sm font-medium">
          <Trans>Reason</Trans>
        </label>
        <textarea
          id={id}
          value={reason}
          maxLength={REASON_MAX}
          rows={3}
          onChange={(e) => setReason(e.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          className={cx(inputClass, 'min-h-24 py-2')}
        />
        {problem && (
          <p id={`${id}-problem`} className="text-sm text-danger">
            {problem}
          </p>
        )}
        {error && <Notice tone="danger">{error}</Notice>}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            <Trans>Keep the order</Trans>
          </Button>
          <Button type="submit" variant="danger" loading={busy}>
            <Trans>Cancel and refund</Trans>
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * A pay-at-the-counter order not paid yet (issue 54): the badge with what to take, and the till's two
 * buttons (nothing when the order is paid, or paid another way).
 */
function CounterPay({ order, props }: { order: BoardOrder; props: OrdersBoardScreenProps }) {
  const { onMarkPaid, busy, currency, locale } = props;
  if (order.counter_due === undefined) return null;
  const due = <Money amount={order.counter_due} currency={currency} locale={locale} />;
  const { name } = order;
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-lg border-2 border-warning bg-surface p-2">
      <p className="grow font-bold">
        <Trans>Pay at counter · {due}</Trans>
      </p>
      {onMarkPaid && (
        <>
          <Button variant="secondary" onClick={() => onMarkPaid(order, 'cash')} disabled={busy === order.name}>
            <Trans>
              Paid in cash<span className="sr-only"> — order {name}</span>
            </Trans>
          </Button>
          <Button variant="secondary" onClick={() => onMarkPaid(order, 'card')} disabled={busy === order.name}>
            <Trans>
              Paid by card<span className="sr-only"> — order {name}</span>
            </Trans>
          </Button>
        </>
      )}
    </div>
  );
}

const PAID_WITH = spoken<BoardOrder['payment_method']>({ wallet: msg`Wallet`, gateway: msg`Card`, counter: msg`At the counter` });

function OrderCard({ order, fresh, props }: { order: BoardOrder; fresh: boolean; props: OrdersBoardScreenProps }) {
  const { onAdvance, onCancelOpen, busy, actionError, now, locale, currency, ticketHref, renderLink = plainLink, locations = [], locationId = null } = props;
  const { t } = useLingui();
  const label = advanceLabel(order);
  const { name } = order;
  const headingId = useId();
  const at = order.location ? locations.find((l) => l.id === order.location!.id) : undefined;
  // the pickup time in the zone of the location that makes it
  const pickup = order.pickup_at ? clockWords(order.pickup_at, now, { locale, timeZone: at?.effective_timezone ?? props.timeZone ?? 'UTC' }) : null;
  const named = locationId === null && locations.length > 1 && order.location;
  const paid = order.paid_at && formatRelative(order.paid_at, now, locale);
  const placed = formatRelative(order.created_at, now, locale);
  return (
    <Card as="li" aria-labelledby={headingId} className={cx('flex flex-col gap-3', fresh && 'ring-4 ring-brand')}>
      <div className="flex flex-wrap gap-1">
        {fresh && (
          <Badge tone="brand">
            <Trans>New</Trans>
          </Badge>
        )}
        <Badge tone={order.fulfilment === 'delivery' ? 'warning' : 'success'}>{FULFILMENT_WORD[order.fulfilment]}</Badge>
        {named && <Badge>{order.location!.name}</Badge>}
        {order.pickup_late && (
          <Badge tone="danger">
            <Trans>Not picked up</Trans>
          </Badge>
        )}
        {order.counter_due !== undefined && (
          <Badge tone="warning">
            <Trans>Pay at counter</Trans>
          </Badge>
        )}
      </div>
      {pickup && <p className={cx('-mb-2 text-2xl font-bold tabular-nums', order.pickup_late && 'text-danger')}>{pickupWords(pickup)}</p>}
      {order.table_label && <p className="-mb-2 text-2xl font-bold">{tableWords(order.table_label)}</p>}
      <h3 id={headingId} className="-mt-1 flex flex-col">
        {/* an order number is called out whole: it never breaks across lines */}
        <span className="text-3xl font-bold tracking-wide whitespace-nowrap tabular-nums">{order.name}</span>
        <span className={cx('font-semibold break-words', order.fulfilment === 'pickup' ? 'text-2xl' : 'text-lg')}>{order.customer_first_name}</span>
      </h3>
      <p className="text-sm text-muted">
        {paid ? t`Paid ${paid}` : t`Placed ${placed}`} · {PAID_WITH[order.payment_method]} · <Money amount={order.total} currency={currency} locale={locale} />
        {!!order.tip && (
          <>
            {' '}
            <Trans>
              (tip <Money amount={order.tip} currency={currency} locale={locale} />)
            </Trans>
          </>
        )}
      </p>
      <ul className="flex flex-col gap-0.5" aria-label={t`Items of order ${name}`}>
        {order.items.map((item, i) => (
          <li key={i} className="flex gap-2">
            <span className="w-8 shrink-0 text-right font-semibold tabular-nums">{item.qty}×</span>
            <span className="flex min-w-0 flex-col">
              {item.name}
              {/* what to make: as large as the item, to read across a counter */}
              {item.options?.length ? <span className="font-semibold text-brand-ink">{optionWords(item.options)}</span> : null}
            </span>
          </li>
        ))}
      </ul>
      {order.address && (
        <div className="rounded-lg bg-surface p-2 text-sm">
          <p>{order.address.text}</p>
          {order.address.notes && <p className="text-muted">{order.address.notes}</p>}
          <a href={mapLink(order.address.text)} target="_blank" rel="noreferrer" className={cx('font-medium text-brand-ink underline', focusRing)}>
            <Trans>
              Open in maps<span className="sr-only"> (order {name}, opens a new tab)</span>
            </Trans>
          </a>
        </div>
      )}
      <CounterPay order={order} props={props} />
      {actionError?.name === order.name && !props.cancelling && <Notice tone="danger">{actionError.message}</Notice>}
      <div className="flex flex-wrap gap-2">
        {label && (
          <Button onClick={() => onAdvance(order)} loading={busy === order.name} className="grow">
            <Trans>
              {label}
              <span className="sr-only"> — order {name}</span>
            </Trans>
          </Button>
        )}
        {order.can_cancel && (
          <Button variant="secondary" onClick={() => onCancelOpen?.(order.name)} disabled={busy === order.name}>
            <Trans>
              Cancel<span className="sr-only"> order {name}</span>
            </Trans>
          </Button>
        )}
        {renderLink({
          href: ticketHref(order.name),
          className: cx('inline-flex min-h-11 items-center rounded-lg px-3 font-medium text-brand-ink underline', focusRing),
          children: <TicketWords name={name} />,
        })}
      </div>
    </Card>
  );
}

/**
 * Orders whose online payment has not arrived: listed apart, with no moves (nothing to make yet), each
 * with its pickup time (or delivery) and until when it holds that time. Shown only when there are some.
 */
function AwaitingList({ awaiting, props }: { awaiting: BoardOrder[]; props: OrdersBoardScreenProps }) {
  const { now, locale, currency, timeZone = 'UTC' } = props;
  const { t } = useLingui();
  const headingId = useId();
  const at = (iso: string) => clockWords(iso, now, { locale, timeZone });
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-dashed border-border bg-surface-raised p-3">
      <h2 id={headingId} className="flex items-center gap-2 font-semibold">
        <Trans>Awaiting payment</Trans> <Badge>{awaiting.length}</Badge>
      </h2>
      <p className="text-sm text-muted">
        <Trans>Card payments not made yet. Don't make these: each keeps its pickup time for 10 minutes, then is let go if still unpaid.</Trans>
      </p>
      <ul className="mt-2 flex flex-col divide-y divide-border" aria-label={t`Orders awaiting payment`}>
        {awaiting.map((o) => (
          <li key={o.name} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
            <span className="font-semibold whitespace-nowrap tabular-nums">{o.name}</span>
            <span>{o.customer_first_name}</span>
            <Badge tone="warning">
              <Trans>Awaiting payment</Trans>
            </Badge>
            <span className="text-sm">
              {o.pickup_at ? pickupWords(at(o.pickup_at)) : o.table_label ? tableWords(o.table_label) : FULFILMENT_WORD[o.fulfilment]}
            </span>
            <Money amount={o.total} currency={currency} locale={locale} className="text-sm" />
            {o.hold_until && (
              <span className="text-sm text-muted">
                {new Date(o.hold_until).getTime() > new Date(now).getTime() ? heldUntil(at(o.hold_until)) : t`Hold over: being let go`}
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

const heldUntil = (time: string) => say`Held until ${time}`;

function TicketWords({ name }: { name: string }) {
  return (
    <Trans>
      Ticket<span className="sr-only"> for order {name}</span>
    </Trans>
  );
}

/** Where a cancelled order's money goes back, and how far it got. */
function refundWords({ method, status }: NonNullable<BoardOrder['refund']>): string {
  const to = method === 'wallet' ? say`Refund to wallet:` : say`Refund to card:`;
  return `${to} ${status === 'succeeded' ? say`done` : status === 'pending' ? say`on its way` : say`failed, retried every hour`}`;
}

function DoneList({ done, props }: { done: BoardOrder[]; props: OrdersBoardScreenProps }) {
  const { locale, currency, timeZone, ticketHref, renderLink = plainLink } = props;
  const count = done.length;
  const { t } = useLingui();
  return (
    <details className="rounded-xl border border-border bg-surface-raised p-3">
      <summary className={cx('cursor-pointer font-semibold', focusRing)}>
        <Trans>Finished today ({count})</Trans>
      </summary>
      {done.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{t`Nothing finished yet today.`}</p>
      ) : (
        <ul className="mt-2 flex flex-col divide-y divide-border">
          {done.map((o) => (
            <li key={o.name} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
              <span className="font-semibold whitespace-nowrap tabular-nums">{o.name}</span>
              <span>{o.customer_first_name}</span>
              <Badge tone={o.status === 'cancelled' ? 'danger' : 'success'}>{STATUS_LABEL[o.status]}</Badge>
              <span className="text-sm text-muted">{formatDateTime(o.updated_at, locale, timeZone)}</span>
              <Money amount={o.total} currency={currency} locale={locale} className="text-sm" />
              {o.cancel_reason && <span className="text-sm text-muted">“{o.cancel_reason}”</span>}
              {o.counter_due !== undefined && (
                <span className="basis-full">
                  <CounterPay order={o} props={props} />
                </span>
              )}
              {o.refund && <span className="text-sm text-muted">{refundWords(o.refund)}</span>}
              {renderLink({
                href: ticketHref(o.name),
                className: cx('ml-auto text-sm font-medium text-brand-ink underline', focusRing),
                children: <TicketWords name={o.name} />,
              })}
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}

/**
 * The four columns side by side where the board is wide enough for them (a desktop, a tablet on its
 * side); narrower (a tablet upright, a phone) one column at a time, chosen with tabs that count the
 * orders in each, rather than a stack four columns long. One list of cards either way, so a card
 * keeps its place (and focus) when the tablet turns. A container query, not the screen's width: the
 * console's own menu takes part of the screen.
 */
/** A column's list, named for a screen reader ("Preparing orders"). */
const columnOrders = (column: string) => say`${column} orders`;

function Columns({ orders, props }: { orders: BoardOrder[]; props: OrdersBoardScreenProps }) {
  const { t } = useLingui();
  const [shown, setShown] = useState<OrderStatus>(props.defaultColumn ?? 'paid');
  const tabsId = useId();
  return (
    <div className="@container">
      <div role="tablist" aria-label={t`Orders by status`} className="mb-4 grid grid-cols-4 gap-1 rounded-xl bg-border/40 p-1 @[52rem]:hidden">
        {BOARD_COLUMNS.map((c) => {
          const count = orders.filter((o) => o.status === c.status).length;
          const selected = shown === c.status;
          return (
            <button
              key={c.status}
              type="button"
              role="tab"
              id={`${tabsId}-${c.status}`}
              aria-selected={selected}
              aria-controls={`board-${c.status}`}
              onClick={() => setShown(c.status)}
              className={cx(
                'flex min-h-11 flex-col items-center justify-center rounded-lg px-1 text-sm font-semibold leading-tight',
                selected ? 'bg-surface-raised text-ink shadow-sm' : 'text-muted',
                focusRing,
              )}
            >
              <span>{c.label}</span>
              <span className="tabular-nums">{count}</span>
            </button>
          );
        })}
      </div>
      <div className="grid gap-4 @[52rem]:grid-cols-4">
        {BOARD_COLUMNS.map((c) => {
          const list = orders.filter((o) => o.status === c.status);
          const headingId = `board-${c.status}-heading`;
          return (
            <section
              key={c.status}
              id={`board-${c.status}`}
              aria-labelledby={headingId}
              className={cx('flex min-w-0 flex-col gap-3', shown !== c.status && '@max-[52rem]:hidden')}
            >
              <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold">
                {c.label} <Badge>{list.length}</Badge>
              </h2>
              {list.length === 0 ? (
                <p className="text-sm text-muted">
                  <Trans>None</Trans>
                </p>
              ) : (
                <ul className="flex flex-col gap-3" aria-label={columnOrders(c.label)}>
                  {list.map((o) => (
                    <OrderCard key={o.name} order={o} fresh={props.fresh?.has(o.name) ?? false} props={props} />
                  ))}
                </ul>
              )}
            </section>
          );
        })}
      </div>
    </div>
  );
}

/** /merchant/orders: every open order by status, one tap to move it on, cancel with a reason, tickets. */
export function OrdersBoardScreen(props: OrdersBoardScreenProps) {
  const {
    orders,
    awaiting = [],
    done = [],
    loading,
    error,
    onRetry,
    sound,
    onSoundChange,
    cancelling,
    onCancelOpen,
    onCancel,
    busy,
    actionError,
    announcement,
    demoProgress,
  } = props;
  const { t } = useLingui();
  const soundId = useId();
  let body: ReactNode;
  if (error && !orders) body = <ErrorState title={t`We could not load the orders`} message={error} onRetry={onRetry} />;
  else if (loading && !orders) {
    body = (
      <SkeletonGroup label={t`Loading the orders`} className="grid gap-4 lg:grid-cols-4">
        {BOARD_COLUMNS.map((c) => (
          <SkeletonText key={c.status} lines={6} />
        ))}
      </SkeletonGroup>
    );
  } else if (orders && orders.length === 0) {
    body = <EmptyState title={t`No open orders`} description={t`New paid orders appear here by themselves, within a few seconds.`} />;
  } else if (orders) {
    body = <Columns orders={orders} props={props} />;
  }
  const toCancel = cancelling ? [...(orders ?? []), ...done].find((o) => o.name === cancelling) : undefined;
  const { locations = [], locationId = null, onLocationChange, canChooseAll, onPause, pausing, pauseError, now, locale } = props;
  const shown = locationId === null ? locations : locations.filter((l) => l.id === locationId);
  const seconds = demoProgress?.step_seconds;
  return (
    <div className="flex flex-col gap-4">
      {locations.length > 1 && onLocationChange && (
        <LocationSelect
          locations={locations}
          value={locationId}
          onChange={onLocationChange}
          allLabel={canChooseAll ? t`All locations` : undefined}
          label={t`Orders of`}
          hint={t`Remembered on this device.`}
        />
      )}
      {onPause && shown.length > 0 && <LocationPause locations={shown} now={now} locale={locale} onPause={onPause} pausing={pausing} pauseError={pauseError} />}
      {demoProgress && (
        <Notice tone="info" title={t`Demo: orders move on by themselves`}>
          <Trans>
            This shop runs the demo's order progression (DEMO_ORDER_PROGRESS), so each paid order moves to its next step about every {seconds} seconds without
            anyone's tap. A real shop turns it off; production has it off.
          </Trans>
        </Notice>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted">
          <Trans>Updates by itself every few seconds.</Trans>
        </p>
        <label htmlFor={soundId} className="flex min-h-11 items-center gap-2 text-sm">
          <input id={soundId} type="checkbox" checked={sound} onChange={(e) => onSoundChange(e.target.checked)} className={cx('size-5', focusRing)} />
          <Trans>Play a sound for new orders (on this device)</Trans>
        </label>
      </div>
      {error && orders && (
        <Notice tone="warning">
          <Trans>The board could not refresh: {error} It tries again by itself.</Trans>
        </Notice>
      )}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {body}
      {awaiting.length > 0 && <AwaitingList awaiting={awaiting} props={props} />}
      <DoneList done={done} props={props} />
      {toCancel && (
        <CancelDialog
          key={toCancel.name}
          order={toCancel}
          onCancel={(reason) => onCancel(toCancel, reason)}
          onClose={() => onCancelOpen?.(null)}
          busy={busy === toCancel.name}
          error={actionError?.name === toCancel.name ? actionError.message : undefined}
        />
      )}
    </div>
  );
}
