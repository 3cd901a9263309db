import { useMemo, useState, type ReactNode } from 'react';
import { DASHBOARD_PERIODS, type DashboardData, type DashboardFigures, type DashboardPeriod } from '#contract/dashboard';
import type { MerchantLocation } from '#contract/locations';
import { formatMoney } from '#contract/money';
import { Button, Card, ErrorState, SkeletonGroup, SkeletonText, TextField, cx, focusRing } from '../../../ui';
import { compactMoney } from './chart-axis';
import { DashboardChart, type ChartSeries } from './dashboard-chart';
import { LocationSelect } from '../shared/location-controls';

export interface DashboardScreenProps {
  period: DashboardPeriod;
  onPeriodChange: (p: DashboardPeriod) => void;
  data?: DashboardData;
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  locale: string;
  currency: string;
  /** the address of a CSV download of the merchant's days from–to (of the location chosen, when one is) */
  exportHref: (kind: 'orders' | 'ledger' | 'gift-cards', from: string, to: string) => string;
  /** the shop's locations: with more than one, the figures and downloads can be of one */
  locations?: ReadonlyArray<Pick<MerchantLocation, 'id' | 'name'>> | undefined;
  /** the location the figures are of; null: the whole shop */
  locationId?: number | null;
  onLocationChange?: (id: number | null) => void;
}

const SCALES = { orders: { whole: true }, points: { whole: true } };

const PERIOD_LABEL: Record<DashboardPeriod, string> = { today: 'Today', '7d': 'Last 7 days', '30d': 'Last 30 days' };
const BEFORE: Record<DashboardPeriod, string> = { today: 'yesterday', '7d': 'the 7 days before', '30d': 'the 30 days before' };

function change(now: number, before: number, period: DashboardPeriod): string {
  if (now === before) return `Same as ${BEFORE[period]}`;
  if (before === 0) return `${now > before ? 'Up' : 'Down'} from 0 ${BEFORE[period]}`;
  const pct = Math.round(((now - before) / before) * 100);
  return `${pct > 0 ? 'Up' : 'Down'} ${Math.abs(pct)}% on ${BEFORE[period]}`;
}

function Figure({ label, value, note }: { label: string; value: ReactNode; note?: string }) {
  return (
    <div className="flex flex-col gap-1 rounded-2xl border border-border bg-surface-raised p-4">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="text-2xl font-semibold tabular-nums">{value}</dd>
      {note && <dd className="text-sm text-muted">{note}</dd>}
    </div>
  );
}

function Exports({ days, exportHref }: { days: string[]; exportHref: DashboardScreenProps['exportHref'] }) {
  const [from, setFrom] = useState(days[0] ?? '');
  const [to, setTo] = useState(days[days.length - 1] ?? '');
  const ok = /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) && from <= to;
  const link = (kind: 'orders' | 'ledger' | 'gift-cards', label: string) =>
    ok ? (
      <a
        href={exportHref(kind, from, to)}
        download
        className={cx('inline-flex min-h-11 items-center rounded-xl border border-brand-ink px-4 font-medium text-brand-ink hover:bg-surface', focusRing)}
      >
        {label}
      </a>
    ) : (
      <Button variant="secondary" disabled>
        {label}
      </Button>
    );
  return (
    <Card as="section" title="Download as CSV" headingLevel={2}>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <TextField label="From" type="date" value={from} max={to} onChange={(e) => setFrom(e.target.value)} />
        <TextField
          label="To"
          type="date"
          value={to}
          min={from}
          onChange={(e) => setTo(e.target.value)}
          error={ok || !from || !to ? undefined : 'The end must be on or after the start.'}
        />
        {link('orders', 'Orders (CSV)')}
        {link('ledger', 'Points and wallet entries (CSV)')}
        {link('gift-cards', 'Gift cards sold (CSV)')}
      </div>
      <p className="mt-2 text-sm text-muted">Days in the shop's time zone, at most 366. Opens in any spreadsheet.</p>
    </Card>
  );
}

type Format = (n: number) => string;

