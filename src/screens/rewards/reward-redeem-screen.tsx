import { useState, type ReactNode } from 'react';
import type { Reward, Voucher } from '#contract';
import {
  AlertIcon,
  AppShell,
  Badge,
  Button,
  Card,
  CheckIcon,
  Dialog,
  DialogClose,
  ErrorState,
  Money,
  Points,
  Skeleton,
  SkeletonGroup,
  SkeletonText,
  TopBar,
  cardSurface,
  cx,
  formatPoints,
} from '../../ui';
import { formatDate } from '../../ui/lib/dates';
import { RewardPicture } from './reward-picture';
import { lockedText } from './reward-reach';
import { VoucherCodePanel, type VoucherCodePanelProps } from './voucher-code-panel';

export interface RewardRedeemScreenProps {
  /** The reward being redeemed; null while loading. */
  reward?: Reward | null;
  /** The customer's points balance. */
  points?: number;
  /** How many of this reward the customer already redeemed (checked against `per_customer_limit`). */
  redeemedByCustomer?: number;
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  /** True while the redeem call runs. */
  redeeming?: boolean;
  /** The redeem call failed (the reason, in plain words); shown in the confirm dialog. */
  redeemError?: string | null;
  /** The voucher the redeem created: shows the success view. */
  voucher?: Voucher | null;
  /** Its rotating code for the counter (see VoucherCodePanel). */
  voucherCode?: VoucherCodePanelProps['code'];
  voucherCodeError?: string | null;
  onRetryVoucherCode?: () => void;
  onVoucherCodeStale?: () => void;
  /** Stories: the countdown stands still. */
  frozenCode?: boolean;
  /** Confirmed in the dialog. */
  onRedeem?: () => void;
  /** "See my rewards" after a redeem. */
  onOpenStorage?: () => void;
  /** "Browse other rewards" when this one cannot be redeemed. */
  onBrowseRewards?: () => void;
  onBack?: () => void;
  /** Opens the confirm dialog on first render (stories, deep links). */
  defaultConfirmOpen?: boolean;
  nav?: ReactNode;
  currency: string;
  locale: string;
  /** The merchant's time zone for dates (default UTC). */
  timeZone?: string;
}

/** "150 points", "1 point": the Points primitive's wording, as plain text. */
function pointsText(value: number, locale: string): string {
  return `${formatPoints(value, locale)} ${Math.abs(value) === 1 ? 'point' : 'points'}`;
}

type Blocker = { kind: 'stock' | 'points' | 'limit' | 'tier'; title: string; text: ReactNode } | null;

function blockerFor(reward: Reward, points: number, redeemed: number, locale: string): Blocker {
  if (reward.stock !== null && reward.stock <= 0) {
    return { kind: 'stock', title: 'Out of stock', text: 'This reward is all gone for now. Check back soon or pick another one.' };
  }
  // early access (issue 30): only a higher tier can redeem it for now
  if (reward.early_access && !reward.early_access.unlocked) {
    const tier = reward.early_access.tier;
    return {
      kind: 'tier',
      title: lockedText(tier),
      text: `Early access: customers of ${tier} and above can redeem this reward for now. Earn points to reach ${tier}.`,
    };
  }
  const limit = reward.per_customer_limit ?? null;
  if (limit !== null && redeemed >= limit) {
    return {
      kind: 'limit',
      title: 'Limit reached',
      text: `You have already redeemed this reward ${limit === 1 ? 'once, the most allowed per customer' : `${limit} times, the most allowed per customer`}.`,
    };
  }
  if (points < reward.points_cost) {
    return {
      kind: 'points',
      title: 'Not enough points yet',
      text: (
        <>
          You need <Points value={reward.points_cost - points} locale={locale} className="font-semibold" /> more to redeem this reward.
        </>
      ),
    };
  }
  return null;
}

