import { useId } from 'react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ACTIVITY_KIND_NAMES, MACHINE_PERSON, type ActivityKind } from '#contract/activity';
import { Badge, Button, Card, EmptyState, ErrorState, LoadMore, SkeletonGroup, SkeletonText, cx, focusRing } from '../../../ui';
import { spoken } from '../shared/spoken';
import { describeActivity, type ActivityFormat, type AuditEntry } from './activity-text';

/** Each kind's name in the filter: the contract's ACTIVITY_KINDS labels, in the language spoken. */
const KIND_LABEL = spoken<ActivityKind>({
  signin: msg`Sign-ins and passwords`,
  team: msg`Staff and invitations`,
  counter: msg`Counter`,
  orders: msg`Orders`,
  customers: msg`Customers`,
  menu: msg`Menu`,
  rewards: msg`Rewards`,
  wheel: msg`Wheel`,
  brand: msg`Brand and images`,
  settings: msg`Shop settings`,
  locations: msg`Locations and pauses`,
  loyalty: msg`Earning rules`,
  offers: msg`Offers and promo codes`,
  exports: msg`Downloads`,
  channels: msg`Payments and messages`,
  integrations: msg`API keys and their calls`,
  webhooks: msg`Webhooks`,
  feedback: msg`Feedback and replies`,
});

export type { AuditEntry } from './activity-text';

/** What the log shows: everyone or one person (a staff id, or the merchant key), every kind or one, between two days. */
export interface ActivityFilterValue {
  person?: number | typeof MACHINE_PERSON | undefined;
  kind?: ActivityKind | undefined;
  /** 'YYYY-MM-DD', the shop's days */
  from?: string | undefined;
  to?: string | undefined;
}

export interface AuditScreenProps {
  entries?: AuditEntry[];
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  hasMore?: boolean;
  loadingMore?: boolean;
  onLoadMore?: () => void;
  /** how the console writes a time ("24 Nov 2026, 14:05"), in the shop's locale and time zone */
  formatTime: (iso: string) => string;
  /** money, counts and days in the shop's locale and currency */
  format: ActivityFormat;
  filter: ActivityFilterValue;
  onFilterChange: (filter: ActivityFilterValue) => void;
  /** the people the filter offers (the team, removed people not included) */
  people: ReadonlyArray<{ id: number; name: string }>;
}

const selectClass = cx('min-h-11 w-full rounded-xl border border-border bg-surface-raised px-3 text-base text-ink', focusRing);

