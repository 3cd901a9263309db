import { plural, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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
  EmptyState,
  ErrorState,
  Money,
  Points,
  Skeleton,
  SkeletonGroup,
  SkeletonText,
  TopBar,
  cardSurface,
  cx,
} from '../../ui';
import { formatDate } from '../../ui/lib/dates';
import { RewardPicture } from './reward-picture';
import { limitReached, lockedText } from './reward-reach';
import { pointsText, pointsUnit } from './points-words';
import { SpentReference, VoucherCodePanel, type VoucherCodePanelProps } from './voucher-code-panel';

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
  /** The catalogue has no reward of this name (gone, or a link mistyped): said so, with the way to the others. */
  gone?: boolean;
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

type Blocker = { kind: 'stock' | 'points' | 'limit' | 'tier'; title: string; text: ReactNode } | null;

function blockerFor(reward: Reward, points: number, redeemed: number, locale: string): Blocker {
  if (reward.stock !== null && reward.stock <= 0) {
    return { kind: 'stock', title: t`Out of stock`, text: t`This reward is all gone for now. Check back soon or pick another one.` };
  }
  // early access (issue 30): only a higher tier can redeem it for now
  if (reward.early_access && !reward.early_access.unlocked) {
    const tier = reward.early_access.tier;
    return {
      kind: 'tier',
      title: lockedText(tier),
      text: t`Early access: customers of ${tier} and above can redeem this reward for now. Earn points to reach ${tier}.`,
    };
  }
  // the list's rule, with the count this page knows (the list's, or a refusal's if that came first)
  const limit = reward.per_customer_limit ?? null;
  if (limit !== null && limitReached({ per_customer_limit: limit, redeemed })) {
    return {
      kind: 'limit',
      title: t`Limit reached`,
      text: plural(limit, {
        one: 'You have already redeemed this reward once, the most allowed per customer.',
        other: 'You have already redeemed this reward # times, the most allowed per customer.',
      }),
    };
  }
  if (points < reward.points_cost) {
    const missing = reward.points_cost - points;
    return {
      kind: 'points',
      title: t`Not enough points yet`,
      text: (
        <Trans>
          You need <Points value={missing} locale={locale} unit={pointsUnit(missing)} className="font-semibold" /> more to redeem this reward.
        </Trans>
      ),
    };
  }
  return null;
}

