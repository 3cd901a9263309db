/**
 * Which location makes an order, and whether it can: the pickup location the customer chose (or the
 * first), the first location whose delivery area holds the delivery address, the products a location
 * does not sell, its pickup slots and their caps, whether it takes orders now (closed, paused) and at the
 * table (the owner's switch).
 * orders/ prices and places orders with these; the words of each refusal are here, so the quote and the
 * order say the same. A shop with one location never says "location" to a customer.
 */
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import { Temporal } from 'temporal-polyfill';
import type { Language } from '#contract/languages';
import type { DeliveryArea } from '#contract/locations';
import type { RawBuilder } from 'kysely';
import type { Database } from '../../db';
import { AppError, notFound, validation, said } from '../http/errors';
import { isPickupSlot, localDate, orderingState, pickupSlots, type CartPrep, type LocationHours, type PauseState, type SlotRules } from './hours';
import { listLocationsHolding, slotCounts, takeFirstSlot, takeSlot, type LocationRow, type SlotFor } from './locations.repo';
import { isoTime } from '../../lib/clock';
import { errors } from '../i18n/errors';

/** What the shop's rules say that a location's own settings fall back on. */
export interface ShopDefaults {
  timezone: string;
  locale: string;
  delivery_fee: number;
  min_order: number;
}

/** The zone a location's times are in: its own, or the shop's. */
export const effectiveTimezone = (l: Pick<LocationRow, 'timezone'>, shopTimezone: string) => l.timezone || shopTimezone;

/** A location's row as hours.ts computes with it. */
export function hoursOf(l: LocationRow, shopTimezone: string): LocationHours & PauseState & SlotRules {
  return {
    timezone: effectiveTimezone(l, shopTimezone),
    hours: l.hours,
    exceptions: l.exceptions,
    paused: l.paused,
    paused_until: l.paused_until,
    prep_minutes: l.prep_minutes,
    slot_minutes: l.slot_minutes,
  };
}

// ---------------------------------------------------------------------------------------------
// Choosing the location
// ---------------------------------------------------------------------------------------------

/** The shop's locations in order and whether there is only one (then no message says "location"). */
export interface Locations {
  all: LocationRow[];
  single: boolean;
}

/**
 * The shop's locations (`single`: one, or none), with what listLocationsHolding reads with them in the
 * same statement: a location held for an order, an expression.
 */
export async function shopLocationsHolding(
  db: Database,
  hold: number | 'first' | null,
  alongside: RawBuilder<unknown> | null,
): Promise<{ locations: Locations; held: LocationRow | undefined; alongside: unknown }> {
  const { all, held, alongside: read } = await listLocationsHolding(db, hold, alongside);
  return { locations: { all, single: all.length <= 1 }, held, alongside: read };
}

/** A pickup's location: the one asked for, or the first; it must take pickup orders. */
export function pickupLocation(locations: Locations, locationId: number | undefined): LocationRow {
  const location = locationId === undefined ? locations.all[0] : locations.all.find((l) => l.id === locationId);
  if (!location) throw notFound(locations.single ? 'Shop' : 'Location');
  if (!location.pickup)
    throw validation({ location_id: 'does not take pickup orders' }, locations.single ? errors.noPickup : said(errors.noPickupAt, { location: location.name }));
  return location;
}

/** A dine-in order: the shop must take orders at the table (the owner's switch in Settings), 400 on `fulfilment` otherwise. */
export function assertTakesTableOrders(shop: { dine_in: boolean }): void {
  if (!shop.dine_in) throw validation({ fulfilment: 'this shop does not take orders at the table' }, errors.noTableOrders);
}

