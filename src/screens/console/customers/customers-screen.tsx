import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
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
import { spoken } from '../shared/spoken';

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

const POINT_TYPE = spoken<CustomerDetailData['points'][number]['type']>({
  earn: msg`Earned`,
  burn: msg`Spent`,
  expire: msg`Expired`,
  adjust: msg`Adjusted`,
  owner: msg`From the shop`,
});
const WALLET_TYPE = spoken<CustomerDetailData['wallet'][number]['type']>({
  topup: msg`Top-up`,
  order: msg`Order`,
  refund: msg`Refund`,
  adjust: msg`Adjusted`,
  gift: msg`Gift card`,
  gift_card: msg`Gift card sent`,
});
const VOUCHER_STATUS = spoken<CustomerDetailData['vouchers'][number]['status']>({
  active: msg`Active`,
  used: msg`Used`,
  expired: msg`Expired`,
  cancelled: msg`Cancelled with an order`,
});
const signed = (n: number, locale: string) => `${n > 0 ? '+' : ''}${n.toLocaleString(locale)}`;

/**
 * An order's points: what it earned; once cancelled, what was taken back, and the shortfall (points it
 * earned that were spent already, and that no unused voucher could give back).
 */
function OrderPoints({ order, locale }: { order: CustomerDetailData['orders'][number]; locale: string }) {
  const { t } = useLingui();
  if (order.status !== 'cancelled' || order.points_earned === 0) return <>{order.points_earned > 0 ? signed(order.points_earned, locale) : '—'}</>;
  const taken = order.points_taken_back ?? 0;
  const missing = order.points_earned - taken;
  const [back, earned, notBack] = [signed(-taken, locale), signed(order.points_earned, locale), missing.toLocaleString(locale)];
  return (
    <span className="flex flex-col items-start gap-1">
      <span>{t`${back} of ${earned} taken back`}</span>
      {missing > 0 && <Badge tone="warning">{t`${notBack} not taken back`}</Badge>}
    </span>
  );
}

/** "Added 50 points. Ana is notified." */
function doneWords(direction: 'add' | 'take', points: number, name: string, locale: string): string {
  const n = points.toLocaleString(locale);
  return direction === 'add'
    ? plural(points, { one: `Added ${n} point. ${name} is notified.`, other: `Added ${n} points. ${name} is notified.` })
    : plural(points, { one: `Took ${n} point. ${name} is notified.`, other: `Took ${n} points. ${name} is notified.` });
}

function AdjustForm({ customer, onAdjust, locale }: { customer: CustomerSummary; onAdjust: CustomersScreenProps['onAdjust']; locale: string }) {
  const { t } = useLingui();
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
    if (!/^\d+$/.test(points.trim()) || Number(points) === 0) fields.points = t`must be a whole number above 0`;
    if (reason.trim().length < 3) fields.reason = t`is required: say why, for the customer`;
    if (Object.keys(fields).length) return setProblem({ message: '', fields });
    const amount = Number(points) * (direction === 'add' ? 1 : -1);
    setSaving(true);
    const refused = await onAdjust(customer.id, amount, reason.trim());
    setSaving(false);
    setProblem(refused);
    if (!refused) {
      setDone(doneWords(direction, Number(points), customer.name || t`The customer`, locale));
      setPoints('');
      setReason('');
    }
  }
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3">
      <fieldset className="flex gap-4">
        <legend className="mb-1 text-sm font-medium">{t`Adjust points`}</legend>
        {(['add', 'take'] as const).map((d) => (
          <label key={d} className="flex items-center gap-2">
            <input type="radio" name="direction" value={d} checked={direction === d} onChange={() => setDirection(d)} className={cx('size-4', focusRing)} />
            {d === 'add' ? t`Add` : t`Take away`}
          </label>
        ))}
      </fieldset>
      <TextField
        label={t`Points`}
        inputMode="numeric"
        value={points}
        onChange={(e) => setPoints(e.target.value)}
        error={fieldProblem(problem, 'points', t`The points`)}
      />
      <TextField
        label={t`Reason (the customer reads it)`}
        value={reason}
        maxLength={200}
        onChange={(e) => setReason(e.target.value)}
        error={fieldProblem(problem, 'reason', t`The reason`)}
      />
      {problem?.message && !problem.fields.points && !problem.fields.reason && <Notice tone="danger">{problem.message}</Notice>}
      {done && <Notice tone="success">{done}</Notice>}
      <Button type="submit" loading={saving} className="self-start">
        {t`Adjust points`}
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

/** Who the customer is, since when, and their points and wallet. */
function Summary({ detail, locale, currency, timeZone }: Pick<CustomersScreenProps, 'locale' | 'currency' | 'timeZone'> & { detail: CustomerDetailData }) {
  const { t } = useLingui();
  const c = detail.customer;
  const [contact, joined] = [[c.phone, c.email].filter(Boolean).join(' · '), formatDateTime(c.created_at, locale, timeZone)];
  const birthday = detail.birthday ? birthdayText({ ...detail.birthday, year: null }) : null;
  const pending = detail.pending_points.toLocaleString(locale);
  return (
    <Card>
      <h2 className="text-lg font-semibold">{c.name || t`No name yet`}</h2>
      <p className="text-sm text-muted">
        {t`${contact} · joined ${joined}`}
        {/* day and month only: the year (their age) is the customer's own */}
        {birthday && (
          <>
            {' · '}
            <span className="whitespace-nowrap">{t`birthday ${birthday}`}</span>
          </>
        )}
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-3">
        <div>
          <dt className="text-sm text-muted">{t`Points`}</dt>
          <dd className="text-2xl font-semibold tabular-nums">{c.points.toLocaleString(locale)}</dd>
          {detail.pending_points > 0 && <dd className="text-sm text-muted">{t`+${pending} on their way`}</dd>}
        </div>
        <div>
          <dt className="text-sm text-muted">{t`Wallet`}</dt>
          <dd className="text-2xl font-semibold">
            <Money amount={c.wallet_balance} currency={currency} locale={locale} />
          </dd>
        </div>
      </dl>
    </Card>
  );
}

