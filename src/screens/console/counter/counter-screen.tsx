import { useId, type ReactNode } from 'react';
import { msg, t as say } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CounterRedemption, CounterVoucher } from '#contract/counter';
import type { MerchantLocation } from '#contract/locations';
import type { StaffRole } from '#contract/staff';
import { Badge, Button, Card, Notice, cx, focusRing } from '../../../ui';
import { formatDate, formatDateTime } from '../../../ui/lib/dates';
import { EarnsToday, GivePointsResult, MemberFinder, type GivePointsProps } from './counter-earn';
import { canUndo, type CounterJob } from './counter-jobs';
import { LocationSelect } from '../shared/location-controls';
import { CounterToday, TypedForm } from './counter-parts';
import { spoken } from '../shared/spoken';

/** What the counter shows after a scan or a typed code. */
export type CounterResult =
  | { kind: 'voucher'; voucher: CounterVoucher }
  /** just redeemed: the redemption, to undo within 2 minutes */
  | { kind: 'redeemed'; voucher: CounterVoucher; redemption: CounterRedemption }
  /** the code was refused: a title by the refusal's kind and the provider's own words */
  | { kind: 'refused'; title: string; message: string };

export interface CounterScreenProps extends GivePointsProps {
  /** what the counter is doing: redeeming a voucher or giving points (a scan picks its own job) */
  job: CounterJob;
  onJobChange: (job: CounterJob) => void;
  /** the camera (src/console/camera-scanner.tsx in the app; a stand-in in stories), shared by both jobs */
  scanner: ReactNode;
  onLookup: (code: string) => void;
  looking?: boolean;
  result?: CounterResult | null;
  onRedeem: (voucher: CounterVoucher) => void;
  redeeming?: boolean;
  /** clears the result for the next customer */
  onNext: () => void;
  /** today's counter redemptions, newest first */
  recent?: CounterRedemption[];
  recentLoading?: boolean;
  recentError?: string | null;
  onRetryRecent?: () => void;
  onUndo: (redemption: CounterRedemption) => void;
  /** the redemption an undo is being saved for */
  undoing?: number | null;
  undoError?: string | null;
  /** staff may undo within 2 minutes; an owner at any time */
  role: StaffRole;
  /** now, in ms (the container ticks it), to tell which redemptions can still be undone */
  now: number;
  locale: string;
  timeZone?: string;
  /** the locations the member works at: with more than one, the counter's is chosen (recorded with each redemption) */
  locations?: ReadonlyArray<Pick<MerchantLocation, 'id' | 'name'>> | undefined;
  /** the counter's location; null: none chosen */
  locationId?: number | null;
  onLocationChange?: (id: number | null) => void;
  /** the member may leave the location out (owners) */
  canChooseNone?: boolean;
}

function CodeForm({ onLookup, looking }: Pick<CounterScreenProps, 'onLookup' | 'looking'>) {
  const { t } = useLingui();
  return (
    <TypedForm
      kind="code"
      label={t`Code under the QR code`}
      hint={t`8 letters and digits, for example K7QM 2XHD. It changes every 30 seconds.`}
      empty={t`Type the 8-character code shown under the customer’s QR code.`}
      button={t`Check code`}
      onSubmit={onLookup}
      busy={looking}
    />
  );
}

