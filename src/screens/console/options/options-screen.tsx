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

/** The Translations section's fields: the group's name, then each option's, beside their original words. */
const groupWords = (form: Form): TranslatedField[] => [
  { key: 'name', label: 'Group name', max: 40, original: form.name },
  ...form.options.map((o, n) => ({
    key: optionWord(o),
    label: `Option ${n + 1} name`,
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
  const how = g.max_choices === 1 ? 'One of them' : `Any of them, up to ${g.max_choices}`;
  return g.min_choices === 0 ? `${how}, optional` : g.min_choices === 1 ? `${how}, required` : `${how}, at least ${g.min_choices}`;
}

/** The form's checks before anything is sent, and what it sends. */
function checked(form: Form, currency: string, locale: string): { fields: Record<string, string> } | { group: OptionGroupInput } {
  const fields: Record<string, string> = {};
  if (!form.name.trim()) fields.name = 'is required';
  const upTo = /^\d+$/.test(form.upTo.trim()) ? Number(form.upTo) : NaN;
  if (form.mode === 'any' && !(upTo >= 2 && upTo <= OPTION_LIMITS.choices)) fields.max_choices = `must be a whole number from 2 to ${OPTION_LIMITS.choices}`;
  if (form.options.length === 0) fields.options = 'add at least one option';
  const options = form.options.map((o, n) => {
    const delta = o.price.trim() ? parseMoney(o.price, currency, locale) : 0;
    if (!o.name.trim()) fields[`options.${n}.name`] = 'is required';
    if (delta === null) fields[`options.${n}.price_delta`] = `${moneyProblem(o.price, currency, locale, 2000)}, or empty`;
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
  const label = row.name.trim() || `option ${n + 1}`;
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-border p-3">
      <div className="grid gap-2 sm:grid-cols-2">
        <TextField
          label={`Option ${n + 1} name`}
          value={row.name}
          onChange={(e) => onChange({ name: e.target.value })}
          maxLength={40}
          error={fieldProblem(problem, `options.${n}.name`, 'The name')}
        />
        <TextField
          label={`Option ${n + 1} adds (${currency})`}
          inputMode="decimal"
          value={row.price}
          placeholder="0.00"
          onChange={(e) => onChange({ price: e.target.value })}
          hint="Empty: no extra charge."
          error={fieldProblem(problem, `options.${n}.price_delta`, 'The price')}
        />
      </div>
      <div className="flex flex-wrap items-center gap-4">
        {/* each named by its option for a screen reader: "Chosen by default (Oat milk)", not the same words per option */}
        <CheckField
          label={
            <>
              Chosen by default<span className="sr-only"> ({label})</span>
            </>
          }
          checked={row.is_default}
          onChange={(on) => onChange({ is_default: on })}
        />
        <CheckField
          label={
            <>
              Sold out<span className="sr-only"> ({label})</span>
            </>
          }
          checked={!row.available}
          onChange={(on) => onChange({ available: !on })}
        />
        <Button size="sm" variant="ghost" className="ml-auto" onClick={onRemove} aria-label={`Remove ${label}`}>
          Remove
        </Button>
      </div>
    </li>
  );
}

/** Add or change a group: its name, how customers choose, its options. */
function GroupForm({ group, props, onDone }: { group: EditorOptionGroup | null; props: OptionsEditorScreenProps; onDone: () => void }) {
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
        label="Group name"
        hint="What customers choose: Size, Milk, Extras."
        value={form.name}
        onChange={(e) => setForm((f) => ({ ...f, name: e.target.value }))}
        maxLength={40}
        error={fieldProblem(problem, 'name', 'The name')}
      />
      <SelectField
        label="Customers choose"
        value={form.mode}
        onChange={(e) => setForm((f) => ({ ...f, mode: e.target.value === 'any' ? 'any' : 'one' }))}
        error={fieldProblem(problem, 'min_choices', 'The choice')}
      >
        <option value="one">One of them</option>
        <option value="any">Any of them</option>
      </SelectField>
      {form.mode === 'any' && (
        <TextField
          label="Up to how many"
          inputMode="numeric"
          value={form.upTo}
          onChange={(e) => setForm((f) => ({ ...f, upTo: e.target.value }))}
          error={fieldProblem(problem, 'max_choices', 'The number')}
        />
      )}
      <CheckField
        label="Required"
        hint="Customers must choose before adding it to their cart. A default makes it easy."
        checked={form.required}
        onChange={(on) => setForm((f) => ({ ...f, required: on }))}
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-medium">Options</legend>
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
        {problem?.fields.options && <Notice tone="danger">{fieldProblem(problem, 'options', 'The options')}</Notice>}
        <div>
          <Button
            size="sm"
            variant="secondary"
            disabled={form.options.length >= OPTION_LIMITS.optionsPerGroup}
            onClick={() => setForm((f) => ({ ...f, options: [...f.options, newRow()] }))}
          >
            Add an option
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
      <FormActions problem={problem} saving={saving} submitLabel={group ? 'Save group' : 'Add group'} onCancel={onDone} />
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
  const { locale, currency, busy, productNames = {} } = props;
  const products = group.product_ids.map((id) => productNames[id]).filter((n): n is string => Boolean(n));
  return (
    <Card as="section" aria-labelledby={`group-${group.id}`} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={`group-${group.id}`} className="text-lg font-semibold">
            {group.name}
          </h2>
          <p className="text-sm text-muted">{choiceWords(group)}</p>
          <p className="text-sm text-muted">
            {products.length ? `On ${products.join(', ')}` : 'Not on any product yet: tick it in a product’s form on the menu.'}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" onClick={onEdit} aria-label={`Edit ${group.name}`}>
            Edit
          </Button>
          <Button size="sm" variant="ghost" disabled={busy === `group-${group.id}`} onClick={onRemove} aria-label={`Remove ${group.name}`}>
            Remove
          </Button>
        </div>
      </div>
      <ul className="flex flex-col divide-y divide-border">
        {group.options.map((o) => (
          <li key={o.id} className="flex flex-wrap items-center gap-3 py-2">
            <div className="min-w-0 flex-1">
              <p className="font-medium">
                {o.name} {o.is_default && <Badge>Default</Badge>} {!o.available && <Badge tone="warning">Sold out</Badge>}
              </p>
              {o.price_delta > 0 ? (
                <p className="text-sm text-muted">
                  + <Money amount={o.price_delta} currency={currency} locale={locale} />
                </p>
              ) : (
                <p className="text-sm text-muted">No extra charge</p>
              )}
            </div>
            <Button
              size="sm"
              variant="ghost"
              disabled={busy === `option-${o.id}`}
              onClick={() => props.onSetAvailable(o.id, !o.available)}
              aria-label={o.available ? `Mark ${o.name} sold out` : `Mark ${o.name} available`}
            >
              {o.available ? 'Mark sold out' : 'Mark available'}
            </Button>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** /merchant/menu/options (owners): the option groups (sizes, milks, extras) products share. */
export function OptionsEditorScreen(props: OptionsEditorScreenProps) {
  const { groups, loading, error, onRetry, actionError } = props;
  const [editing, setEditing] = useState<{ group: EditorOptionGroup | null } | null>(null);
  const [removing, setRemoving] = useState<EditorOptionGroup | null>(null);

  if (loading && !groups)
    return (
      <SkeletonGroup label="Loading the options">
        <SkeletonText lines={8} />
      </SkeletonGroup>
    );
  if (!groups) return <ErrorState title="We could not load the options" message={error ?? 'Please try again.'} onRetry={onRetry} />;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-muted">
          Sizes, milks and extras that customers choose. Customers see every change within 10 seconds; orders already placed keep their options and prices.
        </p>
        <Button onClick={() => setEditing({ group: null })}>Add a group</Button>
      </div>
      {actionError && <Notice tone="danger">{actionError}</Notice>}
      {groups.length === 0 ? (
        <EmptyState title="No options yet" description="Add a group such as Size (Regular, Large +₱20.00), then tick it in a product’s form on the menu." />
      ) : (
        groups.map((g) => <GroupCard key={g.id} group={g} props={props} onEdit={() => setEditing({ group: g })} onRemove={() => setRemoving(g)} />)
      )}
      <Dialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={editing?.group ? `Edit ${editing.group.name}` : 'Add an option group'}
      >
        {editing && <GroupForm group={editing.group} props={props} onDone={() => setEditing(null)} />}
      </Dialog>
      <ConfirmRemove
        item={removing}
        description={
          removing?.product_ids.length
            ? `It comes off ${removing.product_ids.length === 1 ? 'the 1 product' : `the ${removing.product_ids.length} products`} that have it. Orders already placed keep their options.`
            : 'No product has it. Orders already placed keep their options.'
        }
        onRemove={props.onDelete}
        onClose={() => setRemoving(null)}
      />
    </div>
  );
}
