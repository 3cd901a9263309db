import { plural, t as say } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import type { EditorOptionGroup, OptionGroupInput } from '#contract/options';
import { OPTION_LIMITS } from '#contract/options';
import { moneyInput, moneyProblem, parseMoney } from '#contract/money';
import { Badge, Button, Card, ConfirmRemove, Dialog, EmptyState, ErrorState, Money, Notice, SkeletonGroup, SkeletonText, TextField } from '../../../ui';
import { CheckField, FormActions, SelectField, fieldProblem, type EditorPageProps, type SaveProblem } from '../shared/editor-fields';
import { TranslationsField, otherLanguages, wordsToSend, type TranslatedField } from '../shared/translations-field';
import type { Language } from '#contract/languages';
import type { ShopWords } from '#contract/translations';

export interface OptionsEditorScreenProps extends EditorPageProps {
  groups?: EditorOptionGroup[];
  /** the menu's products by id, to say which products have a group */
  productNames?: Record<number, string>;
  /** id null: a new group. Answers null when saved, else what the provider refused. */
  onSave: (id: number | null, group: OptionGroupInput) => Promise<SaveProblem | null>;
  onDelete: (group: EditorOptionGroup) => void;
  onSetAvailable: (optionId: number, available: boolean) => void;
  /** a refused removal or sold-out switch */
  actionError?: string | null;
  /** what is being saved (`option-3`, `group-2`) */
  busy?: string | null;
  /** the languages the owner writes the names in besides the default (the offered ones but the default) */
  languages?: readonly Language[];
}

type OptionRow = { key: number; id?: number; name: string; price: string; is_default: boolean; available: boolean };
/** `words`: the group's name and each option's in other languages, in one set: `name`, and `option-<row key>` for an option */
type Form = { name: string; mode: 'one' | 'any'; upTo: string; required: boolean; options: OptionRow[]; words: ShopWords };

let nextKey = 1;
const newRow = (): OptionRow => ({ key: nextKey++, name: '', price: '', is_default: false, available: true });
const optionWord = (row: Pick<OptionRow, 'key'>) => `option-${row.key}`;

/** The group's and its options' words in one set, as the Translations section edits them. */
function wordsOf(group: EditorOptionGroup, rows: OptionRow[]): ShopWords {
  const words: ShopWords = {};
  const add = (language: string, key: string, text: string) => (words[language] = { ...words[language], [key]: text });
  for (const [language, fields] of Object.entries(group.translations)) if (fields.name) add(language, 'name', fields.name);
  group.options.forEach((o, n) => {
    for (const [language, fields] of Object.entries(o.translations)) if (fields.name) add(language, optionWord(rows[n]!), fields.name);
  });
  return words;
}

/** One thing's words out of the set: the group's (`name`) or an option's. */
function wordsFor(words: ShopWords, key: string): ShopWords {
  const out: ShopWords = {};
  for (const [language, fields] of Object.entries(words)) if (fields[key] !== undefined) out[language] = { name: fields[key] };
  return wordsToSend(out);
}

/** "Option 2 name": the label of an option's name (n from 0). */
function optionName(n: number): string {
  const number = n + 1;
  return say`Option ${number} name`;
}

/** The Translations section's fields: the group's name, then each option's, beside their original words. */
const groupWords = (form: Form): TranslatedField[] => [
  { key: 'name', label: say`Group name`, max: 40, original: form.name },
  ...form.options.map((o, n) => ({
    key: optionWord(o),
    label: optionName(n),
    max: 40,
    original: o.name,
    problemPath: `options.${n}.translations.{lang}.name`,
  })),
];

function formOf(group: EditorOptionGroup | null, currency: string, locale: string): Form {
  // a new group is optional until the owner ticks Required (issue 46: required by default made "Any of them"
  // add-ons compulsory and raised the product's price on the menu by the cheapest one)
  if (!group) return { name: '', mode: 'one', upTo: '2', required: false, options: [newRow(), newRow()], words: {} };
  const options = group.options.map((o) => ({
    key: nextKey++,
    id: o.id,
    name: o.name,
    price: o.price_delta ? moneyInput(o.price_delta, currency, locale) : '',
    is_default: o.is_default,
    available: o.available,
  }));
  return {
    name: group.name,
    mode: group.max_choices === 1 ? 'one' : 'any',
    upTo: String(Math.max(2, group.max_choices)),
    required: group.min_choices > 0,
    options,
    words: wordsOf(group, options),
  };
}