function Filters({ filter, onFilterChange, people }: Pick<AuditScreenProps, 'filter' | 'onFilterChange' | 'people'>) {
  const { t } = useLingui();
  const id = useId();
  const set = (patch: Partial<ActivityFilterValue>) => onFilterChange({ ...filter, ...patch });
  const filtered = filter.person !== undefined || filter.kind !== undefined || Boolean(filter.from) || Boolean(filter.to);
  return (
    <form
      aria-label={t`Filter the activity`}
      className="grid grid-cols-2 gap-3 lg:grid-cols-[1fr_1fr_auto_auto_auto] lg:items-end"
      onSubmit={(e) => e.preventDefault()}
    >
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={`${id}-person`} className="text-sm font-medium">
          <Trans>Person</Trans>
        </label>
        <select
          id={`${id}-person`}
          className={selectClass}
          value={filter.person === undefined ? '' : String(filter.person)}
          onChange={(e) => set({ person: e.target.value === '' ? undefined : e.target.value === MACHINE_PERSON ? MACHINE_PERSON : Number(e.target.value) })}
        >
          <option value="">{t`Everyone`}</option>
          {people.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
          <option value={MACHINE_PERSON}>{t`Point-of-sale system (merchant key)`}</option>
        </select>
      </div>
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={`${id}-kind`} className="text-sm font-medium">
          <Trans>Kind</Trans>
        </label>
        <select
          id={`${id}-kind`}
          className={selectClass}
          value={filter.kind ?? ''}
          onChange={(e) => set({ kind: e.target.value === '' ? undefined : (e.target.value as ActivityKind) })}
        >
          <option value="">{t`Everything`}</option>
          {ACTIVITY_KIND_NAMES.map((k) => (
            <option key={k} value={k}>
              {KIND_LABEL[k]}
            </option>
          ))}
        </select>
      </div>
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={`${id}-from`} className="text-sm font-medium">
          <Trans>From</Trans>
        </label>
        <input
          id={`${id}-from`}
          type="date"
          className={selectClass}
          value={filter.from ?? ''}
          max={filter.to}
          onChange={(e) => set({ from: e.target.value || undefined })}
        />
      </div>
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={`${id}-to`} className="text-sm font-medium">
          <Trans>To</Trans>
        </label>
        <input
          id={`${id}-to`}
          type="date"
          className={selectClass}
          value={filter.to ?? ''}
          min={filter.from}
          onChange={(e) => set({ to: e.target.value || undefined })}
        />
      </div>
      <Button variant="ghost" className="col-span-2 lg:col-span-1" disabled={!filtered} onClick={() => onFilterChange({})}>
        <Trans>Show everything</Trans>
      </Button>
    </form>
  );
}

/** /merchant/audit (owners): what happened in the console, sign-ins and the merchant key's changes, newest first, in words. */
export function AuditScreen({
  entries,
  loading,
  error,
  onRetry,
  hasMore,
  loadingMore,
  onLoadMore,
  formatTime,
  format,
  filter,
  onFilterChange,
  people,
}: AuditScreenProps) {
  const { t } = useLingui();
  const filtered = filter.person !== undefined || filter.kind !== undefined || Boolean(filter.from) || Boolean(filter.to);
  let body;
  if (loading && !entries) {
    body = (
      <SkeletonGroup label={t`Loading the activity`}>
        <SkeletonText lines={6} />
      </SkeletonGroup>
    );
  } else if (error && !entries) {
    body = <ErrorState title={t`We could not load the activity`} message={error} onRetry={onRetry} />;
  } else if (!entries || entries.length === 0) {
    body = filtered ? (
      <EmptyState title={t`Nothing matches`} description={t`Nothing happened that fits these filters. Try another person, kind or day.`} />
    ) : (
      <EmptyState title={t`Nothing yet`} description={t`Every change made in the console, every sign-in and every download will be listed here.`} />
    );
  } else {
    body = (
      <>
        <ol className="flex flex-col gap-2">
          {entries.map((e) => {
            const said = describeActivity(e, format);
            return (
              <Card as="li" key={e.id} className={cx('min-w-0', said.warning && 'border-l-4 border-l-danger')}>
                <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                  <p className="min-w-0 font-medium break-words">
                    {said.warning && (
                      <Badge tone="danger" className="mr-2">
                        <Trans>Warning</Trans>
                      </Badge>
                    )}
                    {said.sentence}
                  </p>
                  <time dateTime={e.created_at} className="shrink-0 text-sm text-muted">
                    {formatTime(e.created_at)}
                  </time>
                </div>
                {said.detail && <p className="mt-1 text-sm text-muted break-words">{said.detail}</p>}
                {said.changes.length > 0 && (
                  <dl className="mt-2 grid gap-x-3 gap-y-1 text-sm sm:grid-cols-[minmax(8rem,auto)_1fr]">
                    {said.changes.map((c) => (
                      <div key={c.label} className="contents">
                        <dt className="text-muted">{c.label}</dt>
                        <dd className="min-w-0 break-words">
                          {c.before === '—' ? (
                            c.after
                          ) : (
                            <>
                              <span className="text-muted line-through">{c.before}</span> <span aria-hidden="true">→</span>
                              <span className="sr-only">
                                <Trans>changed to</Trans>
                              </span>{' '}
                              {c.after}
                            </>
                          )}
                        </dd>
                      </div>
                    ))}
                  </dl>
                )}
              </Card>
            );
          })}
        </ol>
        {error && <ErrorState title={t`We could not load more`} message={error} onRetry={onRetry} />}
        <LoadMore more={!!hasMore} onMore={onLoadMore} loading={loadingMore} className="self-start">
          <Trans>Show older</Trans>
        </LoadMore>
      </>
    );
  }
  return (
    <section aria-label={t`Activity, newest first`} className="flex min-w-0 flex-col gap-4">
      <Filters filter={filter} onFilterChange={onFilterChange} people={people} />
      {body}
    </section>
  );
}
