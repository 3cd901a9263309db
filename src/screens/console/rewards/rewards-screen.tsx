import { useState, type FormEvent } from 'react';
import { plural, t as say } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLingui as useSpokenLanguage } from '#i18n/use-lingui';
import type { EditorReward, RewardFields } from '#contract/rewards';
import { moneyInput, moneyProblem, parseMoney } from '#contract/money';
import { Badge, Button, Card, Dialog, EmptyState, ErrorState, Money, SkeletonGroup, SkeletonText, TextField } from '../../../ui';
import { CheckField, FormActions, SelectField, TextAreaField, fieldProblem, type SaveProblem } from '../shared/editor-fields';
import { ImagePicker } from '../shared/image-picker';
import { TranslationsField, otherLanguages, wordsToSend, type TranslatedField } from '../shared/translations-field';
import type { Language } from '#contract/languages';

export interface RewardsEditorScreenProps {
  rewards?: EditorReward[];
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  locale: string;
  currency: string;
  /** name null: a new reward. Answers null when saved, else what the provider refused. */
  onSave: (name: string | null, form: RewardFields) => Promise<SaveProblem | null>;
  onUpload: (file: File) => Promise<string | null>;
  uploading?: boolean;
  uploadError?: string;
  /** the menu's products a reward can give free (those on the menu: archived ones cannot be chosen) */
  products: RewardProductChoice[];
  /** the languages the owner writes a reward's words in besides the default (the offered ones but the default) */
  languages?: readonly Language[];
}

/** A product a reward can give, with its category to tell two of one name apart. */
export interface RewardProductChoice {
  id: number;
  name: string;
  category: string;
}

const NEW: RewardFields = {
  title: '',
  description: '',
  image: '',
  points_cost: 100,
  stock_total: null,
  valid_days: 30,
  per_customer_limit: null,
  discount_amount: 0,
  product_id: null,
  translations: {},
  active: true,
};

/**
 * What a voucher gives: an amount off an order (empty: something handed over at the counter), or a
 * product of the menu, free, at checkout or at the counter.
 */
function GivesFields({
  kind,
  onKind,
  productId,
  onProduct,
  discount,
  onDiscount,
  current,
  props,
  problem,
}: {
  kind: 'amount' | 'product';
  onKind: (k: 'amount' | 'product') => void;
  productId: number | null;
  onProduct: (id: number) => void;
  discount: string;
  onDiscount: (e: { target: { value: string } }) => void;
  /** the reward's product as it is now (an archived one stays shown) */
  current: EditorReward['product'];
  props: RewardsEditorScreenProps;
  problem: SaveProblem | null;
}) {
  const archived = current?.archived ? current : null;
  const { t } = useLingui();
  const { currency } = props;
  const archivedName = archived?.name;
  return (
    <>
      <SelectField label={t`What the voucher gives`} value={kind} onChange={(e) => onKind(e.target.value === 'product' ? 'product' : 'amount')}>
        <option value="amount">{t`Amount off an order`}</option>
        <option value="product">{t`A free product`}</option>
      </SelectField>
      {kind === 'amount' ? (
        <TextField
          label={t`Discount on an order (${currency}, optional)`}
          inputMode="decimal"
          value={discount}
          onChange={onDiscount}
          hint={t`Empty: the voucher is used at the counter only.`}
          error={fieldProblem(problem, 'discount_amount', t`The discount`)}
        />
      ) : (
        <SelectField
          label={t`Free product`}
          value={productId ?? ''}
          onChange={(e) => onProduct(Number(e.target.value))}
          hint={
            archivedName !== undefined
              ? t`${archivedName} is archived: the counter still honours these vouchers, checkout does not. Choose a product on the menu.`
              : t`Once, at no charge: at checkout, or handed over at the counter.`
          }
          error={fieldProblem(problem, 'product_id', t`The product`)}
        >
          {productId === null && <option value="">{t`Choose a product`}</option>}
          {archived && <option value={archived.id}>{t`${archivedName} (archived)`}</option>}
          {props.products.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name} · {p.category}
            </option>
          ))}
        </SelectField>
      )}
    </>
  );
}