function Detail(props: CustomersScreenProps & { detail: CustomerDetailData }) {
  const { detail, locale, currency, timeZone, canAdjust, onAdjust } = props;
  const c = detail.customer;
  const when = (iso: string) => formatDateTime(iso, locale, timeZone);
  const { t } = useLingui();
  return (
    <div className="flex flex-col gap-4">
      <Summary detail={detail} locale={locale} currency={currency} timeZone={timeZone} />
      {canAdjust && (
        <Card>
          <AdjustForm key={c.id} customer={c} onAdjust={onAdjust} locale={locale} />
        </Card>
      )}
      <Tabs
        label={t`The customer's account`}
        defaultValue="points"
        items={[
          {
            value: 'points',
            label: t`Points`,
            content: (
              <HistoryTable
                caption={t`Points, newest first`}
                head={[[t`When`, 'whitespace-nowrap'], [t`What`], [t`Reason`], [t`Points`, 'tabular-nums']]}
                items={detail.points}
                empty={t`No points yet.`}
                row={(e) => ({ key: e.id, cells: [when(e.created_at), POINT_TYPE[e.type], e.reason, signed(e.points, locale)] })}
              />
            ),
          },
          {
            value: 'wallet',
            label: t`Wallet`,
            content: (
              <HistoryTable
                caption={t`Wallet, newest first`}
                head={[[t`When`, 'whitespace-nowrap'], [t`What`], [t`Reason`], [t`Amount`]]}
                items={detail.wallet}
                empty={t`No wallet entries yet.`}
                row={(e) => ({
                  key: e.id,
                  cells: [when(e.created_at), WALLET_TYPE[e.type], e.reason, <Money key="amount" amount={e.amount} currency={currency} locale={locale} />],
                })}
              />
            ),
          },
          {
            value: 'vouchers',
            label: t`Vouchers`,
            content: (
              <HistoryTable
                caption={t`Vouchers`}
                head={[[t`Reward`], [t`Code`, 'font-mono'], [t`Until`, 'whitespace-nowrap'], [t`Status`]]}
                items={detail.vouchers}
                empty={t`No vouchers yet.`}
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
            label: t`Orders`,
            content: (
              <HistoryTable
                caption={t`Orders, newest first`}
                head={[[t`Order`, 'font-medium'], [t`Placed`, 'whitespace-nowrap'], [t`Status`], [t`Total`], [t`Points`]]}
                items={detail.orders}
                empty={t`No orders yet.`}
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

/** "1 point", "1,200 points" (the list's). */
function pointsWords(points: number, locale: string): string {
  const n = points.toLocaleString(locale);
  return plural(points, { one: `${n} point`, other: `${n} points` });
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
  const { t } = useLingui();

  let list;
  if (loading && !results)
    list = (
      <SkeletonGroup label={t`Looking for customers`}>
        <SkeletonText lines={6} />
      </SkeletonGroup>
    );
  else if (!results) list = <ErrorState title={t`We could not look customers up`} message={error ?? t`Please try again.`} onRetry={onRetry} />;
  else if (results.length === 0)
    list = (
      <EmptyState
        title={query.trim() ? t`Nobody matches` : t`No customers yet`}
        description={query.trim() ? t`Try part of the number, or the name or e-mail.` : t`Customers appear here once they sign up.`}
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
                      <span className="block font-medium">{c.name || t`No name yet`}</span>
                      <span className="block truncate text-sm text-muted">{[c.phone, c.email].filter(Boolean).join(' · ')}</span>
                    </span>
                    <span className="shrink-0 text-right text-sm tabular-nums">
                      {pointsWords(c.points, locale)}
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
          {t`Show more`}
        </LoadMore>
      </>
    );

  return (
    <div className="grid gap-6 lg:grid-cols-[22rem_1fr]">
      <section aria-label={t`Find a customer`} className={cx('flex min-w-0 flex-col gap-3', open && 'max-lg:hidden')}>
        <TextField
          label={t`Phone, name or e-mail`}
          type="search"
          value={query}
          onChange={(e) => onQueryChange(e.target.value)}
          hint={t`Part of it is enough: 0917 123 or +63 917 123 find the same number.`}
        />
        {list}
      </section>
      <section aria-label={t`The customer`} className={cx('flex min-w-0 flex-col gap-3', !open && 'max-lg:hidden')}>
        {open &&
          renderLink({
            href: listHref,
            className: cx('self-start rounded font-medium text-brand-ink underline lg:hidden', focusRing),
            children: t`Back to the customers`,
          })}
        {!open ? (
          <EmptyState title={t`Choose a customer`} description={t`Their points, wallet, vouchers and orders show here.`} />
        ) : detail && detail.customer.id === selectedId ? (
          <Detail {...props} detail={detail} />
        ) : detailLoading || !detailError ? (
          <SkeletonGroup label={t`Loading the customer`}>
            <SkeletonText lines={8} />
          </SkeletonGroup>
        ) : (
          <ErrorState title={t`We could not load this customer`} message={detailError} onRetry={onDetailRetry} />
        )}
      </section>
    </div>
  );
}
