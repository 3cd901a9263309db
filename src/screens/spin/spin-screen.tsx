import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type ReactNode } from 'react';
import type { SpinData, WheelConfigData } from '#contract';
import { spinOffer } from '#contract/wheel-spins';
import { AlertIcon, AppShell, Button, Card, ErrorState, GiftIcon, Points, Skeleton, SkeletonGroup, SpinIcon, StarIcon, TopBar, Wheel } from '../../ui';
import { formatDate } from '../../ui/lib/dates';
import { pointsText, pointsUnit } from '../rewards/points-words';

export interface SpinScreenProps {
  /** Segments with disclosed odds, spins left, the spin cost and the customer's points. */
  config?: WheelConfigData | null;
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  /**
   * True from the tap on Spin until the wheel comes to rest. Without `result` the wheel turns
   * slowly, waiting for the server; with it the wheel lands on `result.segment_id`.
   */
  spinning?: boolean;
  /** The server's outcome of the last spin; its prize is shown once `spinning` is false. */
  result?: SpinData | null;
  /** The spin call failed. */
  spinError?: string | null;
  onSpin?: () => void;
  /** The wheel came to rest on the result (the container sets `spinning` to false). */
  onSpinEnd?: () => void;
  /** Opens My rewards after winning a voucher. */
  onOpenStorage?: () => void;
  /** Landing animation length (the wheel skips it when the user prefers reduced motion). */
  durationMs?: number;
  nav?: ReactNode;
  locale: string;
  /** The merchant's time zone for dates (default UTC). */
  timeZone?: string;
}

function PrizePanel({ result, onOpenStorage, locale, timeZone }: { result: SpinData; onOpenStorage?: () => void; locale: string; timeZone?: string }) {
  const { prize } = result;
  if (prize.type === 'points') {
    const won = prize.points ?? 0;
    return (
      <Card as="section" className="flex flex-col items-center gap-2 text-center" aria-labelledby="prize-title">
        <span className="text-brand-ink" aria-hidden="true">
          <StarIcon size={36} />
        </span>
        <h2 id="prize-title" className="text-xl font-bold text-ink">
          <Trans>
            You won <Points value={won} locale={locale} unit={pointsUnit(won)} />!
          </Trans>
        </h2>
        <p className="text-muted">
          <Trans>
            They're already in your balance: you now have{' '}
            <Points value={result.points} locale={locale} unit={pointsUnit(result.points)} className="font-semibold text-ink" />.
          </Trans>
        </p>
      </Card>
    );
  }
  if (prize.type === 'voucher' && prize.voucher) {
    const v = prize.voucher;
    const title = v.reward.title;
    const until = formatDate(v.expires_at, locale, timeZone);
    return (
      <Card as="section" className="flex flex-col items-center gap-2 text-center" aria-labelledby="prize-title">
        <span className="text-brand-ink" aria-hidden="true">
          <GiftIcon size={36} />
        </span>
        <h2 id="prize-title" className="text-xl font-bold text-ink">
          <Trans>You won {title}!</Trans>
        </h2>
        <p className="text-muted">
          <Trans>Your voucher is saved in My rewards: open it there to show its QR code at the counter.</Trans>
        </p>
        <p className="text-sm text-muted">
          <Trans>Valid until {until}</Trans>
        </p>
        {onOpenStorage && (
          <Button variant="secondary" onClick={onOpenStorage}>
            <Trans>Show my voucher</Trans>
          </Button>
        )}
      </Card>
    );
  }
  return (
    <Card as="section" className="flex flex-col items-center gap-2 text-center" aria-labelledby="prize-title">
      <h2 id="prize-title" className="text-xl font-bold text-ink">
        <Trans>Better luck next time</Trans>
      </h2>
      <p className="text-muted">
        {result.spins_left > 0 ? (
          <Trans>No prize this time. Give it another spin!</Trans>
        ) : (
          <Trans>No prize this time. Come back tomorrow for a free spin.</Trans>
        )}
      </p>
    </Card>
  );
}

interface Counts {
  spinsLeft: number;
  freeLeft: number;
  points: number;
}
const sameCounts = (a: Counts, b: Counts) => a.spinsLeft === b.spinsLeft && a.freeLeft === b.freeLeft && a.points === b.points;