const whole = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : null);

/** The reward's numbers as the form's fields show them, to type over. */
function typedOf(
  start: Pick<RewardFields, 'points_cost' | 'stock_total' | 'valid_days' | 'per_customer_limit' | 'discount_amount'>,
  currency: string,
  locale: string,
) {
  return {
    points_cost: String(start.points_cost),
    stock_total: start.stock_total === null ? '' : String(start.stock_total),
    valid_days: String(start.valid_days),
    per_customer_limit: start.per_customer_limit === null ? '' : String(start.per_customer_limit),
    discount: start.discount_amount ? moneyInput(start.discount_amount, currency, locale) : '',
  };
}

/** What the form saves: the typed numbers read (readRewardText), a product's reward without a discount and the other way round. */
function savedReward(
  form: Pick<RewardFields, 'title' | 'description' | 'image' | 'product_id' | 'active' | 'translations'>,
  kind: 'amount' | 'product',
  n: { points: number; stock: number | null; days: number; limit: number | null; discount: number },
): RewardFields {
  return {
    title: form.title.trim(),
    description: form.description.trim(),
    image: form.image,
    points_cost: n.points,
    stock_total: n.stock,
    valid_days: n.days,
    per_customer_limit: n.limit,
    discount_amount: n.discount,
    product_id: kind === 'product' ? form.product_id : null,
    active: form.active,
    translations: wordsToSend(form.translations),
  };
}

/** The reward's typed numbers read, and each field's problem in the form's words (none: `fields` empty). */
function readRewardText(
  t: Record<'points_cost' | 'stock_total' | 'valid_days' | 'per_customer_limit' | 'discount', string>,
  o: { title: string; unlimited: boolean; kind: 'amount' | 'product'; productId: number | null; currency: string; locale: string },
) {
  const fields: Record<string, string> = {};
  const points = whole(t.points_cost);
  const stock = o.unlimited ? null : whole(t.stock_total);
  const days = whole(t.valid_days);
  const limit = t.per_customer_limit.trim() ? whole(t.per_customer_limit) : null;
  const discount = o.kind === 'product' || !t.discount.trim() ? 0 : parseMoney(t.discount, o.currency, o.locale);
  if (!o.title.trim()) fields.title = say`is required`;
  if (points === null || points < 1) fields.points_cost = say`must be a whole number of at least 1`;
  if (!o.unlimited && stock === null) fields.stock_total = say`must be a whole number (or tick Unlimited)`;
  if (days === null || days < 1) fields.valid_days = say`must be a whole number of at least 1`;
  if (t.per_customer_limit.trim() && (limit === null || limit < 1)) fields.per_customer_limit = say`must be a whole number of at least 1, or empty`;
  if (discount === null) {
    const problem = moneyProblem(t.discount, o.currency, o.locale, 5000) ?? '';
    fields.discount_amount = say`${problem}, or empty`;
  }
  if (o.kind === 'product' && o.productId === null) fields.product_id = say`must be chosen`;
  return { fields, points, stock, days, limit, discount };
}

/** A reward's fields the owner writes in other languages, beside the words typed in the default one. */
const rewardWords = (form: Pick<RewardFields, 'title' | 'description'>): TranslatedField[] => [
  { key: 'title', label: say`Title`, max: 80, original: form.title },
  { key: 'description', label: say`Description`, max: 500, original: form.description, multiline: true },
];

function RewardTranslations(p: {
  languages?: readonly Language[];
  form: Pick<RewardFields, 'title' | 'description' | 'translations'>;
  problem: SaveProblem | null;
  onChange: (words: RewardFields['translations']) => void;
}) {
  const { languages = otherLanguages(), form, problem, onChange } = p;
  // its words are read from tables and core macros: rendered again when the language changes
  useSpokenLanguage();
  return <TranslationsField languages={languages} fields={rewardWords(form)} value={form.translations} onChange={onChange} problem={problem} />;
}

