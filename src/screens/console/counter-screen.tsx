import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { CounterRedemption, CounterVoucher } from '#contract/counter';
import type { MerchantLocation } from '#contract/locations';
import type { StaffRole } from '#contract/staff';
import { Badge, Button, Card, EmptyState, ErrorState, Notice, SkeletonGroup, SkeletonText, TextField, cx } from '../../ui';
import { formatDate, formatDateTime } from '../../ui/lib/dates';
import { LocationSelect } from './location-controls';

/** What the counter shows after a scan or a typed code. */
export type CounterResult =
  | { kind: 'voucher'; voucher: CounterVoucher }
  /** just redeemed: the redemption, to undo within 2 minutes */
  | { kind: 'redeemed'; voucher: CounterVoucher; redemption: CounterRedemption }
  /** the code was refused: a title by the refusal's kind and the provider's own words */
  | { kind: 'refused'; title: string; message: string };

export interface CounterScreenProps {
  /** the camera (src/console/camera-scanner.tsx in the app; a stand-in in stories) */
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

/** Typed codes: 8 letters and digits; spaces and dashes are fine, case does not matter. */
function CodeForm({ onLookup, looking }: Pick<CounterScreenProps, 'onLookup' | 'looking'>) {
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) return setProblem('Type the 8-character code shown under the customer’s QR code.');
    setProblem(undefined);
    onLookup(code.trim());
  };
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3">
      <TextField
        label="Code under the QR code"
        hint="8 letters and digits, for example K7QM 2XHD. It changes every 30 seconds."
        value={code}
        onChange={(e) => setCode(e.target.value)}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={40}
        error={problem}
        className="[&_input]:font-mono [&_input]:text-lg [&_input]:tracking-widest [&_input]:uppercase"
      />
      <Button type="submit" variant="secondary" loading={looking}>
        Check code
      </Button>
    </form>
  );
}

export const canUndo = (r: CounterRedemption, role: StaffRole, now: number) => !r.undone_at && (role === 'owner' || now < Date.parse(r.undo_until));

function VoucherCard({ voucher, props }: { voucher: CounterVoucher; props: CounterScreenProps }) {
  const { locale, timeZone, onRedeem, redeeming } = props;
  const headingId = useId();
  let verdict: ReactNode;
  if (voucher.usable) verdict = <Badge tone="success">Can be used</Badge>;
  else if (voucher.status === 'used') verdict = <Badge tone="danger">Already used</Badge>;
  else if (voucher.status === 'cancelled') verdict = <Badge tone="danger">Cancelled</Badge>;
  else verdict = <Badge tone="danger">Expired</Badge>;
  return (
    <Card as="section" aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex items-start gap-3">
        <img src={voucher.reward.image} alt="" width={72} height={72} className="size-18 shrink-0 rounded-xl object-cover" />
        <div className="flex min-w-0 flex-col gap-1">
          <h2 id={headingId} className="text-xl font-semibold">
            {voucher.reward.title}
          </h2>
          {voucher.reward.free_product && <p className="font-semibold text-success">Free: {voucher.reward.free_product}</p>}
          <p>
            For <strong>{voucher.customer_first_name}</strong>
          </p>
          <p className="text-sm text-muted">Valid until {formatDate(voucher.expires_at, locale, timeZone)}</p>
        </div>
        <div className="ml-auto">{verdict}</div>
      </div>
      {voucher.reward.description && <p className="text-sm text-muted">{voucher.reward.description}</p>}
      {voucher.usable ? (
        <Button size="lg" onClick={() => onRedeem(voucher)} loading={redeeming}>
          Redeem {voucher.reward.title}
        </Button>
      ) : voucher.status === 'used' ? (
        <Notice tone="danger" title="This voucher was used already">
          {voucher.redemption
            ? `At the counter on ${formatDateTime(voucher.redemption.redeemed_at, locale, timeZone)}, by ${voucher.redemption.staff_name}.`
            : voucher.used_at
              ? `On ${formatDateTime(voucher.used_at, locale, timeZone)}, on an order.`
              : 'Do not give the reward again.'}
        </Notice>
      ) : voucher.status === 'cancelled' ? (
        <Notice tone="danger" title="This voucher was cancelled">
          It was bought with the points of an order that was cancelled, and its points went back to the customer. Do not give the reward.
        </Notice>
      ) : (
        <Notice tone="danger" title="This voucher has expired">
          It ended on {formatDate(voucher.expires_at, locale, timeZone)}. It cannot be used any more.
        </Notice>
      )}
    </Card>
  );
}

