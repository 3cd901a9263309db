import { useId } from 'react';
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { progressWords, tierProgramBody, TIERS_MAX, type TierBasis, type TierProgramFields, type TiersConsoleData } from '#contract/tiers';
import { Button, Card, ErrorState, Notice, SkeletonGroup, SkeletonText, TextField, cx, focusRing } from '../../../ui';
import { CheckField, SelectField, Switch, type SaveProblem } from '../shared/editor-fields';
import { useSettingsForm, type FieldsRead } from '../shared/settings-form';
import { spoken } from '../shared/spoken';

/** A reward a tier may give: the catalogue's active ones, by id. */
export interface TierRewardChoice {
  id: number;
  title: string;
}

export interface TiersScreenProps {
  program?: TiersConsoleData | undefined;
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  locale: string;
  /** owners change the programme; staff read it */
  canEdit: boolean;
  /** the catalogue's active rewards (undefined while loading, or for staff: the programme's own are offered) */
  rewards?: readonly TierRewardChoice[] | undefined;
  /** the whole programme: null when saved, else what the provider refused (fields named `tiers.1.threshold` …) */
  onSave: (program: TierProgramFields) => Promise<SaveProblem | null>;
}

const BASIS_LABEL = spoken<TierBasis>({ points: msg`Points earned in the last 12 months`, visits: msg`Visits in the last 12 months` });
/** A tier's threshold's label, in the unit that counts */
const BASIS_FROM = spoken<TierBasis>({ points: msg`From (points)`, visits: msg`From (visits)` });

/** A tier as typed. */
interface TierForm {
  key: number;
  name: string;
  threshold: string;
  multiplier: string;
  welcome: string;
  birthday: string;
  early: number[];
}
interface Form {
  enabled: boolean;
  basis: TierBasis;
  tiers: TierForm[];
}

let nextKey = 0;
function formOf(p: TiersConsoleData): Form {
  return {
    enabled: p.enabled,
    basis: p.basis,
    tiers: p.tiers.map((t) => ({
      key: nextKey++,
      name: t.name,
      threshold: String(t.threshold),
      multiplier: String(t.multiplier),
      welcome: t.welcome_reward ? String(t.welcome_reward.id) : '',
      birthday: t.birthday_reward ? String(t.birthday_reward.id) : '',
      early: t.early_rewards.map((r) => r.id),
    })),
  };
}

const number = (v: string) => (/^\d+(\.\d+)?$/.test(v.trim().replace(/,/g, '')) ? Number(v.trim().replace(/,/g, '')) : v.trim() === '' ? NaN : v);

/** The form as the call's body (the first tier at 0), checked by the contract's schema: the programme, or its problems by field. */
function checked(form: Form): FieldsRead<TierProgramFields> {
  const parsed = tierProgramBody.safeParse({
    enabled: form.enabled,
    basis: form.basis,
    tiers: form.tiers.map((t, i) => ({
      name: t.name,
      threshold: i === 0 ? 0 : number(t.threshold),
      multiplier: number(t.multiplier),
      welcome_reward_id: t.welcome ? Number(t.welcome) : null,
      birthday_reward_id: t.birthday ? Number(t.birthday) : null,
      early_reward_ids: t.early,
    })),
  });
  if (parsed.success) return { fields: parsed.data };
  const problems: Record<string, string> = {};
  for (const issue of parsed.error.issues) problems[issue.path.join('.')] ??= issue.message;
  return { problems };
}

/** The problem on a field or inside it (`tiers.1.early_reward_ids.0`), with what it is about in front. */
function problemAt(problem: SaveProblem | null, field: string, label: string): string | undefined {
  const key = problem && Object.keys(problem.fields).find((k) => k === field || k.startsWith(`${field}.`));
  return key ? `${label} ${problem.fields[key]}.` : undefined;
}

interface TierFieldsProps {
  tier: TierForm;
  index: number;
  form: Form;
  rewards: readonly TierRewardChoice[];
  problem: SaveProblem | null;
  canEdit: boolean;
  onChange: (t: TierForm) => void;
  onRemove: (() => void) | null;
}

