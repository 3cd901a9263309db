import { useId, useMemo, useState, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { msg, t as say } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ShopSettingsData, ShopSettingsUpdateInput } from '#contract/shop-settings';
import { SHORT_NAME_MAX, shopSettingsProblems, shopSettingsUpdateBody, TOPUP_PRESETS_MAX } from '#contract/shop-settings';
import { TAX_RATES_MAX } from '#contract/tax-rules';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '#contract/languages';
import { isShopLink, SHOP_LINK_MAX, SHOP_LINK_MESSAGE } from '#contract/checks';
import { DELETION_COOLING_OFF_MAX_DAYS } from '#contract/privacy';
import { moneyInput, moneyProblem, parseMoney } from '#contract/money';
import { Button, Card, ErrorState, Notice, SkeletonGroup, SkeletonText, TextField } from '../../../ui';
import { CheckField, ChoiceField, SelectField, fieldProblem, type SaveProblem } from '../shared/editor-fields';
import { currencyChoices, currencyName, isCurrencyChoice, isZoneChoice, zoneChoices, zoneLabel } from '../shared/region-choices';
import { spoken } from '../shared/spoken';

export interface SettingsScreenProps {
  settings?: ShopSettingsData;
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  /** saves the fields that changed: null when saved, else what the provider refused */
  onSave: (changes: ShopSettingsUpdateInput) => Promise<SaveProblem | null>;
  /** the Locations page, where pickup addresses, hours and delivery areas are set */
  locationsHref?: string;
  /** the catalogue's active rewards, for the birthday treat (undefined while loading: the name is typed) */
  rewards?: ReadonlyArray<{ name: string; title: string }> | undefined;
}

/** The form as typed: money in major units as people write it, numbers as text. */
interface Form {
  setting_company: string;
  short_name: string;
  contact_phone: string;
  contact_email: string;
  privacy_url: string;
  terms_url: string;
  default_country_code: string;
  currency: string;
  locale: string;
  timezone: string;
  points_per_amount: string;
  delivery_fee_earns_points: boolean;
  points_expiry_days: string;
  points_hold_days: string;
  counter_points_per_customer_per_day: string;
  counter_points_per_staff_per_day: string;
  counter_stamps_per_customer_per_day: string;
  counter_stamps_per_staff_per_day: string;
  birthday_reward: ShopSettingsData['birthday_reward'];
  birthday_points: string;
  birthday_reward_name: string;
  birthday_window_days: string;
  referral_reward: ShopSettingsData['referral_reward'];
  referral_points: string;
  referral_reward_name: string;
  referral_monthly_cap: string;
  referral_min_order: string;
  deletion_cooling_off_days: string;
  min_order: string;
  delivery_fee: string;
  topup_min: string;
  topup_max: string;
  topup_presets: string[];
  /** up to TAX_RATES_MAX rows: a name and a percentage as typed ("12", "0.5") */
  tax_rates: Array<{ name: string; percent: string }>;
  tax_inclusive: boolean;
  tax_number: string;
  dine_in: boolean;
  pay_at_counter: boolean;
  language_default: Language;
  languages: Language[];
}

const MONEY_FIELDS = ['points_per_amount', 'referral_min_order', 'min_order', 'delivery_fee', 'topup_min', 'topup_max'] as const;
const TEXT_FIELDS = [
  'setting_company',
  'short_name',
  'contact_phone',
  'contact_email',
  'privacy_url',
  'terms_url',
  'default_country_code',
  'currency',
  'locale',
  'timezone',
  'birthday_reward_name',
  'referral_reward_name',
  'tax_number',
] as const;
/** Whole numbers, typed as digits, and what they count (for "must be a whole number of days"). */
const WHOLE_FIELDS = {
  points_expiry_days: 'days',
  points_hold_days: 'days',
  counter_points_per_customer_per_day: 'points',
  counter_points_per_staff_per_day: 'points',
  counter_stamps_per_customer_per_day: 'stamps',
  counter_stamps_per_staff_per_day: 'stamps',
  birthday_points: 'points',
  birthday_window_days: 'days',
  referral_points: 'points',
  referral_monthly_cap: 'referrals',
  deletion_cooling_off_days: 'days',
} as const;
/** The problem of a whole number, by what it counts: one whole message each. */
const NOT_WHOLE = spoken({
  days: msg`must be a whole number of days`,
  points: msg`must be a whole number of points`,
  stamps: msg`must be a whole number of stamps`,
  referrals: msg`must be a whole number of referrals`,
});
/** "The short name", in front of a provider's problem ("… must be at most 12 characters."). */
const theWords = (field: string) => say`The ${field}`;
/** Links customers open at sign-up: checked as the provider checks them, before anything is sent. */
const LINK_FIELDS = ['privacy_url', 'terms_url'] as const;

