import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { ReactNode } from 'react';
import type { PendingPoints, PointEntry, PointEntryType, PointHistoryData } from '#contract';
import { AlertIcon, AppShell, Button, EmptyState, ErrorState, LoadMore, Points, Skeleton, SkeletonGroup, StarIcon, TopBar, cx } from '../../ui';
import type { StampCard } from '#contract/stamps';
import { formatDate } from '../../ui/lib/dates';
import { StampCards } from './stamp-cards';

export interface PointsScreenProps {
  /** The ledger so far (pages already merged) with the balance; null while loading. */
  history?: PointHistoryData | null;
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  /** Shown when `history.next_page` is set. */
  onLoadMore?: () => void;
  loadingMore?: boolean;
  /** Loading the next page failed. */
  loadMoreError?: string | null;
  /** "Browse rewards" from the empty state. */
  onBrowseRewards?: () => void;
  onBack?: () => void;
  nav?: ReactNode;
  locale: string;
  /** The merchant's time zone for dates (default UTC). */
  timeZone?: string;
  /** The customer's stamp cards, above the history (none: nothing shows). */
  stampCards?: StampCard[];
}

/** What each kind of entry was: a burn is points spent, on a reward or on a spin of the wheel (the reason says which). */
const TYPE_LABEL: Record<PointEntryType, MessageDescriptor> = {
  earn: msg`Earned`,
  burn: msg`Spent`,
  expire: msg`Expired`,
  adjust: msg`Adjusted`,
  owner: msg`From the shop`,
};

function EntryRow({ entry, locale, timeZone }: { entry: PointEntry; locale: string; timeZone?: string }) {
  const { t } = useLingui();
  const positive = entry.points > 0;
  return (
    <li className="flex items-start gap-3 py-3">
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <p className="font-medium text-ink">{entry.reason}</p>
        <p className="text-sm text-muted">
          {t(TYPE_LABEL[entry.type])} · <time dateTime={entry.created_at}>{formatDate(entry.created_at, locale, timeZone)}</time>
        </p>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-0.5">
        <Points
          value={entry.points}
          locale={locale}
          signed
          className={cx('font-semibold', positive ? 'text-success' : entry.type === 'expire' ? 'text-danger' : 'text-ink')}
        />
        <span className="text-sm text-muted">
          <Trans>
            Balance <Points value={entry.balance_after} locale={locale} unit="" />
          </Trans>
        </span>
      </div>
    </li>
  );
}

/** Points earned, not yet spendable: when they can be spent, or the order they wait for. */
function PendingRow({ pending, locale, timeZone }: { pending: PendingPoints; locale: string; timeZone?: string }) {
  const { available_from: from, order_name: order } = pending;
  const day = from ? formatDate(from, locale, timeZone) : '';
  return (
    <li className="flex flex-col gap-0.5 py-2">
      <p className="text-ink">
        {from ? (
          <Trans>
            <Points value={pending.points} locale={locale} className="font-semibold" /> on their way, from{' '}
            <time dateTime={from} className="font-semibold">
              {day}
            </time>
          </Trans>
        ) : order ? (
          <Trans>
            <Points value={pending.points} locale={locale} className="font-semibold" /> on their way, when order {order} is completed
          </Trans>
        ) : (
          <Trans>
            <Points value={pending.points} locale={locale} className="font-semibold" /> on their way, soon
          </Trans>
        )}
      </p>
      <p className="text-sm text-muted">{pending.reason}</p>
    </li>
  );
}

export function PointsScreen({
  history,
  loading = false,
  error,
  onRetry,
  onLoadMore,
  loadingMore = false,
  loadMoreError,
  onBrowseRewards,
  onBack,
  nav,
  locale,
  timeZone,
  stampCards,
}: PointsScreenProps) {
  const { t } = useLingui();
  let body: ReactNode;
  if (error) {
    body = <ErrorState title={t`We couldn't load your points`} message={error} onRetry={onRetry} />;
  } else if (loading || !history) {
    body = (
      <SkeletonGroup label={t`Loading your points`} className="flex flex-col gap-4">
        <Skeleton height="7rem" />
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} height="3.5rem" />
        ))}
      </SkeletonGroup>
    );
  } else {
    const expiring = history.expiring_soon;
    const expiresOn = expiring ? formatDate(expiring.expires_at, locale, timeZone) : '';
    body = (
      <div className="flex flex-col gap-6">
        <section aria-labelledby="balance-heading" className="flex flex-col gap-1 rounded-2xl bg-brand p-5 text-brand-contrast shadow-sm">
          <h2 id="balance-heading" className="text-sm font-medium">
            {t`Your points`}
          </h2>
          <Points value={history.balance} locale={locale} showIcon className="text-3xl font-bold" />
        </section>

        {history.pending.length > 0 && (
          <section aria-labelledby="pending-heading" className="flex flex-col gap-1 rounded-xl border border-border p-3">
            <h2 id="pending-heading" className="font-semibold text-ink">
              <Trans>
                On their way: <Points value={history.pending_points} locale={locale} />
              </Trans>
            </h2>
            <p className="text-sm text-muted">{t`You can spend these once they arrive.`}</p>
            <ul className="divide-y divide-border">
              {history.pending.map((pending, i) => (
                <PendingRow key={i} pending={pending} locale={locale} timeZone={timeZone} />
              ))}
            </ul>
          </section>
        )}

        {expiring && expiring.points > 0 && (
          <p className="flex gap-3 rounded-xl border border-warning/40 bg-warning/10 p-3 text-ink">
            <AlertIcon size={20} className="mt-0.5 shrink-0 text-warning" />
            <span>
              <Trans>
                <Points value={expiring.points} locale={locale} className="font-semibold" /> expire on{' '}
                <time dateTime={expiring.expires_at} className="font-semibold">
                  {expiresOn}
                </time>
                . Use them on a reward before then.
              </Trans>
            </span>
          </p>
        )}

        <StampCards cards={stampCards} locale={locale} timeZone={timeZone} />

        <section aria-labelledby="history-heading" className="flex flex-col gap-1">
          <h2 id="history-heading" className="text-lg font-semibold text-ink">
            {t`History`}
          </h2>
          {history.items.length === 0 ? (
            <EmptyState
              icon={<StarIcon size={40} />}
              title={t`No points yet`}
              description={t`Place an order or spin the wheel to start collecting points.`}
              action={
                onBrowseRewards && (
                  <Button variant="secondary" onClick={onBrowseRewards}>
                    {t`See what you can get`}
                  </Button>
                )
              }
            />
          ) : (
            <>
              <ul className="divide-y divide-border">
                {history.items.map((entry) => (
                  <EntryRow key={entry.id} entry={entry} locale={locale} timeZone={timeZone} />
                ))}
              </ul>
              <LoadMore more={history.next_page !== null && !!onLoadMore} onMore={onLoadMore} loading={loadingMore} error={loadMoreError} />
            </>
          )}
        </section>
      </div>
    );
  }

  return (
    <AppShell header={<TopBar title={t`Points`} onBack={onBack} />} nav={nav}>
      {body}
    </AppShell>
  );
}
