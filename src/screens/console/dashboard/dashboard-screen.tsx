import { useMemo, useState, type ReactNode } from 'react';
import { msg, plural, t as say } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { DASHBOARD_PERIODS, type DashboardData, type DashboardFigures, type DashboardPeriod } from '#contract/dashboard';
import type { MerchantLocation } from '#contract/locations';
import { formatMoney } from '#contract/money';
import { Button, Card, ErrorState, SkeletonGroup, SkeletonText, TextField, cx, focusRing } from '../../../ui';
import { compactMoney } from './chart-axis';
import { DashboardChart, type ChartSeries } from './dashboard-chart';
import { LocationSelect } from '../shared/location-controls';
import { spoken } from '../shared/spoken';
import { dateTimeFormat } from '#contract/intl';

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

const PERIOD_LABEL = spoken<DashboardPeriod>({ today: msg`Today`, '7d': msg`Last 7 days`, '30d': msg`Last 30 days` });

/** A figure against the period before, one whole message per period ("yesterday" is never a word glued in). */
function change(now: number, before: number, period: DashboardPeriod): string {
  if (now === before) return period === 'today' ? say`Same as yesterday` : period === '7d' ? say`Same as the 7 days before` : say`Same as the 30 days before`;
  if (before === 0) {
    if (now > before)
      return period === 'today' ? say`Up from 0 yesterday` : period === '7d' ? say`Up from 0 the 7 days before` : say`Up from 0 the 30 days before`;
    return period === 'today' ? say`Down from 0 yesterday` : period === '7d' ? say`Down from 0 the 7 days before` : say`Down from 0 the 30 days before`;
  }
  const pct = Math.round(((now - before) / before) * 100);
  const by = Math.abs(pct);
  if (pct > 0)
    return period === 'today' ? say`Up ${by}% on yesterday` : period === '7d' ? say`Up ${by}% on the 7 days before` : say`Up ${by}% on the 30 days before`;
  return period === 'today' ? say`Down ${by}% on yesterday` : period === '7d' ? say`Down ${by}% on the 7 days before` : say`Down ${by}% on the 30 days before`;
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
  const { t } = useLingui();
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
    <Card as="section" title={t`Download as CSV`} headingLevel={2}>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <TextField label={t`From`} type="date" value={from} max={to} onChange={(e) => setFrom(e.target.value)} />
        <TextField
          label={t`To`}
          type="date"
          value={to}
          min={from}
          onChange={(e) => setTo(e.target.value)}
          error={ok || !from || !to ? undefined : t`The end must be on or after the start.`}
        />
        {link('orders', t`Orders (CSV)`)}
        {link('ledger', t`Points and wallet entries (CSV)`)}
        {link('gift-cards', t`Gift cards sold (CSV)`)}
      </div>
      <p className="mt-2 text-sm text-muted">{t`Days in the shop's time zone, at most 366. Opens in any spreadsheet.`}</p>
    </Card>
  );
}

type Format = (n: number) => string;

/** The two charts' series: money and orders; points issued, redeemed and taken back. */
type SeriesKey = Exclude<keyof DashboardData['series'][number], 'day'>;
function chartsOf(series: DashboardData['series'], names: Record<SeriesKey, string>, money: Format, count: Format, axisMoney: Format) {
  const pick = (k: SeriesKey) => series.map((d) => d[k]);
  // money on the left, whole orders on the right; what went back drawn as a dashed or dotted line
  const sales: ChartSeries[] = [
    { label: names.revenue, values: pick('revenue'), color: '--color-brand', scale: 'money', format: money, axisFormat: axisMoney },
    { label: names.refunds, values: pick('refunds'), color: '--color-danger', kind: 'line', pattern: 'dashed', scale: 'money', format: money },
    { label: names.orders, values: pick('orders'), color: '--color-accent', kind: 'line', scale: 'orders', format: count },
    {
      label: say`Cancelled orders`,
      values: pick('cancelled_orders'),
      color: '--color-warning',
      kind: 'line',
      pattern: 'dotted',
      scale: 'orders',
      format: count,
    },
  ];
  // one scale: points issued, redeemed and taken back compare by their heights
  const points: ChartSeries[] = [
    { label: names.points_issued, values: pick('points_issued'), color: '--color-brand', scale: 'points', format: count },
    { label: names.points_redeemed, values: pick('points_redeemed'), color: '--color-accent', kind: 'line', scale: 'points', format: count },
    {
      label: say`Points taken back`,
      values: pick('points_taken_back'),
      color: '--color-danger',
      kind: 'line',
      pattern: 'dashed',
      scale: 'points',
      format: count,
    },
  ];
  return { days: series.map((d) => d.day), sales, points };
}

