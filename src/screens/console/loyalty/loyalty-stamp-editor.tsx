import { useId, useState, type FormEvent } from 'react';
import { msg, t as say } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import {
  STAMP_EXPIRY_DAYS_MAX,
  stampProgramBody,
  STAMPS_NEEDED_MAX,
  STAMPS_NEEDED_MIN,
  type StampPer,
  type StampProgram,
  type StampProgramFields,
  type StampProgramInput,
} from '#contract/stamps';
import { Card, Notice, TextField, cx, focusRing } from '../../../ui';
import { FormActions, nestedProblem, SelectField, type SaveProblem } from '../shared/editor-fields';
import { stampPreview, type RuleMenu } from './loyalty-words';
import { ProductPicker } from '../shared/product-picker';
import { spoken } from '../shared/spoken';

/** A catalogue reward a card may give. */
export interface StampReward {
  id: number;
  title: string;
}

export interface StampProgramEditorProps {
  /** null: a new programme */
  program: StampProgram | null;
  menu?: RuleMenu | undefined;
  /** the catalogue's active rewards; undefined while they load */
  rewards?: readonly StampReward[] | undefined;
  locale: string;
  /** answers null when saved, else what the provider refused (an update's fields named `program.name` …) */
  onSave: (id: number | null, program: StampProgramInput) => Promise<SaveProblem | null>;
  onDone: (saved: string | null) => void;
}

interface Form {
  name: string;
  product_ids: number[];
  category_ids: number[];
  per: StampPer;
  stamps_needed: string;
  reward_id: string;
  expiry_days: string;
}

const formOf = (p: StampProgram | null): Form => ({
  name: p?.name ?? '',
  product_ids: p?.product_ids ?? [],
  category_ids: p?.category_ids ?? [],
  per: p?.per ?? 'item',
  stamps_needed: String(p?.stamps_needed ?? 10),
  reward_id: p ? String(p.reward_id) : '',
  expiry_days: String(p?.expiry_days ?? 365),
});

const whole = (v: string) => (/^\d+$/.test(v.trim()) ? Number(v.trim()) : NaN);
const bodyOf = (f: Form) => ({
  ...f,
  stamps_needed: whole(f.stamps_needed),
  reward_id: f.reward_id === '' ? undefined : Number(f.reward_id),
  expiry_days: whole(f.expiry_days),
});

/** The form checked by the contract's schema: the programme, or its problems by field. */
function checked(form: Form): { program: StampProgramFields } | { problems: Record<string, string> } {
  const parsed = stampProgramBody.safeParse(bodyOf(form));
  if (parsed.success) return { program: parsed.data };
  const problems: Record<string, string> = {};
  for (const issue of parsed.error.issues) problems[issue.path.join('.')] ??= issue.message;
  if (form.reward_id === '') problems.reward_id = say`is not chosen yet`;
  return { problems };
}

const PER_LABEL = spoken<StampPer>({ item: msg`One stamp per item`, visit: msg`One stamp per visit` });
const PER_HINT = spoken<StampPer>({
  item: msg`Three lattes in one order give three stamps.`,
  visit: msg`An order or a counter sale with at least one of them gives one stamp.`,
});

/** A reward the shop no longer offers, still the programme's: "Free Latte (no longer active)". */
const noLongerActive = (reward: string) => say`${reward} (no longer active)`;

