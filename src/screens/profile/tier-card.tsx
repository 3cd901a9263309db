import { plural, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { TierInfo, TierStatusData } from '#contract/tiers';
import type { TierBasis } from '#contract/tiers-rules';
import { CheckIcon, Notice, StarIcon, cardSurface, cx } from '../../ui';
import { formatDate } from '../../ui/lib/dates';

export interface TierCardProps {
  /** the customer's tier status; absent while it loads (or when it failed: the card is a bonus, never the page) */
  status?: TierStatusData | null;
  /** `compact` on Home (name, bar, words); `full` in the profile (with the notice and what each tier gives) */
  variant?: 'compact' | 'full';
  locale: string;
  /** the shop's time zone, for the notice's date */
  timeZone?: string;
}

/** "120 more points to Brew", "1 more visit to Brew". */
function progressWords(basis: TierBasis, remaining: number, name: string, locale: string): string {
  const n = remaining.toLocaleString(locale);
  return basis === 'points'
    ? plural(remaining, { one: `${n} more point to ${name}`, other: `${n} more points to ${name}` })
    : plural(remaining, { one: `${n} more visit to ${name}`, other: `${n} more visits to ${name}` });
}

/** "From 500 points a year", "From 12 visits a year". */
function fromWords(basis: TierBasis, threshold: number, locale: string): string {
  const n = threshold.toLocaleString(locale);
  return basis === 'points'
    ? plural(threshold, { one: `From ${n} point a year`, other: `From ${n} points a year` })
    : plural(threshold, { one: `From ${n} visit a year`, other: `From ${n} visits a year` });
}

/** "Earn 120 more points by 3 Mar 2027 to keep Brew" / "Make 2 more visits by … to keep Brew". */
export function noticeWords(basis: TierBasis, notice: NonNullable<TierStatusData['notice']>, tier: string, locale: string, timeZone?: string): string {
  const by = formatDate(notice.on, locale, timeZone);
  const { remaining } = notice;
  const n = remaining.toLocaleString(locale);
  return basis === 'points'
    ? plural(remaining, { one: `Earn ${n} more point by ${by} to keep ${tier}`, other: `Earn ${n} more points by ${by} to keep ${tier}` })
    : plural(remaining, { one: `Make ${n} more visit by ${by} to keep ${tier}`, other: `Make ${n} more visits by ${by} to keep ${tier}` });
}

/** What one tier gives, in short lines: "×1.25 points", "Welcome reward: Free pastry", … */
export function tierPerks(tier: TierInfo, locale: string): string[] {
  const perks: string[] = [];
  const { welcome_reward: welcome, birthday_reward: birthday } = tier;
  const times = tier.multiplier.toLocaleString(locale);
  const early = tier.early_rewards.join(', ');
  if (tier.multiplier > 1) perks.push(t`×${times} points`);
  if (welcome) perks.push(t`Welcome reward: ${welcome}`);
  if (birthday) perks.push(t`Birthday reward: ${birthday}`);
  if (tier.early_rewards.length > 0) perks.push(t`Early access: ${early}`);
  return perks;
}

/** The tier's name, in the theme's brand colours. */
function TierName({ name, className }: { name: string; className?: string }) {
  return (
    <span className={cx('inline-flex items-center gap-1 rounded-full bg-brand px-3 py-1 font-bold text-brand-contrast', className)}>
      <StarIcon size={16} className="shrink-0" />
      {name}
    </span>
  );
}

/** The bar to the next tier, from the current tier's threshold to the next one's, with its words. */
function Progress({ status, next, locale }: { status: TierStatusData; next: NonNullable<TierStatusData['next']>; locale: string }) {
  const { t } = useLingui();
  const from = status.tier?.threshold ?? 0;
  const now = Math.min(Math.max(status.value, from), next.threshold);
  const share = next.threshold > from ? (now - from) / (next.threshold - from) : 1;
  const tierName = next.name;
  const words = progressWords(status.basis, next.remaining, next.name, locale);
  return (
    <div className="flex flex-col gap-1.5">
      <div
        role="progressbar"
        aria-label={t`Progress to ${tierName}`}
        aria-valuemin={from}
        aria-valuemax={next.threshold}
        aria-valuenow={now}
        aria-valuetext={words}
        className="h-3 w-full overflow-hidden rounded-full border border-border bg-surface"
      >
        <div className="h-full rounded-full bg-brand" style={{ width: `${Math.round(share * 1000) / 10}%` }} />
      </div>
      <p className="text-sm text-ink">{words}</p>
    </div>
  );
}

/** "What each tier gives": every tier from the first, its threshold and perks, the customer's marked. */
export function TierList({ status, locale }: { status: TierStatusData; locale: string }) {
  const id = useId();
  const current = status.tier?.index ?? -1;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <h3 id={id} className="font-semibold text-ink">
        <Trans>What each tier gives</Trans>
      </h3>
      <ol className="flex flex-col gap-2">
        {status.tiers.map((tier) => {
          const perks = tierPerks(tier, locale);
          const mine = tier.index === current;
          return (
            <li
              key={tier.index}
              aria-current={mine ? 'true' : undefined}
              className={cx('flex flex-col gap-1 rounded-xl border p-3', mine ? 'border-brand bg-brand/10' : 'border-border')}
            >
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-semibold text-ink">{tier.name}</span>
                <span className="text-sm text-muted">{tier.threshold === 0 ? t`From the start` : fromWords(status.basis, tier.threshold, locale)}</span>
                {mine && (
                  <span className="ml-auto inline-flex items-center gap-1 text-sm font-semibold text-brand-ink">
                    <CheckIcon size={16} className="shrink-0" /> <Trans>Your tier</Trans>
                  </span>
                )}
              </p>
              {perks.length > 0 ? (
                <ul className="list-inside list-disc text-sm text-ink">
                  {perks.map((p) => (
                    <li key={p}>{p}</li>
                  ))}
                </ul>
              ) : (
                <p className="text-sm text-muted">
                  <Trans>Points on every order, as usual</Trans>
                </p>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/**
 * The customer's tier (issue 30): its name, the bar to the next tier with "120 more points to Brew" (or
 * "Top tier"), and, in the profile, the notice before it would drop and what each tier gives. Nothing at
 * all when the shop has no tiers or the status is not there.
 */
export function TierCard({ status, variant = 'compact', locale, timeZone }: TierCardProps) {
  const id = useId();
  if (!status?.enabled || !status.tier) return null;
  const { tier, next, notice } = status;
  return (
    <section aria-labelledby={id} className={cx(cardSurface, 'flex flex-col gap-3 p-4')}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="flex items-center gap-2 font-semibold text-ink">
          <span className={variant === 'compact' ? 'sr-only' : undefined}>
            <Trans>Your tier</Trans>
          </span>
          <TierName name={tier.name} />
        </h2>
        {!next && (
          <span className="text-sm font-semibold text-brand-ink">
            <Trans>Top tier</Trans>
          </span>
        )}
      </div>
      {next && <Progress status={status} next={next} locale={locale} />}
      {variant === 'full' && notice && <Notice tone="warning">{noticeWords(status.basis, notice, tier.name, locale, timeZone)}</Notice>}
      {variant === 'full' && <TierList status={status} locale={locale} />}
    </section>
  );
}
