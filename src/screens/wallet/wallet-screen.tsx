import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { WalletEntry, WalletEntryType } from '#contract';
import {
  AsOfNote,
  AlertIcon,
  AppShell,
  Button,
  EmptyState,
  ErrorState,
  LoadMore,
  Money,
  Skeleton,
  SkeletonGroup,
  TextField,
  TopBar,
  WalletIcon,
  cardSurface,
  cx,
  focusRing,
} from '../../ui';
import { asOfWords, formatDate } from '../../ui/lib/dates';
import { TOPUP_MAX, TOPUP_MIN } from '#contract/limits';
import { decimalsProblem, parseAmount, toInput } from './amounts';

export const DEFAULT_TOPUP_PRESETS = [10_000, 50_000, 100_000, 200_000];

export interface WalletScreenProps {
  /** Wallet balance in minor units; undefined while loading. */
  balance?: number;
  /** History entries loaded so far (pages merged). */
  history?: WalletEntry[];
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  historyLoading?: boolean;
  historyError?: string | null;
  onRetryHistory?: () => void;
  hasMore?: boolean;
  onLoadMore?: () => void;
  loadingMore?: boolean;
  /** Starts a top-up of `amount` minor units (validated between min and max). */
  onTopUp?: (amount: number) => void;
  submitting?: boolean;
  /** Server-side field errors, e.g. `{ amount: 'must be at most 5000000' }`. */
  fieldErrors?: Record<string, string>;
  formError?: string | null;
  /**
   * Whether the merchant takes top-ups now (settings `online_payments`). When false the top-up form
   * gives way to a plain note; the balance and its history stay.
   */
  onlinePayments?: boolean;
  /** When the customer came from checkout: how much more the order needs (minor units). */
  needed?: number | null;
  /** Preset amounts in minor units. */
  presets?: number[];
  min?: number;
  max?: number;
  onBack?: () => void;
  nav?: ReactNode;
  currency: string;
  locale: string;
  /** The merchant's time zone for dates (default UTC). */
  timeZone?: string;
  /** offline: when the kept copy of the balance was read (ISO); "As of …" under it */
  balanceAsOf?: string | null;
  /** now (ISO), for "As of 9:41 AM" today rather than a date */
  now?: string;
  /** the shop sells gift cards: the address of Gift cards, and how the app opens it (absent: no link) */
  giftCards?: { href: string; onOpen: () => void };
  /** the saved card and auto-reload (issue 49), drawn by its own lazily loaded part; absent: none */
  autoReload?: ReactNode;
}

const TYPE_LABEL: Record<WalletEntryType, MessageDescriptor> = {
  topup: msg`Top-up`,
  order: msg`Order payment`,
  refund: msg`Refund`,
  adjust: msg`Adjustment`,
  gift: msg`Gift card`,
  gift_card: msg`Gift card sent`,
};

type MoneyOf = (amount: number, className?: string) => ReactNode;

/** The top-up form: a preset or a typed amount, checked against the limits before it is sent. */
function TopUpForm({
  onTopUp,
  submitting,
  fieldErrors,
  formError,
  needed,
  presets,
  min,
  max,
  currency,
  locale,
  money,
}: Pick<WalletScreenProps, 'onTopUp' | 'fieldErrors' | 'formError'> & {
  submitting: boolean;
  needed: number | null;
  presets: number[];
  min: number;
  max: number;
  currency: string;
  locale: string;
  money: MoneyOf;
}) {
  const { t } = useLingui();
  const suggested = needed && needed > 0 ? Math.min(max, Math.max(min, needed)) : null;
  const [text, setText] = useState(() => (suggested ? toInput(suggested, currency, locale) : ''));
  const [localError, setLocalError] = useState<ReactNode>(null);
  const presetsLabel = useId();
  const current = parseAmount(text, currency, locale);

  const lowest = money(min);
  const highest = money(max);
  const rangeError = (
    <Trans>
      Enter an amount between {lowest} and {highest}.
    </Trans>
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (current === null || current < min || current > max) {
      setLocalError(decimalsProblem(text, currency, locale) ?? rangeError);
      return;
    }
    setLocalError(null);
    onTopUp?.(current);
  };

  const serverAmountError = fieldErrors?.amount ? rangeError : null;
  const chosen = current === null ? null : money(current);
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      {formError && (
        <p role="alert" className="flex gap-2 rounded-xl border border-danger/40 bg-danger/10 p-3 text-sm font-medium text-danger">
          <AlertIcon size={18} className="mt-0.5 shrink-0" />
          {formError}
        </p>
      )}
      <div role="group" aria-labelledby={presetsLabel} className="flex flex-col gap-2">
        <p id={presetsLabel} className="text-sm font-medium text-ink">
          <Trans>Choose an amount</Trans>
        </p>
        <div className="grid grid-cols-2 gap-2">
          {presets.map((amount) => {
            const selected = current === amount;
            return (
              <button
                key={amount}
                type="button"
                aria-pressed={selected}
                disabled={submitting}
                onClick={() => {
                  setText(toInput(amount, currency, locale));
                  setLocalError(null);
                }}
                className={cx(
                  'min-h-11 rounded-xl border px-2 font-semibold disabled:opacity-60',
                  selected ? 'border-brand bg-brand text-brand-contrast' : 'border-border bg-surface text-ink hover:bg-surface-raised',
                  focusRing,
                )}
              >
                {money(amount)}
              </button>
            );
          })}
        </div>
      </div>
      <TextField
        label={t`Or enter an amount (${currency})`}
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          if (localError) setLocalError(null);
        }}
        placeholder={t`e.g. 750`}
        hint={
          <Trans>
            From {lowest} to {highest}.
          </Trans>
        }
        error={localError ?? serverAmountError}
        disabled={submitting}
      />
      <Button type="submit" size="lg" fullWidth loading={submitting}>
        {current !== null && current >= min && current <= max ? (
          <span>
            <Trans>Top up {chosen}</Trans>
          </span>
        ) : (
          t`Top up`
        )}
      </Button>
      <p className="text-center text-sm text-muted">
        <Trans>You'll pay on a secure page, then come back here.</Trans>
      </p>
    </form>
  );
}

