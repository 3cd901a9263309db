import { useEffect, useRef, useState, type FormEvent } from 'react';
import { msg, plural, t as say } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { EditorProduct, MenuData, ProductFields } from '#contract/menu';
import type { EditorOptionGroup } from '#contract/options';
import { consoleHref } from '#contract/console-routes';
import { formatMoney, moneyDigits, moneyInput, moneyProblem, parseMoney } from '#contract/money';
import { Badge, Button, Card, ConfirmRemove, Dialog, EmptyState, ErrorState, Money, Notice, SkeletonGroup, SkeletonText, TextField } from '../../../ui';
import { CheckField, FormActions, SelectField, TextAreaField, fieldProblem, type SaveProblem } from '../shared/editor-fields';
import { ImagePicker } from '../shared/image-picker';
import { TranslationsField, otherLanguages, wordsToSend, type TranslatedField } from '../shared/translations-field';
import type { Language } from '#contract/languages';
import type { ShopWords } from '#contract/translations';
import { ProductOptionsField } from './product-options-field';
import { prepProblem, ProductPrepField, prepMinutesOf, prepText } from './product-prep-field';
import { giversSentence, type ProductGivers } from './product-givers';
import { cx, focusRing, type RenderLink } from '../../../ui';
import { plainLink } from '../../../ui/lib/link';
import { spoken } from '../shared/spoken';

export interface MenuEditorScreenProps {
  menu?: MenuData;
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  locale: string;
  currency: string;
  /** each answers null when saved, else what the provider refused */
  onCreateCategory: (name: string, translations: ShopWords) => Promise<SaveProblem | null>;
  onRenameCategory: (id: number, name: string, translations: ShopWords) => Promise<SaveProblem | null>;
  onMoveCategory: (id: number, by: -1 | 1) => void;
  /** removes a category none of whose products is on the menu (archived ones keep it for their orders) */
  onDeleteCategory: (id: number) => void;
  /** archives every product of the category that is on the menu */
  onArchiveCategory: (id: number) => void;
  /** id null: a new product */
  onSaveProduct: (id: number | null, form: ProductFields) => Promise<SaveProblem | null>;
  onSetAvailable: (product: EditorProduct, available: boolean) => void;
  /** one place up (-1) or down (1) among the products of its category that customers see */
  onMoveProduct: (product: EditorProduct, by: -1 | 1) => void;
  /** hidden from customers, kept for the orders that name it */
  onArchiveProduct: (product: EditorProduct) => void;
  onRestoreProduct: (product: EditorProduct) => void;
  /** only a product no order names (`in_orders` false) */
  onDeleteProduct: (product: EditorProduct) => void;
  /** an image upload for the product form: its URL, or null (the problem is in uploadError) */
  onUpload: (file: File) => Promise<string | null>;
  uploading?: boolean;
  uploadError?: string;
  /** a refused move, removal or sold-out switch */
  actionError?: string | null;
  /** what is being saved (`category-3`, `product-12`; `order`: the categories' order, `product-order`: a category's products') */
  busy?: string | null;
  /** what gives each product away (by id: the rewards that give it, how many wheel prizes win them), named when it is archived */
  givers?: Record<number, ProductGivers>;
  /** the option groups a product can be given (the Options page's) */
  optionGroups?: Array<Pick<EditorOptionGroup, 'id' | 'name' | 'options'>>;
  /** the languages the owner writes a product's words in besides the default (the offered ones but the default) */
  languages?: readonly Language[];
  renderLink?: RenderLink;
}

