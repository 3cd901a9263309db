/**
 * Locations (issue 28): where a shop makes its orders. Each has an address with coordinates, its own
 * opening hours (weekly periods, dated exceptions) in its time zone, a pause switch for online orders,
 * a preparation time and pickup slots with a cap, delivery areas (a radius or a GeoJSON polygon, each
 * with its fee and minimum) and the products it does not sell. The schemas of the calls
 * locations.calls.ts declares, the rules between fields both the provider and the console check
 * (locationProblems); locations.spec.ts describes the calls. Part of the contract (src/contract): free of React, of the browser
 * and of Express.
 */
import { z } from 'zod';
import { int, time } from './answer-fields';
import { MAX_ID, contactPhone, id, optionalText, requiredText, wholeNumber } from './fields';
import { isTimeZone } from './shop-settings';

/** The week's days, in the order the hours editor shows them (ISO: Monday first). */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
/** At most this many opening periods a day (a lunch break makes two). */
export const PERIODS_PER_DAY_MAX = 4;
export const EXCEPTIONS_MAX = 60;
export const DELIVERY_AREAS_MAX = 10;
/** A polygon's ring: at most this many corners. */
export const POLYGON_POINTS_MAX = 500;
/** The lengths a pickup slot can have, in minutes. */
export const SLOT_MINUTES = [5, 10, 15, 20, 30, 60] as const;
/** How long a pause can be asked for: minutes, until the location's current period ends, or until someone resumes. */
export const PAUSE_CHOICES = ['15_minutes', '30_minutes', '60_minutes', 'until_closing', 'until_resumed', 'resume'] as const;
export type PauseChoice = (typeof PAUSE_CHOICES)[number];
/** An order not picked up this long after its slot is flagged on the board. */
export const PICKUP_LATE_MINUTES = 15;

/** A time of day on the 24-hour clock, `07:30`. */
export const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time such as 07:30');
/**
 * One opening period of a day. A `close` at or before `open` ends the next day (18:00–02:00); `open`
 * equal to `close` is open all day and night (00:00–00:00).
 */
export const openingPeriod = z.object({ open: clockTime, close: clockTime });
export type OpeningPeriod = z.infer<typeof openingPeriod>;
const dayPeriods = z.array(openingPeriod).max(PERIODS_PER_DAY_MAX, `must have at most ${PERIODS_PER_DAY_MAX} periods`);
/** The weekly hours: each day's periods (none: closed that day). */
export const weeklyHours = z.object(Object.fromEntries(WEEKDAYS.map((d) => [d, dayPeriods])) as Record<Weekday, typeof dayPeriods>).strict();
export type WeeklyHours = z.infer<typeof weeklyHours>;
/** A calendar date, `2026-12-25`. */
export const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date such as 2026-12-25')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), 'must be a real date');
/** A dated exception to the weekly hours: its periods replace that day's (none: closed all day). */
export const hoursException = z.object({ date: calendarDate, periods: dayPeriods, note: optionalText(60).optional() });
export type HoursException = z.infer<typeof hoursException>;