const EARTH_KM = 6371.0088;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** The great-circle distance between two points (haversine), in km. */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const h = Math.sin(rad(b.lat - a.lat) / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Whether a location's area holds a point: a radius around the location, or a GeoJSON polygon ([lng, lat] positions). */
export function areaHolds(l: Pick<LocationRow, 'lat' | 'lng'>, area: DeliveryArea, point: { lat: number; lng: number }): boolean {
  if (area.kind === 'polygon') return booleanPointInPolygon([point.lng, point.lat], area.polygon);
  return l.lat !== null && l.lng !== null && distanceKm({ lat: l.lat, lng: l.lng }, point) <= area.radius_km;
}

/** The first location (in the owner's order) with an area holding the point, and that area; else 409 OUTSIDE_DELIVERY_AREA. */
export function deliveringLocation(locations: Locations, point: { lat: number; lng: number }): { location: LocationRow; area: DeliveryArea } {
  for (const location of locations.all) {
    const area = location.delivery_areas.find((a) => areaHolds(location, a, point));
    if (area) return { location, area };
  }
  throw new AppError('OUTSIDE_DELIVERY_AREA', errors.outsideDelivery, {
    address_id: 'is outside our delivery areas',
  });
}

/** A delivery area's fee and minimum order: its own, or the shop's; the larger minimum counts. */
export function areaTerms(area: DeliveryArea, shop: Pick<ShopDefaults, 'delivery_fee' | 'min_order'>): { fee: number; min_order: number } {
  return { fee: area.fee ?? shop.delivery_fee, min_order: Math.max(shop.min_order, area.min_order ?? shop.min_order) };
}

/** 409 PRODUCT_UNAVAILABLE naming the first line the location does not sell (`notSoldThere`: locations.repo unavailableAt). */
export function assertSoldAt(
  locations: Locations,
  location: LocationRow,
  notSoldThere: readonly number[],
  lines: ReadonlyArray<{ product_id: number; name: string }>,
): void {
  const notSold = new Set(notSoldThere);
  const n = lines.findIndex((l) => notSold.has(l.product_id));
  if (n < 0) return;
  const line = lines[n]!;
  const message = locations.single
    ? said(errors.productUnavailable, { name: line.name })
    : said(errors.productNotSoldAt, { name: line.name, location: location.name });
  throw new AppError(
    'PRODUCT_UNAVAILABLE',
    message,
    { [`items.${n}.product_id`]: locations.single ? 'is not available' : `is not sold at ${location.name}` },
    {
      product_id: line.product_id,
      name: line.name,
    },
  );
}

// ---------------------------------------------------------------------------------------------
// Pickup slots
// ---------------------------------------------------------------------------------------------

/** The location's pickup slots now (today and tomorrow), earliest first. */
function slotsNow(l: LocationRow, shop: Pick<ShopDefaults, 'timezone'>, now: Date): Date[] {
  return pickupSlots(hoursOf(l, shop.timezone), now).flatMap((d) => d.slots);
}

/** The slots with room by the counts as they are now, earliest first (a count may still go up before one is taken). */
async function slotsWithRoom(db: Database, l: LocationRow, slots: Date[]): Promise<Date[]> {
  if (slots.length === 0) return [];
  const counts = await slotCounts(db, l.id, slots[0]!, new Date(slots.at(-1)!.getTime() + 1));
  return slots.filter((s) => (counts.get(s.getTime()) ?? 0) < l.slot_capacity);
}

/**
 * The location as it makes a cart (issue 54): its preparation time the cart's (hours.ts cartPrep), so its
 * pickup slots start after the longest of its products' times.
 */
export function withPrep(l: LocationRow, prep: CartPrep): LocationRow {
  return prep.minutes === l.prep_minutes ? l : { ...l, prep_minutes: prep.minutes };
}

/**
 * An asked pickup time, parsed; 400 VALIDATION on `pickup_at` unless it is one of the location's slots now
 * for the cart (`prep`): one the location offers but before the cart's longest product can be made says
 * so, with the first time that can be.
 */
export function askedSlot(
  l: LocationRow,
  shop: Pick<ShopDefaults, 'timezone' | 'locale'>,
  now: Date,
  pickupAt: string | undefined,
  prep: CartPrep | null = null,
): Date | null {
  if (pickupAt === undefined) return null;
  const at = new Date(pickupAt);
  const forCart = prep ? withPrep(l, prep) : l;
  if (isPickupSlot(hoursOf(forCart, shop.timezone), now, at)) return at;
  if (prep?.product && isPickupSlot(hoursOf(l, shop.timezone), now, at)) {
    const tz = effectiveTimezone(l, shop.timezone);
    const first = slotsNow(forCart, shop, now).find((s) => s.getTime() > at.getTime());
    const takes = { name: prep.product.name, minutes: prep.minutes };
    throw validation(
      { pickup_at: 'is before the order can be made: choose a later pickup time' },
      first ? said(errors.prepEarliest, { ...takes, ...dayWords(first, now, tz, shop.locale) }) : said(errors.prepNoTime, takes),
    );
  }
  throw validation({ pickup_at: 'is not one of the pickup times: choose one from the list' }, errors.pickupTimeGone);
}

/** The time of day of an instant in a zone, in the shop's locale ("2:30 PM", "14:30"). */
function clockOf(at: Date, tz: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { timeZone: tz, hour: 'numeric', minute: '2-digit' }).format(at);
}

/** "today", "tomorrow" or the weekday, of an instant seen from `now` in a zone. */
function dayOf(at: Date, now: Date, tz: string, locale: string): string {
  const day = localDate(at, tz);
  const today = localDate(now, tz);
  if (day === today) return 'today';
  if (day === Temporal.PlainDate.from(today).add({ days: 1 }).toString()) return 'tomorrow';
  return new Intl.DateTimeFormat(locale, { timeZone: tz, weekday: 'long' }).format(at);
}

/**
 * An instant's words for a refusal's ICU select: `day` today, tomorrow or other; its `time` of day (the
 * shop's locale); its `weekday`, named in the language the refusal is worded in (English in the shop's locale).
 */
function dayWords(at: Date, now: Date, tz: string, locale: string) {
  const day = dayOf(at, now, tz, locale);
  const weekday = (language: Language) => (language === 'en' ? day : new Intl.DateTimeFormat(language, { timeZone: tz, weekday: 'long' }).format(at));
  return { day: day === 'today' || day === 'tomorrow' ? day : 'other', time: clockOf(at, tz, locale), weekday };
}