function RewardFieldsFields({ reward, props, onDone }: { reward: EditorReward | null; props: RewardsEditorScreenProps; onDone: () => void }) {
  const { locale, currency } = props;
  const start = reward ? { ...reward, product_id: reward.product?.id ?? null } : { ...NEW, name: null, issued: 0, product: null };
  const [kind, setKind] = useState<'amount' | 'product'>(start.product_id === null ? 'amount' : 'product');
  const [form, setForm] = useState(start);
  const [text, setText] = useState(() => typedOf(start, currency, locale));
  const [unlimited, setUnlimited] = useState(start.stock_total === null);
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const [saving, setSaving] = useState(false);
  const { t } = useLingui();
  const set = <K extends keyof RewardFields>(k: K, v: RewardFields[K]) => setForm((f) => ({ ...f, [k]: v }));
  const type = (k: keyof typeof text) => (e: { target: { value: string } }) => setText((typed) => ({ ...typed, [k]: e.target.value }));
  const { issued } = start;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const { fields, points, stock, days, limit, discount } = readRewardText(text, {
      title: form.title,
      unlimited,
      kind,
      productId: form.product_id,
      currency,
      locale,
    });
    if (Object.keys(fields).length) return setProblem({ message: '', fields });
    setSaving(true);
    const refused = await props.onSave(start.name, savedReward(form, kind, { points: points!, stock, days: days!, limit, discount: discount! }));
    setSaving(false);
    setProblem(refused);
    if (!refused) onDone();
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <TextField
        label={t`Name`}
        value={form.title}
        onChange={(e) => set('title', e.target.value)}
        maxLength={80}
        error={fieldProblem(problem, 'title', t`The name`)}
      />
      <TextAreaField
        label={t`Description (optional)`}
        value={form.description}
        onChange={(e) => set('description', e.target.value)}
        maxLength={500}
        error={fieldProblem(problem, 'description', t`The description`)}
      />
      <TextField
        label={t`Points it costs`}
        inputMode="numeric"
        value={text.points_cost}
        onChange={type('points_cost')}
        error={fieldProblem(problem, 'points_cost', t`The cost`)}
      />
      <div className="flex flex-col gap-2">
        <CheckField label={t`Unlimited stock`} checked={unlimited} onChange={setUnlimited} />
        {!unlimited && (
          <TextField
            label={t`Stock: how many can ever be redeemed`}
            inputMode="numeric"
            value={text.stock_total}
            onChange={type('stock_total')}
            hint={issued > 0 ? t`Including the ${issued} already redeemed: it cannot be lower than that.` : t`Including those already redeemed.`}
            error={fieldProblem(problem, 'stock_total', t`The stock`)}
          />
        )}
      </div>
      <TextField
        label={t`Days a voucher stays valid`}
        inputMode="numeric"
        value={text.valid_days}
        onChange={type('valid_days')}
        error={fieldProblem(problem, 'valid_days', t`The validity`)}
      />
      <TextField
        label={t`Most one customer may redeem (optional)`}
        inputMode="numeric"
        value={text.per_customer_limit}
        onChange={type('per_customer_limit')}
        error={fieldProblem(problem, 'per_customer_limit', t`The limit`)}
      />
      <GivesFields
        kind={kind}
        onKind={setKind}
        productId={form.product_id}
        onProduct={(id) => set('product_id', id)}
        discount={text.discount}
        onDiscount={type('discount')}
        current={start.product}
        props={props}
        problem={problem}
      />
      <ImagePicker
        field="reward-image"
        label={t`Picture`}
        hint={t`Shown in the reward catalogue.`}
        value={form.image}
        uploading={props.uploading ?? false}
        error={props.uploadError ?? fieldProblem(problem, 'image', t`The picture`)}
        onUpload={async (file) => {
          const url = await props.onUpload(file);
          if (url) set('image', url);
        }}
        onClear={() => set('image', '')}
      />
      <CheckField
        label={t`Offered to customers`}
        hint={t`Untick to retire it: customers no longer see it, and vouchers already issued stay valid until their end.`}
        checked={form.active}
        onChange={(on) => set('active', on)}
      />
      <RewardTranslations languages={props.languages} form={form} problem={problem} onChange={(words) => set('translations', words)} />
      <FormActions problem={problem} saving={saving} submitLabel={start.name === null ? t`Add reward` : t`Save reward`} onCancel={onDone} />
    </form>
  );
}