function TierFields({ tier, index, form, rewards, problem, canEdit, onChange, onRemove }: TierFieldsProps) {
  const at = `tiers.${index}`;
  const set = <K extends keyof TierForm>(k: K, v: TierForm[K]) => onChange({ ...tier, [k]: v });
  const headingId = useId();
  const { t } = useLingui();
  const number = index + 1;
  const title = tier.name.trim() || t`Tier ${number}`;
  const from = BASIS_FROM[form.basis];
  const rewardSelect = (k: 'welcome' | 'birthday', label: string, hint: string, none: string, field: string, about: string) => (
    <SelectField
      label={label}
      hint={hint}
      value={tier[k]}
      disabled={!canEdit}
      onChange={(e) => set(k, e.target.value)}
      error={problemAt(problem, `${at}.${field}`, about)}
    >
      <option value="">{none}</option>
      {rewards.map((r) => (
        <option key={r.id} value={String(r.id)}>
          {r.title}
        </option>
      ))}
    </SelectField>
  );
  return (
    <Card as="li" aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-3">
        <h3 id={headingId} className="text-lg font-semibold">
          {index + 1}. {title}
        </h3>
        {onRemove && (
          <Button size="sm" variant="ghost" onClick={onRemove} aria-label={t`Remove ${title}`}>
            {t`Remove`}
          </Button>
        )}
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          label={t`Name`}
          maxLength={30}
          value={tier.name}
          readOnly={!canEdit}
          onChange={(e) => set('name', e.target.value)}
          error={problemAt(problem, `${at}.name`, t`The name`)}
        />
        {index === 0 ? (
          <TextField label={from} value="0" readOnly hint={t`Every customer starts here.`} />
        ) : (
          <TextField
            label={from}
            inputMode="numeric"
            value={tier.threshold}
            readOnly={!canEdit}
            onChange={(e) => set('threshold', e.target.value)}
            error={problemAt(problem, `${at}.threshold`, t`The threshold`)}
          />
        )}
        <TextField
          label={t`Points multiplier`}
          inputMode="decimal"
          hint={t`1: no extra points; 1.5: half as many again.`}
          value={tier.multiplier}
          readOnly={!canEdit}
          onChange={(e) => set('multiplier', e.target.value)}
          error={problemAt(problem, `${at}.multiplier`, t`The multiplier`)}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {rewardSelect(
          'welcome',
          t`Welcome reward`,
          t`A voucher the first time a customer reaches this tier.`,
          t`No welcome reward`,
          'welcome_reward_id',
          t`The welcome reward`,
        )}
        {rewardSelect(
          'birthday',
          t`Birthday reward`,
          t`Instead of the shop’s birthday treat.`,
          t`The shop’s treat`,
          'birthday_reward_id',
          t`The birthday reward`,
        )}
      </div>
      {rewards.length > 0 && (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 font-medium">{t`Early access`}</legend>
          <p className="text-sm text-muted">{t`Rewards only this tier and those above can redeem.`}</p>
          <div className="grid gap-2 sm:grid-cols-2">
            {rewards.map((r) => (
              <CheckField
                key={r.id}
                label={r.title}
                checked={tier.early.includes(r.id)}
                disabled={!canEdit}
                onChange={(on) => set('early', on ? [...tier.early, r.id] : tier.early.filter((x) => x !== r.id))}
              />
            ))}
          </div>
          {problemAt(problem, `${at}.early_reward_ids`, t`Early access`) && (
            <p className="text-sm font-medium text-danger">{problemAt(problem, `${at}.early_reward_ids`, t`Early access`)}</p>
          )}
        </fieldset>
      )}
    </Card>
  );
}