function Result({ props }: { props: CounterScreenProps }) {
  const { result, onNext, onUndo, undoing, undoError, role, now, locale, timeZone } = props;
  if (!result) {
    return (
      <Card>
        <p className="text-muted">Scan the customer’s QR code or type the code under it. You see the reward before anything happens.</p>
      </Card>
    );
  }
  const next = (
    <Button variant="ghost" onClick={onNext}>
      Next customer
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
    return (
      <div className="flex flex-col gap-3">
        <Notice tone="success" title={`Redeemed: ${result.voucher.reward.title}`}>
          {result.voucher.reward.free_product ? `Give ${result.voucher.customer_first_name} a free ${result.voucher.reward.free_product}.` : `Give it to ${result.voucher.customer_first_name}.`} Recorded at {formatDateTime(r.redeemed_at, locale, timeZone)} by {r.staff_name}.
        </Notice>
        {undoError && <Notice tone="danger">{undoError}</Notice>}
        <div className="flex flex-wrap gap-2">
          {canUndo(r, role, now) && (
            <Button variant="secondary" onClick={() => onUndo(r)} loading={undoing === r.id}>
              Undo this redemption
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

function Recent({ props }: { props: CounterScreenProps }) {
  const { recent, recentLoading, recentError, onRetryRecent, onUndo, undoing, role, now, locale, timeZone } = props;
  if (recentError && !recent) return <ErrorState title="We could not load today’s redemptions" message={recentError} onRetry={onRetryRecent} />;
  if (recentLoading && !recent) {
    return (
      <SkeletonGroup label="Loading today’s redemptions">
        <SkeletonText lines={4} />
      </SkeletonGroup>
    );
  }
  if (!recent || recent.length === 0) return <EmptyState title="Nothing redeemed today" description="Vouchers redeemed at this shop’s counters today are listed here." />;
  return (
    <ul className="flex flex-col divide-y divide-border" aria-label="Redeemed today">
      {recent.map((r) => (
        <li key={r.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
          <span className="font-medium">{r.reward_title}</span>
          <span>for {r.customer_first_name}</span>
          <span className="text-sm text-muted">
            {formatDateTime(r.redeemed_at, locale, timeZone)} · {r.staff_name}
            {r.location_name && ` · ${r.location_name}`}
          </span>
          {r.undone_at ? (
            <Badge>Undone</Badge>
          ) : (
            canUndo(r, role, now) && (
              <Button size="sm" variant="ghost" className="ml-auto" onClick={() => onUndo(r)} loading={undoing === r.id}>
                Undo<span className="sr-only"> {r.reward_title} for {r.customer_first_name}</span>
              </Button>
            )
          )}
        </li>
      ))}
    </ul>
  );
}

/** /merchant/counter: scan or type a voucher's rotating code, see it, redeem it once, undo a mistake. */
export function CounterScreen(props: CounterScreenProps) {
  const { scanner, onLookup, looking, role, locations = [], locationId = null, onLocationChange, canChooseNone } = props;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <div className="flex flex-col gap-6">
        {locations.length > 1 && onLocationChange && (
          <LocationSelect locations={locations} value={locationId} onChange={onLocationChange} allLabel={canChooseNone ? 'No particular location' : undefined} label="This counter is at" hint="Recorded with each redemption; remembered on this device." />
        )}
        <section aria-labelledby="scan-heading" className="flex flex-col gap-3">
          <h2 id="scan-heading" className="text-lg font-semibold">
            Scan
          </h2>
          {scanner}
        </section>
        <section aria-labelledby="type-heading" className="flex flex-col gap-3">
          <h2 id="type-heading" className="text-lg font-semibold">
            Or type the code
          </h2>
          <CodeForm onLookup={onLookup} looking={looking} />
        </section>
      </div>
      <div className="flex flex-col gap-6">
        <section aria-label="The voucher" aria-live="polite" className={cx('flex flex-col gap-3')}>
          <Result props={props} />
        </section>
        <section aria-labelledby="recent-heading" className="flex flex-col gap-3">
          <h2 id="recent-heading" className="text-lg font-semibold">
            Redeemed today
          </h2>
          <p className="text-sm text-muted">{role === 'owner' ? 'As the owner you can undo any redemption.' : 'A redemption can be undone for 2 minutes; after that, ask the owner.'}</p>
          <Recent props={props} />
        </section>
      </div>
    </div>
  );
}