/** What the reward costs, what the customer has, how many are left, how long its voucher lasts. */
function RewardFacts({ reward, points, currency, locale }: { reward: Reward; points: number; currency: string; locale: string }) {
  return (
    <>
      <dl className="grid grid-cols-2 gap-3">
        <div className="rounded-xl border border-border bg-surface-raised p-3">
          <dt className="text-sm text-muted">Costs</dt>
          <dd className="text-lg font-semibold text-brand-ink">
            <Points value={reward.points_cost} locale={locale} showIcon />
          </dd>
        </div>
        <div className="rounded-xl border border-border bg-surface-raised p-3">
          <dt className="text-sm text-muted">You have</dt>
          <dd className="text-lg font-semibold text-ink">
            <Points value={points} locale={locale} />
          </dd>
        </div>
        <div className="rounded-xl border border-border bg-surface-raised p-3">
          <dt className="text-sm text-muted">Stock</dt>
          <dd className="font-semibold text-ink">{reward.stock === null ? 'Unlimited' : reward.stock <= 0 ? 'None left' : `${reward.stock} left`}</dd>
        </div>
        <div className="rounded-xl border border-border bg-surface-raised p-3">
          <dt className="text-sm text-muted">Valid for</dt>
          <dd className="font-semibold text-ink">
            {reward.valid_days} {reward.valid_days === 1 ? 'day' : 'days'}
          </dd>
        </div>
        {reward.free_product ? (
          <div className="col-span-2 rounded-xl border border-border bg-surface-raised p-3">
            <dt className="text-sm text-muted">You get</dt>
            <dd className="font-semibold text-ink">Free {reward.free_product}, at checkout or at the counter</dd>
          </div>
        ) : null}
        {reward.discount_amount ? (
          <div className="col-span-2 rounded-xl border border-border bg-surface-raised p-3">
            <dt className="text-sm text-muted">Worth</dt>
            <dd className="font-semibold text-ink">
              <Money amount={reward.discount_amount} currency={currency} locale={locale} />
            </dd>
          </div>
        ) : null}
      </dl>
      {reward.per_customer_limit ? (
        <p className="text-sm text-muted">
          Limit: {reward.per_customer_limit} per customer. The voucher is valid for {reward.valid_days} days after you redeem it.
        </p>
      ) : (
        <p className="text-sm text-muted">The voucher is valid for {reward.valid_days} days after you redeem it.</p>
      )}
    </>
  );
}

/** Why the customer cannot redeem it (yet), with the button shown but off. */
function Blocked({ blocker, onBrowseRewards }: { blocker: NonNullable<ReturnType<typeof blockerFor>>; onBrowseRewards?: () => void }) {
  return (
    <div className="flex flex-col gap-3">
      <div id="redeem-blocker" className="flex gap-3 rounded-xl border border-warning/40 bg-warning/10 p-3 text-ink">
        <AlertIcon size={20} className="mt-0.5 shrink-0 text-warning" />
        <div>
          <p className="font-semibold">{blocker.title}</p>
          <p className="text-sm">{blocker.text}</p>
        </div>
      </div>
      <Button fullWidth size="lg" disabled aria-describedby="redeem-blocker">
        Redeem
      </Button>
      {onBrowseRewards && (
        <Button fullWidth variant="secondary" onClick={onBrowseRewards}>
          Browse other rewards
        </Button>
      )}
    </div>
  );
}

/** Redeem, confirmed in a dialog that says what is left after. */
function ConfirmRedeem({
  reward,
  points,
  redeeming,
  redeemError,
  onRedeem,
  defaultOpen,
  locale,
}: {
  reward: Reward;
  points: number;
  redeeming: boolean;
  redeemError?: string | null;
  onRedeem?: () => void;
  defaultOpen: boolean;
  locale: string;
}) {
  const [confirmOpen, setConfirmOpen] = useState(defaultOpen);
  return (
    <Dialog
      open={confirmOpen}
      onOpenChange={(open) => !redeeming && setConfirmOpen(open)}
      // Plain strings: the dialog's accessible name and description read as one sentence.
      title={`Redeem for ${pointsText(reward.points_cost, locale)}?`}
      description={`${reward.title}. You will have ${pointsText(points - reward.points_cost, locale)} left.`}
      trigger={
        <Button fullWidth size="lg">
          Redeem
        </Button>
      }
      footer={
        <>
          <DialogClose>
            <Button variant="secondary" disabled={redeeming}>
              Cancel
            </Button>
          </DialogClose>
          <Button onClick={onRedeem} loading={redeeming}>
            Redeem {pointsText(reward.points_cost, locale)}
          </Button>
        </>
      }
    >
      {redeemError && (
        <p role="alert" className="flex gap-2 rounded-xl border border-danger/40 bg-danger/10 p-3 text-sm font-medium text-danger">
          <AlertIcon size={18} className="mt-0.5 shrink-0" />
          {redeemError}
        </p>
      )}
    </Dialog>
  );
}

