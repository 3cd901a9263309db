import { plural, t as say } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import {
  DELIVERY_AREAS_MAX,
  EXCEPTIONS_MAX,
  PERIODS_PER_DAY_MAX,
  SLOT_MINUTES,
  WEEKDAYS,
  locationFields,
  locationProblems,
  type LocationFields,
  type MerchantLocation,
  type Weekday,
} from '#contract/locations';
import { moneyInput, moneyProblem, parseMoney } from '#contract/money';
import { Button, Card, MapLink, Notice, TextField } from '../../../ui';
import { CheckField, ChoiceField, FormActions, SelectField, TextAreaField, type SaveProblem } from '../shared/editor-fields';
import { zoneChoices, zoneLabel } from '../shared/region-choices';
import { readPastedArea } from './location-geojson';
import { periodHint, WEEKDAY_NAMES } from '../shared/location-words';

/** A product the location may not sell, as the editor lists them. */
export interface LocationProduct {
  id: number;
  name: string;
}

export interface LocationEditorProps {
  /** null: a new location */
  location: MerchantLocation | null;
  /** the shop's own time zone: a location without its own uses it */
  shopTimeZone: string;
  /** the menu's products; undefined while the menu loads */
  products?: LocationProduct[] | undefined;
  locale: string;
  currency: string;
  /** answers null when saved, else what the provider refused (its fields named `hours.mon.1`, `delivery_areas.0.radius_km` …) */
  onSave: (id: number | null, fields: LocationFields) => Promise<SaveProblem | null>;
  onDone: (saved: string | null) => void;
}

type Period = { key: number; open: string; close: string };
type DatedHours = { key: number; date: string; closed: boolean; periods: Period[]; note: string };
type Area = { key: number; kind: 'radius' | 'polygon'; name: string; radius_km: string; geojson: string; fee: string; min_order: string };
interface Form {
  name: string;
  address: string;
  lat: string;
  lng: string;
  phone: string;
  timezone: string;
  hours: Record<Weekday, Period[]>;
  exceptions: DatedHours[];
  pickup: boolean;
  prep_minutes: string;
  slot_minutes: string;
  slot_capacity: string;
  delivery_areas: Area[];
  unavailable: number[];
}

let nextKey = 1;
const period = (open = '07:00', close = '19:00'): Period => ({ key: nextKey++, open, close });

function formOf(l: MerchantLocation | null, currency: string, locale: string): Form {
  const money = (n: number | null) => (n === null ? '' : moneyInput(n, currency, locale));
  if (!l) {
    return {
      name: '',
      address: '',
      lat: '',
      lng: '',
      phone: '',
      timezone: '',
      hours: Object.fromEntries(WEEKDAYS.map((d) => [d, [period()]])) as Form['hours'],
      exceptions: [],
      pickup: true,
      prep_minutes: '10',
      slot_minutes: '15',
      slot_capacity: '10',
      delivery_areas: [],
      unavailable: [],
    };
  }
  return {
    name: l.name,
    address: l.address,
    lat: l.lat === null ? '' : String(l.lat),
    lng: l.lng === null ? '' : String(l.lng),
    phone: l.phone,
    timezone: l.timezone,
    hours: Object.fromEntries(WEEKDAYS.map((d) => [d, l.hours[d].map((p) => period(p.open, p.close))])) as Form['hours'],
    exceptions: l.exceptions.map((e) => ({
      key: nextKey++,
      date: e.date,
      closed: e.periods.length === 0,
      periods: e.periods.map((p) => period(p.open, p.close)),
      note: e.note ?? '',
    })),
    pickup: l.pickup,
    prep_minutes: String(l.prep_minutes),
    slot_minutes: String(l.slot_minutes),
    slot_capacity: String(l.slot_capacity),
    delivery_areas: l.delivery_areas.map((a) => ({
      key: nextKey++,
      kind: a.kind,
      name: a.name,
      radius_km: a.kind === 'radius' ? String(a.radius_km) : '',
      geojson: a.kind === 'polygon' ? JSON.stringify(a.polygon) : '',
      fee: money(a.fee),
      min_order: money(a.min_order),
    })),
    unavailable: l.unavailable_product_ids,
  };
}