/** The wallet's history, page by page: each entry with its sign and the balance after it. */
function WalletHistory({
  history,
  historyLoading,
  historyError,
  onRetryHistory,
  hasMore,
  onLoadMore,
  loadingMore,
  locale,
  timeZone,
  money,
}: Pick<WalletScreenProps, 'historyError' | 'onRetryHistory' | 'onLoadMore' | 'timeZone'> & {
  history: WalletEntry[];
  historyLoading: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  locale: string;
  money: MoneyOf;
}) {
  const { t, i18n } = useLingui();
  return (
    <section aria-labelledby="wallet-history" className="flex flex-col gap-1">
      <h2 id="wallet-history" className="text-lg font-semibold text-ink">
        <Trans>History</Trans>
      </h2>
      {historyError ? (
        <ErrorState title={t`We couldn't load your history`} message={historyError} onRetry={onRetryHistory} />
      ) : historyLoading ? (
        <SkeletonGroup label={t`Loading history`} className="flex flex-col gap-2">
          <Skeleton height="3.5rem" />
          <Skeleton height="3.5rem" />
          <Skeleton height="3.5rem" />
        </SkeletonGroup>
      ) : history.length === 0 ? (
        <EmptyState icon={<WalletIcon size={40} />} title={t`No activity yet`} description={t`Top-ups, payments and refunds will show up here.`} />
      ) : (
        <>
          <ul className="divide-y divide-border">
            {history.map((entry) => (
              <li key={entry.id} className="flex items-start gap-3 py-3">
                <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                  <p className="font-medium text-ink">{i18n._(TYPE_LABEL[entry.type])}</p>
                  <p className="text-sm text-muted">
                    {entry.reason} · <time dateTime={entry.created_at}>{formatDate(entry.created_at, locale, timeZone)}</time>
                  </p>
                </div>
                <div className="flex shrink-0 flex-col items-end gap-0.5">
                  <span className={cx('font-semibold tabular-nums', entry.amount > 0 ? 'text-success' : 'text-ink')}>
                    {entry.amount > 0 ? '+' : entry.amount < 0 ? '−' : ''}
                    {money(Math.abs(entry.amount))}
                  </span>
                  <span className="text-sm text-muted">
                    <BalanceAfter amount={money(entry.balance_after)} />
                  </span>
                </div>
              </li>
            ))}
          </ul>
          <LoadMore more={hasMore && !!onLoadMore} onMore={onLoadMore} loading={loadingMore} />
        </>
      )}
    </section>
  );
}

/** Come from checkout: how much more the order needs. */
function ShortBy({ amount }: { amount: ReactNode }) {
  return (
    <p className="flex gap-3 rounded-xl border border-warning/40 bg-warning/10 p-3 text-ink">
      <AlertIcon size={20} className="mt-0.5 shrink-0 text-warning" />
      <span>
        <Trans>Your wallet is short by {amount} for this order. Top up at least that much to pay with your wallet.</Trans>
      </span>
    </p>
  );
}