function CategoryNameForm({
  initial,
  initialWords = {},
  languages,
  submitLabel,
  onSave,
  onDone,
}: {
  initial: string;
  initialWords?: ShopWords;
  languages: readonly Language[];
  submitLabel: string;
  onSave: (name: string, translations: ShopWords) => Promise<SaveProblem | null>;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const [name, setName] = useState(initial);
  const [words, setWords] = useState(initialWords);
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const [saving, setSaving] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!name.trim()) return setProblem({ message: '', fields: { name: 'is required' } });
    setSaving(true);
    const refused = await onSave(name.trim(), wordsToSend(words));
    setSaving(false);
    setProblem(refused);
    if (!refused) onDone();
  }
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3">
      <TextField
        label={t`Category name`}
        value={name}
        onChange={(e) => setName(e.target.value)}
        maxLength={60}
        error={fieldProblem(problem, 'name', t`The name`)}
        autoFocus
      />
      <TranslationsField
        languages={languages}
        fields={[{ key: 'name', label: t`Category name`, max: 60, original: name }]}
        value={words}
        onChange={setWords}
        problem={problem}
      />
      {/* a refusal of the name shows on the field, not again below it */}
      <FormActions problem={problem?.fields.name ? null : problem} saving={saving} submitLabel={submitLabel} onCancel={onDone} />
    </form>
  );
}

/**
 * A price far above the rest of the menu (more than 10× the dearest other product on it, and more than
 * 1,000 of the currency): likely a slip of the keyboard (95000 for 950.00). The sentence that asks
 * before saving it, or null.
 */
function farAboveMenu(minor: number, categories: MenuData['categories'], self: number | null, currency: string, locale: string): string | null {
  const prices = categories.flatMap((c) => c.products.filter((p) => !p.archived_at && p.id !== self).map((p) => p.price));
  if (prices.length === 0) return null;
  const dearest = Math.max(...prices);
  if (minor <= 10 * dearest || minor <= 1000 * 10 ** moneyDigits(currency, locale)) return null;
  const [price, most] = [formatMoney(minor, currency, locale), formatMoney(dearest, currency, locale)];
  return say`${price} is far above your other products (up to ${most}). Save it anyway?`;
}

/** The product's photo: uploaded (the upload's own error first), or cleared. */
function ProductPhoto({ props, value, onChange, error }: { props: MenuEditorScreenProps; value: string; onChange: (url: string) => void; error?: string }) {
  const { t } = useLingui();
  return (
    <ImagePicker
      field="product-image"
      label={t`Photo`}
      hint={t`Shown on the menu.`}
      value={value}
      uploading={props.uploading ?? false}
      error={props.uploadError ?? error}
      onUpload={async (file) => {
        const url = await props.onUpload(file);
        if (url) onChange(url);
      }}
      onClear={() => onChange('')}
    />
  );
}

/** A product's fields the owner writes in other languages, beside the words typed in the default one. */
const productWords = (form: ProductFields): TranslatedField[] => [
  { key: 'name', label: say`Name`, max: 80, original: form.name },
  { key: 'description', label: say`Description`, max: 500, original: form.description, multiline: true },
];