function slotFull(next: Date | null, tz: string, now: Date, locale: string): AppError {
  const message = next ? said(errors.slotFullNext, dayWords(next, now, tz, locale)) : errors.slotFullNone;
  return new AppError('SLOT_FULL', message, { pickup_at: 'is full: choose another pickup time' }, { next_slot: next ? next.toISOString() : null });
}

/**
 * A quote's pickup time: the asked slot (409 SLOT_FULL when its count is at the cap), or for "as soon
 * as possible" the first slot with room (null: none today or tomorrow). Nothing is taken.
 */
export async function quotedSlot(
  db: Database,
  l: LocationRow,
  shop: Pick<ShopDefaults, 'timezone' | 'locale'>,
  now: Date,
  asked: Date | null,
): Promise<Date | null> {
  const slots = slotsNow(l, shop, now);
  const room = await slotsWithRoom(db, l, slots);
  if (asked === null) return room[0] ?? null;
  if (room.some((s) => s.getTime() === asked.getTime())) return asked;
  throw slotFull(room.find((s) => s.getTime() > asked.getTime()) ?? null, effectiveTimezone(l, shop.timezone), now, shop.locale);
}

/**
 * How many of the next slots an order's first try looks at (4 hours of 15-minute slots): today's and
 * tomorrow's are 100 or more, and writing them all into every order's statement was 3 % of the
 * provider's time in the bench.
 */
const FIRST_SLOTS = 16;

/**
 * An order's pickup time, taken in its transaction: the asked slot, or the first with room; each with
 * takeSlot's one conditional upsert, so no slot goes over its cap however many orders race for it.
 * Slots are tried earliest first, so two orders never wait on each other's slots in opposite orders.
 * The order (`order.orderId`, written already) gets it as its pickup time in the same statement, and
 * `order.also` is written with it (a paid order's stored answer). The slot's row stays locked until
 * commit and every order at the location wants the same first slot, so this is the order's last
 * statement: the lock is held for the fewest round trips.
 * 409 SLOT_FULL (with the next slot with room) when the asked one, or every one, is full.
 */
export async function takePickupSlot(
  trx: Database,
  l: LocationRow,
  shop: Pick<ShopDefaults, 'timezone' | 'locale'>,
  now: Date,
  asked: Date | null,
  order: SlotFor,
): Promise<Date> {
  const tz = effectiveTimezone(l, shop.timezone);
  const slots = slotsNow(l, shop, now);
  if (asked !== null) {
    if (await takeSlot(trx, l.id, asked, l.slot_capacity, order)) return asked;
    const later = (await slotsWithRoom(trx, l, slots)).find((s) => s.getTime() > asked.getTime());
    throw slotFull(later ?? null, tz, now, shop.locale);
  }
  // the first with room among the next few, in one statement; should they all be full, or the one chosen
  // have filled up meanwhile, one by one
  const first = await takeFirstSlot(trx, l.id, slots.slice(0, FIRST_SLOTS), l.slot_capacity, order);
  if (first) return first;
  for (const slot of await slotsWithRoom(trx, l, slots)) {
    if (await takeSlot(trx, l.id, slot, l.slot_capacity, order)) return slot;
  }
  const message = slots.length ? errors.slotsAllFull : errors.slotsNone;
  throw new AppError('SLOT_FULL', message, { pickup_at: 'no pickup time has room' }, { next_slot: null });
}

// ---------------------------------------------------------------------------------------------
// Taking orders now
// ---------------------------------------------------------------------------------------------

/**
 * 409 ORDERING_PAUSED or LOCATION_CLOSED, with when it takes orders again, unless the location takes
 * orders at `now`. `who` names it to the customer: the shop's name when the shop has one location.
 * `ahead`: a pickup slot the customer chose (askedSlot: always inside an opening); closed now, such an
 * order is taken ahead for that time, as a customer expects; a pause still refuses it, since the owner
 * paused to take no more orders.
 */
export function assertTakingOrders(
  l: LocationRow,
  who: { name: string; single: boolean },
  shop: Pick<ShopDefaults, 'timezone' | 'locale'>,
  now: Date,
  ahead: Date | null,
): void {
  const tz = effectiveTimezone(l, shop.timezone);
  const state = orderingState(hoursOf(l, shop.timezone), now);
  // "back at 14:30" the same day; "back tomorrow at 07:00" another
  const when = (at: Date) => dayWords(at, now, tz, shop.locale);
  if (state.state === 'paused') {
    const message = state.next_open_at ? said(errors.pausedUntil, { name: who.name, ...when(state.next_open_at) }) : said(errors.paused, { name: who.name });
    throw new AppError('ORDERING_PAUSED', message, undefined, { paused_until: isoTime(state.paused_until), next_open_at: isoTime(state.next_open_at) });
  }
  if (state.state === 'closed' && ahead === null) {
    const open = state.next_open_at;
    const message = who.single
      ? open
        ? said(errors.closedUntil, when(open))
        : errors.closed
      : open
        ? said(errors.closedAtUntil, { name: who.name, ...when(open) })
        : said(errors.closedAt, { name: who.name });
    throw new AppError('LOCATION_CLOSED', message, undefined, { next_open_at: isoTime(state.next_open_at) });
  }
}