/** "Balance ₱1,250.00" under a history entry. */
function BalanceAfter({ amount }: { amount: ReactNode }) {
  return <Trans>Balance {amount}</Trans>;
}

/** "Send a gift card": Gift cards, opened in the app (a plain link without script). */
function GiftCardsLink({ href, onOpen }: NonNullable<WalletScreenProps['giftCards']>) {
  return (
    <a
      href={href}
      onClick={(e) => {
        e.preventDefault();
        onOpen();
      }}
      className={cx(cardSurface, focusRing, 'p-4 font-semibold text-brand-ink hover:bg-surface')}
    >
      <Trans>Send a gift card</Trans>
      <span className="block text-sm font-normal text-muted">
        <Trans>Treat someone: paid from your wallet, sent by text or e-mail.</Trans>
      </span>
    </a>
  );
}

export function WalletScreen({
  balance,
  history = [],
  loading = false,
  error,
  onRetry,
  historyLoading = false,
  historyError,
  onRetryHistory,
  hasMore = false,
  onLoadMore,
  loadingMore = false,
  onTopUp,
  submitting = false,
  fieldErrors,
  formError,
  onlinePayments = true,
  needed = null,
  presets = DEFAULT_TOPUP_PRESETS,
  min = TOPUP_MIN,
  max = TOPUP_MAX,
  onBack,
  nav,
  currency,
  locale,
  timeZone,
  balanceAsOf = null,
  now,
  giftCards,
  autoReload,
}: WalletScreenProps) {
  const { t } = useLingui();
  const money: MoneyOf = (amount, className) => <Money amount={amount} currency={currency} locale={locale} className={className} />;

  let body: ReactNode;
  if (error) {
    body = <ErrorState title={t`We couldn't load your wallet`} message={error} onRetry={onRetry} />;
  } else if (loading || balance === undefined) {
    body = (
      <SkeletonGroup label={t`Loading your wallet`} className="flex flex-col gap-4">
        <Skeleton height="7rem" />
        <Skeleton height="12rem" />
        <Skeleton height="3.5rem" />
        <Skeleton height="3.5rem" />
      </SkeletonGroup>
    );
  } else {
    body = (
      <div className="flex flex-col gap-6 md:grid md:grid-cols-2 md:items-start">
        <div className="flex flex-col gap-6">
          <section aria-labelledby="wallet-balance" className="flex flex-col gap-1 rounded-2xl bg-brand p-5 text-brand-contrast shadow-sm">
            <h2 id="wallet-balance" className="text-sm font-medium">
              <Trans>Wallet balance</Trans>
            </h2>
            {money(balance, 'text-3xl font-bold')}
            <p className="text-sm">
              <Trans>Pay for orders in one tap with your wallet.</Trans>
            </p>
          </section>
          {balanceAsOf && <AsOfNote one asOf={asOfWords(balanceAsOf, now, locale, timeZone ?? 'UTC')} className="-mt-4" />}

          {onlinePayments && needed !== null && needed > 0 && <ShortBy amount={money(needed, 'font-semibold')} />}

          <section aria-labelledby="topup-heading" className={cx(cardSurface, 'flex flex-col gap-4 p-4')}>
            <h2 id="topup-heading" className="text-lg font-semibold text-ink">
              <Trans>Top up</Trans>
            </h2>
            {!onlinePayments ? (
              <p role="status" className="flex gap-2 rounded-xl border border-border bg-surface p-3 text-sm text-ink">
                <AlertIcon size={18} className="mt-0.5 shrink-0 text-warning" />
                <Trans>Top-ups are not available right now. You can still pay for orders from your wallet balance.</Trans>
              </p>
            ) : (
              <TopUpForm
                onTopUp={onTopUp}
                submitting={submitting}
                fieldErrors={fieldErrors}
                formError={formError}
                needed={needed}
                presets={presets}
                min={min}
                max={max}
                currency={currency}
                locale={locale}
                money={money}
              />
            )}
          </section>
          {autoReload}
          {giftCards && <GiftCardsLink {...giftCards} />}
        </div>

        <WalletHistory
          history={history}
          historyLoading={historyLoading}
          historyError={historyError}
          onRetryHistory={onRetryHistory}
          hasMore={hasMore}
          onLoadMore={onLoadMore}
          loadingMore={loadingMore}
          locale={locale}
          timeZone={timeZone}
          money={money}
        />
      </div>
    );
  }

  return (
    <AppShell header={<TopBar title={t`Wallet`} onBack={onBack} />} nav={nav}>
      {body}
    </AppShell>
  );
}