const decimal = (v: string) => (/^-?\d+(\.\d+)?$/.test(v.trim()) ? Number(v.trim()) : NaN);

/**
 * The form as the contract's fields, or its problems by field name (the provider's names): what cannot
 * be read as typed, then the contract's own checks and the rules between fields, as the provider runs them.
 */
function fieldsOf(form: Form, currency: string, locale: string): { fields: LocationFields } | { problems: Record<string, string> } {
  const problems: Record<string, string> = {};
  const coordinate = (v: string, name: 'lat' | 'lng', example: string) => {
    if (!v.trim()) return null;
    const n = decimal(v);
    if (Number.isNaN(n)) problems[name] = say`must be a number such as ${example}, or empty`;
    return n;
  };
  const whole = (v: string, name: string) => {
    if (!/^\d+$/.test(v.trim())) problems[name] = say`must be a whole number`;
    return Number(v.trim());
  };
  const amount = (v: string, name: string) => {
    if (!v.trim()) return null;
    const minor = parseMoney(v, currency, locale);
    const moneyWords = moneyProblem(v, currency, locale, 4900) ?? '';
    if (minor === null) problems[name] = say`${moneyWords}, or empty`;
    return minor ?? 0;
  };
  const periods = (list: Period[]) => list.map(({ open, close }) => ({ open, close }));
  const raw = {
    name: form.name,
    address: form.address,
    lat: coordinate(form.lat, 'lat', '14.5547'),
    lng: coordinate(form.lng, 'lng', '121.0244'),
    phone: form.phone,
    timezone: form.timezone.trim(),
    hours: Object.fromEntries(WEEKDAYS.map((d) => [d, periods(form.hours[d])])),
    exceptions: form.exceptions.map((e) => ({ date: e.date, periods: e.closed ? [] : periods(e.periods), ...(e.note.trim() ? { note: e.note } : {}) })),
    pickup: form.pickup,
    prep_minutes: whole(form.prep_minutes, 'prep_minutes'),
    slot_minutes: Number(form.slot_minutes),
    slot_capacity: whole(form.slot_capacity, 'slot_capacity'),
    delivery_areas: form.delivery_areas.map((a, i) => {
      const common = { name: a.name, fee: amount(a.fee, `delivery_areas.${i}.fee`), min_order: amount(a.min_order, `delivery_areas.${i}.min_order`) };
      if (a.kind === 'radius') {
        const km = decimal(a.radius_km);
        if (Number.isNaN(km)) problems[`delivery_areas.${i}.radius_km`] = say`must be a distance in km such as 2.5`;
        return { kind: 'radius' as const, ...common, radius_km: km };
      }
      const read = readPastedArea(a.geojson);
      if ('problem' in read) problems[`delivery_areas.${i}.polygon`] = read.problem;
      return { kind: 'polygon' as const, ...common, polygon: 'polygon' in read ? read.polygon : null };
    }),
    unavailable_product_ids: form.unavailable,
  };
  const checked = locationFields.safeParse(raw);
  if (!checked.success) for (const issue of checked.error.issues) problems[issue.path.join('.')] ??= issue.message;
  else Object.assign(problems, locationProblems(checked.data), problems);
  return Object.keys(problems).length || !checked.success ? { problems } : { fields: checked.data };
}

/** The first problem on a field or inside it (`hours.mon.1` shows `hours.mon.1.close`'s), with what it is about in front. */
function problemAt(problem: SaveProblem | null, field: string, label: string): string | undefined {
  const key = problem && Object.keys(problem.fields).find((k) => k === field || k.startsWith(`${field}.`));
  if (!key) return undefined;
  const words = problem.fields[key]!;
  // a pasted polygon's problem is a whole sentence already
  return /^[A-Z]/.test(words) ? words : `${label} ${words}.`;
}