/** A reward of the catalogue: its picture, cost, stock, what was redeemed and used, what it gives; its Edit button. */
function RewardCard({ r, locale, currency, onEdit }: { r: EditorReward; locale: string; currency: string; onEdit: () => void }) {
  const { t } = useLingui();
  const cost = r.points_cost.toLocaleString(locale);
  const left = r.stock_left ?? 0;
  const total = r.stock_total;
  const { issued, used, title } = r;
  const product = r.product?.name;
  return (
    <Card as="li" className="flex gap-3">
      <div className="flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-xl border border-border bg-surface">
        {r.image ? <img src={r.image} alt="" className="size-full object-cover" /> : <span className="text-xs text-muted">{t`No picture`}</span>}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="font-medium">
          {r.title} {r.active ? null : <Badge>{t`Retired`}</Badge>} {r.active && r.stock_left === 0 && <Badge tone="warning">{t`Out of stock`}</Badge>}
        </p>
        <p className="text-sm">{plural(r.points_cost, { one: `${cost} point`, other: `${cost} points` })}</p>
        <p className="text-sm text-muted">
          {total === null ? t`Unlimited stock` : t`${left} of ${total} left`} · {t`${issued} redeemed, ${used} used`} ·{' '}
          {plural(r.valid_days, { one: 'valid # day', other: 'valid # days' })}
          {r.discount_amount > 0 && (
            <>
              {' '}
              <Trans>
                · <Money amount={r.discount_amount} currency={currency} locale={locale} /> off an order
              </Trans>
            </>
          )}
          {product !== undefined && ` · ${r.product?.archived ? t`Free ${product} (archived: at the counter only)` : t`Free ${product}`}`}
        </p>
      </div>
      <Button size="sm" variant="secondary" className="self-start" onClick={onEdit} aria-label={t`Edit ${title}`}>
        {t`Edit`}
      </Button>
    </Card>
  );
}

/** /merchant/rewards (owners): the reward catalogue, its stock and what was redeemed; add, change, retire. */
export function RewardsEditorScreen(props: RewardsEditorScreenProps) {
  const { rewards, loading, error, onRetry, locale, currency } = props;
  const [editing, setEditing] = useState<EditorReward | 'new' | null>(null);
  const { t } = useLingui();

  let body;
  if (loading && !rewards)
    body = (
      <SkeletonGroup label={t`Loading the rewards`}>
        <SkeletonText lines={6} />
      </SkeletonGroup>
    );
  else if (!rewards) body = <ErrorState title={t`We could not load the rewards`} message={error ?? t`Please try again.`} onRetry={onRetry} />;
  else if (rewards.length === 0) body = <EmptyState title={t`No rewards yet`} description={t`Add the first thing customers can get for their points.`} />;
  else
    body = (
      <ul className="grid gap-3 md:grid-cols-2">
        {rewards.map((r) => (
          <RewardCard key={r.name} r={r} locale={locale} currency={currency} onEdit={() => setEditing(r)} />
        ))}
      </ul>
    );

  const editingTitle = editing === 'new' || editing === null ? undefined : editing.title;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-muted">{t`Customers see changes within 10 seconds.`}</p>
        <Button onClick={() => setEditing('new')}>{t`Add a reward`}</Button>
      </div>
      {body}
      <Dialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={editingTitle === undefined ? t`Add a reward` : t`Edit ${editingTitle}`}
      >
        {editing !== null && <RewardFieldsFields reward={editing === 'new' ? null : editing} props={props} onDone={() => setEditing(null)} />}
      </Dialog>
    </div>
  );
}
