import { useMemo } from 'react';
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { GiftCardReportData, GiftCardState } from '#contract/gift-cards';
import { formatMoney } from '#contract/money';
import { Badge, Card, ErrorState, ScrollRegion, SkeletonGroup, SkeletonText, type BadgeTone } from '../../../ui';
import { PeriodFields } from '../shared/period-fields';
import { spoken } from '../shared/spoken';
import { dateTimeFormat } from '#contract/intl';

export interface GiftCardReportProps {
  /** the period shown: the shop's days, both included */
  from: string;
  to: string;
  onPeriodChange: (from: string, to: string) => void;
  report?: GiftCardReportData | undefined;
  loading: boolean;
  error: string | null;
  onRetry?: () => void;
  locale: string;
}

const STATE_WORDS = spoken<GiftCardState>({
  awaiting_payment: msg`Waiting for payment`,
  payment_failed: msg`Payment failed`,
  scheduled: msg`Scheduled`,
  delivered: msg`Sent`,
  claimed: msg`In a wallet`,
  refunded: msg`Refunded`,
  expired: msg`Expired`,
});
const STATE_TONE: Record<GiftCardState, BadgeTone> = {
  awaiting_payment: 'warning',
  payment_failed: 'danger',
  scheduled: 'neutral',
  delivered: 'brand',
  claimed: 'success',
  refunded: 'warning',
  expired: 'danger',
};

/** One figure: what it is, and its value (and how many cards, when it counts cards). */
function Figure({ label, value, cards }: { label: string; value: string; cards?: string }) {
  return (
    <div className="flex flex-col gap-1 rounded-2xl border border-border bg-surface-raised p-4">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="text-2xl font-semibold tabular-nums">{value}</dd>
      {cards && <dd className="text-sm text-muted">{cards}</dd>}
    </div>
  );
}

/**
 * The owner's gift card report, on the Gift cards page: the period's cards sold, added to wallets and
 * refunded, the gift money spent, the cards sold last (numbers masked); and what the shop still owes for
 * gift cards now.
 */
export function GiftCardReport(props: GiftCardReportProps) {
  const { from, to, onPeriodChange, report, loading, error, onRetry, locale } = props;
  const { t } = useLingui();
  const money = useMemo(() => (n: number) => formatMoney(n, report?.currency ?? 'PHP', locale), [report?.currency, locale]);
  const when = useMemo(
    () => dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', ...(report ? { timeZone: report.timezone } : {}) }),
    [locale, report],
  );
  const cards = (n: number) => {
    const count = n.toLocaleString(locale);
    return plural(n, { one: '1 card', other: `${count} cards` });
  };
  const zone = report?.timezone;
  const recent = report?.recent.length;
  return (
    <section aria-labelledby="gift-report" className="flex flex-col gap-4" aria-busy={loading || undefined}>
      <h2 id="gift-report" className="text-lg font-semibold">
        {t`Sales and balance`}
      </h2>
      <PeriodFields key={`${from}/${to}`} from={from} to={to} onPeriodChange={onPeriodChange} />
      {!report ? (
        loading || !error ? (
          <SkeletonGroup label={t`Loading the gift card report`}>
            <SkeletonText lines={5} />
          </SkeletonGroup>
        ) : (
          <ErrorState title={t`We could not load the gift card report`} message={error} {...(onRetry ? { onRetry } : {})} />
        )
      ) : (
        <>
          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
            <Figure label={t`Sold`} value={money(report.sold.amount)} cards={cards(report.sold.count)} />
            <Figure label={t`Added to wallets`} value={money(report.claimed.amount)} cards={cards(report.claimed.count)} />
            <Figure label={t`Gift money spent`} value={money(report.spent)} />
            <Figure label={t`Refunded to senders`} value={money(report.refunded.amount)} cards={cards(report.refunded.count)} />
          </dl>
          <p className="text-sm text-muted">{t`Days in the shop's time zone (${zone}).`}</p>
          <Card as="section" title={t`Outstanding gift-card balance`} headingLevel={3}>
            <p className="text-3xl font-semibold tabular-nums">{money(report.outstanding.total)}</p>
            <dl className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2">
              <div>
                <dt className="text-sm text-muted">{t`Cards not yet added to a wallet`}</dt>
                <dd className="text-lg font-semibold tabular-nums">
                  {money(report.outstanding.unclaimed)} <span className="text-sm font-normal text-muted">({cards(report.outstanding.unclaimed_count)})</span>
                </dd>
              </div>
              <div>
                <dt className="text-sm text-muted">{t`Gift money in customers' wallets`}</dt>
                <dd className="text-lg font-semibold tabular-nums">{money(report.outstanding.in_wallets)}</dd>
              </div>
            </dl>
            <p className="mt-2 text-sm text-muted">
              {t`What you still owe for gift cards today, whatever the period: it is also on the dashboard, beside the wallets' balance.`}
            </p>
          </Card>
          <Card as="section" title={t`Cards sold in the period`} headingLevel={3}>
            {report.recent.length === 0 ? (
              <p className="text-sm text-muted">{t`No gift cards were sold in these days.`}</p>
            ) : (
              <ScrollRegion label={t`Cards sold in the period`}>
                <table className="w-full text-sm">
                  <caption className="sr-only">{t`The last ${recent} cards sold, newest first`}</caption>
                  <thead>
                    <tr className="text-left text-muted">
                      <th scope="col" className="py-1 pr-3 font-medium">
                        {t`Card`}
                      </th>
                      <th scope="col" className="py-1 pr-3 font-medium">
                        {t`Sold`}
                      </th>
                      <th scope="col" className="py-1 pr-3 font-medium">
                        {t`Where it stands`}
                      </th>
                      <th scope="col" className="py-1 text-right font-medium">
                        {t`Amount`}
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-border">
                    {report.recent.map((c) => (
                      <tr key={c.id}>
                        <td className="py-2 pr-3 font-mono">
                          <span aria-hidden="true">•••• </span>
                          <span className="sr-only">{t`ending`} </span>
                          {c.last4}
                        </td>
                        <td className="py-2 pr-3">{when.format(new Date(c.sold_at))}</td>
                        <td className="py-2 pr-3">
                          <Badge tone={STATE_TONE[c.state]}>{STATE_WORDS[c.state]}</Badge>
                        </td>
                        <td className="py-2 text-right tabular-nums">{money(c.amount)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </ScrollRegion>
            )}
          </Card>
        </>
      )}
    </section>
  );
}