/** The customer's spins and points, what a spin costs, and the button (or why it is off). */
function SpinControls({
  config,
  result,
  spinning,
  spinError,
  onSpin,
  locale,
}: Pick<SpinScreenProps, 'result' | 'spinError' | 'onSpin' | 'locale'> & { config: NonNullable<SpinScreenProps['config']>; spinning: boolean }) {
  const { t } = useLingui();
  const reasonId = useId();
  // After a spin the result's counts are newer than the config's. While the wheel turns, the counts stay
  // as they were when it began (the answer, and the config read again after it, would give the prize away
  // before the wheel lands): React's state from the last render while not spinning.
  const now: Counts = {
    spinsLeft: result?.spins_left ?? config.spins_left,
    freeLeft: result?.free_spins_left ?? config.free_spins_left,
    points: result?.points ?? config.points,
  };
  const [held, hold] = useState(now);
  if (!spinning && !sameCounts(held, now)) hold(now);
  const { spinsLeft, freeLeft, points } = spinning ? held : now;
  const cost = config.spin_cost_points;
  // the free spin, then paid ones while the points and the shop's spins left allow
  const offer = spinOffer({ free_spins_left: freeLeft, points, spin_cost_points: cost, spins_left: spinsLeft });
  const free = offer.kind === 'free';
  const price = pointsText(cost, locale);
  const blocked: ReactNode =
    offer.kind === 'short' ? (
      <Trans>
        You need <Points value={offer.missing} locale={locale} unit={pointsUnit(offer.missing)} className="font-semibold" /> more to spin. Each extra spin costs{' '}
        <Points value={cost} locale={locale} unit={pointsUnit(cost)} />.
      </Trans>
    ) : offer.kind === 'free-only' ? (
      t`You’ve had today’s free spin. Come back tomorrow for the next one.`
    ) : offer.kind === 'limit' ? (
      t`No spins left today. Come back tomorrow for your free spin.`
    ) : null;
  const each = <Points value={cost} locale={locale} unit={pointsUnit(cost)} className="font-semibold text-ink" />;
  return (
    <section aria-labelledby="spins-heading" className="flex flex-col gap-3">
      <h2 id="spins-heading" className="sr-only">
        <Trans>Your spins</Trans>
      </h2>
      <dl className="grid grid-cols-3 gap-2 text-center">
        <div className="rounded-xl border border-border bg-surface-raised p-2">
          <dt className="text-xs text-muted">
            <Trans>Free spins today</Trans>
          </dt>
          <dd className="text-lg font-bold text-ink">{freeLeft}</dd>
        </div>
        <div className="rounded-xl border border-border bg-surface-raised p-2">
          <dt className="text-xs text-muted">
            <Trans>Spins left</Trans>
          </dt>
          <dd className="text-lg font-bold text-ink">{spinsLeft}</dd>
        </div>
        <div className="rounded-xl border border-border bg-surface-raised p-2">
          <dt className="text-xs text-muted">
            <Trans>Your points</Trans>
          </dt>
          <dd className="text-lg font-bold text-ink">
            <Points value={points} locale={locale} unit="" />
          </dd>
        </div>
      </dl>
      <p className="text-sm text-muted">
        {cost > 0 ? (
          free ? (
            <Trans>Your first spin each day is free. Extra spins cost {each} each.</Trans>
          ) : (
            <Trans>Extra spins cost {each} each.</Trans>
          )
        ) : (
          t`One free spin a day.`
        )}
      </p>

      {spinError && (
        <p role="alert" className="flex gap-2 rounded-xl border border-danger/40 bg-danger/10 p-3 text-sm font-medium text-danger">
          <AlertIcon size={18} className="mt-0.5 shrink-0" />
          {spinError}
        </p>
      )}

      <Button
        size="lg"
        fullWidth
        icon={<SpinIcon size={20} />}
        onClick={onSpin}
        loading={spinning}
        disabled={!!blocked}
        aria-describedby={blocked ? reasonId : undefined}
      >
        {free || cost <= 0 ? t`Spin for free` : t`Spin for ${price}`}
      </Button>
      {blocked && (
        <p id={reasonId} className="text-center text-sm font-medium text-ink">
          {blocked}
        </p>
      )}
    </section>
  );
}

export function SpinScreen({
  config,
  loading = false,
  error,
  onRetry,
  spinning = false,
  result,
  spinError,
  onSpin,
  onSpinEnd,
  onOpenStorage,
  durationMs,
  nav,
  locale,
  timeZone,
}: SpinScreenProps) {
  const { t } = useLingui();
  let body: ReactNode;

  if (error) {
    body = <ErrorState title={t`We couldn't load the wheel`} message={error} onRetry={onRetry} />;
  } else if (loading || !config) {
    body = (
      <SkeletonGroup label={t`Loading the wheel`} className="flex flex-col items-center gap-4">
        <Skeleton width="18rem" height="18rem" rounded="full" />
        <Skeleton height="3rem" />
        <Skeleton height="8rem" />
      </SkeletonGroup>
    );
  } else {
    const showPrize = !!result && !spinning;

    body = (
      // Phones: the prize (when there is one) above the wheel, then the wheel and its odds, then the
      // controls. From md: the wheel on the left, controls and prize on the right.
      <div className="flex flex-col gap-6 md:grid md:grid-cols-2 md:items-start">
        {showPrize && (
          <div className="md:col-start-2 md:row-start-2">
            <PrizePanel result={result} onOpenStorage={onOpenStorage} locale={locale} timeZone={timeZone} />
          </div>
        )}
        <div className="flex flex-col items-center gap-4 md:col-start-1 md:row-span-2 md:row-start-1">
          <Wheel
            segments={config.segments}
            // Kept "spinning" while a result is shown so the wheel stays on the prize it landed on.
            spinning={spinning || !!result}
            targetSegmentId={result?.segment_id ?? null}
            onSpinEnd={onSpinEnd}
            durationMs={durationMs}
            locale={locale}
            size={280}
            resultText={(s) => {
              const label = s.label;
              return t`The wheel stopped on ${label}`;
            }}
          />
        </div>

        <div className="flex flex-col gap-4 md:col-start-2 md:row-start-1">
          <SpinControls config={config} result={result} spinning={spinning} spinError={spinError} onSpin={onSpin} locale={locale} />
        </div>
      </div>
    );
  }

  return (
    <AppShell header={<TopBar title={t`Spin and Win`} />} nav={nav}>
      {body}
    </AppShell>
  );
}