function formOf(s: ShopSettingsData): Form {
  const money = (n: number) => moneyInput(n, s.currency, s.locale);
  return {
    ...s,
    points_per_amount: money(s.points_per_amount),
    points_expiry_days: String(s.points_expiry_days),
    points_hold_days: String(s.points_hold_days),
    counter_points_per_customer_per_day: String(s.counter_points_per_customer_per_day),
    counter_points_per_staff_per_day: String(s.counter_points_per_staff_per_day),
    counter_stamps_per_customer_per_day: String(s.counter_stamps_per_customer_per_day),
    counter_stamps_per_staff_per_day: String(s.counter_stamps_per_staff_per_day),
    birthday_points: String(s.birthday_points),
    birthday_window_days: String(s.birthday_window_days),
    referral_points: String(s.referral_points),
    referral_monthly_cap: String(s.referral_monthly_cap),
    referral_min_order: money(s.referral_min_order),
    deletion_cooling_off_days: String(s.deletion_cooling_off_days),
    min_order: money(s.min_order),
    delivery_fee: money(s.delivery_fee),
    topup_min: money(s.topup_min),
    topup_max: money(s.topup_max),
    topup_presets: Array.from({ length: TOPUP_PRESETS_MAX }, (_, i) => (s.topup_presets[i] === undefined ? '' : money(s.topup_presets[i]!))),
    tax_rates: Array.from({ length: TAX_RATES_MAX }, (_, i) => {
      const r = s.tax_rates[i];
      return r ? { name: r.name, percent: String(r.rate / 100) } : { name: '', percent: '' };
    }),
  };
}

/** The tax rows as the provider takes them (basis points), or what is wrong with them: a row needs both its name and its rate. */
function taxRatesOf(rows: Form['tax_rates']): { rates: Array<{ name: string; rate: number }> } | { problem: string } {
  const rates: Array<{ name: string; rate: number }> = [];
  for (const row of rows) {
    const name = row.name.trim();
    const percent = row.percent.trim().replace(/\s*%$/, '');
    if (name === '' && percent === '') continue;
    if (name === '' || !/^\d{1,2}(\.\d{1,2})?$/.test(percent)) return { problem: say`must each have a name and a percentage such as 12 or 0.5` };
    rates.push({ name, rate: Math.round(Number(percent) * 100) });
  }
  return { rates };
}