export function RewardRedeemScreen({
  reward,
  points = 0,
  redeemedByCustomer = 0,
  loading = false,
  error,
  onRetry,
  redeeming = false,
  redeemError,
  voucher,
  onRedeem,
  onOpenStorage,
  onBrowseRewards,
  onBack,
  defaultConfirmOpen = false,
  nav,
  currency,
  locale,
  timeZone,
  voucherCode,
  voucherCodeError,
  onRetryVoucherCode,
  onVoucherCodeStale,
  frozenCode,
}: RewardRedeemScreenProps) {
  const header = <TopBar title="Redeem" onBack={onBack} />;

  let body: ReactNode;
  if (error) {
    body = <ErrorState title="We couldn't load this reward" message={error} onRetry={onRetry} />;
  } else if (loading || !reward) {
    body = (
      <SkeletonGroup label="Loading reward" className="flex flex-col gap-4">
        <Skeleton height="12rem" />
        <Skeleton height="1.75rem" width="60%" />
        <SkeletonText lines={3} />
        <Skeleton height="3rem" />
      </SkeletonGroup>
    );
  } else if (voucher) {
    body = (
      <RedeemSuccess voucher={voucher} onOpenStorage={onOpenStorage} locale={locale} timeZone={timeZone}>
        <VoucherCodePanel
          reference={voucher.code}
          code={voucherCode}
          error={voucherCodeError}
          onRetry={onRetryVoucherCode}
          onStale={onVoucherCodeStale}
          frozen={frozenCode}
          size={200}
        />
      </RedeemSuccess>
    );
  } else {
    const found = blockerFor(reward, points, redeemedByCustomer, locale);
    // a redeem refused for the tier (403 TIER_REQUIRED) says why in the provider's words
    const blocker = found?.kind === 'tier' && redeemError ? { ...found, text: redeemError } : found;
    body = (
      <article className="flex flex-col gap-4 md:grid md:grid-cols-2 md:items-start md:gap-6">
        <RewardPicture src={reward.image} width={320} height={200} className={cx(cardSurface, 'aspect-[8/5] w-full object-cover')} />
        <div className="flex flex-col gap-4">
          <div className="flex flex-col gap-2">
            <h2 className="text-2xl font-bold text-ink">{reward.title}</h2>
            <p className="text-muted">{reward.description}</p>
          </div>

          <RewardFacts reward={reward} points={points} currency={currency} locale={locale} />

          {blocker ? (
            <Blocked blocker={blocker} onBrowseRewards={onBrowseRewards} />
          ) : (
            <ConfirmRedeem
              reward={reward}
              points={points}
              redeeming={redeeming}
              redeemError={redeemError}
              onRedeem={onRedeem}
              defaultOpen={defaultConfirmOpen}
              locale={locale}
            />
          )}
        </div>
      </article>
    );
  }

  return (
    <AppShell header={header} nav={nav}>
      {body}
    </AppShell>
  );
}

function RedeemSuccess({
  voucher,
  onOpenStorage,
  locale,
  timeZone,
  children,
}: {
  voucher: Voucher;
  onOpenStorage?: () => void;
  locale: string;
  timeZone?: string;
  /** the voucher's code for the counter */
  children: ReactNode;
}) {
  return (
    <section aria-labelledby="redeem-success-title" className="mx-auto flex w-full max-w-md flex-col items-center gap-4 text-center">
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-success/10 text-success" aria-hidden="true">
        <CheckIcon size={32} />
      </span>
      <div role="status" className="flex flex-col gap-1">
        <h2 id="redeem-success-title" className="text-2xl font-bold text-ink">
          Enjoy your {voucher.reward.title}!
        </h2>
        <p className="text-muted">Show the QR code below at the counter, or tell them the code under it. Your voucher is saved in My rewards.</p>
      </div>
      <Card className="flex w-full flex-col items-center gap-3">
        {children}
        <Badge tone="success">Valid until {formatDate(voucher.expires_at, locale, timeZone)}</Badge>
      </Card>
      {onOpenStorage && (
        <Button fullWidth size="lg" onClick={onOpenStorage}>
          See my rewards
        </Button>
      )}
    </section>
  );
}
