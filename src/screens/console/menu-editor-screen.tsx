import { useState, type FormEvent } from 'react';
import type { EditorProduct, MenuData, ProductFields } from '#contract/menu';
import type { EditorOptionGroup } from '#contract/options';
import { consoleHref } from '#contract/console-routes';
import { moneyInput, parseMoney } from '#contract/money';
import { Badge, Button, Card, ConfirmRemove, Dialog, EmptyState, ErrorState, Money, Notice, SkeletonGroup, SkeletonText, TextField } from '../../ui';
import { CheckField, SelectField, TextAreaField, fieldProblem, type SaveProblem } from './editor-fields';
import { ImagePicker } from './image-picker';
import { ProductOptionsField } from './product-options-field';
import { cx, focusRing, type RenderLink } from '../../ui';
import { plainLink } from '../../ui/lib/link';


export interface MenuEditorScreenProps {
  menu?: MenuData;
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  locale: string;
  currency: string;
  /** each answers null when saved, else what the provider refused */
  onCreateCategory: (name: string) => Promise<SaveProblem | null>;
  onRenameCategory: (id: number, name: string) => Promise<SaveProblem | null>;
  onMoveCategory: (id: number, by: -1 | 1) => void;
  onDeleteCategory: (id: number) => void;
  /** id null: a new product */
  onSaveProduct: (id: number | null, form: ProductFields) => Promise<SaveProblem | null>;
  onSetAvailable: (product: EditorProduct, available: boolean) => void;
  /** an image upload for the product form: its URL, or null (the problem is in uploadError) */
  onUpload: (file: File) => Promise<string | null>;
  uploading?: boolean;
  uploadError?: string;
  /** a refused move, removal or sold-out switch */
  actionError?: string | null;
  /** what is being saved (`category-3`, `product-12`) */
  busy?: string | null;
  /** the option groups a product can be given (the Options page's) */
  optionGroups?: Array<Pick<EditorOptionGroup, 'id' | 'name' | 'options'>>;
  renderLink?: RenderLink;
}


function CategoryNameForm({ initial, submitLabel, onSave, onDone }: { initial: string; submitLabel: string; onSave: (name: string) => Promise<SaveProblem | null>; onDone: () => void }) {
  const [name, setName] = useState(initial);
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const [saving, setSaving] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!name.trim()) return setProblem({ message: '', fields: { name: 'is required' } });
    setSaving(true);
    const refused = await onSave(name.trim());
    setSaving(false);
    setProblem(refused);
    if (!refused) onDone();
  }
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3">
      <TextField label="Category name" value={name} onChange={(e) => setName(e.target.value)} maxLength={60} error={fieldProblem(problem, 'name', 'The name')} autoFocus />
      {problem?.message && !problem.fields.name && <Notice tone="danger">{problem.message}</Notice>}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={saving}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