/** One stamp card programme's editor: what earns stamps, how many fill a card, its reward and how long a card lasts, with a preview line. */
export function StampProgramEditor({ program, menu, rewards, locale, onSave, onDone }: StampProgramEditorProps) {
  const [form, setForm] = useState(() => formOf(program));
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const [saving, setSaving] = useState(false);
  const perName = useId();
  const { t } = useLingui();
  const set = <K extends keyof Form>(k: K, v: Form[K]) => setForm((f) => ({ ...f, [k]: v }));
  const problemAt = (field: string, label: string | null) => nestedProblem(problem, 'program', field, label);

  // the programme's reward stays a choice while it is no longer active
  const choices =
    rewards && program && !rewards.some((r) => r.id === program.reward_id)
      ? [...rewards, { id: program.reward_id, title: noLongerActive(program.reward_title) }]
      : rewards;
  const rewardTitle = choices?.find((r) => String(r.id) === form.reward_id)?.title ?? null;
  const needed = whole(form.stamps_needed);
  const expiry = whole(form.expiry_days);
  const programName = program?.name;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const out = checked(form);
    if ('problems' in out) return setProblem({ message: '', fields: out.problems });
    setSaving(true);
    const refused = await onSave(program?.id ?? null, out.program);
    setSaving(false);
    setProblem(refused);
    if (!refused) onDone(out.program.name);
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      className="grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_18rem]"
      aria-label={program ? t`Edit ${programName}` : t`Add a stamp card`}
    >
      <Card as="section" title={t`The card`} className="flex min-w-0 flex-col gap-4 lg:col-start-1 lg:row-start-1">
        <TextField
          label={t`Name`}
          hint={t`Customers see it on their card: “Coffee card”.`}
          maxLength={60}
          value={form.name}
          onChange={(e) => set('name', e.target.value)}
          error={problemAt('name', t`The name`)}
        />
        <ProductPicker legend={t`Which products earn stamps?`} value={form} onChange={set} menu={menu} problem={problem} wrapper="program" />
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 font-medium">{t`How are stamps given?`}</legend>
          {(['item', 'visit'] as const).map((v) => (
            <label key={v} className="flex items-start gap-2">
              <input type="radio" name={perName} value={v} checked={form.per === v} onChange={() => set('per', v)} className={cx('mt-1 size-4', focusRing)} />
              <span className="flex flex-col">
                <span className="font-medium">{PER_LABEL[v]}</span>
                <span className="text-sm text-muted">{PER_HINT[v]}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t`Stamps to fill a card`}
            inputMode="numeric"
            hint={t`From ${STAMPS_NEEDED_MIN} to ${STAMPS_NEEDED_MAX}.`}
            value={form.stamps_needed}
            onChange={(e) => set('stamps_needed', e.target.value)}
            error={problemAt('stamps_needed', t`The stamps`)}
          />
          <TextField
            label={t`Days a card lasts`}
            inputMode="numeric"
            hint={t`From its first stamp, at most ${STAMP_EXPIRY_DAYS_MAX}. 0: stamps never expire.`}
            value={form.expiry_days}
            onChange={(e) => set('expiry_days', e.target.value)}
            error={problemAt('expiry_days', t`The days`)}
          />
        </div>
        <SelectField
          label={t`Reward for a full card`}
          hint={t`From your rewards catalogue; the customer gets it as a voucher, without spending points.`}
          value={form.reward_id}
          disabled={!choices}
          onChange={(e) => set('reward_id', e.target.value)}
          error={problemAt('reward_id', t`The reward`)}
        >
          <option value="">{choices ? t`Choose a reward` : t`Loading the rewards…`}</option>
          {choices?.map((r) => (
            <option key={r.id} value={r.id}>
              {r.title}
            </option>
          ))}
        </SelectField>
        {choices?.length === 0 && <p className="text-sm text-muted">{t`The catalogue has no active reward: add one in Rewards first.`}</p>}
      </Card>
      <Card as="section" title={t`Preview`} className="lg:sticky lg:top-6 lg:col-start-2 lg:row-start-1">
        <p aria-live="polite">
          {Number.isNaN(needed) || Number.isNaN(expiry)
            ? t`The preview shows once the numbers are filled in.`
            : stampPreview({ ...form, stamps_needed: needed, expiry_days: expiry }, rewardTitle, menu, locale)}
        </p>
      </Card>
      <div className="flex min-w-0 flex-col gap-4 lg:col-start-1">
        {problem && !problem.message && Object.keys(problem.fields).length > 0 && <Notice tone="danger">{t`Please check the highlighted fields.`}</Notice>}
        <FormActions problem={problem} saving={saving} submitLabel={program ? t`Save stamp card` : t`Add stamp card`} onCancel={() => onDone(null)} />
      </div>
    </form>
  );
}

/** The editor as the Loyalty page shows it, in place of the lists. */
export function StampEditorPage(props: StampProgramEditorProps) {
  const { t } = useLingui();
  const name = props.program?.name;
  return (
    <div className="flex flex-col gap-4">
      <h2 className="text-xl font-semibold">{name !== undefined ? t`Edit ${name}` : t`Add a stamp card`}</h2>
      <StampProgramEditor {...props} />
    </div>
  );
}
