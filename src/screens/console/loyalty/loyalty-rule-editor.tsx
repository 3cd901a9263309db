import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLingui as useSpokenLanguage } from '#i18n/use-lingui';
import {
  asEarningRule,
  loyaltyRuleBody,
  RULE_ACTIONS,
  RULE_KINDS,
  SIMULATE_DAYS,
  WEEKDAYS,
  type LoyaltyRule,
  type LoyaltyRuleFields,
  type LoyaltyRuleInput,
  type LoyaltySimulateData,
  type RuleAction,
  type RuleKind,
  type Weekday,
} from '#contract/loyalty';
import { Button, Card, Notice, TextField, cx, focusRing } from '../../../ui';
import { FormActions, nestedProblem, SelectField, type SaveProblem } from '../shared/editor-fields';
import { ProductPicker } from '../shared/product-picker';
import { ACTION_LABEL, DAY_NAMES, KIND_HINT, KIND_TITLE, previewSentence, type PreviewShop, type RuleMenu } from './loyalty-words';

/** What the simulator answered: the figures, or why it could not. */
export type SimulateOutcome = { result: LoyaltySimulateData } | { error: string };

export interface LoyaltyRuleEditorProps {
  /** null: a new rule */
  rule: LoyaltyRule | null;
  menu?: RuleMenu | undefined;
  shop: PreviewShop;
  /** answers null when saved, else what the provider refused (its fields named `multiplier`, `rule.days` …) */
  onSave: (id: number | null, rule: LoyaltyRuleInput) => Promise<SaveProblem | null>;
  onSimulate: (rule: LoyaltyRuleInput) => Promise<SimulateOutcome>;
  onDone: (saved: string | null) => void;
}

interface Form {
  kind: RuleKind | null;
  name: string;
  /** a window rule gives a multiplier or bonus points */
  gives: 'multiplier' | 'points';
  multiplier: string;
  points: string;
  product_ids: number[];
  category_ids: number[];
  days: Weekday[];
  start: string;
  end: string;
  limit_per_day: string;
  limit_total: string;
  action: RuleAction;
}

function formOf(r: LoyaltyRule | null): Form {
  return {
    kind: r?.kind ?? null,
    name: r?.name ?? '',
    gives: r?.kind === 'window' && r.multiplier === null ? 'points' : 'multiplier',
    multiplier: r?.multiplier === null || r?.multiplier === undefined ? '2' : String(r.multiplier),
    points: r?.points === null || r?.points === undefined ? '10' : String(r.points),
    product_ids: r?.product_ids ?? [],
    category_ids: r?.category_ids ?? [],
    // what is saved; a new rule (or one of another kind becoming happy hours) starts with no day pressed
    days: r?.days ?? [],
    start: r?.start ?? '14:00',
    end: r?.end ?? '16:00',
    limit_per_day: String(r?.limit_per_day ?? 1),
    limit_total: String(r?.limit_total ?? 0),
    action: r?.action ?? 'verified_email',
  };
}

const decimal = (v: string) => (/^\d+(\.\d+)?$/.test(v.trim()) ? Number(v.trim()) : NaN);
const whole = (v: string) => (/^\d+$/.test(v.trim()) ? Number(v.trim()) : NaN);

/** The form as the call's body, for its kind. */
function bodyOf(form: Form, kind: RuleKind): Record<string, unknown> {
  const targets = { product_ids: form.product_ids, category_ids: form.category_ids };
  switch (kind) {
    case 'multiplier':
      return { kind, name: form.name, multiplier: decimal(form.multiplier), ...targets };
    case 'bonus':
      return { kind, name: form.name, points: whole(form.points), ...targets };
    case 'window':
      return {
        kind,
        name: form.name,
        days: WEEKDAYS.filter((d) => form.days.includes(d)),
        start: form.start,
        end: form.end,
        multiplier: form.gives === 'multiplier' ? decimal(form.multiplier) : null,
        points: form.gives === 'points' ? whole(form.points) : null,
        limit_per_day: whole(form.limit_per_day),
        limit_total: whole(form.limit_total),
      };
    case 'first_order':
      return { kind, name: form.name, points: whole(form.points) };
    case 'action':
      return { kind, name: form.name, action: form.action, points: whole(form.points) };
  }
}