function ProductFieldsFields({ product, categories, props, onDone }: { product: ProductFields & { id: number | null }; categories: MenuData['categories']; props: MenuEditorScreenProps; onDone: () => void }) {
  const { locale, currency } = props;
  const [form, setForm] = useState(product);
  const [price, setPrice] = useState(product.id === null ? '' : moneyInput(product.price, currency, locale));
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof ProductFields>(k: K, v: ProductFields[K]) => setForm((f) => ({ ...f, [k]: v }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const minor = parseMoney(price, currency, locale);
    const fields: Record<string, string> = {};
    if (!form.name.trim()) fields.name = 'is required';
    if (minor === null) fields.price = `must be an amount such as ${moneyInput(3550, currency, locale)}`;
    if (Object.keys(fields).length) return setProblem({ message: '', fields });
    setSaving(true);
    const refused = await props.onSaveProduct(form.id, { category_id: form.category_id, name: form.name.trim(), description: form.description.trim(), price: minor!, image: form.image, available: form.available, option_group_ids: form.option_group_ids });
    setSaving(false);
    setProblem(refused);
    if (!refused) onDone();
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <TextField label="Name" value={form.name} onChange={(e) => set('name', e.target.value)} maxLength={80} error={fieldProblem(problem, 'name', 'The name')} />
      <TextAreaField label="Description (optional)" value={form.description} onChange={(e) => set('description', e.target.value)} maxLength={500} error={fieldProblem(problem, 'description', 'The description')} />
      <TextField label={`Price (${currency})`} inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} hint="Orders already placed keep the price they were placed at." error={fieldProblem(problem, 'price', 'The price')} />
      <SelectField label="Category" value={form.category_id} onChange={(e) => set('category_id', Number(e.target.value))} error={fieldProblem(problem, 'category_id', 'The category')}>
        {categories.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </SelectField>
      <ProductOptionsField groups={props.optionGroups ?? []} value={form.option_group_ids} onChange={(ids) => set('option_group_ids', ids)} error={fieldProblem(problem, 'option_group_ids', 'The options')} />
      <ImagePicker
        field="product-image"
        label="Photo"
        hint="Shown on the menu."
        value={form.image}
        uploading={props.uploading ?? false}
        error={props.uploadError ?? fieldProblem(problem, 'image', 'The photo')}
        onUpload={async (file) => {
          const url = await props.onUpload(file);
          if (url) set('image', url);
        }}
        onClear={() => set('image', '')}
      />
      <CheckField label="Available to order" hint="Untick when it is sold out: customers still see it, but cannot add it." checked={form.available} onChange={(on) => set('available', on)} />
      {problem?.message && Object.keys(problem.fields).length === 0 && <Notice tone="danger">{problem.message}</Notice>}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={saving}>
          {form.id === null ? 'Add product' : 'Save product'}
        </Button>
      </div>
    </form>
  );
}

type Editing = { kind: 'new-category' } | { kind: 'rename'; id: number; name: string } | { kind: 'product'; product: ProductFields & { id: number | null } };

/** /merchant/menu (owners): categories in their order, each with its products; add, rename, move, edit, sold out. */
export function MenuEditorScreen(props: MenuEditorScreenProps) {
  const { menu, loading, error, onRetry, locale, currency, busy, actionError } = props;
  const [editing, setEditing] = useState<Editing | null>(null);
  const [removing, setRemoving] = useState<{ id: number; name: string } | null>(null);
  const close = () => setEditing(null);

  if (loading && !menu)
    return (
      <SkeletonGroup label="Loading the menu">
        <SkeletonText lines={8} />
      </SkeletonGroup>
    );
  if (!menu) return <ErrorState title="We could not load the menu" message={error ?? 'Please try again.'} onRetry={onRetry} />;
  const categories = menu.categories;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-muted">
          Customers see every change within 10 seconds.{' '}
          {(props.renderLink ?? plainLink)({ href: consoleHref('options'), className: cx('font-medium text-brand-ink underline underline-offset-4', focusRing), children: 'Sizes, milks and extras' })}
        </p>
        <Button onClick={() => setEditing({ kind: 'new-category' })}>Add a category</Button>
      </div>
      {actionError && <Notice tone="danger">{actionError}</Notice>}
      {categories.length === 0 ? (
        <EmptyState title="The menu is empty" description="Add a category (Coffee, Pastries…), then the products in it." />
      ) : (
        categories.map((c, i) => (
          <Card as="section" key={c.id} aria-labelledby={`category-${c.id}`} className="flex flex-col gap-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id={`category-${c.id}`} className="text-lg font-semibold">
                {c.name} <span className="text-sm font-normal text-muted">· {c.products.length === 1 ? '1 product' : `${c.products.length} products`}</span>
              </h2>
              <div className="flex flex-wrap gap-2">
                <Button size="sm" variant="ghost" disabled={i === 0 || busy === 'order'} onClick={() => props.onMoveCategory(c.id, -1)} aria-label={`Move ${c.name} up`}>
                  Up
                </Button>
                <Button size="sm" variant="ghost" disabled={i === categories.length - 1 || busy === 'order'} onClick={() => props.onMoveCategory(c.id, 1)} aria-label={`Move ${c.name} down`}>
                  Down
                </Button>
                <Button size="sm" variant="secondary" onClick={() => setEditing({ kind: 'rename', id: c.id, name: c.name })} aria-label={`Rename ${c.name}`}>
                  Rename
                </Button>
                {c.products.length === 0 && (
                  <Button size="sm" variant="secondary" onClick={() => setRemoving({ id: c.id, name: c.name })} aria-label={`Remove ${c.name}`}>
                    Remove
                  </Button>
                )}
                <Button size="sm" onClick={() => setEditing({ kind: 'product', product: { id: null, category_id: c.id, name: '', description: '', price: 0, image: '', available: true, option_group_ids: [] } })} aria-label={`Add a product to ${c.name}`}>
                  Add product
                </Button>
              </div>
            </div>
            {c.products.length === 0 ? (
              <p className="text-sm text-muted">No products yet.</p>
            ) : (
              <ul className="flex flex-col divide-y divide-border">
                {c.products.map((p) => (
                  <li key={p.id} className="flex flex-wrap items-center gap-3 py-2">
                    <div className="flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-border bg-surface">
                      {p.image ? <img src={p.image} alt="" className="size-full object-cover" /> : <span className="text-xs text-muted">No photo</span>}
                    </div>
                    <div className="min-w-0 flex-1">
                      <p className="font-medium">
                        {p.name} {!p.available && <Badge tone="warning">Sold out</Badge>}
                      </p>
                      <Money amount={p.price} currency={currency} locale={locale} className="text-sm text-muted" />
                    </div>
                    <Button size="sm" variant="ghost" disabled={busy === `product-${p.id}`} onClick={() => props.onSetAvailable(p, !p.available)} aria-label={p.available ? `Mark ${p.name} sold out` : `Mark ${p.name} available`}>
                      {p.available ? 'Mark sold out' : 'Mark available'}
                    </Button>
                    <Button size="sm" variant="secondary" onClick={() => setEditing({ kind: 'product', product: p })} aria-label={`Edit ${p.name}`}>
                      Edit
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        ))
      )}
      <Dialog open={editing !== null && editing.kind !== 'product'} onOpenChange={(open) => !open && close()} title={editing?.kind === 'rename' ? `Rename ${editing.name}` : 'Add a category'}>
        {editing?.kind === 'rename' ? (
          <CategoryNameForm initial={editing.name} submitLabel="Rename" onSave={(name) => props.onRenameCategory(editing.id, name)} onDone={close} />
        ) : editing?.kind === 'new-category' ? (
          <CategoryNameForm initial="" submitLabel="Add category" onSave={props.onCreateCategory} onDone={close} />
        ) : null}
      </Dialog>
      <Dialog open={editing?.kind === 'product'} onOpenChange={(open) => !open && close()} title={editing?.kind === 'product' && editing.product.id !== null ? `Edit ${editing.product.name}` : 'Add a product'}>
        {editing?.kind === 'product' && <ProductFieldsFields product={editing.product} categories={categories} props={props} onDone={close} />}
      </Dialog>
      <ConfirmRemove item={removing} description="The category is empty; customers no longer see it." onRemove={(r) => props.onDeleteCategory(r.id)} onClose={() => setRemoving(null)} />
    </div>
  );
}