/** What the reward costs, what the customer has, how many are left, how long its voucher lasts. */
function RewardFacts({ reward, points, currency, locale }: { reward: Reward; points: number; currency: string; locale: string }) {
  const { t } = useLingui();
  const product = reward.free_product;
  const days = reward.valid_days;
  const stock = reward.stock;
  const limit = reward.per_customer_limit;
  const stockText = stock === null ? t`Unlimited` : stock <= 0 ? t`None left` : t`${stock} left`;
  const validText = plural(days, { one: 'The voucher is valid for # day after you redeem it.', other: 'The voucher is valid for # days after you redeem it.' });
  return (
    <>
      <dl className="grid grid-cols-2 gap-3">
        <div className="rounded-xl border border-border bg-surface-raised p-3">
          <dt className="text-sm text-muted">
            <Trans>Costs</Trans>
          </dt>
          <dd className="text-lg font-semibold text-brand-ink">
            <Points value={reward.points_cost} locale={locale} unit={pointsUnit(reward.points_cost)} showIcon />
          </dd>
        </div>
        <div className="rounded-xl border border-border bg-surface-raised p-3">
          <dt className="text-sm text-muted">
            <Trans>You have</Trans>
          </dt>
          <dd className="text-lg font-semibold text-ink">
            <Points value={points} locale={locale} unit={pointsUnit(points)} />
          </dd>
        </div>
        <div className="rounded-xl border border-border bg-surface-raised p-3">
          <dt className="text-sm text-muted">
            <Trans>Stock</Trans>
          </dt>
          <dd className="font-semibold text-ink">{stockText}</dd>
        </div>
        <div className="rounded-xl border border-border bg-surface-raised p-3">
          <dt className="text-sm text-muted">
            <Trans>Valid for</Trans>
          </dt>
          <dd className="font-semibold text-ink">{plural(days, { one: '# day', other: '# days' })}</dd>
        </div>
        {product ? (
          <div className="col-span-2 rounded-xl border border-border bg-surface-raised p-3">
            <dt className="text-sm text-muted">
              <Trans>You get</Trans>
            </dt>
            <dd className="font-semibold text-ink">
              <Trans>Free {product}, at checkout or at the counter</Trans>
            </dd>
          </div>
        ) : null}
        {reward.discount_amount ? (
          <div className="col-span-2 rounded-xl border border-border bg-surface-raised p-3">
            <dt className="text-sm text-muted">
              <Trans>Worth</Trans>
            </dt>
            <dd className="font-semibold text-ink">
              <Money amount={reward.discount_amount} currency={currency} locale={locale} />
            </dd>
          </div>
        ) : null}
      </dl>
      <p className="text-sm text-muted">{limit ? `${t`Limit: ${limit} per customer.`} ${validText}` : validText}</p>
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
        <Trans>Redeem</Trans>
      </Button>
      {onBrowseRewards && (
        <Button fullWidth variant="secondary" onClick={onBrowseRewards}>
          <Trans>Browse other rewards</Trans>
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
  const { t } = useLingui();
  const [confirmOpen, setConfirmOpen] = useState(defaultOpen);
  const cost = pointsText(reward.points_cost, locale);
  const left = pointsText(points - reward.points_cost, locale);
  const title = reward.title;
  return (
    <Dialog
      open={confirmOpen}
      onOpenChange={(open) => !redeeming && setConfirmOpen(open)}
      // Plain strings: the dialog's accessible name and description read as one sentence.
      title={t`Redeem for ${cost}?`}
      description={t`${title}. You will have ${left} left.`}
      trigger={
        <Button fullWidth size="lg">
          <Trans>Redeem</Trans>
        </Button>
      }
      footer={
        <>
          <DialogClose>
            <Button variant="secondary" disabled={redeeming}>
              <Trans>Cancel</Trans>
            </Button>
          </DialogClose>
          <Button onClick={onRedeem} loading={redeeming}>
            <Trans>Redeem {cost}</Trans>
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
  gone = false,
}: RewardRedeemScreenProps) {
  const { t } = useLingui();
  const header = <TopBar title={t`Redeem`} onBack={onBack} />;

  let body: ReactNode;
  if (gone) {
    body = (
      <EmptyState
        title={t`This reward is no longer available`}
        description={t`Have a look at the other rewards.`}
        action={
          onBrowseRewards && (
            <Button variant="secondary" onClick={onBrowseRewards}>
              {t`See other rewards`}
            </Button>
          )
        }
      />
    );
  } else if (error) {
    body = <ErrorState title={t`We couldn't load this reward`} message={error} onRetry={onRetry} />;
  } else if (loading || !reward) {
    body = (
      <SkeletonGroup label={t`Loading reward`} className="flex flex-col gap-4">
        <Skeleton height="12rem" />
        <Skeleton height="1.75rem" width="60%" />
        <SkeletonText lines={3} />
        <Skeleton height="3rem" />
      </SkeletonGroup>
    );
  } else if (voucher) {
    // the counter used it while this page was open: its code says so (read again every few seconds)
    const used = voucherCode?.voucher_id === voucher.id && voucherCode.status === 'used';
    body = (
      <RedeemSuccess voucher={voucher} used={used} onOpenStorage={onOpenStorage} locale={locale} timeZone={timeZone}>
        {used ? (
          <SpentReference reference={voucher.code} />
        ) : (
          <VoucherCodePanel
            reference={voucher.code}
            code={voucherCode}
            error={voucherCodeError}
            onRetry={onRetryVoucherCode}
            onStale={onVoucherCodeStale}
            frozen={frozenCode}
            size={200}
          />
        )}
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
  used,
  onOpenStorage,
  locale,
  timeZone,
  children,
}: {
  voucher: Voucher;
  /** the counter has used it since */
  used: boolean;
  onOpenStorage?: () => void;
  locale: string;
  timeZone?: string;
  /** the voucher's code for the counter */
  children: ReactNode;
}) {
  const title = voucher.reward.title;
  const until = formatDate(voucher.expires_at, locale, timeZone);
  return (
    <section aria-labelledby="redeem-success-title" className="mx-auto flex w-full max-w-md flex-col items-center gap-4 text-center">
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-success/10 text-success" aria-hidden="true">
        <CheckIcon size={32} />
      </span>
      <div role="status" className="flex flex-col gap-1">
        <h2 id="redeem-success-title" className="text-2xl font-bold text-ink">
          <Trans>Enjoy your {title}!</Trans>
        </h2>
        <p className="text-muted">
          {used ? (
            <Trans>The counter has used this voucher. It is listed under Used in My rewards.</Trans>
          ) : (
            <Trans>Show the QR code below at the counter, or tell them the code under it. Your voucher is saved in My rewards.</Trans>
          )}
        </p>
      </div>
      <Card className="flex w-full flex-col items-center gap-3">
        {children}
        {used ? (
          <Badge tone="neutral">
            <Trans>Used</Trans>
          </Badge>
        ) : (
          <Badge tone="success">
            <Trans>Valid until {until}</Trans>
          </Badge>
        )}
      </Card>
      {onOpenStorage && (
        <Button fullWidth size="lg" onClick={onOpenStorage}>
          <Trans>See my rewards</Trans>
        </Button>
      )}
    </section>
  );
}