/** How many customers are in each tier, with a bar for each. */
function TierCounts({ program, locale }: { program: TiersConsoleData; locale: string }) {
  const total = program.tiers.reduce((n, tier) => n + tier.customers, 0);
  const { t } = useLingui();
  return (
    <Card as="section" title={t`Customers in each tier`} className="flex flex-col gap-3">
      <ul className="flex flex-col gap-3" aria-label={t`Customers in each tier`}>
        {program.tiers.map((tier, i) => {
          const share = total === 0 ? 0 : Math.round((tier.customers / total) * 100);
          const count = tier.customers.toLocaleString(locale);
          return (
            <li key={tier.name} className="flex flex-col gap-1">
              <span className="flex justify-between gap-2">
                <span className="font-medium">{tier.name}</span>
                {tier.customers === 0 ? (
                  // "0 customers (0%)" read as if the tier were broken: said plainly (every customer starts in the first)
                  <span className="text-muted">{i === 0 ? t`No customers yet` : t`No customers have reached it yet`}</span>
                ) : (
                  <span>
                    {plural(tier.customers, { one: `${count} customer`, other: `${count} customers` })} <span className="text-muted">({share}%)</span>
                  </span>
                )}
              </span>
              <span aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-surface">
                <span className="block h-full rounded-full bg-brand" style={{ width: `${share}%` }} />
              </span>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

/** The customers closest to their next tier, closest first. */
function CloseList({ program }: { program: TiersConsoleData }) {
  const { t } = useLingui();
  return (
    <Card as="section" title={t`Close to the next tier`} className="flex flex-col gap-3">
      {program.close.length === 0 ? (
        <p className="text-muted">{t`Nobody is close to a next tier yet.`}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-border" aria-label={t`Close to the next tier`}>
          {program.close.map((c) => (
            <li key={c.customer_id} className="flex flex-col py-2">
              <span className="font-medium">{c.name}</span>
              <span className="text-sm">
                {c.tier} → {c.next}: {progressWords(program.basis, c.remaining, c.next)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

interface TiersFormProps {
  program: TiersConsoleData;
  canEdit: boolean;
  rewards: readonly TierRewardChoice[];
  onSave: TiersScreenProps['onSave'];
}

function TiersForm({ program, canEdit, rewards, onSave }: TiersFormProps) {
  // the problems found before calling are worded below ("The tiers …"), so no message of the hook's own
  const { form, update: change, problem, setProblem, saving, saved, submit } = useSettingsForm(() => formOf(program), checked, onSave, undefined, '');
  const basisName = useId();
  const { t } = useLingui();

  const general = problem && (problem.fields.tiers ?? problem.fields.enabled ?? problem.fields.basis);
  return (
    <form noValidate onSubmit={(e) => void submit(e)} aria-label={t`Tier programme`} className="flex min-w-0 flex-col gap-4">
      <Card className="flex flex-col gap-4">
        <Switch on={form.enabled} label={t`Tiers on`} disabled={!canEdit} onChange={(on) => change((f) => ({ ...f, enabled: on }))} />
        {!form.enabled && (
          <Notice tone="info">
            {t`Tiers are off: customers see no tier, earn no tier multiplier and get no tier rewards. What each customer has earned still counts if you turn them on again.`}
          </Notice>
        )}
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 font-medium">{t`What counts`}</legend>
          {(['points', 'visits'] as const).map((b) => (
            <label key={b} className="flex items-center gap-2">
              <input
                type="radio"
                name={basisName}
                value={b}
                checked={form.basis === b}
                disabled={!canEdit}
                onChange={() => change((f) => ({ ...f, basis: b }))}
                className={cx('size-4', focusRing)}
              />
              {BASIS_LABEL[b]}
            </label>
          ))}
          <p className="text-sm text-muted">
            {t`Points taken back on a cancellation count against it. A customer keeps a tier for 12 months from reaching it, and is told 30 days before it would drop.`}
          </p>
        </fieldset>
      </Card>
      <ol className="flex flex-col gap-3" aria-label={t`Tiers`}>
        {form.tiers.map((tier, i) => (
          <TierFields
            key={tier.key}
            tier={tier}
            index={i}
            form={form}
            rewards={rewards}
            problem={problem}
            canEdit={canEdit}
            onChange={(nt) => change((f) => ({ ...f, tiers: f.tiers.map((x) => (x.key === tier.key ? nt : x)) }))}
            onRemove={
              canEdit && i > 0
                ? () => {
                    setProblem(null);
                    change((f) => ({ ...f, tiers: f.tiers.filter((x) => x.key !== tier.key) }));
                  }
                : null
            }
          />
        ))}
      </ol>
      {canEdit && (
        <div className="flex flex-col gap-3">
          <div>
            <Button
              variant="secondary"
              disabled={form.tiers.length >= TIERS_MAX}
              onClick={() => {
                setProblem(null);
                change((f) => ({
                  ...f,
                  tiers: [...f.tiers, { key: nextKey++, name: '', threshold: '', multiplier: '1', welcome: '', birthday: '', early: [] }],
                }));
              }}
            >
              {t`Add a tier`}
            </Button>
            <p className="mt-1 text-sm text-muted">{t`Up to ${TIERS_MAX} tiers, each from more than the one before.`}</p>
          </div>
          <div aria-live="polite" className="flex flex-col gap-2">
            {problem && !problem.message && Object.keys(problem.fields).length > 0 && (
              <Notice tone="danger">{general ? t`The tiers ${general}.` : t`Please check the highlighted fields.`}</Notice>
            )}
            {problem?.message && <Notice tone="danger">{problem.message}</Notice>}
            {saved && <Notice tone="success">{t`Saved. Customers are placed in their tiers again; nobody drops before their 12 months end.`}</Notice>}
          </div>
          <div className="flex justify-end">
            <Button type="submit" loading={saving}>
              {t`Save tiers`}
            </Button>
          </div>
        </div>
      )}
    </form>
  );
}

/** /merchant/loyalty/tiers (staff read it, owners change it): the tier programme, how many customers are in each tier and who is close to the next. */
export function TiersScreen({ program, loading, error, onRetry, locale, canEdit, rewards, onSave }: TiersScreenProps) {
  const { t } = useLingui();
  if (loading && !program)
    return (
      <SkeletonGroup label={t`Loading the tiers`} className="flex flex-col gap-3">
        {[0, 1, 2].map((i) => (
          <Card key={i}>
            <SkeletonText lines={3} />
          </Card>
        ))}
      </SkeletonGroup>
    );
  if (!program) return <ErrorState title={t`We could not load the tiers`} message={error ?? t`Please try again.`} onRetry={onRetry} />;
  // the catalogue's active rewards, and those the programme names (one retired since stays chosen)
  const named = program.tiers
    .flatMap((tier) => [tier.welcome_reward, tier.birthday_reward, ...tier.early_rewards])
    .filter((r): r is TierRewardChoice => r !== null);
  const choices = [...(rewards ?? []), ...named].filter((r, i, all) => all.findIndex((o) => o.id === r.id) === i);
  return (
    <div className="flex flex-col gap-4">
      <p className="text-muted">{t`Customers move up by what they earn over the last 12 months; each tier can multiply their points and give its own rewards.`}</p>
      {!canEdit && <Notice tone="info">{t`Only an owner can change the tiers.`}</Notice>}
      <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <TiersForm program={program} canEdit={canEdit} rewards={choices} onSave={onSave} />
        <div className="flex min-w-0 flex-col gap-4">
          <TierCounts program={program} locale={locale} />
          <CloseList program={program} />
        </div>
      </div>
    </div>
  );
}