/** The two charts' series: money and orders; points issued, redeemed and taken back. */
function chartsOf(series: DashboardData['series'], money: Format, count: Format, axisMoney: Format) {
  const pick = (k: Exclude<keyof DashboardData['series'][number], 'day'>) => series.map((d) => d[k]);
  // money on the left, whole orders on the right; what went back drawn as a dashed or dotted line
  const sales: ChartSeries[] = [
    { label: 'Revenue', values: pick('revenue'), color: '--color-brand', scale: 'money', format: money, axisFormat: axisMoney },
    { label: 'Refunds', values: pick('refunds'), color: '--color-danger', kind: 'line', pattern: 'dashed', scale: 'money', format: money },
    { label: 'Orders', values: pick('orders'), color: '--color-accent', kind: 'line', scale: 'orders', format: count },
    { label: 'Cancelled orders', values: pick('cancelled_orders'), color: '--color-warning', kind: 'line', pattern: 'dotted', scale: 'orders', format: count },
  ];
  // one scale: points issued, redeemed and taken back compare by their heights
  const points: ChartSeries[] = [
    { label: 'Points issued', values: pick('points_issued'), color: '--color-brand', scale: 'points', format: count },
    { label: 'Points redeemed', values: pick('points_redeemed'), color: '--color-accent', kind: 'line', scale: 'points', format: count },
    { label: 'Points taken back', values: pick('points_taken_back'), color: '--color-danger', kind: 'line', pattern: 'dashed', scale: 'points', format: count },
  ];
  return { days: series.map((d) => d.day), sales, points };
}

function PeriodPicker({ period, onPeriodChange }: Pick<DashboardScreenProps, 'period' | 'onPeriodChange'>) {
  return (
    <div role="group" aria-label="Period" className="flex flex-wrap gap-2">
      {DASHBOARD_PERIODS.map((p) => (
        <Button key={p} size="sm" variant={p === period ? 'primary' : 'secondary'} aria-pressed={p === period} onClick={() => onPeriodChange(p)}>
          {PERIOD_LABEL[p]}
        </Button>
      ))}
    </div>
  );
}

/** The period's figures against the period before: orders, what went back, points and the wheel. */
function FigureSections({ f, p, name, money, count }: { f: DashboardFigures; p: DashboardFigures; name: DashboardPeriod; money: Format; count: Format }) {
  return (
    <>
      <section aria-labelledby="dash-sales">
        <h2 id="dash-sales" className="mb-2 text-lg font-semibold">
          Orders
        </h2>
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <Figure label="Orders" value={count(f.orders)} note={change(f.orders, p.orders, name)} />
          <Figure label="Revenue" value={money(f.revenue)} note={change(f.revenue, p.revenue, name)} />
          <Figure label="Average order" value={money(f.average_order)} note={change(f.average_order, p.average_order, name)} />
          <Figure label="Tax collected" value={money(f.tax_collected)} note={change(f.tax_collected, p.tax_collected, name)} />
          <Figure label="Wallet top-ups" value={money(f.topup_amount)} note={`${count(f.topups)} ${f.topups === 1 ? 'top-up' : 'top-ups'}`} />
          <Figure label="New customers" value={count(f.new_customers)} note={change(f.new_customers, p.new_customers, name)} />
          <Figure label="Returning customers" value={count(f.returning_customers)} note={change(f.returning_customers, p.returning_customers, name)} />
        </dl>
      </section>
      <section aria-labelledby="dash-back">
        <h2 id="dash-back" className="mb-2 text-lg font-semibold">
          Cancellations and refunds
        </h2>
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <Figure label="Cancelled orders" value={count(f.cancelled_orders)} note={change(f.cancelled_orders, p.cancelled_orders, name)} />
          <Figure
            label="Refunds"
            value={money(f.refunds)}
            note={f.refunds_at_gateway > 0 ? `${money(f.refunds_at_gateway)} of it refunded at the payment service` : 'All from cancelled orders'}
          />
          <Figure
            label="Not taken back from wallets"
            value={money(f.topup_refunds_not_recovered)}
            note="of top-ups refunded at the payment service: spent before the refund"
          />
          <Figure
            label="Disputed payments"
            value={count(f.disputes)}
            note={f.disputes > 0 ? `${money(f.disputed_amount)} disputed: answer at the payment service` : 'No chargebacks'}
          />
        </dl>
      </section>
      <section aria-labelledby="dash-points">
        <h2 id="dash-points" className="mb-2 text-lg font-semibold">
          Points, vouchers and the wheel
        </h2>
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <Figure label="Points issued" value={count(f.points_issued)} note={change(f.points_issued, p.points_issued, name)} />
          <Figure label="Points redeemed" value={count(f.points_redeemed)} note={change(f.points_redeemed, p.points_redeemed, name)} />
          <Figure label="Points expired" value={count(f.points_expired)} />
          <Figure label="Points reversed" value={count(f.points_reversed)} note="taken off balances: undone counter sales, cancelled orders, your deductions" />
          <Figure
            label="Points taken back"
            value={count(f.points_taken_back)}
            note={
              f.points_not_taken_back > 0
                ? `on cancelled orders; ${count(f.points_not_taken_back)} more had been spent and could not be`
                : 'on cancelled orders'
            }
          />
          <Figure label="Vouchers issued" value={count(f.vouchers_issued)} note={`${count(f.vouchers_redeemed_at_counter)} redeemed at the counter`} />
          <Figure
            label="Wheel spins"
            value={count(f.wheel_spins)}
            note={`${count(f.wheel_prizes.points)} won points, ${count(f.wheel_prizes.voucher)} a voucher, ${count(f.wheel_prizes.none)} nothing`}
          />
        </dl>
      </section>
    </>
  );
}