const longitude = z.number({ error: 'must be a longitude' }).min(-180, 'must be between -180 and 180').max(180, 'must be between -180 and 180');
const latitude = z.number({ error: 'must be a latitude' }).min(-90, 'must be between -90 and 90').max(90, 'must be between -90 and 90');
/** A GeoJSON Polygon (RFC 7946): one outer ring of [longitude, latitude] positions, closed (the last is the first), holes allowed. */
export const geoPolygon = z.object({
  type: z.literal('Polygon', { error: 'must be a GeoJSON Polygon' }),
  coordinates: z
    .array(
      z
        .array(z.tuple([longitude, latitude], { error: 'must be [longitude, latitude] positions' }))
        .min(4, 'a ring needs at least 4 positions (3 corners and the first again)')
        .max(POLYGON_POINTS_MAX, `a ring must have at most ${POLYGON_POINTS_MAX} positions`)
        .refine((r) => r.length < 4 || (r[0]![0] === r[r.length - 1]![0] && r[0]![1] === r[r.length - 1]![1]), 'a ring must end where it starts'),
    )
    .min(1, 'must have an outer ring')
    .max(10, 'must have at most 10 rings'),
});
export type GeoPolygon = z.infer<typeof geoPolygon>;
const areaCommon = {
  name: requiredText(40),
  /** null: the shop's delivery fee (shop settings) */
  fee: wholeNumber(0, 100_000_000, 'minor units').nullable(),
  /** null: the shop's minimum order; an area's minimum applies on top of the shop's (the larger counts) */
  min_order: wholeNumber(0, 100_000_000, 'minor units').nullable(),
};
/** A delivery area: a circle around the location (it needs coordinates), or a polygon drawn or pasted as GeoJSON. */
export const deliveryArea = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('radius'),
      ...areaCommon,
      radius_km: z.number({ error: 'must be a distance in km' }).min(0.1, 'must be at least 0.1 km').max(100, 'must be at most 100 km'),
    }),
    z.object({ kind: z.literal('polygon'), ...areaCommon, polygon: geoPolygon }),
  ],
  { error: 'must be a radius or a polygon area' },
);
export type DeliveryArea = z.infer<typeof deliveryArea>;

/** Every field of a location, as the owner's editor sends them (create: all but those with defaults). */
export const locationFields = z.object({
  name: requiredText(60),
  address: requiredText(200),
  lat: latitude.nullable(),
  lng: longitude.nullable(),
  phone: contactPhone,
  /** empty: the shop's time zone */
  timezone: z
    .string()
    .trim()
    .refine((v) => v === '' || isTimeZone(v), 'must be a time zone such as Asia/Manila'),
  hours: weeklyHours,
  exceptions: z.array(hoursException).max(EXCEPTIONS_MAX, `must have at most ${EXCEPTIONS_MAX} dates`),
  /** takes pickup orders */
  pickup: z.boolean({ error: 'must be true or false' }),
  prep_minutes: wholeNumber(0, 240, 'minutes'),
  slot_minutes: z.literal(SLOT_MINUTES, { error: `must be one of ${SLOT_MINUTES.join(', ')} minutes` }),
  slot_capacity: wholeNumber(1, 1000, 'orders'),
  /** none: the location does not deliver */
  delivery_areas: z.array(deliveryArea).max(DELIVERY_AREAS_MAX, `must have at most ${DELIVERY_AREAS_MAX} areas`),
  /** the products this location does not sell (greyed out in its menu, refused in its orders) */
  unavailable_product_ids: z
    .array(id)
    .max(1000)
    .transform((a) => [...new Set(a)]),
});
export type LocationFields = z.output<typeof locationFields>;

/**
 * `merchant/locations/create`: name and address at least; the rest take the defaults (closed every day until
 * hours are set is not a default: 07:00–19:00 daily).
 */
export const locationCreateBody = locationFields.partial().required({ name: true, address: true }).strict();
/** `merchant/locations/update`: the location and any of its fields. */
export const locationUpdateBody = locationFields.partial().extend({ id }).strict();
export type LocationCreateInput = z.input<typeof locationCreateBody>;
export type LocationUpdateInput = z.input<typeof locationUpdateBody>;
/** `merchant/locations/pause`: pause online orders (or resume them). */
export const locationPauseBody = z.object({ location_id: id, pause: z.enum(PAUSE_CHOICES, { error: `must be one of ${PAUSE_CHOICES.join(', ')}` }) });
export type LocationPauseInput = z.infer<typeof locationPauseBody>;
/** The most products a cart's pickup times are asked for with. */
export const SLOT_PRODUCTS_MAX = 100;
/**
 * `shop/pickup-slots`: `products`, the cart's product ids separated by commas ("12,40"): the slots then
 * start after the longest of their preparation times and the location's (unknown or archived ones count
 * for nothing; order/quote refuses them). Absent: the location's own preparation time.
 */