/** How customers choose, in words: "One of them, required" / "Any of them, up to 3". */
function choiceWords(g: Pick<EditorOptionGroup, 'min_choices' | 'max_choices'>): string {
  const max = g.max_choices;
  const min = g.min_choices;
  if (max === 1) return min === 0 ? say`One of them, optional` : min === 1 ? say`One of them, required` : say`One of them, at least ${min}`;
  return min === 0
    ? say`Any of them, up to ${max}, optional`
    : min === 1
      ? say`Any of them, up to ${max}, required`
      : say`Any of them, up to ${max}, at least ${min}`;
}

/** The form's checks before anything is sent, and what it sends. */
function checked(form: Form, currency: string, locale: string): { fields: Record<string, string> } | { group: OptionGroupInput } {
  const fields: Record<string, string> = {};
  if (!form.name.trim()) fields.name = say`is required`;
  const most = OPTION_LIMITS.choices;
  const upTo = /^\d+$/.test(form.upTo.trim()) ? Number(form.upTo) : NaN;
  if (form.mode === 'any' && !(upTo >= 2 && upTo <= OPTION_LIMITS.choices)) fields.max_choices = say`must be a whole number from 2 to ${most}`;
  if (form.options.length === 0) fields.options = say`add at least one option`;
  const options = form.options.map((o, n) => {
    const delta = o.price.trim() ? parseMoney(o.price, currency, locale) : 0;
    if (!o.name.trim()) fields[`options.${n}.name`] = say`is required`;
    const priceProblem = moneyProblem(o.price, currency, locale, 2000) ?? '';
    if (delta === null) fields[`options.${n}.price_delta`] = say`${priceProblem}, or empty`;
    const translations = wordsFor(form.words, optionWord(o));
    return {
      ...(o.id !== undefined ? { id: o.id } : {}),
      name: o.name.trim(),
      price_delta: delta ?? 0,
      is_default: o.is_default,
      available: o.available,
      translations,
    };
  });
  if (Object.keys(fields).length) return { fields };
  const max = form.mode === 'one' ? 1 : upTo;
  const translations = wordsFor(form.words, 'name');
  return { group: { name: form.name.trim(), translations, min_choices: form.required ? 1 : 0, max_choices: max, options } };
}

/** One option's fields in the group form: name, price, default, sold out, remove. */
function OptionFields({
  row,
  n,
  problem,
  currency,
  onChange,
  onRemove,
}: {
  row: OptionRow;
  n: number;
  problem: SaveProblem | null;
  currency: string;
  onChange: (patch: Partial<OptionRow>) => void;
  onRemove: () => void;
}) {
  const { t } = useLingui();
  const number = n + 1;
  const label = row.name.trim() || t`option ${number}`;
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-border p-3">
      <div className="grid gap-2 sm:grid-cols-2">
        <TextField
          label={optionName(n)}
          value={row.name}
          onChange={(e) => onChange({ name: e.target.value })}
          maxLength={40}
          error={fieldProblem(problem, `options.${n}.name`, t`The name`)}
        />
        <TextField
          label={t`Option ${number} adds (${currency})`}
          inputMode="decimal"
          value={row.price}
          placeholder="0.00"
          onChange={(e) => onChange({ price: e.target.value })}
          hint={t`Empty: no extra charge.`}
          error={fieldProblem(problem, `options.${n}.price_delta`, t`The price`)}
        />
      </div>
      <div className="flex flex-wrap items-center gap-4">
        {/* each named by its option for a screen reader: "Chosen by default (Oat milk)", not the same words per option */}
        <CheckField
          label={
            <>
              <Trans>
                Chosen by default<span className="sr-only"> ({label})</span>
              </Trans>
            </>
          }
          checked={row.is_default}
          onChange={(on) => onChange({ is_default: on })}
        />
        <CheckField
          label={
            <>
              <Trans>
                Sold out<span className="sr-only"> ({label})</span>
              </Trans>
            </>
          }
          checked={!row.available}
          onChange={(on) => onChange({ available: !on })}
        />
        <Button size="sm" variant="ghost" className="ml-auto" onClick={onRemove} aria-label={t`Remove ${label}`}>
          {t`Remove`}
        </Button>
      </div>
    </li>
  );
}

