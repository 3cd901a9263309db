import { useLingui } from '@lingui/react/macro';
import { formatMoney } from '#contract/money';
import type { TipsReportData } from '#contract/tips';
import { Card, EmptyState, ErrorState, ScrollRegion, SkeletonGroup, SkeletonText } from '../../../ui';
import { PeriodFields } from '../shared/period-fields';

export interface TipsReportProps {
  /** the period shown: the shop's days, both included */
  from: string;
  to: string;
  onPeriodChange: (from: string, to: string) => void;
  report?: TipsReportData | undefined;
  loading: boolean;
  error: string | null;
  onRetry?: () => void;
  /** the period's CSV download */
  csvHref: string;
  currency: string;
  locale: string;
}

/** The rows: each day and location with its tipped orders and tips, newest day first. */
function TipsTable({ report, money, locale }: { report: TipsReportData; money: (n: number) => string; locale: string }) {
  const { t } = useLingui();
  return (
    <ScrollRegion label={t`Tips per day and location`}>
      <table className="w-full text-sm">
        <caption className="sr-only">{t`Tips per day and location, newest day first`}</caption>
        <thead>
          <tr className="text-left text-muted">
            <th scope="col" className="py-1 pr-3 font-medium">
              {t`Day`}
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              {t`Location`}
            </th>
            <th scope="col" className="py-1 pr-3 text-right font-medium">
              {t`Orders with a tip`}
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              {t`Tips`}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {report.rows.map((r) => (
            <tr key={`${r.day}/${r.location_id}`}>
              <td className="py-2 pr-3 tabular-nums">{r.day}</td>
              <td className="py-2 pr-3">{r.location}</td>
              <td className="py-2 pr-3 text-right tabular-nums">{r.orders.toLocaleString(locale)}</td>
              <td className="py-2 text-right tabular-nums">{money(r.tips)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** /merchant/tips (owners; issue 51), its report: the tips of paid orders per location and day, in the shop's time zone, and the CSV. */
export function TipsReport(props: TipsReportProps) {
  const { from, to, onPeriodChange, report, loading, error, onRetry, csvHref, currency, locale } = props;
  const money = (n: number) => formatMoney(n, currency, locale);
  const { t } = useLingui();
  const timezone = report?.timezone;
  return (
    <section aria-labelledby="tips-report" className="flex flex-col gap-4" aria-busy={loading || undefined}>
      <h2 id="tips-report" className="text-lg font-semibold">
        {t`Tips per location and day`}
      </h2>
      <PeriodFields key={`${from}/${to}`} from={from} to={to} onPeriodChange={onPeriodChange} />
      {!report ? (
        loading || !error ? (
          <SkeletonGroup label={t`Loading the tips`}>
            <SkeletonText lines={4} />
          </SkeletonGroup>
        ) : (
          <ErrorState title={t`We could not load the tips`} message={error} {...(onRetry ? { onRetry } : {})} />
        )
      ) : report.rows.length === 0 ? (
        <EmptyState title={t`No tips in these days`} description={t`Tips show here once customers add one at checkout and pay.`} />
      ) : (
        <Card className="flex flex-col gap-3">
          <p className="flex flex-wrap items-baseline justify-between gap-2">
            <span className="text-muted">{t`Total tips`}</span>
            <span className="text-2xl font-semibold tabular-nums">{money(report.total)}</span>
          </p>
          <TipsTable report={report} money={money} locale={locale} />
          <p className="text-sm text-muted">{t`Days in the shop's time zone (${timezone}). Cancelled orders are left out: their tips were refunded.`}</p>
          <a href={csvHref} download className="self-start font-semibold text-brand-ink underline underline-offset-2">
            {t`Download as CSV`}
          </a>
        </Card>
      )}
    </section>
  );
}