function ProductFieldsFields({
  product,
  categories,
  props,
  onDone,
}: {
  product: ProductFields & { id: number | null };
  categories: MenuData['categories'];
  props: MenuEditorScreenProps;
  onDone: () => void;
}) {
  const { locale, currency } = props;
  const { t } = useLingui();
  const [form, setForm] = useState(product);
  const [price, setPrice] = useState(product.id === null ? '' : moneyInput(product.price, currency, locale));
  const [prep, setPrep] = useState(prepText(product.prep_minutes));
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const [saving, setSaving] = useState(false);
  // the price the owner was asked about (far above the menu); saved when submitted again unchanged
  const [asked, setAsked] = useState<number | null>(null);
  const set = <K extends keyof ProductFields>(k: K, v: ProductFields[K]) => setForm((f) => ({ ...f, [k]: v }));
  const typed = parseMoney(price, currency, locale);
  const farAbove = typed === null ? null : farAboveMenu(typed, categories, form.id, currency, locale);
  async function submit(e: FormEvent) {
    e.preventDefault();
    const minor = parseMoney(price, currency, locale);
    const fields: Record<string, string> = {};
    if (!form.name.trim()) fields.name = t`is required`;
    if (minor === null) fields.price = moneyProblem(price, currency, locale, 3550)!;
    const prepMinutes = prepMinutesOf(prep);
    if (prepMinutes === undefined) fields.prep_minutes = prepProblem();
    if (Object.keys(fields).length) return setProblem({ message: '', fields });
    if (farAbove && asked !== minor) return setAsked(minor);
    setSaving(true);
    const refused = await props.onSaveProduct(form.id, {
      category_id: form.category_id,
      name: form.name.trim(),
      description: form.description.trim(),
      price: minor!,
      image: form.image,
      available: form.available,
      option_group_ids: form.option_group_ids,
      prep_minutes: prepMinutes ?? null,
      translations: wordsToSend(form.translations),
    });
    setSaving(false);
    setProblem(refused);
    if (!refused) onDone();
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <TextField
        label={t`Name`}
        value={form.name}
        onChange={(e) => set('name', e.target.value)}
        maxLength={80}
        error={fieldProblem(problem, 'name', t`The name`)}
      />
      <TextAreaField
        label={t`Description (optional)`}
        value={form.description}
        onChange={(e) => set('description', e.target.value)}
        maxLength={500}
        error={fieldProblem(problem, 'description', t`The description`)}
      />
      <TextField
        label={t`Price (${currency})`}
        inputMode="decimal"
        value={price}
        onChange={(e) => setPrice(e.target.value)}
        hint={t`Orders already placed keep the price they were placed at.`}
        error={fieldProblem(problem, 'price', t`The price`)}
      />
      <ProductPrepField value={prep} onChange={setPrep} error={fieldProblem(problem, 'prep_minutes', t`The preparation time`)} />
      <SelectField
        label={t`Category`}
        value={form.category_id}
        onChange={(e) => set('category_id', Number(e.target.value))}
        error={fieldProblem(problem, 'category_id', t`The category`)}
      >
        {categories.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </SelectField>
      <ProductOptionsField
        groups={props.optionGroups ?? []}
        value={form.option_group_ids}
        onChange={(ids) => set('option_group_ids', ids)}
        error={fieldProblem(problem, 'option_group_ids', t`The options`)}
      />
      <TranslationsField
        languages={props.languages ?? otherLanguages()}
        fields={productWords(form)}
        value={form.translations}
        onChange={(words) => set('translations', words)}
        problem={problem}
      />
      <ProductPhoto props={props} value={form.image} onChange={(url) => set('image', url)} error={fieldProblem(problem, 'image', t`The photo`)} />
      <CheckField
        label={t`Available to order`}
        hint={t`Untick when it is sold out: customers still see it, but cannot add it.`}
        checked={form.available}
        onChange={(on) => set('available', on)}
      />
      {problem?.message && Object.keys(problem.fields).length === 0 && <Notice tone="danger">{problem.message}</Notice>}
      {farAbove && asked === typed && <Notice tone="warning">{farAbove}</Notice>}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          {t`Cancel`}
        </Button>
        <Button type="submit" loading={saving}>
          {farAbove && asked === typed ? t`Save anyway` : form.id === null ? t`Add product` : t`Save product`}
        </Button>
      </div>
    </form>
  );
}

type Editing =
  | { kind: 'new-category' }
  | { kind: 'rename'; id: number; name: string; translations: ShopWords }
  | { kind: 'product'; product: ProductFields & { id: number | null } };
type Asking = { kind: 'category' | 'archive-all' | 'archive' | 'delete'; id: number; name: string; product?: EditorProduct };

const moveId = (id: number, by: -1 | 1) => `move-product-${id}-${by < 0 ? 'up' : 'down'}`;

/** A product on the menu: its photo, price, place among its category's products, sold out, edit, archive. */
function ProductRow({
  p,
  first,
  last,
  props,
  onEdit,
  onAsk,
}: {
  p: EditorProduct;
  first: boolean;
  last: boolean;
  props: MenuEditorScreenProps;
  onEdit: () => void;
  onAsk: (a: Asking) => void;
}) {
  const { busy, locale, currency } = props;
  const { t } = useLingui();
  const { name } = p;
  return (
    <li className="flex flex-wrap items-center gap-3 py-2">
      <div className="flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-border bg-surface">
        {p.image ? <img src={p.image} alt="" className="size-full object-cover" /> : <span className="text-xs text-muted">{t`No photo`}</span>}
      </div>
      <div className="min-w-0 flex-1">
        <p className="font-medium">
          {p.name} {!p.available && <Badge tone="warning">{t`Sold out`}</Badge>}
        </p>
        <Money amount={p.price} currency={currency} locale={locale} className="text-sm text-muted" />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          id={moveId(p.id, -1)}
          size="sm"
          variant="ghost"
          disabled={first || busy === 'product-order'}
          onClick={() => props.onMoveProduct(p, -1)}
          aria-label={t`Move ${name} up`}
        >
          {t`Up`}
        </Button>
        <Button
          id={moveId(p.id, 1)}
          size="sm"
          variant="ghost"
          disabled={last || busy === 'product-order'}
          onClick={() => props.onMoveProduct(p, 1)}
          aria-label={t`Move ${name} down`}
        >
          {t`Down`}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          // busy, not disabled: a disabled button loses the keyboard's focus to the page while it saves
          loading={busy === `product-${p.id}`}
          onClick={() => props.onSetAvailable(p, !p.available)}
          aria-label={p.available ? t`Mark ${name} sold out` : t`Mark ${name} available`}
        >
          {p.available ? t`Mark sold out` : t`Mark available`}
        </Button>
        <Button size="sm" variant="secondary" onClick={onEdit} aria-label={t`Edit ${name}`}>
          {t`Edit`}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          disabled={busy === `product-${p.id}`}
          onClick={() => onAsk({ kind: 'archive', id: p.id, name: p.name, product: p })}
          aria-label={t`Archive ${name}`}
        >
          {t`Archive`}
        </Button>
      </div>
    </li>
  );
}

/** A category: its name, its place, rename, remove, add product, and its products on the menu in their order. */
function CategoryCard({
  c,
  i,
  count,
  props,
  onEdit,
  onAsk,
}: {
  c: MenuData['categories'][number];
  i: number;
  count: number;
  props: MenuEditorScreenProps;
  onEdit: (e: Editing) => void;
  onAsk: (a: Asking) => void;
}) {
  const { busy } = props;
  const { t } = useLingui();
  const { name } = c;
  const listed = c.products.filter((p) => !p.archived_at);
  const archived = c.products.length - listed.length;
  const products = listed.length;
  return (
    <Card as="section" aria-labelledby={`category-${c.id}`} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`category-${c.id}`} className="text-lg font-semibold">
          {c.name}{' '}
          <span className="text-sm font-normal text-muted">
            · {plural(products, { one: '# product', other: '# products' })}
            {archived > 0 && ` · ${t`${archived} archived`}`}
          </span>
        </h2>
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="ghost"
            disabled={i === 0 || busy === 'order'}
            onClick={() => props.onMoveCategory(c.id, -1)}
            aria-label={t`Move ${name} up`}
          >
            {t`Up`}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            disabled={i === count - 1 || busy === 'order'}
            onClick={() => props.onMoveCategory(c.id, 1)}
            aria-label={t`Move ${name} down`}
          >
            {t`Down`}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => onEdit({ ...c, kind: 'rename' })} aria-label={t`Rename ${name}`}>
            {t`Rename`}
          </Button>
          {listed.length === 0 ? (
            <Button size="sm" variant="secondary" onClick={() => onAsk({ kind: 'category', id: c.id, name: c.name })} aria-label={t`Remove ${name}`}>
              {t`Remove`}
            </Button>
          ) : (
            <Button
              size="sm"
              variant="secondary"
              disabled={busy === `category-${c.id}`}
              onClick={() =>
                onAsk({
                  kind: 'archive-all',
                  id: c.id,
                  name: plural(products, { one: `the # product of ${name}`, other: `all # products of ${name}` }),
                })
              }
              aria-label={t`Archive all products of ${name}`}
            >
              {t`Archive all`}
            </Button>
          )}
          <Button
            size="sm"
            onClick={() =>
              onEdit({
                kind: 'product',
                product: {
                  id: null,
                  category_id: c.id,
                  name: '',
                  description: '',
                  price: 0,
                  image: '',
                  available: true,
                  option_group_ids: [],
                  prep_minutes: null,
                  translations: {},
                },
              })
            }
            aria-label={t`Add a product to ${name}`}
          >
            {t`Add product`}
          </Button>
        </div>
      </div>
      {listed.length === 0 ? (
        <p className="text-sm text-muted">{archived > 0 ? t`Nothing on the menu here: its products are archived.` : t`No products yet.`}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-border">
          {listed.map((p, n) => (
            <ProductRow
              key={p.id}
              p={p}
              first={n === 0}
              last={n === listed.length - 1}
              props={props}
              onEdit={() => onEdit({ kind: 'product', product: p })}
              onAsk={onAsk}
            />
          ))}
        </ul>
      )}
    </Card>
  );
}