/** What changed from `s`, in minor units, or the fields that cannot be read (nothing is sent then). */
function changesOf(form: Form, s: ShopSettingsData): { changes: ShopSettingsUpdateInput; problems: Record<string, string> } {
  const changes: Record<string, unknown> = {};
  const problems: Record<string, string> = {};
  // a currency typed in small letters is the same code
  const asSent = { ...form, currency: form.currency.trim().toUpperCase() };
  for (const k of TEXT_FIELDS) if (asSent[k].trim() !== s[k]) changes[k] = asSent[k].trim();
  // picked from the lists (typed or suggested): anything else is refused here, in plain words, before it is sent
  if (!isCurrencyChoice(form.currency, s.currency)) problems.currency = say`must be a code from the list, such as PHP: type a code or a name to find it`;
  if (!isZoneChoice(form.timezone, s.timezone)) problems.timezone = say`must be a zone from the list, such as Asia/Manila: type a city to find it`;
  for (const k of LINK_FIELDS) if (form[k].trim() !== '' && !isShopLink(form[k].trim())) problems[k] = SHOP_LINK_MESSAGE;
  for (const k of MONEY_FIELDS) {
    const minor = parseMoney(form[k], s.currency, s.locale);
    if (minor === null) problems[k] = moneyProblem(form[k], s.currency, s.locale, 3550)!;
    else if (minor !== s[k]) changes[k] = minor;
  }
  for (const [k, unit] of Object.entries(WHOLE_FIELDS) as Array<[keyof typeof WHOLE_FIELDS, keyof typeof NOT_WHOLE]>) {
    const text = form[k].trim().replace(/[\s,]/g, '');
    if (!/^\d+$/.test(text)) problems[k] = NOT_WHOLE[unit];
    else if (Number(text) !== s[k]) changes[k] = Number(text);
  }
  if (form.delivery_fee_earns_points !== s.delivery_fee_earns_points) changes.delivery_fee_earns_points = form.delivery_fee_earns_points;
  if (form.birthday_reward !== s.birthday_reward) changes.birthday_reward = form.birthday_reward;
  if (form.referral_reward !== s.referral_reward) changes.referral_reward = form.referral_reward;
  const typed = form.topup_presets.filter((p) => p.trim() !== '');
  const presets = typed.map((p) => parseMoney(p, s.currency, s.locale));
  const unread = typed.find((_, i) => presets[i] === null);
  if (unread !== undefined) problems.topup_presets = moneyProblem(unread, s.currency, s.locale, 3550)!;
  else if (JSON.stringify(presets) !== JSON.stringify(s.topup_presets)) changes.topup_presets = presets as number[];
  const taxes = taxRatesOf(form.tax_rates);
  if ('problem' in taxes) problems.tax_rates = taxes.problem;
  else if (JSON.stringify(taxes.rates) !== JSON.stringify(s.tax_rates)) changes.tax_rates = taxes.rates;
  if (form.tax_inclusive !== s.tax_inclusive) changes.tax_inclusive = form.tax_inclusive;
  if (form.dine_in !== s.dine_in) changes.dine_in = form.dine_in;
  if (form.pay_at_counter !== s.pay_at_counter) changes.pay_at_counter = form.pay_at_counter;
  if (form.language_default !== s.language_default) changes.language_default = form.language_default;
  if (form.languages.join() !== s.languages.join()) changes.languages = form.languages;
  return { changes: changes as ShopSettingsUpdateInput, problems };
}

type Set = <K extends keyof Form>(k: K, v: Form[K]) => void;
interface SectionProps {
  form: Form;
  set: Set;
  problem: SaveProblem | null;
  settings: ShopSettingsData;
  locationsHref?: string | undefined;
  rewards?: SettingsScreenProps['rewards'];
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Card as="section" aria-labelledby={id}>
      <h2 id={id} className="mb-3 text-lg font-semibold text-ink">
        {title}
      </h2>
      <div className="flex flex-col gap-4">{children}</div>
    </Card>
  );
}

type TextName = Exclude<
  keyof Form,
  | 'delivery_fee_earns_points'
  | 'topup_presets'
  | 'birthday_reward'
  | 'referral_reward'
  | 'tax_rates'
  | 'tax_inclusive'
  | 'dine_in'
  | 'pay_at_counter'
  | 'language_default'
  | 'languages'
>;
type FieldProps = SectionProps & { name: TextName; label: string; hint?: string; what?: string } & Pick<
    InputHTMLAttributes<HTMLInputElement>,
    'inputMode' | 'type' | 'maxLength' | 'autoComplete'
  >;

/** A text field of the form, its provider's problem shown on it ("The short name must be at most 12 characters."). */
// the section's own props (the locations page's link, the catalogue's rewards) are not the input's
function FormField({ name, label, hint, what, form, set, problem, settings: _settings, locationsHref: _l, rewards: _r, ...input }: FieldProps) {
  return (
    <TextField
      label={label}
      hint={hint}
      value={form[name]}
      onChange={(e) => set(name, e.target.value)}
      error={fieldProblem(problem, name, theWords(what ?? label.toLowerCase()))}
      {...input}
    />
  );
}

/** A money field of the form: typed in major units, as the menu editor's price is. */
function MoneyField({ label, ...props }: FieldProps & { name: (typeof MONEY_FIELDS)[number] }) {
  const { t } = useLingui();
  const { currency } = props.settings;
  return <FormField {...props} label={t`${label} (${currency})`} what={label.toLowerCase()} inputMode="decimal" />;
}