export const pickupSlotsQuery = z.object({
  location_id: id,
  products: z
    .string()
    .regex(new RegExp(`^\\d{1,10}(,\\d{1,10}){0,${SLOT_PRODUCTS_MAX - 1}}$`), `must be product ids separated by commas (at most ${SLOT_PRODUCTS_MAX})`)
    .refine((v) => v.split(',').every((n) => Number(n) >= 1 && Number(n) <= MAX_ID), 'must be product ids separated by commas')
    .optional(),
});
export type PickupSlotsQuery = z.infer<typeof pickupSlotsQuery>;

/** A coordinate of a query string: a decimal number within ±limit (an empty value is not 0). */
const queryCoordinate = (limit: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*[-+]?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v),
    z.number({ error: 'must be a number' }).min(-limit, `must be between -${limit} and ${limit}`).max(limit, `must be between -${limit} and ${limit}`),
  );
/** `shop/delivery-check` */
export const deliveryCheckQuery = z.object({ lat: queryCoordinate(90), lng: queryCoordinate(180) });
export type DeliveryCheckQuery = z.infer<typeof deliveryCheckQuery>;
export const deliveryCheckAnswer = z.object({
  delivers: z.boolean().meta({ description: 'a location delivers to this point (as order/quote would choose it)' }),
  location_id: int().nullable().meta({ description: 'the location that would deliver (null: none)' }),
});
export type DeliveryCheckData = z.infer<typeof deliveryCheckAnswer>;
/** A location filter (board, counter, dashboard, exports): absent, all the signed-in member may see. */
export const locationFilter = z.object({ location_id: id.optional() });
export type LocationFilter = z.infer<typeof locationFilter>;

/**
 * The rules between fields, on the location as it would be: a radius area needs the location's
 * coordinates; a day's periods must not overlap; exception dates once each. Each problem named by the
 * field it is about (empty: none).
 */
export function locationProblems(l: Pick<LocationFields, 'lat' | 'lng' | 'hours' | 'exceptions' | 'delivery_areas'>): Partial<Record<string, string>> {
  const out: Record<string, string> = {};
  if ((l.lat === null) !== (l.lng === null)) out[l.lat === null ? 'lat' : 'lng'] = 'is required with the other coordinate';
  l.delivery_areas.forEach((a, i) => {
    if (a.kind === 'radius' && (l.lat === null || l.lng === null))
      out[`delivery_areas.${i}.radius_km`] = "needs the location's coordinates (latitude and longitude)";
  });
  for (const d of WEEKDAYS) {
    const p = overlapping(l.hours[d]);
    if (p !== null) out[`hours.${d}.${p}`] = 'overlaps another period of the day';
  }
  const seen = new Set<string>();
  l.exceptions.forEach((e, i) => {
    if (seen.has(e.date)) out[`exceptions.${i}.date`] = 'is listed twice';
    seen.add(e.date);
    const p = overlapping(e.periods);
    if (p !== null) out[`exceptions.${i}.periods.${p}`] = 'overlaps another period of the day';
  });
  return out;
}