function Periods({
  periods,
  field,
  what,
  problem,
  locale,
  onChange,
}: {
  periods: Period[];
  field: string;
  what: string;
  problem: SaveProblem | null;
  locale: string;
  onChange: (p: Period[]) => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const set = (key: number, patch: Partial<Period>) => onChange(periods.map((p) => (p.key === key ? { ...p, ...patch } : p)));
  const tooMany = problem?.fields[field];
  return (
    <div className="flex flex-col gap-2">
      {periods.length === 0 && <p className="text-muted">{t`Closed`}</p>}
      {periods.map((p, i) => {
        const number = i + 1;
        const where = <span className="sr-only"> {periods.length > 1 ? t`on ${what}, period ${number}` : t`on ${what}`}</span>;
        const error = problemAt(problem, `${field}.${i}`, t`This period`);
        const hint = periodHint(p.open, p.close, locale);
        // the row's hint and error describe both its times
        const notes = {
          'aria-invalid': error ? (true as const) : undefined,
          'aria-describedby': [hint && `${id}-${p.key}-hint`, error && `${id}-${p.key}-error`].filter(Boolean).join(' ') || undefined,
        };
        return (
          <div key={p.key} className="flex flex-col gap-1">
            <div className="flex flex-wrap items-end gap-2">
              <TextField
                type="time"
                label={
                  <>
                    {t`Opens`}
                    {where}
                  </>
                }
                value={p.open}
                onChange={(e) => set(p.key, { open: e.target.value })}
                className="w-36"
                {...notes}
              />
              <TextField
                type="time"
                label={
                  <>
                    {t`Closes`}
                    {where}
                  </>
                }
                value={p.close}
                onChange={(e) => set(p.key, { close: e.target.value })}
                className="w-36"
                {...notes}
              />
              <Button size="sm" variant="ghost" onClick={() => onChange(periods.filter((x) => x.key !== p.key))}>
                {t`Remove`}
                <span className="sr-only">
                  {' '}
                  {t`this period`}
                  {where}
                </span>
              </Button>
            </div>
            {hint && (
              <p id={`${id}-${p.key}-hint`} className="text-sm text-muted">
                {hint}
              </p>
            )}
            {error && (
              <p id={`${id}-${p.key}-error`} className="text-sm font-medium text-danger">
                {error}
              </p>
            )}
          </div>
        );
      })}
      {typeof tooMany === 'string' && <p className="text-sm font-medium text-danger">{t`The day ${tooMany}.`}</p>}
      <div>
        <Button
          size="sm"
          variant="secondary"
          disabled={periods.length >= PERIODS_PER_DAY_MAX}
          onClick={() => onChange([...periods, periods.length ? period('', '') : period()])}
        >
          {t`Add a period`}
          <span className="sr-only"> {t`on ${what}`}</span>
        </Button>
      </div>
    </div>
  );
}

type Set = <K extends keyof Form>(k: K, v: Form[K] | ((old: Form[K]) => Form[K])) => void;
interface SectionProps {
  form: Form;
  set: Set;
  problem: SaveProblem | null;
  /** the shop's locale: its clock in the hours' hints */
  locale: string;
}

function DetailsSection({ form, set, problem, shopTimeZone }: SectionProps & { shopTimeZone: string }) {
  const { t } = useLingui();
  const zones = useMemo(() => zoneChoices(form.timezone.trim()), [form.timezone]);
  // `about`: what a problem is about, in front of it ("The name is required.")
  const field = (name: 'name' | 'address' | 'lat' | 'lng' | 'phone', label: string, about: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField label={label} value={form[name]} onChange={(e) => set(name, e.target.value)} error={problemAt(problem, name, about)} {...extra} />
  );
  const shopZone = zoneLabel(shopTimeZone);
  return (
    <Card as="section" title={t`Details`} className="flex flex-col gap-4">
      {field('name', t`Name`, t`The name`, { hint: t`What customers and staff call it: Makati, Poblacion.`, maxLength: 60 })}
      {field('address', t`Address`, t`The address`, { hint: t`Customers who pick up are sent here.`, maxLength: 200 })}
      {form.address.trim() && <MapLink address={form.address.trim()}>{t`Check it on the map`}</MapLink>}
      <div className="grid gap-4 sm:grid-cols-2">
        {field('lat', t`Latitude`, t`The latitude`, { inputMode: 'decimal', hint: t`Such as 14.5547. Needed for a radius delivery area.` })}
        {field('lng', t`Longitude`, t`The longitude`, { inputMode: 'decimal', hint: t`Such as 121.0244.` })}
      </div>
      {field('phone', t`Phone (optional)`, t`The phone`, { type: 'tel', autoComplete: 'off' })}
      <ChoiceField
        label={t`Time zone`}
        hint={t`Its opening hours and pickup times are in this zone. Empty: the shop's (${shopZone}). Type a city to find another.`}
        placeholder={t`The shop's (${shopTimeZone})`}
        choices={zones}
        value={form.timezone}
        onChange={(e) => set('timezone', e.target.value)}
        error={problemAt(problem, 'timezone', t`The time zone`)}
      />
    </Card>
  );
}

function HoursSection({ form, set, problem, locale }: SectionProps) {
  const { t } = useLingui();
  const [copied, setCopied] = useState(false);
  // a week of the same hours without typing 14 times (issue 46): Monday's periods, each day its own copy
  const everyDay = () => {
    set('hours', (h) => Object.fromEntries(WEEKDAYS.map((d) => [d, h.mon.map((p) => period(p.open, p.close))])) as Form['hours']);
    setCopied(true);
  };
  return (
    <Card as="section" title={t`Opening hours`} className="flex flex-col gap-4">
      <p className="text-sm text-muted">
        <Trans>
          Online orders are taken in these hours. A period that closes at or before it opens runs past midnight; one that closes when it opens is open all day
          and night.
        </Trans>
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" size="sm" onClick={everyDay}>
          {t`Use Monday’s hours every day`}
        </Button>
        <p role="status" className="text-sm text-muted">
          {copied ? t`Monday’s hours are now every day’s. Change any day below, then save.` : ''}
        </p>
      </div>
      {WEEKDAYS.map((d) => (
        <fieldset key={d} className="flex flex-col gap-2 border-t border-border pt-3 sm:flex-row sm:gap-4">
          <legend className="float-left w-28 shrink-0 font-medium">{WEEKDAY_NAMES[d]}</legend>
          <Periods
            periods={form.hours[d]}
            field={`hours.${d}`}
            locale={locale}
            what={WEEKDAY_NAMES[d]}
            problem={problem}
            onChange={(p) => set('hours', (h) => ({ ...h, [d]: p }))}
          />
        </fieldset>
      ))}
    </Card>
  );
}

/** A special date opened again: that weekday's hours of the week to start from (issue 46), else one period. */
function weekHoursOn(form: Form, date: string): Period[] {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(date) ? WEEKDAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7] : undefined;
  const week = day ? form.hours[day] : [];
  return week.length > 0 ? week.map((p) => period(p.open, p.close)) : [period()];
}