function ShopSection(props: SectionProps) {
  const { t } = useLingui();
  return (
    <Section title={t`Shop`}>
      <FormField {...props} name="setting_company" label={t`Shop name`} maxLength={60} />
      <FormField
        {...props}
        name="short_name"
        label={t`Short name`}
        hint={t`At most ${SHORT_NAME_MAX} characters: the name under the app's icon on a phone's home screen.`}
        maxLength={SHORT_NAME_MAX}
      />
    </Section>
  );
}

function ContactSection(props: SectionProps) {
  const { t } = useLingui();
  const locations = props.locationsHref ? (
    <a className="font-semibold text-brand underline" href={props.locationsHref}>
      {t`Locations`}
    </a>
  ) : (
    t`Locations`
  );
  return (
    <Section title={t`Contact`}>
      <FormField {...props} name="contact_phone" label={t`Contact phone (optional)`} what={t`contact phone`} type="tel" autoComplete="off" />
      <FormField {...props} name="contact_email" label={t`Contact e-mail (optional)`} what={t`contact e-mail`} type="email" autoComplete="off" />
      <FormField
        {...props}
        name="privacy_url"
        label={t`Privacy notice link (optional)`}
        what={t`privacy notice link`}
        hint={t`Where your privacy notice is, such as https://kopisenja.ph/privacy. Customers see it when they sign up.`}
        type="url"
        autoComplete="off"
        maxLength={SHOP_LINK_MAX}
      />
      <FormField
        {...props}
        name="terms_url"
        label={t`Terms link (optional)`}
        what={t`terms link`}
        hint={t`Where your terms are, such as https://kopisenja.ph/terms. Customers see it when they sign up.`}
        type="url"
        autoComplete="off"
        maxLength={SHOP_LINK_MAX}
      />
      <p className="text-sm text-muted">
        <Trans>{locations}: each shop's pickup address, opening hours and delivery areas.</Trans>
      </p>
    </Section>
  );
}

function RegionSection(props: SectionProps) {
  const { t } = useLingui();
  const { form, set, problem, settings } = props;
  const currencies = useMemo(() => currencyChoices(settings.locale, settings.currency), [settings.locale, settings.currency]);
  const zones = useMemo(() => zoneChoices(settings.timezone), [settings.timezone]);
  const named = currencyName(form.currency.trim().toUpperCase(), settings.locale);
  const zone = isZoneChoice(form.timezone, '') ? zoneLabel(form.timezone.trim()) : null;
  return (
    <Section title={t`Region`}>
      <FormField
        {...props}
        name="default_country_code"
        label={t`Country calling code`}
        hint={t`Digits only, such as 63 for the Philippines: phone numbers typed without one are taken as this country's.`}
        inputMode="numeric"
      />
      <ChoiceField
        label={t`Currency`}
        hint={
          settings.currency_locked
            ? 'The currency cannot change once customers have paid or topped up in it.'
            : named
              ? t`${named}. Type a code or a name to find one. Prices are not converted: check them after a change.`
              : t`Type a code or a name to find one. Prices are not converted: check them after a change.`
        }
        choices={currencies}
        value={form.currency}
        disabled={settings.currency_locked}
        onChange={(e) => set('currency', e.target.value)}
        error={fieldProblem(problem, 'currency', 'The currency')}
      />
      <FormField {...props} name="locale" label={t`Locale`} hint={t`How money and dates are written, such as en-PH.`} />
      <ChoiceField
        label={t`Time zone`}
        hint={
          zone
            ? t`${zone}. Where the shop's day begins: the dashboard's today follows it. Type a city to find it.`
            : t`Where the shop's day begins: the dashboard's today follows it. Type a city to find it.`
        }
        choices={zones}
        value={form.timezone}
        onChange={(e) => set('timezone', e.target.value)}
        error={fieldProblem(problem, 'timezone', 'The time zone')}
      />
    </Section>
  );
}

