import { useState } from 'react';
import { t as say } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { moneyInput, moneyProblem, parseMoney } from '#contract/money';
import { TIP_PRESETS_MAX, type TipKind, type TipSettings } from '#contract/tips-rules';
import { Button, Card, ErrorState, Notice, SkeletonGroup, SkeletonText, TextField, cx, focusRing } from '../../../ui';
import { CheckField, Switch, fieldProblem, type EditorPageProps, type SaveProblem } from '../shared/editor-fields';
import { useSettingsForm, type FieldsRead } from '../shared/settings-form';

export interface TipsScreenProps extends EditorPageProps {
  settings?: TipSettings | undefined;
  /** null when saved, else what the provider refused */
  onSave: (fields: TipSettings) => Promise<SaveProblem | null>;
}

/** The form as typed: presets and the most are text until they are saved. */
interface Form {
  enabled: boolean;
  kind: TipKind;
  presets: string;
  custom: boolean;
  max: string;
}

const formOf = (s: TipSettings, currency: string, locale: string): Form => ({
  enabled: s.enabled,
  kind: s.kind,
  presets: s.presets.map((p) => (s.kind === 'percent' ? String(p) : moneyInput(p, currency, locale))).join(', '),
  custom: s.custom,
  max: moneyInput(s.max, currency, locale),
});

/** The form's fields as the call takes them, or the problems by field (the provider's own names). */
function fieldsOf(f: Form, currency: string, locale: string): FieldsRead<TipSettings> {
  const problems: Record<string, string> = {};
  const typed = f.presets
    .split(/\s*[;\n]\s*|,\s+/)
    .map((a) => a.replace(/%$/, '').trim())
    .filter(Boolean);
  const presets: number[] = [];
  const example = moneyInput(2_000, currency, locale);
  for (const choice of typed) {
    if (f.kind === 'percent') {
      if (/^\d{1,3}$/.test(choice)) presets.push(Number(choice));
      else problems.presets = say`must be whole percents such as 10: “${choice}” is not one`;
    } else if (moneyProblem(choice, currency, locale, 2_000)) problems.presets = say`must be amounts such as ${example}: “${choice}” is not one`;
    else presets.push(parseMoney(choice, currency, locale)!);
  }
  if (presets.length > TIP_PRESETS_MAX) problems.presets = say`must be at most ${TIP_PRESETS_MAX} choices`;
  const max = moneyProblem(f.max, currency, locale, 100_000);
  if (max) problems.max = max;
  if (Object.keys(problems).length) return { problems };
  return { fields: { enabled: f.enabled, kind: f.kind, presets, custom: f.custom, max: parseMoney(f.max, currency, locale)! } };
}

/**
 * /merchant/tips (owners; issue 51), its settings: whether checkout offers a tip (off by default), its
 * choices (percentages of the order after discounts, or fixed amounts), whether customers may type their
 * own amount, and the most a tip may be.
 */
export function TipsScreen(props: TipsScreenProps) {
  const { settings, loading, error, onRetry } = props;
  // kept here: the form is new once the saved settings are read again
  const [saved, setSaved] = useState(false);
  const { t } = useLingui();
  if (loading && !settings)
    return (
      <SkeletonGroup label={t`Loading the tip settings`} className="flex flex-col gap-3">
        <SkeletonText lines={4} />
      </SkeletonGroup>
    );
  if (error || !settings) return <ErrorState title={t`We could not load the tip settings`} message={error ?? undefined} {...(onRetry ? { onRetry } : {})} />;
  // a new form when the saved settings change (after a save, or another owner's)
  return <SettingsForm key={JSON.stringify(settings)} {...props} settings={settings} saved={saved} setSaved={setSaved} />;
}

function SettingsForm({
  settings,
  currency,
  locale,
  onSave,
  saved,
  setSaved,
}: TipsScreenProps & { settings: TipSettings; saved: boolean; setSaved: (saved: boolean) => void }) {
  const { form, set, problem, saving, submit } = useSettingsForm(
    () => formOf(settings, currency, locale),
    (f) => fieldsOf(f, currency, locale),
    onSave,
    [saved, setSaved],
  );
  const percent = form.kind === 'percent';
  const { t } = useLingui();
  return (
    <form noValidate onSubmit={(e) => void submit(e)} aria-labelledby="tips-settings" className="flex flex-col gap-4">
      <h2 id="tips-settings" className="text-lg font-semibold">
        {t`Tip settings`}
      </h2>
      <Card className="flex flex-col gap-3">
        <Switch on={form.enabled} label={t`Offer a tip at checkout`} disabled={false} onChange={(on) => set('enabled', on)} />
        <p className="text-sm text-muted">{t`Tips are paid with the order and refunded with it if it is cancelled. They earn no points, and discounts never reduce them.`}</p>
      </Card>
      <Card className="flex flex-col gap-3">
        <fieldset className="m-0 flex flex-col gap-1 border-0 p-0">
          <legend className="mb-1 font-semibold">{t`Tip choices are`}</legend>
          {(['percent', 'amount'] as const).map((k) => (
            <label key={k} className="flex min-h-11 cursor-pointer items-center gap-3">
              <input
                type="radio"
                name="tip-kind"
                value={k}
                checked={form.kind === k}
                onChange={() => set('kind', k)}
                className={cx('size-5 accent-brand', focusRing)}
              />
              {k === 'percent' ? t`Percentages of the order after discounts` : t`Fixed amounts`}
            </label>
          ))}
        </fieldset>
        <TextField
          label={percent ? t`Percentages` : t`Amounts`}
          hint={
            percent
              ? t`Up to ${TIP_PRESETS_MAX}, smallest first, separated by commas, such as 10, 15, 20. Rounded to the nearest cent.`
              : t`Up to ${TIP_PRESETS_MAX}, smallest first, separated by commas.`
          }
          value={form.presets}
          onChange={(e) => set('presets', e.target.value)}
          error={fieldProblem(problem, 'presets', percent ? t`The percentages` : t`The amounts`)}
        />
        <CheckField label={t`Customers can type their own amount`} checked={form.custom} disabled={false} onChange={(on) => set('custom', on)} />
        <TextField
          label={t`Largest tip`}
          hint={t`A percentage choice is capped at it too.`}
          inputMode="decimal"
          value={form.max}
          onChange={(e) => set('max', e.target.value)}
          error={fieldProblem(problem, 'max', t`The largest tip`)}
        />
      </Card>
      {problem?.message && <Notice tone="danger">{problem.message}</Notice>}
      {saved && <Notice tone="success">{t`Saved. Customers see the new tip choices at their next checkout.`}</Notice>}
      <div className="flex justify-end">
        <Button type="submit" loading={saving}>
          {t`Save tips`}
        </Button>
      </div>
    </form>
  );
}