function ExceptionsSection({ form, set, problem, locale }: SectionProps) {
  const { t } = useLingui();
  const change = (key: number, patch: Partial<DatedHours>) => set('exceptions', (list) => list.map((e) => (e.key === key ? { ...e, ...patch } : e)));
  return (
    <Card as="section" title={t`Special dates`} className="flex flex-col gap-4">
      <p className="text-sm text-muted">
        <Trans>Days that differ from the week: closed on 25 December, short hours on 31 December. They replace that day's hours.</Trans>
      </p>
      {form.exceptions.length === 0 && <p className="text-muted">{t`None.`}</p>}
      <ul className="flex flex-col gap-3">
        {form.exceptions.map((e, i) => {
          const number = i + 1;
          const what = e.date || t`special date ${number}`;
          return (
            <li key={e.key} className="flex flex-col gap-3 rounded-lg border border-border p-3">
              <div className="flex flex-wrap items-end gap-3">
                <TextField
                  type="date"
                  label={
                    <>
                      {t`Date`}
                      <span className="sr-only"> {t`of special date ${number}`}</span>
                    </>
                  }
                  value={e.date}
                  onChange={(ev) => change(e.key, { date: ev.target.value })}
                  error={problemAt(problem, `exceptions.${i}.date`, t`The date`)}
                  className="w-48"
                />
                <TextField
                  label={
                    <>
                      {t`Note (optional)`}
                      <span className="sr-only"> {t`for ${what}`}</span>
                    </>
                  }
                  value={e.note}
                  maxLength={60}
                  onChange={(ev) => change(e.key, { note: ev.target.value })}
                  error={problemAt(problem, `exceptions.${i}.note`, t`The note`)}
                  className="min-w-48 flex-1"
                />
              </div>
              <CheckField
                label={
                  <>
                    {t`Closed all day`}
                    <span className="sr-only"> {t`on ${what}`}</span>
                  </>
                }
                checked={e.closed}
                onChange={(closed) => change(e.key, { closed, periods: closed || e.periods.length ? e.periods : weekHoursOn(form, e.date) })}
              />
              {!e.closed && (
                <Periods
                  periods={e.periods}
                  field={`exceptions.${i}.periods`}
                  locale={locale}
                  what={what}
                  problem={problem}
                  onChange={(periods) => change(e.key, { periods })}
                />
              )}
              <div>
                <Button size="sm" variant="ghost" onClick={() => set('exceptions', (list) => list.filter((x) => x.key !== e.key))}>
                  {t`Remove`}
                  <span className="sr-only"> {what}</span>
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      <div>
        <Button
          size="sm"
          variant="secondary"
          disabled={form.exceptions.length >= EXCEPTIONS_MAX}
          onClick={() => set('exceptions', (list) => [...list, { key: nextKey++, date: '', closed: true, periods: [], note: '' }])}
        >
          {t`Add a special date`}
        </Button>
      </div>
    </Card>
  );
}

function PickupSection({ form, set, problem }: SectionProps) {
  const { t } = useLingui();
  return (
    <Card as="section" title={t`Pickup`} className="flex flex-col gap-4">
      <CheckField
        label={t`Takes pickup orders`}
        hint={t`Off: customers can only have their orders delivered from here.`}
        checked={form.pickup}
        onChange={(on) => set('pickup', on)}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          label={t`Minutes to prepare`}
          inputMode="numeric"
          hint={t`The earliest pickup is this long after ordering.`}
          value={form.prep_minutes}
          onChange={(e) => set('prep_minutes', e.target.value)}
          error={problemAt(problem, 'prep_minutes', t`The preparation time`)}
        />
        <SelectField
          label={t`Pickup slots every`}
          value={form.slot_minutes}
          onChange={(e) => set('slot_minutes', e.target.value)}
          error={problemAt(problem, 'slot_minutes', t`The slot length`)}
        >
          {SLOT_MINUTES.map((m) => (
            <option key={m} value={String(m)}>
              {m === 60 ? t`1 hour` : plural(m, { one: '# minute', other: '# minutes' })}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t`Orders per slot`}
          inputMode="numeric"
          hint={t`A full slot is not offered.`}
          value={form.slot_capacity}
          onChange={(e) => set('slot_capacity', e.target.value)}
          error={problemAt(problem, 'slot_capacity', t`The number of orders`)}
        />
      </div>
    </Card>
  );
}

function AreaFields({
  area,
  i,
  problem,
  currency,
  onChange,
  onRemove,
}: {
  area: Area;
  i: number;
  problem: SaveProblem | null;
  currency: string;
  onChange: (patch: Partial<Area>) => void;
  onRemove: () => void;
}) {
  const { t } = useLingui();
  const number = i + 1;
  const what = area.name.trim() || t`area ${number}`;
  const at = (f: string, label: string) => problemAt(problem, `delivery_areas.${i}.${f}`, label);
  const pasted = area.kind === 'polygon' && area.geojson.trim() ? readPastedArea(area.geojson) : null;
  const corners = pasted && 'corners' in pasted ? pasted.corners : 0;
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-border p-3">
      <p className="text-sm font-medium text-muted">{area.kind === 'radius' ? t`Around the location` : t`A drawn area`}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={
            <>
              {t`Area name`}
              <span className="sr-only"> {number}</span>
            </>
          }
          value={area.name}
          maxLength={40}
          onChange={(e) => onChange({ name: e.target.value })}
          error={at('name', t`The name`)}
        />
        {area.kind === 'radius' && (
          <TextField
            label={
              <>
                {t`Distance (km)`}
                <span className="sr-only"> {t`of ${what}`}</span>
              </>
            }
            inputMode="decimal"
            value={area.radius_km}
            onChange={(e) => onChange({ radius_km: e.target.value })}
            error={at('radius_km', t`The distance`)}
          />
        )}
      </div>
      {area.kind === 'polygon' && (
        <div className="flex flex-col gap-1">
          <TextAreaField
            label={
              <>
                {t`GeoJSON`}
                <span className="sr-only"> {t`of ${what}`}</span>
              </>
            }
            hint={t`Draw the area at geojson.io (or any map tool), then paste its text here: a Polygon, a Feature with one, or a FeatureCollection whose first feature is one.`}
            rows={4}
            className="[&_textarea]:font-mono [&_textarea]:text-sm"
            value={area.geojson}
            onChange={(e) => onChange({ geojson: e.target.value })}
            error={at('polygon', t`The polygon`) ?? (pasted && 'problem' in pasted ? pasted.problem : undefined)}
          />
          {pasted && 'corners' in pasted && (
            <p role="status" className="text-sm text-success">
              {plural(corners, { one: 'A polygon with # corner.', other: 'A polygon with # corners.' })}
            </p>
          )}
        </div>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={
            <>
              {t`Delivery fee (${currency})`}
              <span className="sr-only"> {t`in ${what}`}</span>
            </>
          }
          inputMode="decimal"
          hint={t`Empty: the shop's delivery fee.`}
          value={area.fee}
          onChange={(e) => onChange({ fee: e.target.value })}
          error={at('fee', t`The fee`)}
        />
        <TextField
          label={
            <>
              {t`Minimum order (${currency})`}
              <span className="sr-only"> {t`in ${what}`}</span>
            </>
          }
          inputMode="decimal"
          hint={t`Empty: the shop's minimum order.`}
          value={area.min_order}
          onChange={(e) => onChange({ min_order: e.target.value })}
          error={at('min_order', t`The minimum order`)}
        />
      </div>
      <div>
        <Button size="sm" variant="ghost" onClick={onRemove}>
          {t`Remove`}
          <span className="sr-only"> {what}</span>
        </Button>
      </div>
    </li>
  );
}

function DeliverySection({ form, set, problem, currency }: SectionProps & { currency: string }) {
  const add = (kind: Area['kind']) =>
    set('delivery_areas', (list) => [
      ...list,
      { key: nextKey++, kind, name: '', radius_km: kind === 'radius' ? '3' : '', geojson: '', fee: '', min_order: '' },
    ]);
  const { t } = useLingui();
  const full = form.delivery_areas.length >= DELIVERY_AREAS_MAX;
  return (
    <Card as="section" title={t`Delivery areas`} className="flex flex-col gap-4">
      <p className="text-sm text-muted">
        <Trans>Addresses inside an area get delivery from here, at its fee. None: this location does not deliver.</Trans>
      </p>
      {form.delivery_areas.length === 0 && <p className="text-muted">{t`No delivery from this location.`}</p>}
      <ul className="flex flex-col gap-3">
        {form.delivery_areas.map((a, i) => (
          <AreaFields
            key={a.key}
            area={a}
            i={i}
            problem={problem}
            currency={currency}
            onChange={(patch) => set('delivery_areas', (list) => list.map((x) => (x.key === a.key ? { ...x, ...patch } : x)))}
            onRemove={() => set('delivery_areas', (list) => list.filter((x) => x.key !== a.key))}
          />
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" disabled={full} onClick={() => add('radius')}>
          {t`Add a radius area`}
        </Button>
        <Button size="sm" variant="secondary" disabled={full} onClick={() => add('polygon')}>
          {t`Add a drawn area (GeoJSON)`}
        </Button>
      </div>
    </Card>
  );
}

function ProductsSection({ form, set, products }: SectionProps & { products: LocationProduct[] | undefined }) {
  const { t } = useLingui();
  const toggle = (id: number, on: boolean) => set('unavailable', (ids) => (on ? [...ids, id] : ids.filter((x) => x !== id)));
  return (
    <Card as="section" title={t`Products not sold here`} className="flex flex-col gap-3">
      <p className="text-sm text-muted">
        <Trans>Ticked products are greyed out in this location's menu and cannot be ordered from it.</Trans>
      </p>
      {!products ? (
        <p className="text-muted">{t`Loading the menu…`}</p>
      ) : products.length === 0 ? (
        <p className="text-muted">{t`The menu has no products yet.`}</p>
      ) : (
        <div className="grid gap-2 sm:grid-cols-2">
          {products.map((p) => (
            <CheckField key={p.id} label={p.name} checked={form.unavailable.includes(p.id)} onChange={(on) => toggle(p.id, on)} />
          ))}
        </div>
      )}
    </Card>
  );
}

/** One location's editor: details, opening hours, special dates, pickup, delivery areas and products not sold. */
export function LocationEditor({ location, shopTimeZone, products, locale, currency, onSave, onDone }: LocationEditorProps) {
  const { t } = useLingui();
  const [form, setForm] = useState(() => formOf(location, currency, locale));
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const [saving, setSaving] = useState(false);
  const set: Set = (k, v) => setForm((f) => ({ ...f, [k]: typeof v === 'function' ? (v as (old: Form[typeof k]) => Form[typeof k])(f[k]) : v }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const out = fieldsOf(form, currency, locale);
    if ('problems' in out) return setProblem({ message: t`Please check the highlighted fields.`, fields: out.problems });
    setSaving(true);
    const refused = await onSave(location?.id ?? null, out.fields);
    setSaving(false);
    setProblem(refused);
    if (!refused) onDone(out.fields.name);
  }

  const sections: SectionProps = { form, set, problem, locale };
  const name = location?.name ?? '';
  const body: ReactNode = (
    <>
      <DetailsSection {...sections} shopTimeZone={shopTimeZone} />
      <HoursSection {...sections} />
      <ExceptionsSection {...sections} />
      <PickupSection {...sections} />
      <DeliverySection {...sections} currency={currency} />
      <ProductsSection {...sections} products={products} />
    </>
  );
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label={location ? t`Edit ${name}` : t`Add a location`}>
      {body}
      {problem && !problem.message && Object.keys(problem.fields).length > 0 && <Notice tone="danger">{t`Please check the highlighted fields.`}</Notice>}
      <FormActions problem={problem} saving={saving} submitLabel={location ? t`Save location` : t`Add location`} onCancel={() => onDone(null)} />
    </form>
  );
}
