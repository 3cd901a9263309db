import { birthdayText } from '#contract/checks';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { CustomerDetailData, CustomerSummary } from '#contract';
import {
  Badge,
  Button,
  Card,
  EmptyState,
  ErrorState,
  LoadMore,
  Money,
  Notice,
  ScrollRegion,
  SkeletonGroup,
  SkeletonText,
  Tabs,
  TextField,
  cx,
  focusRing,
  type RenderLink,
} from '../../../ui';
import { formatDateTime } from '../../../ui/lib/dates';
import { plainLink } from '../../../ui/lib/link';
import { ORDER_STATUS_LABEL } from '../../orders/order-status';
import { fieldProblem, type SaveProblem } from '../shared/editor-fields';

export interface CustomersScreenProps {
  query: string;
  onQueryChange: (q: string) => void;
  results?: CustomerSummary[];
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  hasMore?: boolean;
  loadingMore?: boolean;
  onMore?: () => void;
  /** the customer open on the right (on a phone: instead of the list) */
  selectedId?: number | null;
  detail?: CustomerDetailData;
  detailLoading?: boolean;
  detailError?: string | null;
  onDetailRetry?: () => void;
  customerHref: (id: number) => string;
  listHref: string;
  renderLink?: RenderLink;
  /** owners adjust points; staff only look */
  canAdjust: boolean;
  /** answers null when adjusted, else what the provider refused */
  onAdjust: (customerId: number, points: number, reason: string) => Promise<SaveProblem | null>;
  locale: string;
  currency: string;
  timeZone?: string | undefined;
}

const POINT_TYPE: Record<CustomerDetailData['points'][number]['type'], string> = {
  earn: 'Earned',
  burn: 'Spent',
  expire: 'Expired',
  adjust: 'Adjusted',
  owner: 'From the shop',
};
const WALLET_TYPE: Record<CustomerDetailData['wallet'][number]['type'], string> = {
  topup: 'Top-up',
  order: 'Order',
  refund: 'Refund',
  adjust: 'Adjusted',
  gift: 'Gift card',
  gift_card: 'Gift card sent',
};
const VOUCHER_STATUS: Record<CustomerDetailData['vouchers'][number]['status'], string> = {
  active: 'Active',
  used: 'Used',
  expired: 'Expired',
  cancelled: 'Cancelled with an order',
};
const signed = (n: number, locale: string) => `${n > 0 ? '+' : ''}${n.toLocaleString(locale)}`;

/**
 * An order's points: what it earned; once cancelled, what was taken back, and the shortfall (points it
 * earned that were spent already, and that no unused voucher could give back).
 */
function OrderPoints({ order, locale }: { order: CustomerDetailData['orders'][number]; locale: string }) {
  if (order.status !== 'cancelled' || order.points_earned === 0) return <>{order.points_earned > 0 ? signed(order.points_earned, locale) : '—'}</>;
  const taken = order.points_taken_back ?? 0;
  const missing = order.points_earned - taken;
  return (
    <span className="flex flex-col items-start gap-1">
      <span>
        {signed(-taken, locale)} of {signed(order.points_earned, locale)} taken back
      </span>
      {missing > 0 && <Badge tone="warning">{missing.toLocaleString(locale)} not taken back</Badge>}
    </span>
  );
}

function AdjustForm({ customer, onAdjust, locale }: { customer: CustomerSummary; onAdjust: CustomersScreenProps['onAdjust']; locale: string }) {
  const [direction, setDirection] = useState<'add' | 'take'>('add');
  const [points, setPoints] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  async function submit(e: FormEvent) {
    e.preventDefault();
    setDone(null);
    const fields: Record<string, string> = {};
    if (!/^\d+$/.test(points.trim()) || Number(points) === 0) fields.points = 'must be a whole number above 0';
    if (reason.trim().length < 3) fields.reason = 'is required: say why, for the customer';
    if (Object.keys(fields).length) return setProblem({ message: '', fields });
    const amount = Number(points) * (direction === 'add' ? 1 : -1);
    setSaving(true);
    const refused = await onAdjust(customer.id, amount, reason.trim());
    setSaving(false);
    setProblem(refused);
    if (!refused) {
      setDone(`${direction === 'add' ? 'Added' : 'Took'} ${Number(points).toLocaleString(locale)} points. ${customer.name || 'The customer'} is notified.`);
      setPoints('');
      setReason('');
    }
  }
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3">
      <fieldset className="flex gap-4">
        <legend className="mb-1 text-sm font-medium">Adjust points</legend>
        {(['add', 'take'] as const).map((d) => (
          <label key={d} className="flex items-center gap-2">
            <input type="radio" name="direction" value={d} checked={direction === d} onChange={() => setDirection(d)} className={cx('size-4', focusRing)} />
            {d === 'add' ? 'Add' : 'Take away'}
          </label>
        ))}
      </fieldset>
      <TextField
        label="Points"
        inputMode="numeric"
        value={points}
        onChange={(e) => setPoints(e.target.value)}
        error={fieldProblem(problem, 'points', 'The points')}
      />
      <TextField
        label="Reason (the customer reads it)"
        value={reason}
        maxLength={200}
        onChange={(e) => setReason(e.target.value)}
        error={fieldProblem(problem, 'reason', 'The reason')}
      />
      {problem?.message && !problem.fields.points && !problem.fields.reason && <Notice tone="danger">{problem.message}</Notice>}
      {done && <Notice tone="success">{done}</Notice>}
      <Button type="submit" loading={saving} className="self-start">
        Adjust points
      </Button>
    </form>
  );
}

