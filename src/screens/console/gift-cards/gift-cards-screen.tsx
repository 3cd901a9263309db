import { t as say } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { GIFT_AMOUNTS_MAX, GIFT_EXPIRY_MAX_MONTHS, GIFT_EXPIRY_MIN_MONTHS } from '#contract/gift-card-rules';
import type { GiftCardSettings, GiftCardSettingsFields } from '#contract/gift-cards';
import { moneyInput, moneyProblem, parseMoney } from '#contract/money';
import { Button, Card, ErrorState, Notice, SkeletonGroup, SkeletonText, TextField } from '../../../ui';
import { CheckField, Switch, TextAreaField, fieldProblem, nestedProblem, type EditorPageProps, type SaveProblem } from '../shared/editor-fields';
import { useSettingsForm, type FieldsRead } from '../shared/settings-form';

export interface GiftCardsScreenProps extends EditorPageProps {
  settings?: GiftCardSettings | undefined;
  /** owners change the settings; staff read them */
  canEdit: boolean;
  /** null when saved, else what the provider refused */
  onSave: (fields: GiftCardSettingsFields) => Promise<SaveProblem | null>;
}

/** The form as typed: amounts and months are text until they are saved. */
interface Form {
  enabled: boolean;
  amounts: string;
  custom: boolean;
  min: string;
  max: string;
  expires: boolean;
  months: string;
  designs: GiftCardSettings['designs'];
}

const formOf = (s: GiftCardSettings, locale: string): Form => ({
  enabled: s.enabled,
  amounts: s.amounts.map((a) => moneyInput(a, s.currency, locale)).join(', '),
  custom: s.custom !== null,
  min: s.custom ? moneyInput(s.custom.min, s.currency, locale) : '',
  max: s.custom ? moneyInput(s.custom.max, s.currency, locale) : '',
  expires: s.expiry_months !== null,
  months: s.expiry_months === null ? '' : String(s.expiry_months),
  designs: s.designs,
});

/** The form's fields as the call takes them, or the problems by field (the provider's own names). */
function fieldsOf(f: Form, currency: string, locale: string): FieldsRead<GiftCardSettingsFields> {
  const problems: Record<string, string> = {};
  // the fixed amounts: a list as a person types it, "250, 500, 1,000" read with the thousands' commas kept
  const typed = f.amounts
    .split(/\s*[;\n]\s*|,\s+/)
    .map((a) => a.trim())
    .filter(Boolean);
  const amounts: number[] = [];
  for (const a of typed) {
    const problem = moneyProblem(a, currency, locale, 50_000);
    const example = moneyInput(50_000, currency, locale);
    if (problem) problems.amounts = say`must be amounts such as ${example}: “${a}” is not one`;
    else amounts.push(parseMoney(a, currency, locale)!);
  }
  if (amounts.length > GIFT_AMOUNTS_MAX) problems.amounts = say`must be at most ${GIFT_AMOUNTS_MAX} amounts`;
  const money = (text: string, field: string) => {
    const problem = moneyProblem(text, currency, locale, 100_000);
    if (problem) problems[field] = problem;
    return parseMoney(text, currency, locale) ?? 0;
  };
  const custom = f.custom ? { min: money(f.min, 'custom.min'), max: money(f.max, 'custom.max') } : null;
  const months = Number(f.months);
  if (f.expires && (!/^\d+$/.test(f.months.trim()) || months < GIFT_EXPIRY_MIN_MONTHS || months > GIFT_EXPIRY_MAX_MONTHS))
    problems.expiry_months = say`must be from ${GIFT_EXPIRY_MIN_MONTHS} to ${GIFT_EXPIRY_MAX_MONTHS} months`;
  if (Object.keys(problems).length) return { problems };
  const fields: GiftCardSettingsFields = {
    enabled: f.enabled,
    amounts,
    custom,
    expiry_months: f.expires ? months : null,
    designs: f.designs.map(({ id, name, message, enabled }) => ({ id, name, message, enabled })),
  };
  return { fields };
}

/** One design: its picture, whether it is offered, its name and the message it suggests. */
function DesignFields({
  design,
  index,
  disabled,
  problem,
  onChange,
}: {
  design: Form['designs'][number];
  index: number;
  disabled: boolean;
  problem: SaveProblem | null;
  onChange: (d: Form['designs'][number]) => void;
}) {
  const { t } = useLingui();
  const name = design.name;
  return (
    <Card as="li" className="flex flex-col gap-3 sm:flex-row">
      <img src={design.picture} alt="" width={160} height={100} className="h-24 w-40 shrink-0 rounded-lg bg-surface object-cover" />
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <CheckField label={t`Offer “${name}”`} checked={design.enabled} disabled={disabled} onChange={(enabled) => onChange({ ...design, enabled })} />
        <TextField
          label={t`Name`}
          value={design.name}
          maxLength={60}
          readOnly={disabled}
          onChange={(e) => onChange({ ...design, name: e.target.value })}
          error={nestedProblem(problem, 'designs', `${index}.name`, t`The name`)}
        />
        <TextAreaField
          label={t`Message it suggests`}
          value={design.message}
          maxLength={300}
          readOnly={disabled}
          onChange={(e) => onChange({ ...design, message: e.target.value })}
          error={nestedProblem(problem, 'designs', `${index}.message`, t`The message`)}
        />
      </div>
    </Card>
  );
}

/** What a part of the form takes: the form, its setter, the last problem, whether it is read only. */
interface PartProps {
  form: Form;
  set: <K extends keyof Form>(k: K, v: Form[K]) => void;
  problem: SaveProblem | null;
  disabled: boolean;
}