const minutesOf = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
/** The index of the first period that overlaps an earlier one of the same day (periods past midnight run on to the next day), or null. */
function overlapping(periods: readonly OpeningPeriod[]): number | null {
  const spans = periods.map((p) => {
    const open = minutesOf(p.open);
    const close = minutesOf(p.close);
    return [open, close > open ? close : close + 24 * 60] as const;
  });
  for (let i = 1; i < spans.length; i++) {
    for (let j = 0; j < i; j++) if (spans[i]![0] < spans[j]![1] && spans[j]![0] < spans[i]![1]) return i;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

const ordering = {
  state: z
    .enum(['open', 'closed', 'paused'])
    .meta({ description: 'whether it takes orders now: open, closed (outside its hours), paused (staff paused online orders)' }),
  closes_at: time().nullable().meta({ description: 'open: when the current opening period ends' }),
  next_open_at: time()
    .nullable()
    .meta({ description: 'closed or paused: when it takes orders again (null: paused until resumed, or no opening in the next 14 days)' }),
  paused_until: time().nullable().meta({ description: 'paused: until when (null: until staff resume, or not paused)' }),
};
/** A location as customers see it (`shop/locations`). */
export const locationAnswer = z
  .object({
    id: int(),
    name: z.string(),
    address: z.string(),
    lat: z.number().nullable(),
    lng: z.number().nullable(),
    phone: z.string(),
    timezone: z.string().meta({ description: "its time zone (the shop's unless it has its own): times are shown in it" }),
    pickup: z.boolean(),
    delivery: z.boolean().meta({ description: 'has a delivery area' }),
    prep_minutes: int(),
    ...ordering,
    today: z.array(openingPeriod).meta({ description: "today's opening periods in its time zone (exceptions applied); none: closed today" }),
    unavailable_product_ids: z.array(int()),
  })
  .meta({ id: 'Location' });
export type Location = z.infer<typeof locationAnswer>;
export const locationsAnswer = z.object({
  locations: z.array(locationAnswer).meta({ description: 'in the order the owner set; a shop has at least one' }),
  server_time: time(),
});
export type LocationsData = z.infer<typeof locationsAnswer>;

export const pickupSlotAnswer = z.object({ at: time(), full: z.boolean() });
export const pickupSlotsAnswer = z.object({
  location_id: int(),
  timezone: z.string(),
  asap: time().nullable().meta({ description: 'the earliest slot with room after the preparation time (null: none today or tomorrow)' }),
  prep_minutes: int()
    .optional()
    .meta({ description: "asked with `products`: the preparation time the slots start after, the location's or the longest of theirs" }),
  prep_product: z
    .object({ id: int(), name: z.string() })
    .nullable()
    .optional()
    .meta({ description: "asked with `products`: the product whose preparation time that is, when longer than the location's (null: the location's counts)" }),
  days: z
    .array(
      z.object({
        date: z.string().meta({ description: "YYYY-MM-DD in the location's time zone" }),
        slots: z.array(pickupSlotAnswer),
        note: z.string().nullable().meta({ description: "the note of the day's special date (closed, or short hours), null when it has none" }),
      }),
    )
    .meta({ description: "today and tomorrow in the location's time zone, each with its slots from now plus the preparation time, within opening hours" }),
});
export type PickupSlotsData = z.infer<typeof pickupSlotsAnswer>;

/** A location as the console sees it: everything the editor edits, and its state now. */
export const merchantLocationAnswer = locationAnswer
  .omit({ today: true })
  .extend({
    ...locationFields.shape,
    // the body's field drops repeats on the way in (a transform, which an answer's schema cannot have)
    unavailable_product_ids: z.array(int()),
    timezone: z.string().meta({ description: "its own time zone; empty: the shop's" }),
    effective_timezone: z.string(),
    ...ordering,
    position: int(),
  })
  .meta({ id: 'MerchantLocation' });
export type MerchantLocation = z.infer<typeof merchantLocationAnswer>;
export const merchantLocationsAnswer = z.object({
  locations: z.array(merchantLocationAnswer).meta({ description: 'an owner: every location; a staff member limited to locations: theirs' }),
  server_time: time(),
});
export type MerchantLocationsData = z.infer<typeof merchantLocationsAnswer>;
export const merchantLocationOnlyAnswer = z.object({ location: merchantLocationAnswer });
export type MerchantLocationData = z.infer<typeof merchantLocationOnlyAnswer>;

/** The location an order is made at, as its answers carry it. */
export const orderLocationAnswer = z.object({ id: int(), name: z.string(), address: z.string() });