function VoucherCard({ voucher, props }: { voucher: CounterVoucher; props: CounterScreenProps }) {
  const { locale, timeZone, onRedeem, redeeming } = props;
  const { t } = useLingui();
  const headingId = useId();
  const { customer_first_name: customer, redemption } = voucher;
  const { title, free_product: free } = voucher.reward;
  const until = formatDate(voucher.expires_at, locale, timeZone);
  let verdict: ReactNode;
  if (voucher.usable) verdict = <Badge tone="success">{t`Can be used`}</Badge>;
  else if (voucher.status === 'used') verdict = <Badge tone="danger">{t`Already used`}</Badge>;
  else if (voucher.status === 'cancelled') verdict = <Badge tone="danger">{t`Cancelled`}</Badge>;
  else verdict = <Badge tone="danger">{t`Expired`}</Badge>;
  let used = t`Do not give the reward again.`;
  if (redemption) {
    const at = formatDateTime(redemption.redeemed_at, locale, timeZone);
    const staff = redemption.staff_name;
    used = t`At the counter on ${at}, by ${staff}.`;
  } else if (voucher.used_at) {
    const at = formatDateTime(voucher.used_at, locale, timeZone);
    used = t`On ${at}, on an order.`;
  }
  return (
    <Card as="section" aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex items-start gap-3">
        <img src={voucher.reward.image} alt="" width={72} height={72} className="size-18 shrink-0 rounded-xl object-cover" />
        <div className="flex min-w-0 flex-col gap-1">
          <h2 id={headingId} className="text-xl font-semibold">
            {voucher.reward.title}
          </h2>
          {free && <p className="font-semibold text-success">{t`Free: ${free}`}</p>}
          <p>
            <Trans>
              For <strong>{customer}</strong>
            </Trans>
          </p>
          <p className="text-sm text-muted">{t`Valid until ${until}`}</p>
        </div>
        <div className="ml-auto">{verdict}</div>
      </div>
      {voucher.reward.description && <p className="text-sm text-muted">{voucher.reward.description}</p>}
      {voucher.usable ? (
        <Button size="lg" onClick={() => onRedeem(voucher)} loading={redeeming}>
          {t`Redeem ${title}`}
        </Button>
      ) : voucher.status === 'used' ? (
        <Notice tone="danger" title={t`This voucher was used already`}>
          {used}
        </Notice>
      ) : voucher.status === 'cancelled' ? (
        <Notice tone="danger" title={t`This voucher was cancelled`}>
          <Trans>It was bought with the points of an order that was cancelled, and its points went back to the customer. Do not give the reward.</Trans>
        </Notice>
      ) : (
        <Notice tone="danger" title={t`This voucher has expired`}>
          <Trans>It ended on {until}. It cannot be used any more.</Trans>
        </Notice>
      )}
    </Card>
  );
}