function PointsSection(props: SectionProps) {
  const { t } = useLingui();
  const { form, set } = props;
  return (
    <Section title={t`Points`}>
      <MoneyField
        {...props}
        name="points_per_amount"
        label={t`Spend for one point`}
        hint={t`Customers earn one point for each time they spend this, after discounts.`}
      />
      <CheckField
        label={t`The delivery fee earns points too`}
        hint={t`Off: points are earned on what was bought, not on the delivery fee.`}
        checked={form.delivery_fee_earns_points}
        onChange={(on) => set('delivery_fee_earns_points', on)}
      />
      <FormField
        {...props}
        name="points_expiry_days"
        label={t`Days points last`}
        hint={t`Points earned from now on expire after this many days.`}
        inputMode="numeric"
      />
      <FormField
        {...props}
        name="points_hold_days"
        label={t`Days before points can be spent`}
        hint={t`An order's points wait until the order is completed, then this many days; points from the counter wait this many days. 0: at once. Up to 30.`}
        inputMode="numeric"
      />
      <FormField
        {...props}
        name="counter_points_per_customer_per_day"
        label={t`Most points a customer can earn at the counter in a day`}
        what={t`daily points per customer`}
        hint={t`More is refused at the counter, with an entry in Activity. 0: no points at the counter.`}
        inputMode="numeric"
      />
      <FormField
        {...props}
        name="counter_points_per_staff_per_day"
        label={t`Most points a staff member can give at the counter in a day`}
        what={t`daily points per staff member`}
        hint={t`Across all the customers they serve. More is refused, with an entry in Activity.`}
        inputMode="numeric"
      />
      <FormField
        {...props}
        name="counter_stamps_per_customer_per_day"
        label={t`Most stamps a customer can collect at the counter in a day`}
        what={t`daily stamps per customer`}
        hint={t`Stamp card stamps for the items sold at the counter. More is refused, with an entry in Activity. 0: no stamps at the counter. Up to 200.`}
        inputMode="numeric"
      />
      <FormField
        {...props}
        name="counter_stamps_per_staff_per_day"
        label={t`Most stamps a staff member can give at the counter in a day`}
        what={t`daily stamps per staff member`}
        hint={t`Across all the customers they serve. More is refused, with an entry in Activity.`}
        inputMode="numeric"
      />
    </Section>
  );
}

/** What a treat's words are: the birthday treat's, the referral reward's. */
interface TreatWords {
  label: string;
  off: string;
  points: string;
  pointsHint: string;
  reward: string;
  /** the reward's field in the provider's problems: "The birthday reward is required …" */
  named: string;
  rewardHint: string;
  typedHint: string;
}

/**
 * A treat given as points or a reward of the catalogue (the birthday treat, the referral reward): what it
 * is, then its points, or its reward chosen from the catalogue's active ones (typed by name while they
 * load, or once the one chosen is retired).
 */
function TreatFields({ kind, words, ...props }: SectionProps & { kind: 'birthday' | 'referral'; words: TreatWords }) {
  const { t } = useLingui();
  const { form, set, problem, rewards } = props;
  const [which, points, name] = [`${kind}_reward`, `${kind}_points`, `${kind}_reward_name`] as const;
  const choices = rewards && (form[name] === '' || rewards.some((r) => r.name === form[name])) ? rewards : null;
  const the = theWords(words.label.toLowerCase());
  return (
    <>
      <SelectField
        label={words.label}
        value={form[which]}
        onChange={(e) => set(which, e.target.value as Form[typeof which])}
        error={fieldProblem(problem, which, the)}
      >
        <option value="points">{t`Points`}</option>
        <option value="reward">{t`A reward from your catalogue`}</option>
        <option value="off">{words.off}</option>
      </SelectField>
      {form[which] === 'points' && <FormField {...props} name={points} label={words.points} hint={words.pointsHint} inputMode="numeric" />}
      {form[which] === 'reward' &&
        (choices ? (
          <SelectField
            label={words.reward}
            hint={words.rewardHint}
            value={form[name]}
            onChange={(e) => set(name, e.target.value)}
            error={fieldProblem(problem, name, theWords(words.named))}
          >
            <option value="">{t`Choose a reward`}</option>
            {choices.map((r) => (
              <option key={r.name} value={r.name}>
                {r.title}
              </option>
            ))}
          </SelectField>
        ) : (
          <FormField {...props} name={name} label={words.reward} what={words.named} hint={words.typedHint} autoComplete="off" />
        ))}
    </>
  );
}