/** Add or change a group: its name, how customers choose, its options. */
function GroupForm({ group, props, onDone }: { group: EditorOptionGroup | null; props: OptionsEditorScreenProps; onDone: () => void }) {
  const { t } = useLingui();
  const { locale, currency } = props;
  const [form, setForm] = useState(() => formOf(group, currency, locale));
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const [saving, setSaving] = useState(false);
  const setRow = (key: number, patch: Partial<OptionRow>) =>
    setForm((f) => ({
      ...f,
      // "one of them": a single default, like the radio buttons customers see
      options: f.options.map((o) => (o.key === key ? { ...o, ...patch } : patch.is_default && f.mode === 'one' ? { ...o, is_default: false } : o)),
    }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const out = checked(form, currency, locale);
    if ('fields' in out) return setProblem({ message: '', fields: out.fields });
    setSaving(true);
    const refused = await props.onSave(group?.id ?? null, out.group);
    setSaving(false);
    setProblem(refused);
    if (!refused) onDone();
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <TextField
        label={t`Group name`}
        hint={t`What customers choose: Size, Milk, Extras.`}
        value={form.name}
        onChange={(e) => setForm((f) => ({ ...f, name: e.target.value }))}
        maxLength={40}
        error={fieldProblem(problem, 'name', t`The name`)}
      />
      <SelectField
        label={t`Customers choose`}
        value={form.mode}
        onChange={(e) => setForm((f) => ({ ...f, mode: e.target.value === 'any' ? 'any' : 'one' }))}
        error={fieldProblem(problem, 'min_choices', t`The choice`)}
      >
        <option value="one">{t`One of them`}</option>
        <option value="any">{t`Any of them`}</option>
      </SelectField>
      {form.mode === 'any' && (
        <TextField
          label={t`Up to how many`}
          inputMode="numeric"
          value={form.upTo}
          onChange={(e) => setForm((f) => ({ ...f, upTo: e.target.value }))}
          error={fieldProblem(problem, 'max_choices', t`The number`)}
        />
      )}
      <CheckField
        label={t`Required`}
        hint={t`Customers must choose before adding it to their cart. A default makes it easy.`}
        checked={form.required}
        onChange={(on) => setForm((f) => ({ ...f, required: on }))}
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-medium">
          <Trans>Options</Trans>
        </legend>
        <ul className="flex flex-col gap-2">
          {form.options.map((row, n) => (
            <OptionFields
              key={row.key}
              row={row}
              n={n}
              problem={problem}
              currency={currency}
              onChange={(patch) => setRow(row.key, patch)}
              onRemove={() => setForm((f) => ({ ...f, options: f.options.filter((o) => o.key !== row.key) }))}
            />
          ))}
        </ul>
        {problem?.fields.options && <Notice tone="danger">{fieldProblem(problem, 'options', t`The options`)}</Notice>}
        <div>
          <Button
            size="sm"
            variant="secondary"
            disabled={form.options.length >= OPTION_LIMITS.optionsPerGroup}
            onClick={() => setForm((f) => ({ ...f, options: [...f.options, newRow()] }))}
          >
            {t`Add an option`}
          </Button>
        </div>
      </fieldset>
      <TranslationsField
        languages={props.languages ?? otherLanguages()}
        fields={groupWords(form)}
        value={form.words}
        onChange={(words) => setForm((f) => ({ ...f, words }))}
        problem={problem}
      />
      <FormActions problem={problem} saving={saving} submitLabel={group ? t`Save group` : t`Add group`} onCancel={onDone} />
    </form>
  );
}

/** A group in the list: how customers choose, its products, each option with its price and a sold-out switch. */
function GroupCard({
  group,
  props,
  onEdit,
  onRemove,
}: {
  group: EditorOptionGroup;
  props: OptionsEditorScreenProps;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const { t } = useLingui();
  const { locale, currency, busy, productNames = {} } = props;
  const products = group.product_ids.map((id) => productNames[id]).filter((n): n is string => Boolean(n));
  const names = products.join(', ');
  const name = group.name;
  return (
    <Card as="section" aria-labelledby={`group-${group.id}`} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={`group-${group.id}`} className="text-lg font-semibold">
            {group.name}
          </h2>
          <p className="text-sm text-muted">{choiceWords(group)}</p>
          <p className="text-sm text-muted">{products.length ? t`On ${names}` : t`Not on any product yet: tick it in a product’s form on the menu.`}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" onClick={onEdit} aria-label={t`Edit ${name}`}>
            {t`Edit`}
          </Button>
          <Button size="sm" variant="ghost" disabled={busy === `group-${group.id}`} onClick={onRemove} aria-label={t`Remove ${name}`}>
            {t`Remove`}
          </Button>
        </div>
      </div>
      <ul className="flex flex-col divide-y divide-border">
        {group.options.map(({ name: optionName, ...o }) => (
          <li key={o.id} className="flex flex-wrap items-center gap-3 py-2">
            <div className="min-w-0 flex-1">
              <p className="font-medium">
                {optionName} {o.is_default && <Badge>{t`Default`}</Badge>} {!o.available && <Badge tone="warning">{t`Sold out`}</Badge>}
              </p>
              {o.price_delta > 0 ? (
                <p className="text-sm text-muted">
                  + <Money amount={o.price_delta} currency={currency} locale={locale} />
                </p>
              ) : (
                <p className="text-sm text-muted">
                  <Trans>No extra charge</Trans>
                </p>
              )}
            </div>
            <Button
              size="sm"
              variant="ghost"
              disabled={busy === `option-${o.id}`}
              onClick={() => props.onSetAvailable(o.id, !o.available)}
              aria-label={o.available ? t`Mark ${optionName} sold out` : t`Mark ${optionName} available`}
            >
              {o.available ? t`Mark sold out` : t`Mark available`}
            </Button>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** /merchant/menu/options (owners): the option groups (sizes, milks, extras) products share. */
export function OptionsEditorScreen(props: OptionsEditorScreenProps) {
  const { t } = useLingui();
  const { groups, loading, error, onRetry, actionError } = props;
  const [editing, setEditing] = useState<{ group: EditorOptionGroup | null } | null>(null);
  const [removing, setRemoving] = useState<EditorOptionGroup | null>(null);
  const editingName = editing?.group?.name ?? '';
  const products = removing?.product_ids.length ?? 0;

  if (loading && !groups)
    return (
      <SkeletonGroup label={t`Loading the options`}>
        <SkeletonText lines={8} />
      </SkeletonGroup>
    );
  if (!groups) return <ErrorState title={t`We could not load the options`} message={error ?? t`Please try again.`} onRetry={onRetry} />;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-muted">
          <Trans>
            Sizes, milks and extras that customers choose. Customers see every change within 10 seconds; orders already placed keep their options and prices.
          </Trans>
        </p>
        <Button onClick={() => setEditing({ group: null })}>{t`Add a group`}</Button>
      </div>
      {actionError && <Notice tone="danger">{actionError}</Notice>}
      {groups.length === 0 ? (
        <EmptyState
          title={t`No options yet`}
          description={t`Add a group such as Size (Regular, Large +₱20.00), then tick it in a product’s form on the menu.`}
        />
      ) : (
        groups.map((g) => <GroupCard key={g.id} group={g} props={props} onEdit={() => setEditing({ group: g })} onRemove={() => setRemoving(g)} />)
      )}
      <Dialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={editing?.group ? t`Edit ${editingName}` : t`Add an option group`}
      >
        {editing && <GroupForm group={editing.group} props={props} onDone={() => setEditing(null)} />}
      </Dialog>
      <ConfirmRemove
        item={removing}
        description={
          products
            ? plural(products, {
                one: 'It comes off the # product that have it. Orders already placed keep their options.',
                other: 'It comes off the # products that have it. Orders already placed keep their options.',
              })
            : t`No product has it. Orders already placed keep their options.`
        }
        onRemove={props.onDelete}
        onClose={() => setRemoving(null)}
      />
    </div>
  );
}