function Result({ props }: { props: CounterScreenProps }) {
  const { result, onNext, onUndo, undoing, undoError, role, now, locale, timeZone } = props;
  const { t } = useLingui();
  if (!result) {
    return (
      <Card>
        <p className="text-muted">{t`Scan the customer’s QR code or type the code under it. You see the reward before anything happens.`}</p>
      </Card>
    );
  }
  const next = (
    <Button variant="ghost" onClick={onNext}>
      {t`Next customer`}
    </Button>
  );
  if (result.kind === 'refused') {
    return (
      <div className="flex flex-col gap-3">
        <Notice tone="danger" title={result.title}>
          {result.message}
        </Notice>
        {next}
      </div>
    );
  }
  if (result.kind === 'redeemed') {
    const r = result.redemption;
    const { customer_first_name: customer } = result.voucher;
    const { title, free_product: free } = result.voucher.reward;
    const at = formatDateTime(r.redeemed_at, locale, timeZone);
    const staff = r.staff_name;
    return (
      <div className="flex flex-col gap-3">
        <Notice tone="success" title={t`Redeemed: ${title}`}>
          {free ? t`Give ${customer} a free ${free}.` : t`Give it to ${customer}.`} {t`Recorded at ${at} by ${staff}.`}
        </Notice>
        {undoError && <Notice tone="danger">{undoError}</Notice>}
        <div className="flex flex-wrap gap-2">
          {canUndo(r, role, now) && (
            <Button variant="secondary" onClick={() => onUndo(r)} loading={undoing === r.id}>
              {t`Undo this redemption`}
            </Button>
          )}
          {next}
        </div>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <VoucherCard voucher={result.voucher} props={props} />
      {next}
    </div>
  );
}

const REDEEMED_WORDS = spoken({
  list: msg`Redeemed today`,
  loading: msg`Loading today’s redemptions`,
  failed: msg`We could not load today’s redemptions`,
  emptyTitle: msg`Nothing redeemed today`,
  emptyText: msg`Vouchers redeemed at this shop’s counters today are listed here.`,
});
/** A redemption of today's list, named for its undo button ("Free Latte for Ana"). */
const redeemedFor = (reward: string, customer: string) => say`${reward} for ${customer}`;
const forCustomer = (customer: string) => say`for ${customer}`;

function Recent({ props }: { props: CounterScreenProps }) {
  const { recent, recentLoading, recentError, onRetryRecent, onUndo, undoing, role, now, locale, timeZone } = props;
  return (
    <CounterToday
      rows={recent}
      loading={recentLoading}
      error={recentError}
      onRetry={onRetryRecent}
      words={REDEEMED_WORDS}
      at={(r) => r.redeemed_at}
      what={(r) => (
        <>
          <span className="font-medium">{r.reward_title}</span>
          <span>{forCustomer(r.customer_first_name)}</span>
        </>
      )}
      undoName={(r) => redeemedFor(r.reward_title, r.customer_first_name)}
      onUndo={onUndo}
      undoing={undoing}
      {...{ role, now, locale, timeZone }}
    />
  );
}

const JOB_LABEL = spoken<CounterJob>({ redeem: msg`Redeem a voucher`, earn: msg`Give points` });
const JOB_HINT = spoken<CounterJob>({ redeem: msg`The customer shows a reward’s QR code`, earn: msg`For a sale at the counter` });
const JOBS: readonly CounterJob[] = ['redeem', 'earn'];

/** The counter's two jobs as two big buttons: Tab reaches each, Enter or Space chooses it. */
function JobSwitch({ job, onJobChange }: Pick<CounterScreenProps, 'job' | 'onJobChange'>) {
  const { t } = useLingui();
  return (
    <div role="group" aria-label={t`What are you doing?`} className="grid grid-cols-2 gap-2">
      {JOBS.map((j) => (
        <button
          key={j}
          type="button"
          aria-pressed={job === j}
          onClick={() => onJobChange(j)}
          className={cx(
            'flex min-h-16 flex-col items-start justify-center rounded-xl border-2 px-4 py-2 text-left',
            job === j ? 'border-brand bg-brand text-brand-contrast' : 'border-border bg-surface-raised text-ink',
            focusRing,
          )}
        >
          <span className="text-lg font-semibold">{JOB_LABEL[j]}</span>
          <span className="text-sm opacity-80">{JOB_HINT[j]}</span>
        </button>
      ))}
    </div>
  );
}

/**
 * /merchant/counter: redeem a voucher (scan or type its rotating code, see it, redeem it once) or give
 * points for a walk-in sale (scan the member card, type its code or find the phone; type the sale);
 * undo a mistake within 2 minutes.
 */
export function CounterScreen(props: CounterScreenProps) {
  const {
    job,
    onJobChange,
    scanner,
    onLookup,
    looking,
    role,
    now,
    locale,
    timeZone,
    locations = [],
    locationId = null,
    onLocationChange,
    canChooseNone,
  } = props;
  const { t } = useLingui();
  const shared = { role, now, locale, timeZone };
  const earn = job === 'earn';
  let undo: string;
  if (role === 'owner') undo = earn ? t`As the owner you can undo any points given.` : t`As the owner you can undo any redemption.`;
  else
    undo = earn
      ? t`Points given can be undone for 2 minutes; after that, ask the owner.`
      : t`A redemption can be undone for 2 minutes; after that, ask the owner.`;
  return (
    <div className="flex flex-col gap-6">
      <JobSwitch job={job} onJobChange={onJobChange} />
      {/* the answer first (on a phone it is what staff look at), then the ways to scan or type, then the day */}
      <div className="grid items-start gap-6 lg:grid-cols-2 lg:grid-rows-[auto_1fr]">
        <section aria-label={earn ? t`The customer` : t`The voucher`} aria-live="polite" className="flex flex-col gap-3 lg:col-start-2 lg:row-start-1">
          {earn ? <GivePointsResult props={props} shared={shared} /> : <Result props={props} />}
        </section>
        <div className="flex flex-col gap-6 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          {locations.length > 1 && onLocationChange && (
            <LocationSelect
              locations={locations}
              value={locationId}
              onChange={onLocationChange}
              allLabel={canChooseNone ? t`No particular location` : undefined}
              label={t`This counter is at`}
              hint={t`Recorded with each redemption and points given; remembered on this device.`}
            />
          )}
          <section aria-labelledby="scan-heading" className="flex flex-col gap-3">
            <h2 id="scan-heading" className="text-lg font-semibold">
              {earn ? t`Scan the member card` : t`Scan the voucher`}
            </h2>
            {scanner}
          </section>
          {earn ? (
            <MemberFinder onFindMember={props.onFindMember} finding={props.finding} />
          ) : (
            <section aria-labelledby="type-heading" className="flex flex-col gap-3">
              <h2 id="type-heading" className="text-lg font-semibold">
                {t`Or type the code`}
              </h2>
              <CodeForm onLookup={onLookup} looking={looking} />
            </section>
          )}
        </div>
        <section aria-labelledby="recent-heading" className="flex flex-col gap-3 lg:col-start-2 lg:row-start-2">
          <h2 id="recent-heading" className="text-lg font-semibold">
            {earn ? t`Points given today` : t`Redeemed today`}
          </h2>
          <p className="text-sm text-muted">{undo}</p>
          {earn ? <EarnsToday props={props} shared={shared} /> : <Recent props={props} />}
        </section>
      </div>
    </div>
  );
}
