import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { SETUP_STEPS, type SetupData, type SetupStep } from '#contract/channels';
import { consoleHref } from '#contract/console-routes';
import type { DashboardFigures } from '#contract/dashboard';
import { useState } from 'react';
import { Button, CheckIcon, ConfirmRemove, ErrorState, SkeletonGroup, SkeletonText, cx, focusRing, type RenderLink } from '../../../ui';
import { spoken } from '../shared/spoken';

/** Each step of setting up a shop: its name, why it matters in one line, and the page where it is done. */
const STEP_TITLE = spoken<SetupStep>({
  brand: msg`Make it your brand`,
  settings: msg`Set up the shop`,
  locations: msg`Set your location and hours`,
  menu: msg`Put your own menu in`,
  rewards: msg`Choose your rewards`,
  loyalty: msg`Check your tiers and wheel`,
  staff: msg`Invite your team`,
  channels: msg`Take real payments and send real messages`,
});

const STEP_WHY = spoken<SetupStep>({
  brand: msg`Your name, logo, browser-tab icon and colours, so customers know the app is yours. Done once you publish your own logo and icon.`,
  settings: msg`Your contact, currency, points and delivery rules: what customers are told.`,
  locations: msg`Where customers pick up, your phone, your opening hours and how far you deliver.`,
  menu: msg`Add a product of yours and archive the demo ones, so customers order what you sell.`,
  rewards: msg`What customers get for their points: change or add one.`,
  loyalty: msg`The demo’s tiers welcome customers with its croissant and its wheel gives one away: save your tiers and publish your wheel (or clear the demo).`,
  staff: msg`Everyone at the counter signs in as themselves, so Activity says who did what.`,
  channels: msg`Connect Stripe, Twilio and your e-mail server here, no restart needed: out of test mode.`,
});

const STEP_HREF: Record<SetupStep, string> = {
  brand: consoleHref('theme'),
  settings: consoleHref('settings'),
  locations: consoleHref('locations'),
  menu: consoleHref('menu'),
  rewards: consoleHref('rewards'),
  loyalty: consoleHref('tiers'),
  staff: consoleHref('staff'),
  channels: consoleHref('channels'),
};

export interface SetupChecklistProps {
  /** undefined while loading */
  setup?: SetupData | undefined;
  error?: string | null;
  onRetry?: () => void;
  renderLink: RenderLink;
  /** clears the demo's content (merchant/setup/clear-demo); offered until it is cleared */
  onClearDemo?: () => void;
  clearingDemo?: boolean;
}

/** "Clear the demo": one step instead of archiving 20 products, retiring rewards and emptying the wheel by hand; asked first. */
function ClearDemo({ onClearDemo, clearing }: { onClearDemo: () => void; clearing: boolean }) {
  const { t } = useLingui();
  const [asking, setAsking] = useState<{ name: string } | null>(null);
  return (
    <div className="flex flex-col gap-2 rounded-xl border border-dashed border-border p-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-muted">
        <Trans>
          Starting for real? Clear the demo in one step: its products archived, its rewards retired, its wheel emptied and its tiers turned off. Nothing you
          added is touched.
        </Trans>
      </p>
      <Button variant="secondary" size="sm" loading={clearing} onClick={() => setAsking({ name: t`the demo` })} className="shrink-0">
        {t`Clear the demo`}
      </Button>
      <ConfirmRemove
        item={asking}
        verb={t`Clear`}
        description={t`The demo’s products are archived and its rewards retired (vouchers customers hold still work), its wheel closes until you publish your own, its tiers are turned off, and its example rule, images, address and phone are removed.`}
        onRemove={() => onClearDemo()}
        onClose={() => setAsking(null)}
      />
    </div>
  );
}

/** The Overview's set-up checklist for a shop that is not live yet: each step ticked once done, with a link to where it is done. */
export function SetupChecklist({ setup, error, onRetry, renderLink, onClearDemo, clearingDemo = false }: SetupChecklistProps) {
  const { t } = useLingui();
  if (!setup) {
    if (error) return <ErrorState title={t`We could not load your set-up checklist`} message={error} onRetry={onRetry} />;
    return (
      <SkeletonGroup label={t`Loading your set-up checklist`}>
        <SkeletonText lines={6} />
      </SkeletonGroup>
    );
  }
  const done = SETUP_STEPS.filter((s) => setup.steps[s].done).length;
  const total = SETUP_STEPS.length;
  return (
    <section aria-labelledby="setup-heading" className="flex flex-col gap-3">
      <div>
        <h2 id="setup-heading" className="text-lg font-semibold">
          <Trans>Set up your shop</Trans>
        </h2>
        <p className="text-sm text-muted">
          <Trans>
            {done} of {total} done. Each step is ticked once you have done it; then this page shows today’s figures.
          </Trans>
        </p>
      </div>
      {onClearDemo && !setup.demo_cleared && <ClearDemo onClearDemo={onClearDemo} clearing={clearingDemo} />}
      <ol className="flex flex-col gap-2">
        {SETUP_STEPS.map((s) => {
          const ticked = setup.steps[s].done;
          return (
            <li key={s} className="flex items-start gap-3 rounded-xl border border-border bg-surface-raised p-3">
              <span
                aria-hidden="true"
                className={cx(
                  'mt-0.5 inline-flex size-6 shrink-0 items-center justify-center rounded-full border',
                  ticked ? 'border-success bg-success/10 text-success' : 'border-border',
                )}
              >
                {ticked && <CheckIcon size={16} />}
              </span>
              <div className="min-w-0">
                {renderLink({
                  href: STEP_HREF[s],
                  className: cx('font-semibold text-brand-ink underline-offset-4 hover:underline', focusRing),
                  children: STEP_TITLE[s],
                })}
                <span className={cx('ml-2 text-sm', ticked ? 'text-success' : 'text-muted')}>{ticked ? t`Done` : t`To do`}</span>
                <p className="text-sm text-muted">{STEP_WHY[s]}</p>
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

export type TodayFigures = Pick<DashboardFigures, 'orders' | 'revenue' | 'new_customers' | 'vouchers_redeemed_at_counter'>;

/** A live shop's figures for today, with the way to the dashboard. */
export function TodayFiguresView({ today, money, renderLink }: { today: TodayFigures | undefined; money: (minor: number) => string; renderLink: RenderLink }) {
  const { t } = useLingui();
  const figures = [
    { label: t`Orders`, value: today ? String(today.orders) : '…' },
    { label: t`Revenue`, value: today ? money(today.revenue) : '…' },
    { label: t`New customers`, value: today ? String(today.new_customers) : '…' },
    { label: t`Vouchers at the counter`, value: today ? String(today.vouchers_redeemed_at_counter) : '…' },
  ];
  return (
    <section aria-labelledby="today-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="today-heading" className="text-lg font-semibold">
          <Trans>Today</Trans>
        </h2>
        {renderLink({
          href: consoleHref('dashboard'),
          className: cx('text-sm font-medium text-brand-ink underline underline-offset-4', focusRing),
          children: t`Open the dashboard`,
        })}
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-busy={!today}>
        {figures.map((f) => (
          <div key={f.label} className="rounded-xl border border-border bg-surface-raised p-3">
            <dt className="text-sm text-muted">{f.label}</dt>
            <dd className="text-2xl font-semibold tabular-nums">{f.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
