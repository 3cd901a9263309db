import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { AutoReloadBody, AutoReloadData, SavedCard } from '#contract/saved-card';
import { Button, ErrorState, Money, Notice, Skeleton, SkeletonGroup, TextField, cardSurface, cx, focusRing } from '../../ui';
import { decimalsProblem, parseAmount, toInput } from './amounts';

export interface AutoReloadSectionProps {
  data?: AutoReloadData;
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  /** back from the gateway's page: the card is being confirmed */
  confirming?: boolean;
  /** a plain line after a change ("Card saved.") */
  notice?: string | null;
  /** opens the gateway's page to save a card (or another card) */
  onSaveCard?: () => void;
  savingCard?: boolean;
  onRemoveCard?: () => void;
  removing?: boolean;
  onSave?: (settings: AutoReloadBody) => void;
  saving?: boolean;
  /** what the last action's refusal said (a field's error goes next to the field) */
  actionError?: string | null;
  fieldErrors?: Record<string, string>;
  currency: string;
  locale: string;
}

/** "Visa ending in 4242, expires 04/2031": the brand as the gateway names it, capitalised. */
function cardWords(card: SavedCard): string {
  const brand = card.brand === 'amex' ? 'American Express' : card.brand.charAt(0).toUpperCase() + card.brand.slice(1);
  const last4 = card.last4;
  const expiry = `${String(card.exp_month).padStart(2, '0')}/${card.exp_year}`;
  return t`${brand} ending in ${last4}, expires ${expiry}`;
}

/**
 * The wallet's saved card and auto-reload (issue 49): save a card on the payment gateway's page, "when
 * my balance falls below X, add Y", on or off, the paused state with its plain reason and a way to
 * resume or use another card, and removing the card. Loaded in a chunk of its own.
 */
export function AutoReloadSection(props: AutoReloadSectionProps) {
  const { data, loading, error, onRetry, confirming, notice, actionError } = props;
  const { t } = useLingui();
  let body: ReactNode;
  if (error) body = <ErrorState title={t`We couldn't load auto-reload`} message={error} onRetry={onRetry} />;
  else if (loading || !data)
    body = (
      <SkeletonGroup label={t`Loading auto-reload`}>
        <Skeleton height="6rem" />
      </SkeletonGroup>
    );
  else if (!data.available)
    body = (
      <p className="text-sm text-muted">
        <Trans>Auto-reload isn't available in this shop right now.</Trans>
      </p>
    );
  else if (confirming)
    body = (
      <Notice title={t`Saving your card…`}>
        <Trans>This takes a moment.</Trans>
      </Notice>
    );
  else body = data.card ? <SavedCardPart {...props} data={data} card={data.card} /> : <NoCard {...props} />;
  return (
    <section aria-labelledby="auto-reload-heading" className={cx(cardSurface, 'flex flex-col gap-4 p-4')}>
      <h2 id="auto-reload-heading" className="text-lg font-semibold text-ink">
        <Trans>Auto-reload</Trans>
      </h2>
      {notice && !confirming && <Notice tone="success">{notice}</Notice>}
      {actionError && !confirming && <Notice tone="danger">{actionError}</Notice>}
      {body}
    </section>
  );
}

function NoCard({ onSaveCard, savingCard }: AutoReloadSectionProps) {
  return (
    <>
      <p className="text-ink">
        <Trans>Save a card and we'll top up your wallet for you when your balance runs low.</Trans>
      </p>
      <Button variant="secondary" onClick={onSaveCard} loading={savingCard} fullWidth>
        <Trans>Save a card</Trans>
      </Button>
      <p className="text-sm text-muted">
        <Trans>You'll save it on a secure page. We keep only its brand, last 4 digits and expiry.</Trans>
      </p>
    </>
  );
}

function SavedCardPart(props: AutoReloadSectionProps & { data: AutoReloadData; card: SavedCard }) {
  const { data, card, onSaveCard, savingCard, onRemoveCard, removing, onSave, saving } = props;
  const { t } = useLingui();
  return (
    <>
      <p className="font-medium text-ink">{cardWords(card)}</p>
      {data.paused && (
        <Notice
          tone="warning"
          title={t`Auto-reload is paused`}
          action={
            data.threshold !== null &&
            data.amount !== null && (
              <Button size="sm" onClick={() => onSave?.({ enabled: true, threshold: data.threshold!, amount: data.amount! })} loading={saving}>
                <Trans>Turn auto-reload back on</Trans>
              </Button>
            )
          }
        >
          {data.paused_reason}
        </Notice>
      )}
      <SettingsForm {...props} />
      <div className="flex flex-wrap gap-2">
        <Button variant="ghost" size="sm" onClick={onSaveCard} loading={savingCard}>
          <Trans>Use another card</Trans>
        </Button>
        <Button variant="ghost" size="sm" onClick={onRemoveCard} loading={removing}>
          <Trans>Remove card</Trans>
        </Button>
      </div>
    </>
  );
}

function SettingsForm({ data, onSave, saving, fieldErrors, currency, locale }: AutoReloadSectionProps & { data: AutoReloadData }) {
  const { limits } = data;
  const { t } = useLingui();
  const [on, setOn] = useState(data.enabled);
  const [line, setLine] = useState(data.threshold !== null ? toInput(data.threshold, currency, locale) : '');
  const [add, setAdd] = useState(data.amount !== null ? toInput(data.amount, currency, locale) : '');
  const [errors, setErrors] = useState<{ threshold?: ReactNode; amount?: ReactNode }>({});
  const money = (n: number) => <Money amount={n} currency={currency} locale={locale} />;
  const highestLine = money(limits.threshold_max);
  const lowest = money(limits.amount_min);
  const highest = money(limits.amount_max);
  const lineError = <Trans>Enter an amount up to {highestLine}.</Trans>;
  const addError = (
    <Trans>
      Enter an amount between {lowest} and {highest}.
    </Trans>
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const threshold = parseAmount(line, currency, locale);
    const amount = parseAmount(add, currency, locale);
    const next: typeof errors = {};
    if (threshold === null || threshold < limits.threshold_min || threshold > limits.threshold_max) next.threshold = decimalsProblem(line, currency, locale) ?? lineError;
    if (amount === null || amount < limits.amount_min || amount > limits.amount_max) next.amount = decimalsProblem(add, currency, locale) ?? addError;
    setErrors(next);
    if (next.threshold || next.amount) return;
    onSave?.({ enabled: on, threshold: threshold!, amount: amount! });
  };
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3">
      <label className="flex items-center gap-3 font-medium text-ink">
        <input
          type="checkbox"
          role="switch"
          checked={on}
          disabled={saving}
          onChange={(e) => setOn(e.target.checked)}
          className={cx('size-6 shrink-0 accent-brand', focusRing)}
        />
        <Trans>Top up from my saved card when my balance runs low</Trans>
      </label>
      <TextField
        label={t`When my balance falls below (${currency})`}
        name="threshold"
        inputMode="decimal"
        autoComplete="off"
        value={line}
        onChange={(e) => setLine(e.target.value)}
        error={errors.threshold ?? (fieldErrors?.threshold ? lineError : undefined)}
        disabled={saving}
      />
      <TextField
        label={t`Add (${currency})`}
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        value={add}
        onChange={(e) => setAdd(e.target.value)}
        hint={
          <Trans>
            From {lowest} to {highest}.
          </Trans>
        }
        error={errors.amount ?? (fieldErrors?.amount ? addError : undefined)}
        disabled={saving}
      />
      <Button type="submit" loading={saving} fullWidth>
        <Trans>Save auto-reload</Trans>
      </Button>
    </form>
  );
}