/** The form checked by the contract's schema: the rule, or its problems by field (the provider's names). */
function checked(form: Form, kind: RuleKind): { rule: LoyaltyRuleFields } | { problems: Record<string, string> } {
  const parsed = loyaltyRuleBody.safeParse(bodyOf(form, kind));
  if (parsed.success) return { rule: parsed.data };
  const problems: Record<string, string> = {};
  for (const issue of parsed.error.issues) problems[issue.path.join('.')] ??= issue.message;
  return { problems };
}

/** The first problem on a field or inside it, the provider's `rule.` in front taken off. */
const problemAt = (problem: SaveProblem | null, field: string, label: string | null) => nestedProblem(problem, 'rule', field, label);

function KindChooser({ kind, onChange }: { kind: RuleKind | null; onChange: (k: RuleKind) => void }) {
  const name = useId();
  // its words are read from tables and core macros: rendered again when the language changes
  useSpokenLanguage();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 font-medium">
        <Trans>What kind of rule?</Trans>
      </legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {RULE_KINDS.map((k) => (
          <label key={k} className={cx('flex items-start gap-2 rounded-xl border-2 p-3', kind === k ? 'border-brand' : 'border-border')}>
            <input type="radio" name={name} value={k} checked={kind === k} onChange={() => onChange(k)} className={cx('mt-1 size-4', focusRing)} />
            <span className="flex flex-col">
              <span className="font-medium">{KIND_TITLE[k]}</span>
              <span className="text-sm text-muted">{KIND_HINT[k]}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

type Set = <K extends keyof Form>(k: K, v: Form[K]) => void;

function Days({ form, set, problem }: { form: Form; set: Set; problem: SaveProblem | null }) {
  const error = problemAt(problem, 'days', null);
  const id = useId();
  // its words are read from tables and core macros: rendered again when the language changes
  useSpokenLanguage();
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1 font-medium">
        <Trans>On which days?</Trans>
      </legend>
      <div className="flex flex-wrap gap-2">
        {WEEKDAYS.map((d) => {
          const on = form.days.includes(d);
          return (
            <button
              key={d}
              type="button"
              aria-pressed={on}
              aria-label={DAY_NAMES[d]}
              onClick={() => set('days', on ? form.days.filter((x) => x !== d) : [...form.days, d])}
              className={cx(
                'min-h-11 min-w-14 rounded-lg border-2 px-3 font-medium',
                on ? 'border-brand bg-brand text-brand-contrast' : 'border-border bg-surface-raised text-ink',
                focusRing,
              )}
            >
              {DAY_NAMES[d].slice(0, 3)}
            </button>
          );
        })}
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function WindowFields({ form, set, problem }: { form: Form; set: Set; problem: SaveProblem | null }) {
  const name = useId();
  const { t } = useLingui();
  return (
    <>
      <Days form={form} set={set} problem={problem} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          type="time"
          label={t`From`}
          hint={t`In the location’s time zone.`}
          value={form.start}
          onChange={(e) => set('start', e.target.value)}
          error={problemAt(problem, 'start', t`The start`)}
        />
        <TextField type="time" label={t`Until`} value={form.end} onChange={(e) => set('end', e.target.value)} error={problemAt(problem, 'end', t`The end`)} />
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-medium">{t`What it gives`}</legend>
        {(
          [
            ['multiplier', t`Multiply the order’s points`],
            ['points', t`A fixed bonus`],
          ] as const
        ).map(([v, label]) => (
          <label key={v} className="flex items-center gap-2">
            <input type="radio" name={name} value={v} checked={form.gives === v} onChange={() => set('gives', v)} className={cx('size-4', focusRing)} />
            {label}
          </label>
        ))}
      </fieldset>
      {form.gives === 'multiplier' ? (
        <MultiplierField form={form} set={set} problem={problem} />
      ) : (
        <PointsField form={form} set={set} problem={problem} label={t`Bonus points`} />
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t`Times a day per customer`}
          inputMode="numeric"
          hint={t`0: every order in the window.`}
          value={form.limit_per_day}
          onChange={(e) => set('limit_per_day', e.target.value)}
          error={problemAt(problem, 'limit_per_day', t`The times a day`)}
        />
        <TextField
          label={t`Times in all per customer`}
          inputMode="numeric"
          hint={t`0: no limit.`}
          value={form.limit_total}
          onChange={(e) => set('limit_total', e.target.value)}
          error={problemAt(problem, 'limit_total', t`The times in all`)}
        />
      </div>
    </>
  );
}

function MultiplierField({ form, set, problem }: { form: Form; set: Set; problem: SaveProblem | null }) {
  const { t } = useLingui();
  return (
    <TextField
      label={t`Multiplier`}
      inputMode="decimal"
      hint={t`2 gives double points, 1.5 half as many again.`}
      value={form.multiplier}
      onChange={(e) => set('multiplier', e.target.value)}
      error={problemAt(problem, 'multiplier', t`The multiplier`)}
      className="max-w-xs"
    />
  );
}

function PointsField({ form, set, problem, label, hint }: { form: Form; set: Set; problem: SaveProblem | null; label: string; hint?: string }) {
  const { t } = useLingui();
  return (
    <TextField
      label={label}
      inputMode="numeric"
      hint={hint}
      value={form.points}
      onChange={(e) => set('points', e.target.value)}
      error={problemAt(problem, 'points', t`The points`)}
      className="max-w-xs"
    />
  );
}

function KindFields({ kind, form, set, problem, menu }: { kind: RuleKind; form: Form; set: Set; problem: SaveProblem | null; menu: RuleMenu | undefined }) {
  const { t } = useLingui();
  switch (kind) {
    case 'multiplier':
      return (
        <>
          <MultiplierField form={form} set={set} problem={problem} />
          <ProductPicker legend={t`On which products?`} value={form} onChange={set} menu={menu} problem={problem} wrapper="rule" />
        </>
      );
    case 'bonus':
      return (
        <>
          <PointsField form={form} set={set} problem={problem} label={t`Bonus points per item`} />
          <ProductPicker legend={t`On which products?`} value={form} onChange={set} menu={menu} problem={problem} wrapper="rule" />
        </>
      );
    case 'window':
      return <WindowFields form={form} set={set} problem={problem} />;
    case 'first_order':
      return <PointsField form={form} set={set} problem={problem} label={t`Bonus points`} hint={t`Added to the points of a customer’s first paid order.`} />;
    case 'action':
      return (
        <>
          <SelectField
            label={t`For`}
            value={form.action}
            onChange={(e) => set('action', e.target.value as RuleAction)}
            error={problemAt(problem, 'action', t`The action`)}
          >
            {RULE_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {ACTION_LABEL[a]}
              </option>
            ))}
          </SelectField>
          <PointsField form={form} set={set} problem={problem} label={t`Points`} hint={t`Given once per customer.`} />
        </>
      );
  }
}

/** What the simulator found: the points the rule would have given, to whom, over which orders. */
function SimulateResult({ r, n }: { r: LoyaltySimulateData; n: (v: number) => string }) {
  // its words are read from tables and core macros: rendered again when the language changes
  useSpokenLanguage();
  const { days } = r;
  const paid = n(r.orders);
  const orders = plural(r.orders, { one: `${paid} paid order`, other: `${paid} paid orders` });
  if (r.points <= 0)
    return (
      <p className="font-medium">
        {plural(days, {
          one: `This rule would have given no points over the last # day (${orders}).`,
          other: `This rule would have given no points over the last # days (${orders}).`,
        })}
      </p>
    );
  const given = n(r.points);
  const pointsGiven = plural(r.points, { one: `${given} point`, other: `${given} points` });
  const many = n(r.customers);
  const customers = plural(r.customers, { one: `${many} customer`, other: `${many} customers` });
  const matched = n(r.matched_orders);
  const over = plural(r.matched_orders, { one: `${matched} order`, other: `${matched} orders` });
  return (
    <p className="font-medium">
      {plural(days, {
        one: `This rule would have given ${pointsGiven} to ${customers} over ${over} (# day).`,
        other: `This rule would have given ${pointsGiven} to ${customers} over ${over} (# days).`,
      })}
      <span className="block text-sm font-normal text-muted">
        {plural(r.orders, { one: `Out of ${paid} paid order in those days.`, other: `Out of ${paid} paid orders in those days.` })}
      </span>
    </p>
  );
}

/** "Try it on the last 30 days": the simulator's answer for the rule as it is in the form. */
function Simulator({ rule, shop, onSimulate }: { rule: LoyaltyRuleInput | null; shop: PreviewShop; onSimulate: LoyaltyRuleEditorProps['onSimulate'] }) {
  const [state, setState] = useState<{ key: string; running: boolean; outcome: SimulateOutcome | null } | null>(null);
  const { t } = useLingui();
  const key = JSON.stringify(rule);
  const n = (v: number) => v.toLocaleString(shop.locale);
  async function run() {
    if (!rule) return;
    setState({ key, running: true, outcome: null });
    const outcome = await onSimulate(rule);
    setState((s) => (s?.key === key ? { key, running: false, outcome } : s));
  }
  const outcome = state?.outcome ?? null;
  let words: ReactNode = null;
  if (state && state.key !== key && !state.running) words = <p className="text-sm text-muted">{t`You changed the rule since: try it again.`}</p>;
  else if (outcome && 'error' in outcome) {
    const { error } = outcome;
    words = <Notice tone="danger">{t`We could not try it: ${error}`}</Notice>;
  } else if (outcome) words = <SimulateResult r={outcome.result} n={n} />;
  return (
    <div className="flex flex-col gap-2">
      <div>
        <Button variant="secondary" size="sm" onClick={() => void run()} loading={state?.running ?? false} disabled={!rule}>
          {t`Try it on the last ${SIMULATE_DAYS} days`}
        </Button>
      </div>
      <div aria-live="polite" className="flex flex-col gap-2">
        {state?.running && <p className="text-sm text-muted">{t`Going through the last ${SIMULATE_DAYS} days’ orders…`}</p>}
        {words}
      </div>
    </div>
  );
}

/** One earning rule's editor: its kind (fixed once made), its fields, a live preview and the simulator. */
export function LoyaltyRuleEditor({ rule, menu, shop, onSave, onSimulate, onDone }: LoyaltyRuleEditorProps) {
  const [form, setForm] = useState(() => formOf(rule));
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const [saving, setSaving] = useState(false);
  const { t } = useLingui();
  const set: Set = (k, v) => setForm((f) => ({ ...f, [k]: v }));
  const kind = form.kind;

  // the preview and the simulator need a rule the schema takes; a name still empty does not hold them back
  const draft = kind ? checked({ ...form, name: form.name.trim() || KIND_TITLE[kind] }, kind) : null;
  const draftRule = draft && 'rule' in draft ? draft.rule : null;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!kind) return setProblem({ message: t`Choose what kind of rule it is.`, fields: {} });
    const out = checked(form, kind);
    if ('problems' in out) return setProblem({ message: '', fields: out.problems });
    setSaving(true);
    const refused = await onSave(rule?.id ?? null, out.rule);
    setSaving(false);
    setProblem(refused);
    if (!refused) onDone(out.rule.name);
  }

  const ruleName = rule?.name;
  const preview = kind && (
    <Card as="section" title={t`Preview`} className="flex flex-col gap-3 lg:sticky lg:top-6 lg:col-start-2 lg:row-span-2 lg:row-start-1">
      <p aria-live="polite">
        {draftRule ? previewSentence(asEarningRule(rule?.id ?? 0, draftRule), menu, shop) : t`The preview shows once the rule’s fields are filled in.`}
      </p>
      {kind !== 'action' ? (
        <Simulator rule={draftRule} shop={shop} onSimulate={onSimulate} />
      ) : (
        <p className="text-sm text-muted">{t`Actions are not about orders: there is nothing to try on the last ${SIMULATE_DAYS} days.`}</p>
      )}
    </Card>
  );
  return (
    <form
      noValidate
      onSubmit={submit}
      className="grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_18rem]"
      aria-label={rule ? t`Edit ${ruleName}` : t`Add a rule`}
    >
      <div className="flex min-w-0 flex-col gap-4 lg:col-start-1 lg:row-start-1">
        {!rule && (
          <Card>
            <KindChooser
              kind={kind}
              onChange={(k) => {
                setProblem(null);
                set('kind', k);
              }}
            />
          </Card>
        )}
        {kind && (
          <Card as="section" title={KIND_TITLE[kind]} className="flex flex-col gap-4">
            <TextField
              label={t`Name`}
              hint={t`Customers see it on their order: “+25 Double points Tuesday”.`}
              maxLength={60}
              value={form.name}
              onChange={(e) => set('name', e.target.value)}
              error={problemAt(problem, 'name', t`The name`)}
            />
            <KindFields kind={kind} form={form} set={set} problem={problem} menu={menu} />
          </Card>
        )}
      </div>
      {preview}
      <div className="flex min-w-0 flex-col gap-4 lg:col-start-1">
        {problem && !problem.message && Object.keys(problem.fields).length > 0 && <Notice tone="danger">{t`Please check the highlighted fields.`}</Notice>}
        <FormActions problem={problem} saving={saving} submitLabel={rule ? t`Save rule` : t`Add rule`} onCancel={() => onDone(null)} />
      </div>
    </form>
  );
}