function PeriodPicker({ period, onPeriodChange }: Pick<DashboardScreenProps, 'period' | 'onPeriodChange'>) {
  const { t } = useLingui();
  return (
    <div role="group" aria-label={t`Period`} className="flex flex-wrap gap-2">
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
  const { t } = useLingui();
  const [topups, topupsMade] = [count(f.topups), f.topups];
  return (
    <>
      <section aria-labelledby="dash-sales">
        <h2 id="dash-sales" className="mb-2 text-lg font-semibold">
          {t`Orders`}
        </h2>
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <Figure label={t`Orders`} value={count(f.orders)} note={change(f.orders, p.orders, name)} />
          <Figure label={t`Revenue`} value={money(f.revenue)} note={change(f.revenue, p.revenue, name)} />
          <Figure label={t`Average order`} value={money(f.average_order)} note={change(f.average_order, p.average_order, name)} />
          <Figure label={t`Tax collected`} value={money(f.tax_collected)} note={change(f.tax_collected, p.tax_collected, name)} />
          <Figure label={t`Wallet top-ups`} value={money(f.topup_amount)} note={plural(topupsMade, { one: `${topups} top-up`, other: `${topups} top-ups` })} />
          <Figure label={t`New customers`} value={count(f.new_customers)} note={change(f.new_customers, p.new_customers, name)} />
          <Figure label={t`Returning customers`} value={count(f.returning_customers)} note={change(f.returning_customers, p.returning_customers, name)} />
        </dl>
      </section>
      <BackSection f={f} p={p} name={name} money={money} count={count} />
      <PointsSection f={f} p={p} name={name} count={count} />
    </>
  );
}

/** What went back: cancelled orders, refunds, top-ups not recovered, disputes. */
function BackSection({ f, p, name, money, count }: { f: DashboardFigures; p: DashboardFigures; name: DashboardPeriod; money: Format; count: Format }) {
  const { t } = useLingui();
  const [atGateway, disputed] = [money(f.refunds_at_gateway), money(f.disputed_amount)];
  return (
    <>
      <section aria-labelledby="dash-back">
        <h2 id="dash-back" className="mb-2 text-lg font-semibold">
          {t`Cancellations and refunds`}
        </h2>
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <Figure label={t`Cancelled orders`} value={count(f.cancelled_orders)} note={change(f.cancelled_orders, p.cancelled_orders, name)} />
          <Figure
            label={t`Refunds`}
            value={money(f.refunds)}
            note={f.refunds_at_gateway > 0 ? t`${atGateway} of it refunded at the payment service` : t`All from cancelled orders`}
          />
          <Figure
            label={t`Not taken back from wallets`}
            value={money(f.topup_refunds_not_recovered)}
            note={t`of top-ups refunded at the payment service: spent before the refund`}
          />
          <Figure
            label={t`Disputed payments`}
            value={count(f.disputes)}
            note={f.disputes > 0 ? t`${disputed} disputed: answer at the payment service` : t`No chargebacks`}
          />
        </dl>
      </section>
    </>
  );
}

/** Points, vouchers and the wheel over the period. */
function PointsSection({ f, p, name, count }: { f: DashboardFigures; p: DashboardFigures; name: DashboardPeriod; count: Format }) {
  const { t } = useLingui();
  const notTakenBack = count(f.points_not_taken_back);
  const atCounter = count(f.vouchers_redeemed_at_counter);
  const [wonPoints, wonVoucher, wonNothing] = [count(f.wheel_prizes.points), count(f.wheel_prizes.voucher), count(f.wheel_prizes.none)];
  return (
    <section aria-labelledby="dash-points">
      <h2 id="dash-points" className="mb-2 text-lg font-semibold">
        {t`Points, vouchers and the wheel`}
      </h2>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure label={t`Points issued`} value={count(f.points_issued)} note={change(f.points_issued, p.points_issued, name)} />
        <Figure label={t`Points redeemed`} value={count(f.points_redeemed)} note={change(f.points_redeemed, p.points_redeemed, name)} />
        <Figure label={t`Points expired`} value={count(f.points_expired)} />
        <Figure
          label={t`Points reversed`}
          value={count(f.points_reversed)}
          note={t`taken off balances: undone counter sales, cancelled orders, your deductions`}
        />
        <Figure
          label={t`Points taken back`}
          value={count(f.points_taken_back)}
          note={f.points_not_taken_back > 0 ? t`on cancelled orders; ${notTakenBack} more had been spent and could not be` : t`on cancelled orders`}
        />
        <Figure label={t`Vouchers issued`} value={count(f.vouchers_issued)} note={t`${atCounter} redeemed at the counter`} />
        <Figure label={t`Wheel spins`} value={count(f.wheel_spins)} note={t`${wonPoints} won points, ${wonVoucher} a voucher, ${wonNothing} nothing`} />
      </dl>
    </section>
  );
}

/** What the points customers hold are worth, and how many expire soon. */
function Liability({ liability, money, count }: { liability: DashboardData['liability']; money: Format; count: Format }) {
  const { t } = useLingui();
  const hundred = money(Math.round(liability.value_per_point * 100));
  return (
    <Card as="section" title={t`Points still to be redeemed`} headingLevel={2}>
      <dl className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-3">
        <div>
          <dt className="text-sm text-muted">{t`Points customers hold`}</dt>
          <dd className="text-2xl font-semibold tabular-nums">{count(liability.points)}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted">{t`Worth, at the rewards' average`}</dt>
          <dd className="text-2xl font-semibold tabular-nums">{money(liability.value)}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted">{t`Expiring in the next 30 days`}</dt>
          <dd className="text-2xl font-semibold tabular-nums">{count(liability.expiring_30_days)}</dd>
        </div>
      </dl>
      <p className="mt-2 text-sm text-muted">
        <Trans>100 points are worth {hundred} on average: what the rewards with a discount take off, for the points they cost.</Trans>
      </p>
    </Card>
  );
}

/** The money customers hold with the shop: their own in wallets, and what gift cards still owe (issue 49). */
function MoneyHeld({ liability, money }: { liability: DashboardData['liability']; money: Format }) {
  const { t } = useLingui();
  return (
    <Card as="section" title={t`Money held for customers`} headingLevel={2} aria-label={t`Money held for customers`}>
      <dl className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-muted">{t`In wallets, from their own top-ups`}</dt>
          <dd className="text-2xl font-semibold tabular-nums">{money(liability.wallets)}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted">{t`Outstanding gift-card balance`}</dt>
          <dd className="text-2xl font-semibold tabular-nums">{money(liability.gift_cards)}</dd>
        </div>
      </dl>
      <p className="mt-2 text-sm text-muted">
        <Trans>
          Today, whatever the period. The gift-card balance is the cards not yet added to a wallet and the gift money in wallets: Gift cards shows it in detail.
        </Trans>
      </p>
    </Card>
  );
}

/** /merchant (owners' dashboard): how the programme is doing today, over 7 or 30 days, and what the points still out are worth. */
export function DashboardScreen(props: DashboardScreenProps) {
  const { period, onPeriodChange, data, loading, error, onRetry, locale, currency, exportHref } = props;
  const { t } = useLingui();
  const money = useMemo(() => (n: number) => formatMoney(n, currency, locale), [currency, locale]);
  const count = useMemo(() => (n: number) => n.toLocaleString(locale), [locale]);
  const axisMoney = useMemo(() => compactMoney(currency, locale), [currency, locale]);
  const dayLabel = useMemo(() => {
    const f = dateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' });
    return (day: string) => f.format(new Date(`${day}T00:00:00Z`));
  }, [locale]);
  const series = data?.series;
  // the series' names are words: made again when the language changes (t is new for each language)
  const charts = useMemo(() => {
    if (!series) return null;
    const names = {
      revenue: t`Revenue`,
      refunds: t`Refunds`,
      orders: t`Orders`,
      cancelled_orders: t`Cancelled orders`,
      points_issued: t`Points issued`,
      points_redeemed: t`Points redeemed`,
      points_taken_back: t`Points taken back`,
    };
    return chartsOf(series, names, money, count, axisMoney);
  }, [series, money, count, axisMoney, t]);

  const { locations = [], locationId = null, onLocationChange } = props;
  const picker = (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <PeriodPicker period={period} onPeriodChange={onPeriodChange} />
      {locations.length > 1 && onLocationChange && (
        <LocationSelect
          locations={locations}
          value={locationId}
          onChange={onLocationChange}
          allLabel={t`All locations`}
          hint={t`Points, wallet top-ups, vouchers and spins stay shop-wide whichever location you choose.`}
        />
      )}
    </div>
  );

  if (!data)
    return (
      <div className="flex flex-col gap-4">
        {picker}
        {loading || !error ? (
          <SkeletonGroup label={t`Loading the figures`}>
            <SkeletonText lines={10} />
          </SkeletonGroup>
        ) : (
          <ErrorState title={t`We could not load the figures`} message={error} onRetry={onRetry} />
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
        <Card as="section" aria-label={t`Charts`} className="grid gap-6 xl:grid-cols-2">
          <DashboardChart title={t`Revenue and orders`} days={charts.days} dayLabel={dayLabel} series={charts.sales} scales={SCALES} />
          <DashboardChart title={t`Points issued, redeemed and taken back`} days={charts.days} dayLabel={dayLabel} series={charts.points} scales={SCALES} />
        </Card>
      ) : (
        <p className="text-sm text-muted">{t`Choose 7 or 30 days to see the figures day by day in charts.`}</p>
      )}
      <Exports key={data.period.days.join()} days={data.period.days} exportHref={exportHref} />
    </div>
  );
}