/** Products customers no longer see, kept for the orders that name them: Restore, or Delete when never ordered. */
function ArchivedList({ menu, props, onAsk }: { menu: MenuData; props: MenuEditorScreenProps; onAsk: (a: Asking) => void }) {
  const { t } = useLingui();
  const archived = menu.categories.flatMap((c) => c.products.filter((p) => p.archived_at).map((p) => ({ p, category: c.name })));
  if (archived.length === 0) return null;
  const count = archived.length;
  return (
    <Card as="section" aria-labelledby="archived-products" className="flex flex-col gap-3">
      <div>
        <h2 id="archived-products" className="text-lg font-semibold">
          {t`Archived`} <span className="text-sm font-normal text-muted">· {plural(count, { one: '# product', other: '# products' })}</span>
        </h2>
        <p className="text-sm text-muted">{t`Customers do not see these. Past orders, tickets and exports still show them.`}</p>
      </div>
      <ul className="flex flex-col divide-y divide-border">
        {archived.map(({ p, category }) => (
          <li key={p.id} className="flex flex-wrap items-center gap-3 py-2">
            <div className="min-w-0 flex-1">
              <p className="font-medium">{p.name}</p>
              <p className="text-sm text-muted">
                {category} · <Money amount={p.price} currency={props.currency} locale={props.locale} />
                {p.in_orders && ` · ${t`in past orders`}`}
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button
                size="sm"
                variant="secondary"
                disabled={props.busy === `product-${p.id}`}
                onClick={() => props.onRestoreProduct(p)}
                aria-label={restoreWords(p.name)}
              >
                {t`Restore`}
              </Button>
              {!p.in_orders && (
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={props.busy === `product-${p.id}`}
                  onClick={() => onAsk({ kind: 'delete', id: p.id, name: p.name, product: p })}
                  aria-label={deleteWords(p.name)}
                >
                  {t`Delete`}
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}

const restoreWords = (product: string) => say`Restore ${product}`;
const deleteWords = (product: string) => say`Delete ${product}`;

const ASKS = {
  category: spoken({
    verb: msg`Remove`,
    description: msg`Customers no longer see it. Its archived products go with it from this page; past orders still show them.`,
  }),
  'archive-all': spoken({
    verb: msg`Archive`,
    description: msg`Customers no longer see them or order them. Past orders keep them, and you can restore each one from Archived.`,
  }),
  archive: spoken({
    verb: msg`Archive`,
    description: msg`Customers no longer see it or order it. Past orders keep it, and you can restore it any time from Archived.`,
  }),
  delete: spoken({ verb: msg`Delete`, description: msg`It was never ordered, so it goes for good.` }),
} satisfies Record<Asking['kind'], { verb: string; description: string }>;

/** The confirm's words; archiving a product a reward or a wheel prize gives says what becomes of their vouchers. */
function askDescription(asking: Asking, props: MenuEditorScreenProps): string {
  const given = asking.kind === 'archive' ? giversSentence(props.givers?.[asking.id], props.locale) : null;
  return given ? `${given} ${ASKS.archive.description}` : ASKS[asking.kind].description;
}

const renameWords = (category: string) => say`Rename ${category}`;
const editWords = (product: string) => say`Edit ${product}`;

/** Keeps the keyboard on a moved product's button once the menu shows its new place (or its other button, at an end). */
function useFocusAfterMove(menu: MenuData | undefined, busy: string | null | undefined) {
  const moved = useRef<{ id: number; by: -1 | 1 } | null>(null);
  useEffect(() => {
    const m = moved.current;
    if (!m || busy === 'product-order') return;
    moved.current = null;
    const want = document.getElementById(moveId(m.id, m.by)) as HTMLButtonElement | null;
    const other = document.getElementById(moveId(m.id, m.by === -1 ? 1 : -1)) as HTMLButtonElement | null;
    (want && !want.disabled ? want : other)?.focus();
  }, [menu, busy]);
  return (id: number, by: -1 | 1) => {
    moved.current = { id, by };
  };
}

/** /merchant/menu (owners): categories in their order, each with its products; add, rename, move, edit, sold out, archive, restore, delete. */
export function MenuEditorScreen(props: MenuEditorScreenProps) {
  const { menu, loading, error, onRetry, actionError } = props;
  const { t } = useLingui();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [asking, setAsking] = useState<Asking | null>(null);
  const remember = useFocusAfterMove(menu, props.busy);
  const close = () => setEditing(null);
  const rowProps: MenuEditorScreenProps = {
    ...props,
    onMoveProduct: (p, by) => {
      remember(p.id, by);
      props.onMoveProduct(p, by);
    },
  };

  if (loading && !menu)
    return (
      <SkeletonGroup label={t`Loading the menu`}>
        <SkeletonText lines={8} />
      </SkeletonGroup>
    );
  if (!menu) return <ErrorState title={t`We could not load the menu`} message={error ?? t`Please try again.`} onRetry={onRetry} />;
  const categories = menu.categories;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-muted">
          {t`Customers see every change within 10 seconds.`}{' '}
          {(props.renderLink ?? plainLink)({
            href: consoleHref('options'),
            className: cx('font-medium text-brand-ink underline underline-offset-4', focusRing),
            children: t`Sizes, milks and extras`,
          })}
        </p>
        <Button onClick={() => setEditing({ kind: 'new-category' })}>{t`Add a category`}</Button>
      </div>
      {actionError && <Notice tone="danger">{actionError}</Notice>}
      {categories.length === 0 ? (
        <EmptyState title={t`The menu is empty`} description={t`Add a category (Coffee, Pastries…), then the products in it.`} />
      ) : (
        categories.map((c, i) => <CategoryCard key={c.id} c={c} i={i} count={categories.length} props={rowProps} onEdit={setEditing} onAsk={setAsking} />)
      )}
      <ArchivedList menu={menu} props={props} onAsk={setAsking} />
      <Dialog
        open={editing !== null && editing.kind !== 'product'}
        onOpenChange={(open) => !open && close()}
        title={editing?.kind === 'rename' ? renameWords(editing.name) : t`Add a category`}
      >
        {editing?.kind === 'rename' ? (
          <CategoryNameForm
            initial={editing.name}
            initialWords={editing.translations}
            languages={props.languages ?? otherLanguages()}
            submitLabel={t`Rename`}
            onSave={(name, words) => props.onRenameCategory(editing.id, name, words)}
            onDone={close}
          />
        ) : editing?.kind === 'new-category' ? (
          <CategoryNameForm
            initial=""
            languages={props.languages ?? otherLanguages()}
            submitLabel={t`Add category`}
            onSave={props.onCreateCategory}
            onDone={close}
          />
        ) : null}
      </Dialog>
      <Dialog
        open={editing?.kind === 'product'}
        onOpenChange={(open) => !open && close()}
        title={editing?.kind === 'product' && editing.product.id !== null ? editWords(editing.product.name) : t`Add a product`}
      >
        {editing?.kind === 'product' && <ProductFieldsFields product={editing.product} categories={categories} props={props} onDone={close} />}
      </Dialog>
      <ConfirmRemove
        item={asking}
        verb={asking ? ASKS[asking.kind].verb : t`Remove`}
        description={asking ? askDescription(asking, props) : ''}
        onRemove={(a) => {
          if (a.kind === 'category') props.onDeleteCategory(a.id);
          else if (a.kind === 'archive-all') props.onArchiveCategory(a.id);
          else if (a.kind === 'archive') props.onArchiveProduct(a.product!);
          else props.onDeleteProduct(a.product!);
        }}
        onClose={() => setAsking(null)}
      />
    </div>
  );
}