/** The fixed amounts, and the range of the sender's own. */
function AmountsCard({ form, set, problem, disabled, currency, locale }: PartProps & { currency: string; locale: string }) {
  const { t } = useLingui();
  const examples = [25_000, 50_000, 100_000].map((a) => moneyInput(a, currency, locale)).join(', ');
  return (
    <Card className="flex flex-col gap-3">
      <h2 className="text-lg font-semibold">{t`Amounts`}</h2>
      <TextField
        label={t`Amounts to choose from`}
        hint={t`Up to ${GIFT_AMOUNTS_MAX}, separated by commas, such as ${examples}.`}
        value={form.amounts}
        readOnly={disabled}
        onChange={(e) => set('amounts', e.target.value)}
        error={fieldProblem(problem, 'amounts', t`The amounts`)}
      />
      <CheckField label={t`Senders may choose an amount of their own`} checked={form.custom} disabled={disabled} onChange={(on) => set('custom', on)} />
      {form.custom && (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label={t`Smallest`}
            inputMode="decimal"
            value={form.min}
            readOnly={disabled}
            onChange={(e) => set('min', e.target.value)}
            error={fieldProblem(problem, 'custom.min', t`The smallest amount`)}
          />
          <TextField
            label={t`Largest`}
            inputMode="decimal"
            value={form.max}
            readOnly={disabled}
            onChange={(e) => set('max', e.target.value)}
            error={fieldProblem(problem, 'custom.max', t`The largest amount`)}
          />
        </div>
      )}
    </Card>
  );
}

/** Whether cards expire, and after how many months. */
function ExpiryCard({ form, set, problem, disabled }: PartProps) {
  const { t } = useLingui();
  return (
    <Card className="flex flex-col gap-3">
      <h2 className="text-lg font-semibold">{t`Expiry`}</h2>
      <CheckField
        label={t`Cards expire`}
        hint={t`Off by default: in many places gift cards may not expire, or only after several years. Check the rules where you trade first.`}
        checked={form.expires}
        disabled={disabled}
        onChange={(on) => set('expires', on)}
      />
      {form.expires && (
        <TextField
          label={t`Months after they are sent`}
          hint={t`From ${GIFT_EXPIRY_MIN_MONTHS} to ${GIFT_EXPIRY_MAX_MONTHS} months.`}
          inputMode="numeric"
          value={form.months}
          readOnly={disabled}
          onChange={(e) => set('months', e.target.value)}
          error={fieldProblem(problem, 'expiry_months', t`The months`)}
        />
      )}
    </Card>
  );
}

/**
 * /merchant/gift-cards (owners; issue 49): whether customers can send gift cards, the
 * amounts (fixed ones and a range of their own), whether cards expire (never, by default), and the designs
 * with the messages they suggest.
 */
export function GiftCardsScreen(props: GiftCardsScreenProps) {
  const { settings, loading, error, onRetry, canEdit, locale } = props;
  const { t } = useLingui();
  if (loading && !settings)
    return (
      <SkeletonGroup label={t`Loading the gift card settings`} className="flex flex-col gap-3">
        <SkeletonText lines={3} />
        <SkeletonText lines={4} />
      </SkeletonGroup>
    );
  if (error || !settings)
    return <ErrorState title={t`We could not load the gift card settings`} message={error ?? undefined} {...(onRetry ? { onRetry } : {})} />;
  // a new form when the saved settings change (after a save, or another owner's)
  return <SettingsForm key={JSON.stringify(settings)} {...props} settings={settings} canEdit={canEdit} locale={locale} />;
}

function SettingsForm({ settings, canEdit, locale, onSave }: GiftCardsScreenProps & { settings: GiftCardSettings }) {
  const { t } = useLingui();
  const { currency } = settings;
  const { form, set, problem, saving, saved, submit } = useSettingsForm(
    () => formOf(settings, locale),
    (f) => fieldsOf(f, currency, locale),
    onSave,
  );
  const disabled = !canEdit;
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
      {!canEdit && <Notice tone="info">{t`Only an owner can change the gift card settings.`}</Notice>}
      <Card className="flex flex-col gap-3">
        <Switch on={form.enabled} label={t`Customers can send gift cards`} disabled={disabled} onChange={(on) => set('enabled', on)} />
        <p className="text-sm text-muted">
          {t`A gift card is paid from the sender's wallet and lands in the recipient's as gift money, kept apart from their own top-ups. Sent cards keep working when you turn this off.`}
        </p>
      </Card>
      <AmountsCard form={form} set={set} problem={problem} disabled={disabled} currency={currency} locale={locale} />
      <ExpiryCard form={form} set={set} problem={problem} disabled={disabled} />
      <section aria-labelledby="gift-designs" className="flex flex-col gap-3">
        <h2 id="gift-designs" className="text-lg font-semibold">
          {t`Designs`}
        </h2>
        {problem?.fields.designs && (
          <p role="alert" className="text-sm font-medium text-danger">
            {fieldProblem(problem, 'designs', t`The designs`)}
          </p>
        )}
        <ul className="flex flex-col gap-3">
          {form.designs.map((d, i) => (
            <DesignFields
              key={d.id}
              design={d}
              index={i}
              disabled={disabled}
              problem={problem}
              onChange={(next) =>
                set(
                  'designs',
                  form.designs.map((x) => (x.id === d.id ? next : x)),
                )
              }
            />
          ))}
        </ul>
      </section>
      {canEdit && (
        <>
          {problem?.message && <Notice tone="danger">{problem.message}</Notice>}
          {saved && <Notice tone="success">{t`Saved. Customers see the new choices the next time they open Gift cards.`}</Notice>}
          <div className="flex justify-end">
            <Button type="submit" loading={saving}>
              {t`Save gift cards`}
            </Button>
          </div>
        </>
      )}
    </form>
  );
}