/** What the points customers hold are worth, and how many expire soon. */
function Liability({ liability, money, count }: { liability: DashboardData['liability']; money: Format; count: Format }) {
  return (
    <Card as="section" title="Points still to be redeemed" headingLevel={2}>
      <dl className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-3">
        <div>
          <dt className="text-sm text-muted">Points customers hold</dt>
          <dd className="text-2xl font-semibold tabular-nums">{count(liability.points)}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted">Worth, at the rewards' average</dt>
          <dd className="text-2xl font-semibold tabular-nums">{money(liability.value)}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted">Expiring in the next 30 days</dt>
          <dd className="text-2xl font-semibold tabular-nums">{count(liability.expiring_30_days)}</dd>
        </div>
      </dl>
      <p className="mt-2 text-sm text-muted">
        100 points are worth {money(Math.round(liability.value_per_point * 100))} on average: what the rewards with a discount take off, for the points they
        cost.
      </p>
    </Card>
  );
}

/** The money customers hold with the shop: their own in wallets, and what gift cards still owe (issue 49). */
function MoneyHeld({ liability, money }: { liability: DashboardData['liability']; money: Format }) {
  return (
    <Card as="section" title="Money held for customers" headingLevel={2} aria-label="Money held for customers">
      <dl className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-muted">In wallets, from their own top-ups</dt>
          <dd className="text-2xl font-semibold tabular-nums">{money(liability.wallets)}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted">Outstanding gift-card balance</dt>
          <dd className="text-2xl font-semibold tabular-nums">{money(liability.gift_cards)}</dd>
        </div>
      </dl>
      <p className="mt-2 text-sm text-muted">
        Today, whatever the period. The gift-card balance is the cards not yet added to a wallet and the gift money in wallets: Gift cards shows it in detail.
      </p>
    </Card>
  );
}

/** /merchant (owners' dashboard): how the programme is doing today, over 7 or 30 days, and what the points still out are worth. */
export function DashboardScreen(props: DashboardScreenProps) {
  const { period, onPeriodChange, data, loading, error, onRetry, locale, currency, exportHref } = props;
  const money = useMemo(() => (n: number) => formatMoney(n, currency, locale), [currency, locale]);
  const count = useMemo(() => (n: number) => n.toLocaleString(locale), [locale]);
  const axisMoney = useMemo(() => compactMoney(currency, locale), [currency, locale]);
  const dayLabel = useMemo(() => {
    const f = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' });
    return (day: string) => f.format(new Date(`${day}T00:00:00Z`));
  }, [locale]);
  const series = data?.series;
  const charts = useMemo(() => (series ? chartsOf(series, money, count, axisMoney) : null), [series, money, count, axisMoney]);

  const { locations = [], locationId = null, onLocationChange } = props;
  const picker = (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <PeriodPicker period={period} onPeriodChange={onPeriodChange} />
      {locations.length > 1 && onLocationChange && (
        <LocationSelect
          locations={locations}
          value={locationId}
          onChange={onLocationChange}
          allLabel="All locations"
          hint="Points, wallet top-ups, vouchers and spins stay shop-wide whichever location you choose."
        />
      )}
    </div>
  );

  if (!data)
    return (
      <div className="flex flex-col gap-4">
        {picker}
        {loading || !error ? (
          <SkeletonGroup label="Loading the figures">
            <SkeletonText lines={10} />
          </SkeletonGroup>
        ) : (
          <ErrorState title="We could not load the figures" message={error} onRetry={onRetry} />
        )}
      </div>
    );

  const f: DashboardFigures = data.figures;
  const p: DashboardFigures = data.previous;
  const name = data.period.name;

  return (
    <div className="flex flex-col gap-6" aria-busy={loading || undefined}>
      {picker}
      <FigureSections f={f} p={p} name={name} money={money} count={count} />
      <Liability liability={data.liability} money={money} count={count} />
      <MoneyHeld liability={data.liability} money={money} />
      {charts && name !== 'today' ? (
        <Card as="section" aria-label="Charts" className="grid gap-6 xl:grid-cols-2">
          <DashboardChart title="Revenue and orders" days={charts.days} dayLabel={dayLabel} series={charts.sales} scales={SCALES} />
          <DashboardChart title="Points issued, redeemed and taken back" days={charts.days} dayLabel={dayLabel} series={charts.points} scales={SCALES} />
        </Card>
      ) : (
        <p className="text-sm text-muted">Choose 7 or 30 days to see the figures day by day in charts.</p>
      )}
      <Exports key={data.period.days.join()} days={data.period.days} exportHref={exportHref} />
    </div>
  );
}