/** One tab of the account: its entries as a table (the last column to the right), or a line saying there are none. */
function HistoryTable<T>({
  caption,
  head,
  items,
  empty,
  row,
}: {
  caption: string;
  head: Array<[title: string, cellClass?: string]>;
  items: T[];
  empty: string;
  row: (item: T) => { key: string | number; cells: ReactNode[] };
}) {
  if (items.length === 0) return <p className="py-3 text-sm text-muted">{empty}</p>;
  const last = head.length - 1;
  return (
    <ScrollRegion label={caption}>
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="text-left text-muted">
            {head.map(([h], i) => (
              <th key={h} scope="col" className={cx('py-1 pr-3 font-medium', i === last && 'text-right')}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {items.map((item) => {
            const { key, cells } = row(item);
            return (
              <tr key={key}>
                {cells.map((cell, i) => (
                  <td key={head[i]![0]} className={cx('py-1', i === last ? 'text-right' : 'pr-3', head[i]![1])}>
                    {cell}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

function Detail(props: CustomersScreenProps & { detail: CustomerDetailData }) {
  const { detail, locale, currency, timeZone, canAdjust, onAdjust } = props;
  const c = detail.customer;
  const when = (iso: string) => formatDateTime(iso, locale, timeZone);
  return (
    <div className="flex flex-col gap-4">
      <Card>
        <h2 className="text-lg font-semibold">{c.name || 'No name yet'}</h2>
        <p className="text-sm text-muted">
          {[c.phone, c.email].filter(Boolean).join(' · ')} · joined {when(c.created_at)}
          {/* day and month only: the year (their age) is the customer's own */}
          {detail.birthday && (
            <>
              {' · '}
              <span className="whitespace-nowrap">birthday {birthdayText({ ...detail.birthday, year: null })}</span>
            </>
          )}
        </p>
        <dl className="mt-3 grid grid-cols-2 gap-3">
          <div>
            <dt className="text-sm text-muted">Points</dt>
            <dd className="text-2xl font-semibold tabular-nums">{c.points.toLocaleString(locale)}</dd>
            {detail.pending_points > 0 && <dd className="text-sm text-muted">+{detail.pending_points.toLocaleString(locale)} on their way</dd>}
          </div>
          <div>
            <dt className="text-sm text-muted">Wallet</dt>
            <dd className="text-2xl font-semibold">
              <Money amount={c.wallet_balance} currency={currency} locale={locale} />
            </dd>
          </div>
        </dl>
      </Card>
      {canAdjust && (
        <Card>
          <AdjustForm key={c.id} customer={c} onAdjust={onAdjust} locale={locale} />
        </Card>
      )}
      <Tabs
        label="The customer's account"
        defaultValue="points"
        items={[
          {
            value: 'points',
            label: 'Points',
            content: (
              <HistoryTable
                caption="Points, newest first"
                head={[['When', 'whitespace-nowrap'], ['What'], ['Reason'], ['Points', 'tabular-nums']]}
                items={detail.points}
                empty="No points yet."
                row={(e) => ({ key: e.id, cells: [when(e.created_at), POINT_TYPE[e.type], e.reason, signed(e.points, locale)] })}
              />
            ),
          },
          {
            value: 'wallet',
            label: 'Wallet',
            content: (
              <HistoryTable
                caption="Wallet, newest first"
                head={[['When', 'whitespace-nowrap'], ['What'], ['Reason'], ['Amount']]}
                items={detail.wallet}
                empty="No wallet entries yet."
                row={(e) => ({
                  key: e.id,
                  cells: [when(e.created_at), WALLET_TYPE[e.type], e.reason, <Money key="amount" amount={e.amount} currency={currency} locale={locale} />],
                })}
              />
            ),
          },
          {
            value: 'vouchers',
            label: 'Vouchers',
            content: (
              <HistoryTable
                caption="Vouchers"
                head={[['Reward'], ['Code', 'font-mono'], ['Until', 'whitespace-nowrap'], ['Status']]}
                items={detail.vouchers}
                empty="No vouchers yet."
                row={(v) => ({
                  key: v.id,
                  cells: [
                    v.reward.title,
                    v.code,
                    when(v.expires_at),
                    <Badge key="status" tone={v.status === 'active' ? 'success' : 'neutral'}>
                      {VOUCHER_STATUS[v.status]}
                    </Badge>,
                  ],
                })}
              />
            ),
          },
          {
            value: 'orders',
            label: 'Orders',
            content: (
              <HistoryTable
                caption="Orders, newest first"
                head={[['Order', 'font-medium'], ['Placed', 'whitespace-nowrap'], ['Status'], ['Total'], ['Points']]}
                items={detail.orders}
                empty="No orders yet."
                row={(o) => ({
                  key: o.name,
                  cells: [
                    o.name,
                    o.created_at ? when(o.created_at) : '',
                    ORDER_STATUS_LABEL[o.status],
                    <Money key="total" amount={o.total} currency={currency} locale={locale} />,
                    <OrderPoints key="points" order={o} locale={locale} />,
                  ],
                })}
              />
            ),
          },
        ]}
      />
    </div>
  );
}

/** /merchant/customers (staff and owners): find a customer by phone, name or e-mail; their account; owners adjust points. */
export function CustomersScreen(props: CustomersScreenProps) {
  const {
    query,
    onQueryChange,
    results,
    loading,
    error,
    onRetry,
    hasMore,
    loadingMore,
    onMore,
    selectedId,
    detail,
    detailLoading,
    detailError,
    onDetailRetry,
    customerHref,
    listHref,
    renderLink = plainLink,
    locale,
    currency,
  } = props;
  const open = selectedId !== null && selectedId !== undefined;

  let list;
  if (loading && !results)
    list = (
      <SkeletonGroup label="Looking for customers">
        <SkeletonText lines={6} />
      </SkeletonGroup>
    );
  else if (!results) list = <ErrorState title="We could not look customers up" message={error ?? 'Please try again.'} onRetry={onRetry} />;
  else if (results.length === 0)
    list = (
      <EmptyState
        title={query.trim() ? 'Nobody matches' : 'No customers yet'}
        description={query.trim() ? 'Try part of the number, or the name or e-mail.' : 'Customers appear here once they sign up.'}
      />
    );
  else
    list = (
      <>
        <ul className="flex flex-col gap-2">
          {results.map((c) => (
            <li key={c.id}>
              {renderLink({
                href: customerHref(c.id),
                'aria-current': c.id === selectedId ? 'page' : undefined,
                className: cx(
                  'flex items-center justify-between gap-3 rounded-2xl border border-border bg-surface-raised p-3 hover:bg-surface',
                  c.id === selectedId && 'border-brand-ink',
                  focusRing,
                ),
                children: (
                  <>
                    <span className="min-w-0">
                      <span className="block font-medium">{c.name || 'No name yet'}</span>
                      <span className="block truncate text-sm text-muted">{[c.phone, c.email].filter(Boolean).join(' · ')}</span>
                    </span>
                    <span className="shrink-0 text-right text-sm tabular-nums">
                      {c.points.toLocaleString(locale)} points
                      <br />
                      <Money amount={c.wallet_balance} currency={currency} locale={locale} className="text-muted" />
                    </span>
                  </>
                ),
              })}
            </li>
          ))}
        </ul>
        <LoadMore more={!!hasMore} onMore={onMore} loading={loadingMore} className="self-center">
          Show more
        </LoadMore>
      </>
    );

  return (
    <div className="grid gap-6 lg:grid-cols-[22rem_1fr]">
      <section aria-label="Find a customer" className={cx('flex min-w-0 flex-col gap-3', open && 'max-lg:hidden')}>
        <TextField
          label="Phone, name or e-mail"
          type="search"
          value={query}
          onChange={(e) => onQueryChange(e.target.value)}
          hint="Part of it is enough: 0917 123 or +63 917 123 find the same number."
        />
        {list}
      </section>
      <section aria-label="The customer" className={cx('flex min-w-0 flex-col gap-3', !open && 'max-lg:hidden')}>
        {open &&
          renderLink({
            href: listHref,
            className: cx('self-start rounded font-medium text-brand-ink underline lg:hidden', focusRing),
            children: 'Back to the customers',
          })}
        {!open ? (
          <EmptyState title="Choose a customer" description="Their points, wallet, vouchers and orders show here." />
        ) : detail && detail.customer.id === selectedId ? (
          <Detail {...props} detail={detail} />
        ) : detailLoading || !detailError ? (
          <SkeletonGroup label="Loading the customer">
            <SkeletonText lines={8} />
          </SkeletonGroup>
        ) : (
          <ErrorState title="We could not load this customer" message={detailError} onRetry={onDetailRetry} />
        )}
      </section>
    </div>
  );
}