/** The birthday treat: what it is, and from how many days before the birthday it comes. */
function BirthdaySection(props: SectionProps) {
  const { t } = useLingui();
  const { form } = props;
  return (
    <Section title={t`Birthdays`}>
      <p className="text-sm text-muted">
        {t`Customers add their birthday in their profile. The treat comes once a year, on the birthday or in the days before it. A birthday added or changed less than 30 days before it counts from the next year.`}
      </p>
      <TreatFields
        {...props}
        kind="birthday"
        words={{
          label: t`Birthday treat`,
          off: t`No birthday treat`,
          points: t`Birthday points`,
          pointsHint: t`Added to the customer's points on their birthday.`,
          reward: t`Birthday reward`,
          named: t`birthday reward`,
          rewardHint: t`The customer gets it as a voucher, without spending points.`,
          typedHint: t`The reward's name as in Rewards, such as birthday-cake-slice. The customer gets it as a voucher, without spending points.`,
        }}
      />
      {form.birthday_reward !== 'off' && (
        <FormField
          {...props}
          name="birthday_window_days"
          label={t`Days before the birthday the treat comes`}
          what={t`days before the birthday`}
          hint={t`0: on the birthday itself. Up to 30 days before, in the shop's time zone.`}
          inputMode="numeric"
        />
      )}
    </Section>
  );
}

/** The referral reward (issue 30): what a friend's first completed order gives both, and the most a referrer can have in a month. */
function ReferralSection(props: SectionProps) {
  const { t } = useLingui();
  return (
    <Section title={t`Referrals`}>
      <p className="text-sm text-muted">
        {t`Customers share a link from the app. When a friend signs up with it and their first paid order is completed and past the points’ hold, both get this. Never for the same phone, device or card.`}
      </p>
      <TreatFields
        {...props}
        kind="referral"
        words={{
          label: t`Referral reward`,
          off: t`No referral reward`,
          points: t`Referral points`,
          pointsHint: t`Given to each of the two.`,
          reward: t`Referral reward from the catalogue`,
          named: t`referral reward`,
          rewardHint: t`Each of the two gets it as a voucher, without spending points.`,
          typedHint: t`The reward's name as in Rewards. Each of the two gets it as a voucher.`,
        }}
      />
      {props.form.referral_reward !== 'off' && (
        <FormField
          {...props}
          name="referral_monthly_cap"
          label={t`Most referral rewards a customer can get in a month`}
          what={t`monthly cap`}
          hint={t`Over it, the friend still gets theirs. From 1 to 100.`}
          inputMode="numeric"
        />
      )}
      {props.form.referral_reward !== 'off' && (
        <MoneyField
          {...props}
          name="referral_min_order"
          label={t`Smallest first order that counts for a referral`}
          hint={t`The friend's paid order must total at least this. 0: any paid order.`}
        />
      )}
    </Section>
  );
}

/** What happens to a customer's account when they delete it (issue 45): how long it waits before it is erased. */
function AccountsSection(props: SectionProps) {
  const { t } = useLingui();
  return (
    <Section title={t`Customer accounts`}>
      <FormField
        {...props}
        name="deletion_cooling_off_days"
        label={t`Cooling-off days for a deleted account`}
        what={t`cooling-off days`}
        hint={t`Days before a deleted account is erased. Signing in before then keeps it. From 1 to ${DELETION_COOLING_OFF_MAX_DAYS}.`}
        inputMode="numeric"
      />
    </Section>
  );
}

function OrdersSection(props: SectionProps) {
  const { t } = useLingui();
  return (
    <Section title={t`Orders and delivery`}>
      <MoneyField {...props} name="min_order" label={t`Minimum order`} hint={t`The smallest subtotal an order may have.`} />
      <MoneyField {...props} name="delivery_fee" label={t`Delivery fee`} hint={t`Orders already placed keep the fee they were placed with.`} />
      <CheckField
        label={t`Orders from the table`}
        hint={t`Customers scan the QR code on their table (Locations › Tables and QR codes) and order from their seat, at the location's hours.`}
        checked={props.form.dine_in}
        onChange={(on) => props.set('dine_in', on)}
      />
      <CheckField
        label={t`Let table customers pay at the counter`}
        hint={t`Table orders only: the kitchen makes the order at once and staff mark it paid at the till (pickup and delivery are paid when ordered).`}
        checked={props.form.pay_at_counter}
        onChange={(on) => props.set('pay_at_counter', on)}
      />
    </Section>
  );
}

/**
 * The languages customers may choose in the app (sign-in page, profile) and the one a first visit speaks
 * when the browser asks for none of them. Offered in the app's own order; the default is one of them.
 */
