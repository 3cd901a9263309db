import { useState, type FormEvent, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { ConsoleOffer, OfferAudience, OfferFields } from '#contract/offers';
import { Notice, TextField } from '../../../ui';
import { CheckField, FormActions, SelectField, TextAreaField, fieldProblem, nestedProblem, type SaveProblem } from '../shared/editor-fields';
import { formatMoney } from '#contract/money';
import { ProductPicker, type RuleMenu } from '../shared/product-picker';
import { WEEKDAY_NAMES } from '../shared/location-words';
import { WEEKDAYS } from '#contract/locations';
import { OFFER_KIND_WORDS } from '../shared/offer-words';
import { NEW_OFFER_FORM, discountExample, formOf, readOfferForm, type FormFormat, type ItemsForm, type OfferForm } from './offer-form';

/** A location an offer may be limited to. */
export interface OfferLocationChoice {
  id: number;
  name: string;
}

interface PartProps {
  form: OfferForm;
  set: <K extends keyof OfferForm>(k: K, v: OfferForm[K]) => void;
  problem: SaveProblem | null;
  format: FormFormat;
}

/** A group of fields with its legend, and the problem of the group as a whole. */
function Group({ legend, hint, error, children }: { legend: string; hint?: string; error?: string | undefined; children: ReactNode }) {
  return (
    <fieldset className="m-0 flex min-w-0 flex-col gap-2 border-0 p-0">
      <legend className="mb-1 text-sm font-medium text-ink">{legend}</legend>
      {hint && <p className="text-sm text-muted">{hint}</p>}
      {children}
      {error && (
        <p role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** What customers read, and the code they type. */
function AboutFields({ form, set, problem }: PartProps) {
  const { t } = useLingui();
  return (
    <>
      <TextField
        label={t`Title`}
        hint={t`What customers read, such as “10% off this weekend”.`}
        maxLength={60}
        value={form.title}
        onChange={(e) => set('title', e.target.value)}
        error={fieldProblem(problem, 'title', t`The title`)}
      />
      <TextAreaField
        label={t`Description (optional)`}
        maxLength={200}
        value={form.description}
        onChange={(e) => set('description', e.target.value)}
        error={fieldProblem(problem, 'description', t`The description`)}
      />
      <CheckField
        label={t`Applies by itself, without a code`}
        hint={t`Every order it fits gets it at checkout; when several such offers fit, the one that takes the most off. A code a customer gives replaces it: one offer per order.`}
        checked={form.automatic}
        onChange={(on) => set('automatic', on)}
      />
      {!form.automatic && (
        <CheckField
          label={t`Single-use codes instead of one code`}
          hint={t`Each code works once. Make them in batches on the offer’s page, and download them to hand out.`}
          checked={form.single_use}
          onChange={(on) => set('single_use', on)}
        />
      )}
      {!form.automatic && !form.single_use && (
        <TextField
          label={t`Promo code`}
          hint={t`3 to 20 letters and digits. Customers type it at checkout; capitals or not, it is the same code.`}
          maxLength={20}
          autoComplete="off"
          spellCheck={false}
          inputClassName="uppercase"
          value={form.code}
          onChange={(e) => set('code', e.target.value)}
          error={fieldProblem(problem, 'code', t`The code`)}
        />
      )}
    </>
  );
}

/** What one of buy X get Y's parts counts: how many items, of which products or categories. */
function ItemsFields({ part, form, set, problem, menu }: PartProps & { part: 'buy' | 'get'; menu: RuleMenu | undefined }) {
  const { t } = useLingui();
  const items = form[part];
  const change = (next: Partial<ItemsForm>) => set(part, { ...items, ...next });
  const words =
    part === 'buy' ? { qty: t`Items the order must have`, legend: t`Of these` } : { qty: t`Items it then gets`, legend: t`Of these (the cheapest get it)` };
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-border p-3">
      <TextField
        label={words.qty}
        inputMode="numeric"
        value={items.qty}
        onChange={(e) => change({ qty: e.target.value })}
        error={nestedProblem(problem, '', `${part}.qty`, t`The number`)}
      />
      <ProductPicker legend={words.legend} value={items} onChange={(field, ids) => change({ [field]: ids })} menu={menu} problem={problem} wrapper={part} />
      {problem?.fields[part] && (
        <p role="alert" className="text-sm font-medium text-danger">
          {nestedProblem(problem, '', part, null)}
        </p>
      )}
    </div>
  );
}

/** A free product's product, or buy X get Y's parts. */
function ItemKindFields(props: PartProps & { menu: RuleMenu | undefined }) {
  const { form, set, problem, menu } = props;
  const { t } = useLingui();
  if (form.kind === 'free_product') {
    return (
      <SelectField
        label={t`The free product`}
        hint={t`One of it comes off when the order has it.`}
        value={form.product_id === null ? '' : String(form.product_id)}
        onChange={(e) => set('product_id', e.target.value === '' ? null : Number(e.target.value))}
        error={fieldProblem(problem, 'product_id', t`The product`)}
      >
        <option value="">{menu ? t`Choose a product` : t`Loading the menu…`}</option>
        {menu?.categories.map((c) => (
          <optgroup key={c.id} label={c.name}>
            {c.products.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </optgroup>
        ))}
      </SelectField>
    );
  }
  return (
    <>
      <ItemsFields {...props} part="buy" />
      <ItemsFields {...props} part="get" />
      <TextField
        label={t`Times one order may get it`}
        inputMode="numeric"
        hint={t`Buy 2 get 1 twice is 6 items. From 1 to 100.`}
        value={form.max_applications}
        onChange={(e) => set('max_applications', e.target.value)}
        error={fieldProblem(problem, 'max_applications', t`The times`)}
      />
    </>
  );
}

/** What it takes off, and from how much. */
function DiscountFields(props: PartProps & { menu: RuleMenu | undefined }) {
  const { form, set, problem, format } = props;
  const { t } = useLingui();
  const currency = format.currency;
  const amount = form.kind === 'amount_off';
  const items = form.kind === 'free_product' || form.kind === 'buy_x_get_y';
  const example = discountExample(form, format);
  const money = (n: number) => formatMoney(n, format.currency, format.locale);
  const [order, off] = example ? [money(example.order), money(example.off)] : ['', ''];
  // a percentage is no amount: the value starts afresh (an item offer's at 100: free)
  const changeKind = (kind: OfferForm['kind']) => {
    set('kind', kind);
    set('value', kind === 'free_product' || kind === 'buy_x_get_y' ? '100' : '');
  };
  return (
    <>
      <SelectField label={t`What it gives`} value={form.kind} onChange={(e) => changeKind(e.target.value as OfferForm['kind'])}>
        {Object.entries(OFFER_KIND_WORDS).map(([kind, label]) => (
          <option key={kind} value={kind}>
            {label}
          </option>
        ))}
      </SelectField>
      {items && <ItemKindFields {...props} />}
      <TextField
        label={amount ? t`Amount off (${currency})` : items ? t`Percentage off those items` : t`Percentage off`}
        inputMode={amount ? 'decimal' : 'numeric'}
        hint={amount ? t`Never more than the order itself.` : items ? t`100: free.` : t`From 1 to 100.`}
        value={form.value}
        onChange={(e) => set('value', e.target.value)}
        error={fieldProblem(problem, 'value', amount ? t`The amount` : t`The percentage`)}
      />
      {form.kind === 'percent_off' && (
        <TextField
          label={t`Most one order gets off (${currency}, optional)`}
          inputMode="decimal"
          hint={t`Empty: no cap.`}
          value={form.max_discount}
          onChange={(e) => set('max_discount', e.target.value)}
          error={fieldProblem(problem, 'max_discount', t`The cap`)}
        />
      )}
      <TextField
        label={t`Minimum order (${currency}, optional)`}
        inputMode="decimal"
        hint={t`The subtotal an order needs. Empty: none.`}
        value={form.min_spend}
        onChange={(e) => set('min_spend', e.target.value)}
        error={fieldProblem(problem, 'min_spend', t`The minimum order`)}
      />
      {example && <p className="rounded-lg bg-surface p-2 text-sm">{t`For example, an order of ${order} gets ${off} off.`}</p>}
    </>
  );
}

/** When, how the order is taken, and at which locations. */
function WhenWhereFields({ form, set, problem, format, locations, isNew }: PartProps & { locations: OfferLocationChoice[]; isNew: boolean }) {
  const { t } = useLingui();
  const zone = format.timeZone;
  const toggle = (id: number, on: boolean) => set('location_ids', on ? [...form.location_ids, id] : form.location_ids.filter((l) => l !== id));
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={isNew ? t`Starts (optional)` : t`Starts`}
          type="datetime-local"
          hint={isNew ? t`${zone} time. Empty: now.` : t`${zone} time.`}
          value={form.starts_at}
          onChange={(e) => set('starts_at', e.target.value)}
          error={fieldProblem(problem, 'starts_at', t`The start`)}
        />
        <TextField
          label={t`Ends (optional)`}
          type="datetime-local"
          hint={t`${zone} time. Empty: no end.`}
          value={form.ends_at}
          onChange={(e) => set('ends_at', e.target.value)}
          error={fieldProblem(problem, 'ends_at', t`The end`)}
        />
      </div>
      <Group legend={t`Days`} hint={t`None ticked: every day.`} error={nestedProblem(problem, '', 'days', t`The days`)}>
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {WEEKDAYS.map((d) => (
            <CheckField
              key={d}
              label={WEEKDAY_NAMES[d]}
              checked={form.days.includes(d)}
              onChange={(on) => set('days', on ? [...form.days, d] : form.days.filter((x) => x !== d))}
            />
          ))}
        </div>
      </Group>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t`From (optional)`}
          type="time"
          hint={t`${zone} time. Empty: all day.`}
          value={form.hours_start}
          onChange={(e) => set('hours_start', e.target.value)}
          error={nestedProblem(problem, '', 'hours', t`The hours`)}
        />
        <TextField label={t`Until (optional)`} type="time" value={form.hours_end} onChange={(e) => set('hours_end', e.target.value)} />
      </div>
      <TextField
        label={t`Repeats (optional, advanced)`}
        hint={t`A calendar rule of the days it runs, such as FREQ=MONTHLY;BYMONTHDAY=1 for the 1st of each month.`}
        autoComplete="off"
        spellCheck={false}
        value={form.rrule}
        onChange={(e) => set('rrule', e.target.value)}
        error={fieldProblem(problem, 'rrule', t`The rule`)}
      />
      <Group legend={t`Orders it is for`} error={nestedProblem(problem, '', 'fulfilments', null)}>
        <CheckField label={t`Pickup`} checked={form.pickup} onChange={(on) => set('pickup', on)} />
        <CheckField label={t`Delivery`} checked={form.delivery} onChange={(on) => set('delivery', on)} />
      </Group>
      {locations.length > 1 && (
        <Group legend={t`Locations`} hint={t`None ticked: every location.`} error={nestedProblem(problem, '', 'location_ids', t`The locations`)}>
          {locations.map((l) => (
            <CheckField key={l.id} label={l.name} checked={form.location_ids.includes(l.id)} onChange={(on) => toggle(l.id, on)} />
          ))}
        </Group>
      )}
    </>
  );
}

/** A tier an offer may be for. */
export interface OfferTierChoice {
  position: number;
  name: string;
}

/** For whom, how often, and the budget it may not pass. */
function LimitFields({ form, set, problem, format, tiers, offer }: PartProps & { tiers: OfferTierChoice[]; offer: ConsoleOffer | null }) {
  const { t } = useLingui();
  const currency = format.currency;
  const listed = offer?.audience === 'customer_list' ? offer.customer_count.toLocaleString() : null;
  return (
    <>
      <SelectField
        label={t`Who may use it`}
        value={form.audience}
        onChange={(e) => set('audience', e.target.value as OfferAudience)}
        error={fieldProblem(problem, 'audience', t`Who may use it`)}
      >
        <option value="everyone">{t`Everyone`}</option>
        <option value="new_customers">{t`New customers (no order yet)`}</option>
        <option value="first_order">{t`A customer's first order`}</option>
        <option value="tier">{t`Members of a tier and above`}</option>
        <option value="customer_list">{t`Some customers (a list)`}</option>
      </SelectField>
      {form.audience === 'tier' && (
        <SelectField
          label={t`Tier`}
          hint={t`Members of this tier or a higher one.`}
          value={form.tier_position}
          onChange={(e) => set('tier_position', e.target.value)}
          error={fieldProblem(problem, 'tier_position', t`The tier`)}
        >
          <option value="">{t`Choose a tier`}</option>
          {tiers.map((tier) => (
            <option key={tier.position} value={tier.position}>
              {tier.name}
            </option>
          ))}
        </SelectField>
      )}
      {form.audience === 'customer_list' && (
        <TextAreaField
          label={t`Customers`}
          hint={
            listed !== null
              ? t`${listed} on the list now. Paste ids or phone numbers, one a line, to replace it; empty keeps it.`
              : t`Customer ids or phone numbers, one a line.`
          }
          value={form.customers}
          onChange={(e) => set('customers', e.target.value)}
          error={fieldProblem(problem, 'customers', t`The customers`)}
        />
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t`Uses per customer (optional)`}
          inputMode="numeric"
          hint={t`Empty: no limit.`}
          value={form.per_customer_limit}
          onChange={(e) => set('per_customer_limit', e.target.value)}
          error={fieldProblem(problem, 'per_customer_limit', t`The uses per customer`)}
        />
        <TextField
          label={t`Uses in all (optional)`}
          inputMode="numeric"
          hint={t`Orders not cancelled. Empty: no limit.`}
          value={form.max_uses}
          onChange={(e) => set('max_uses', e.target.value)}
          error={fieldProblem(problem, 'max_uses', t`The uses in all`)}
        />
      </div>
      <TextField
        label={t`Discount budget in all (${currency}, optional)`}
        inputMode="decimal"
        hint={t`The most it may take off all orders together; then it is used up. Empty: no budget.`}
        value={form.max_discount_total}
        onChange={(e) => set('max_discount_total', e.target.value)}
        error={fieldProblem(problem, 'max_discount_total', t`The budget`)}
      />
      <CheckField
        label={t`Can be used with a reward voucher`}
        hint={t`Unticked: an order with a voucher cannot take the code too.`}
        checked={form.combines_with_voucher}
        onChange={(on) => set('combines_with_voucher', on)}
      />
      <CheckField
        label={t`Points on the total after this discount`}
        hint={t`Unticked: customers earn points as if the offer had not taken anything off.`}
        checked={form.points_on_discounted}
        onChange={(on) => set('points_on_discounted', on)}
      />
    </>
  );
}

/**
 * The offer editor (an owner's): every field of the contract with plain labels, checked with the
 * contract's schema before it is sent, and the provider's refusal by field under each.
 */
export function OfferEditor({
  offer,
  locations,
  menu,
  tiers = [],
  format,
  onSave,
  onDone,
}: {
  /** the tiers an offer may be for */
  tiers?: OfferTierChoice[];
  /** null: a new offer */
  offer: ConsoleOffer | null;
  locations: OfferLocationChoice[];
  /** the menu a free product or buy X get Y names its items from (undefined while it loads) */
  menu: RuleMenu | undefined;
  format: FormFormat;
  /** null when saved, else what the provider refused */
  onSave: (fields: OfferFields) => Promise<SaveProblem | null>;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const [form, setForm] = useState<OfferForm>(() => (offer ? formOf(offer, format) : NEW_OFFER_FORM));
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof OfferForm>(k: K, v: OfferForm[K]) => setForm((f) => ({ ...f, [k]: v }));
  const parts = { form, set, problem, format };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const read = readOfferForm(form, format, offer === null);
    if ('problems' in read) return setProblem({ message: '', fields: read.problems });
    setSaving(true);
    const refused = await onSave(read.offer);
    setSaving(false);
    setProblem(refused);
    if (!refused) onDone();
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <AboutFields {...parts} />
      <DiscountFields {...parts} menu={menu} />
      <WhenWhereFields {...parts} locations={locations} isNew={offer === null} />
      <LimitFields {...parts} tiers={tiers} offer={offer} />
      <div aria-live="polite" className="flex flex-col gap-2">
        {problem && Object.keys(problem.fields).length > 0 && <Notice tone="danger">{t`Please check the highlighted fields.`}</Notice>}
        <FormActions problem={problem} saving={saving} submitLabel={offer ? t`Save offer` : t`Add offer`} onCancel={onDone} />
      </div>
    </form>
  );
}