function LanguagesSection({ form, set, problem }: SectionProps) {
  const { t } = useLingui();
  const toggle = (l: Language, on: boolean) => {
    const languages = LANGUAGES.filter((x) => (x === l ? on : form.languages.includes(x)));
    if (languages.length === 0) return;
    set('languages', languages);
    if (!languages.includes(form.language_default)) set('language_default', languages[0]!);
  };
  return (
    <Section title={t`Languages`}>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-medium text-ink">{t`Languages customers can choose`}</legend>
        {LANGUAGES.map((l) => (
          <CheckField
            key={l}
            label={LANGUAGE_NAMES[l]}
            checked={form.languages.includes(l)}
            // the last one offered stays: the app needs a language
            disabled={form.languages.length === 1 && form.languages.includes(l)}
            onChange={(on) => toggle(l, on)}
          />
        ))}
        {fieldProblem(problem, 'languages', t`The languages`) && <Notice tone="danger">{fieldProblem(problem, 'languages', t`The languages`)}</Notice>}
      </fieldset>
      <SelectField
        label={t`Default language`}
        hint={t`What a first visit shows when the phone's language is none of these. Customers can change it on the sign-in page and in their profile.`}
        value={form.language_default}
        onChange={(e) => set('language_default', e.target.value as Language)}
        error={fieldProblem(problem, 'language_default', t`The default language`)}
      >
        {form.languages.map((l) => (
          <option key={l} value={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </SelectField>
    </Section>
  );
}

function TopUpSection(props: SectionProps) {
  const { t } = useLingui();
  const { form, set, problem } = props;
  const presetsId = useId();
  const presetsError = fieldProblem(problem, 'topup_presets', t`The quick amounts`);
  return (
    <Section title={t`Wallet top-ups`}>
      <div className="grid gap-4 sm:grid-cols-2">
        <MoneyField {...props} name="topup_min" label={t`Smallest top-up`} />
        <MoneyField {...props} name="topup_max" label={t`Largest top-up`} />
      </div>
      <fieldset aria-describedby={`${presetsId}-note`} className="flex flex-col gap-2">
        <legend className="text-sm font-medium text-ink">{t`Quick amounts`}</legend>
        <p id={`${presetsId}-note`} className={presetsError ? 'text-sm text-danger' : 'text-sm text-muted'}>
          {presetsError ??
            t`The buttons on the wallet's top-up: 1 to ${TOPUP_PRESETS_MAX} amounts, smallest first, each between the smallest and largest top-up. Leave the others empty.`}
        </p>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {form.topup_presets.map((value, i) => (
            <TextField
              key={i}
              label={quickAmount(i + 1)}
              inputMode="decimal"
              value={value}
              onChange={(e) =>
                set(
                  'topup_presets',
                  form.topup_presets.map((p, j) => (j === i ? e.target.value : p)),
                )
              }
            />
          ))}
        </div>
      </fieldset>
    </Section>
  );
}

const quickAmount = (row: number) => say`Quick amount ${row}`;
const taxName = (row: number) => say`Tax ${row} name`;
const taxRate = (row: number) => say`Tax ${row} rate (%)`;

function TaxesSection(props: SectionProps) {
  const { t } = useLingui();
  const { form, set, problem } = props;
  const id = useId();
  const ratesError = fieldProblem(problem, 'tax_rates', t`The tax rates`);
  return (
    <Section title={t`Taxes`}>
      <fieldset aria-describedby={`${id}-note`} className="flex flex-col gap-2">
        <legend className="text-sm font-medium text-ink">{t`Tax rates`}</legend>
        <p id={`${id}-note`} className={ratesError ? 'text-sm text-danger' : 'text-sm text-muted'}>
          {ratesError ??
            t`Up to ${TAX_RATES_MAX} taxes, each with the name printed on receipts and its percentage. They apply to the items after discounts and to the delivery fee, never to a tip. Leave them empty to charge no tax.`}
        </p>
        {form.tax_rates.map((row, i) => (
          <div key={i} className="grid grid-cols-[2fr_1fr] gap-2">
            <TextField
              label={taxName(i + 1)}
              maxLength={30}
              value={row.name}
              onChange={(e) =>
                set(
                  'tax_rates',
                  form.tax_rates.map((r, j) => (j === i ? { ...r, name: e.target.value } : r)),
                )
              }
            />
            <TextField
              label={taxRate(i + 1)}
              inputMode="decimal"
              value={row.percent}
              onChange={(e) =>
                set(
                  'tax_rates',
                  form.tax_rates.map((r, j) => (j === i ? { ...r, percent: e.target.value } : r)),
                )
              }
            />
          </div>
        ))}
      </fieldset>
      <CheckField
        label={t`Menu prices already include these taxes`}
        hint={t`On: the total stays as the menu says and receipts show the tax inside it. Off: the taxes are added at checkout.`}
        checked={form.tax_inclusive}
        onChange={(on) => set('tax_inclusive', on)}
      />
      <FormField
        {...props}
        name="tax_number"
        label={t`Tax number`}
        hint={t`Printed on receipts, such as your TIN. Leave it empty if you have none.`}
        maxLength={40}
      />
    </Section>
  );
}

function SettingsForm({
  settings,
  onSave,
  locationsHref,
  rewards,
}: {
  settings: ShopSettingsData;
  onSave: SettingsScreenProps['onSave'];
  locationsHref?: string | undefined;
  rewards?: SettingsScreenProps['rewards'];
}) {
  const { t } = useLingui();
  const [form, setForm] = useState(() => formOf(settings));
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<'saved' | 'nothing' | null>(null);
  const set: Set = (k, v) => {
    setSaved(null);
    setForm((f) => ({ ...f, [k]: v }));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const { changes, problems } = changesOf(form, settings);
    // what the provider would refuse, checked here with its own schema and rules between fields (on the
    // settings as they would be), so every problem shows at once rather than in a second round after saving
    const checked = shopSettingsUpdateBody.safeParse(changes);
    if (!checked.success) for (const issue of checked.error.issues) if (typeof issue.path[0] === 'string') problems[issue.path[0]] ??= issue.message;
    const after = { ...settings, ...changes } as ShopSettingsData;
    for (const [k, words] of Object.entries(shopSettingsProblems(after))) problems[k] ??= words;
    if (Object.keys(problems).length) return setProblem({ message: t`Please check the highlighted fields.`, fields: problems });
    if (Object.keys(changes).length === 0) {
      setProblem(null);
      return setSaved('nothing');
    }
    setSaving(true);
    const refused = await onSave(changes);
    setSaving(false);
    setProblem(refused);
    setSaved(refused ? null : 'saved');
  }

  const sections = { form, set, problem, settings, locationsHref, rewards };
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label={t`Shop settings`}>
      <ShopSection {...sections} />
      <ContactSection {...sections} />
      <RegionSection {...sections} />
      <LanguagesSection {...sections} />
      <PointsSection {...sections} />
      <BirthdaySection {...sections} />
      <ReferralSection {...sections} />
      <AccountsSection {...sections} />
      <OrdersSection {...sections} />
      <TopUpSection {...sections} />
      <TaxesSection {...sections} />
      <div aria-live="polite" className="flex flex-col gap-2">
        {problem?.message && <Notice tone="danger">{problem.message}</Notice>}
        {saved === 'saved' && <Notice tone="success">{t`Saved. Customers see it within 15 seconds.`}</Notice>}
        {saved === 'nothing' && <Notice>{t`Nothing has changed: there is nothing to save.`}</Notice>}
      </div>
      <div className="flex justify-end">
        <Button type="submit" loading={saving}>
          {t`Save settings`}
        </Button>
      </div>
    </form>
  );
}

/** /merchant/settings (owners): the shop's name, contact and links, region, points, birthdays, referrals, customer accounts, orders and top-ups. */
export function SettingsScreen({ settings, loading, error, onRetry, onSave, locationsHref, rewards }: SettingsScreenProps) {
  const { t } = useLingui();
  if (error) return <ErrorState title={t`We couldn't load the settings`} message={error} onRetry={onRetry} />;
  if (loading || !settings) {
    return (
      <SkeletonGroup label={t`Loading the settings`} className="flex flex-col gap-4">
        {[0, 1, 2].map((i) => (
          <Card key={i}>
            <SkeletonText lines={4} />
          </Card>
        ))}
      </SkeletonGroup>
    );
  }
  return <SettingsForm settings={settings} onSave={onSave} locationsHref={locationsHref} rewards={rewards} />;
}
