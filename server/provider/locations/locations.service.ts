/**
 * Locations: what customers see of them (state now, today's hours, the products each does not sell,
 * the pickup slots with room), the owner's editor (every field checked, and the rules between them on
 * the location as it would be: 400 VALIDATION naming each field, nothing saved) and the pause switch of
 * staff and owners. Times are computed in the location's effective zone (its own, or the shop's) by
 * hours.ts; changes are audited like the shop settings. Orders already placed are never touched here.
 */
import {
  type DeliveryCheckData,
  locationProblems,
  type Location,
  type LocationFields,
  type LocationPauseInput,
  type LocationsData,
  type MerchantLocation,
  type MerchantLocationsData,
  type PickupSlotsData,
  type WeeklyHours,
  WEEKDAYS,
  type locationCreateBody,
  type locationUpdateBody,
} from '#contract/locations';
import type { z } from 'zod';
import type { Database } from '../../db';
import type { ProviderContext } from '../context';
import { notFound, validation } from '../http/errors';
import type { StaffOfRequest } from '../http/staff-session';
import { getMerchant } from '../settings/settings.service';
import { insertAudit } from '../staff/staff.repo';
import { assertInScope, inScope, locationScope } from './access';
import { cartPrep, orderingState, pauseUntil, periodsToday, pickupSlots, type LocationHours, type PauseState } from './hours';
import {
  existingProductIds,
  findLocation,
  insertLocation,
  listLocations,
  lockLocation,
  productPreps,
  replaceUnavailableProducts,
  setPause,
  slotCounts,
  unavailableProducts,
  updateLocation,
  type LocationRow,
  type LocationWrite,
} from './locations.repo';
import { areaHolds, hoursOf, withPrep } from './ordering';
import { isoTime } from '../../lib/clock';

/** Until the owner sets them, a new location's hours: 07:00–19:00 every day. */
const DEFAULT_HOURS = Object.fromEntries(WEEKDAYS.map((d) => [d, [{ open: '07:00', close: '19:00' }]])) as WeeklyHours;

/** What a new location has until the owner says otherwise (name and address they always give). */
const DEFAULTS: Omit<LocationFields, 'name' | 'address'> = {
  lat: null,
  lng: null,
  phone: '',
  timezone: '',
  hours: DEFAULT_HOURS,
  exceptions: [],
  pickup: true,
  prep_minutes: 10,
  slot_minutes: 15,
  slot_capacity: 10,
  delivery_areas: [],
  unavailable_product_ids: [],
};

const FIELD_NAMES = [
  'name',
  'address',
  'lat',
  'lng',
  'phone',
  'timezone',
  'hours',
  'exceptions',
  'pickup',
  'prep_minutes',
  'slot_minutes',
  'slot_capacity',
  'delivery_areas',
  'unavailable_product_ids',
] as const satisfies readonly (keyof LocationFields)[];

async function shopTimezone(ctx: ProviderContext): Promise<string> {
  return (await getMerchant(ctx.db, ctx.merchantId)).rules.timezone;
}

/** Whether it takes orders now, and when that changes, as the answers carry it. */
function stateOf(h: LocationHours & PauseState, now: Date) {
  const s = orderingState(h, now);
  return { state: s.state, closes_at: isoTime(s.closes_at), next_open_at: isoTime(s.next_open_at), paused_until: isoTime(s.paused_until) };
}

function customerLocation(row: LocationRow, h: LocationHours & PauseState, unavailable: number[], now: Date): Location {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    lat: row.lat,
    lng: row.lng,
    phone: row.phone,
    timezone: h.timezone,
    pickup: row.pickup,
    delivery: row.delivery_areas.length > 0,
    prep_minutes: row.prep_minutes,
    ...stateOf(h, now),
    today: [...periodsToday(h, now)],
    unavailable_product_ids: unavailable,
  };
}

/** The editor's fields of a row. */
function fieldsOf(row: LocationRow, unavailable: number[]): LocationFields {
  return {
    name: row.name,
    address: row.address,
    lat: row.lat,
    lng: row.lng,
    phone: row.phone,
    timezone: row.timezone,
    hours: row.hours,
    exceptions: row.exceptions,
    pickup: row.pickup,
    prep_minutes: row.prep_minutes,
    slot_minutes: row.slot_minutes as LocationFields['slot_minutes'],
    slot_capacity: row.slot_capacity,
    delivery_areas: row.delivery_areas,
    unavailable_product_ids: unavailable,
  };
}

function merchantLocation(row: LocationRow, shopTz: string, unavailable: number[], now: Date): MerchantLocation {
  const h = hoursOf(row, shopTz);
  return {
    id: row.id,
    ...fieldsOf(row, unavailable),
    effective_timezone: h.timezone,
    delivery: row.delivery_areas.length > 0,
    ...stateOf(h, now),
    position: row.position,
  };
}

/** `shop/locations`: every location with its state now, in the owner's order. */
export async function shopLocations(ctx: ProviderContext): Promise<LocationsData> {
  const [rows, tz] = [await listLocations(ctx.db), await shopTimezone(ctx)];
  const unavailable = await unavailableProducts(
    ctx.db,
    rows.map((r) => r.id),
  );
  const now = ctx.clock.now();
  return { locations: rows.map((r) => customerLocation(r, hoursOf(r, tz), unavailable.get(r.id) ?? [], now)), server_time: now.toISOString() };
}

/** `shop/delivery-check`: the location that would deliver to a point, as order/quote chooses it (deliveringLocation). */
export async function deliveryCheck(ctx: ProviderContext, point: { lat: number; lng: number }): Promise<DeliveryCheckData> {
  const rows = await listLocations(ctx.db);
  const at = rows.find((row) => row.delivery_areas.some((area) => areaHolds(row, area, point)));
  return { delivers: at !== undefined, location_id: at?.id ?? null };
}

/**
 * `shop/pickup-slots`: today's and tomorrow's slots from now plus the preparation time (the location's, or
 * the longest of `productIds`' when longer: hours.ts cartPrep, as order/quote counts it), each `full` once
 * as many orders hold it as the cap; `asap` the first with room. A location without pickup: no slots.
 */
export async function pickupSlotsOf(ctx: ProviderContext, locationId: number, productIds?: number[]): Promise<PickupSlotsData> {
  const found = await findLocation(ctx.db, locationId);
  if (!found) throw notFound('That location');
  const prep = cartPrep(found.prep_minutes, productIds ? await productPreps(ctx.db, productIds) : []);
  const row = withPrep(found, prep);
  const h = hoursOf(row, await shopTimezone(ctx));
  const days = pickupSlots(h, ctx.clock.now());
  // asked for a cart: the time its slots start after, and the product that sets it (an answer without is as it always was)
  const base = { location_id: row.id, timezone: h.timezone, ...(productIds && { prep_minutes: prep.minutes, prep_product: prep.product }) };
  if (!row.pickup) return { ...base, asap: null, days: days.map((d) => ({ date: d.date, slots: [], note: d.note })) };
  const all = days.flatMap((d) => d.slots);
  const counts = all.length > 0 ? await slotCounts(ctx.db, row.id, all[0]!, new Date(all[all.length - 1]!.getTime() + 1)) : new Map<number, number>();
  const full = (at: Date) => (counts.get(at.getTime()) ?? 0) >= row.slot_capacity;
  return {
    ...base,
    asap: isoTime(all.find((at) => !full(at)) ?? null),
    days: days.map((d) => ({ date: d.date, slots: d.slots.map((at) => ({ at: at.toISOString(), full: full(at) })), note: d.note })),
  };
}

async function answerRows(ctx: ProviderContext, rows: LocationRow[]): Promise<MerchantLocation[]> {
  const tz = await shopTimezone(ctx);
  const unavailable = await unavailableProducts(
    ctx.db,
    rows.map((r) => r.id),
  );
  const now = ctx.clock.now();
  return rows.map((r) => merchantLocation(r, tz, unavailable.get(r.id) ?? [], now));
}

const answerRow = async (ctx: ProviderContext, row: LocationRow) => (await answerRows(ctx, [row]))[0]!;

/** `merchant/locations`: an owner every location; a staff member limited to locations theirs. */
export async function merchantLocations(ctx: ProviderContext, staff: StaffOfRequest): Promise<MerchantLocationsData> {
  const scope = await locationScope(ctx.db, staff);
  const rows = (await listLocations(ctx.db)).filter((r) => inScope(scope, r.id));
  return { locations: await answerRows(ctx, rows), server_time: ctx.clock.now().toISOString() };
}

/** The location as it would be, checked between fields and against the products: 400 naming each field, nothing saved. */
async function check(trx: Database, l: LocationFields): Promise<void> {
  const problems = locationProblems(l) as Record<string, string>;
  const products = await existingProductIds(trx, l.unavailable_product_ids);
  const unknown = l.unavailable_product_ids.filter((p) => !products.has(p));
  if (unknown.length > 0) problems.unavailable_product_ids = `must be products of the menu (${unknown.join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not)`;
  if (Object.keys(problems).length > 0) throw validation(problems);
}

const writeOf = ({ unavailable_product_ids: _, ...l }: LocationFields): LocationWrite => l;
const pick = (l: LocationFields, keys: readonly (keyof LocationFields)[]) => Object.fromEntries(keys.map((k) => [k, l[k]]));

/** `merchant/locations/create`: a new location after the last, with the defaults for what is not given. Audited. */
export async function createLocation(ctx: ProviderContext, staff: StaffOfRequest, body: z.output<typeof locationCreateBody>): Promise<MerchantLocation> {
  const now = ctx.clock.now();
  const fields: LocationFields = { ...DEFAULTS, ...body };
  const row = await ctx.db.transaction().execute(async (trx) => {
    await check(trx, fields);
    const row = await insertLocation(trx, writeOf(fields), now);
    await replaceUnavailableProducts(trx, row.id, fields.unavailable_product_ids);
    await insertAudit(trx, { staffId: staff.id, action: 'location.create', target: `location:${row.id}`, before: null, after: fields, now });
    return row;
  });
  return answerRow(ctx, row);
}

/**
 * `merchant/locations/update`: the fields given, merged into the location under its lock and checked
 * as a whole. Audited with the changed fields before and after (and the name, for the log's sentence);
 * a change to nothing is not.
 */
export async function changeLocation(ctx: ProviderContext, staff: StaffOfRequest, body: z.output<typeof locationUpdateBody>): Promise<MerchantLocation> {
  const now = ctx.clock.now();
  const { id, ...given } = body;
  const row = await ctx.db.transaction().execute(async (trx) => {
    const row = await lockLocation(trx, id);
    if (!row) throw notFound('That location');
    const before = fieldsOf(row, (await unavailableProducts(trx, [id])).get(id) ?? []);
    const next: LocationFields = { ...before, ...given };
    await check(trx, next);
    const changed = FIELD_NAMES.filter((k) => JSON.stringify(before[k]) !== JSON.stringify(next[k]));
    if (changed.length === 0) return row;
    const saved = await updateLocation(trx, id, writeOf(next), now);
    if (changed.includes('unavailable_product_ids')) await replaceUnavailableProducts(trx, id, next.unavailable_product_ids);
    const named = [...new Set<keyof LocationFields>(['name', ...changed])];
    await insertAudit(trx, {
      staffId: staff.id,
      action: 'location.update',
      target: `location:${id}`,
      before: pick(before, named),
      after: pick(next, named),
      now,
    });
    return saved;
  });
  return answerRow(ctx, row);
}

/**
 * `merchant/locations/pause`: staff of the location and owners pause online orders (for minutes, until
 * the current opening ends, until resumed) or resume them. A staff member limited to other locations:
 * 403 LOCATION_FORBIDDEN. Audited (`location.pause` with the choice and its end, `location.resume`).
 */
export async function pauseLocation(
  ctx: ProviderContext,
  staff: StaffOfRequest,
  input: LocationPauseInput,
): Promise<{ location: MerchantLocation; resumed: boolean }> {
  assertInScope(await locationScope(ctx.db, staff), input.location_id);
  const tz = await shopTimezone(ctx);
  const now = ctx.clock.now();
  const row = await ctx.db.transaction().execute(async (trx) => {
    const row = await lockLocation(trx, input.location_id);
    if (!row) throw notFound('That location');
    const target = `location:${row.id}`;
    const was = { paused: row.paused, paused_until: isoTime(row.paused_until) };
    if (input.pause === 'resume') {
      const saved = await setPause(trx, row.id, { paused: false, paused_until: null }, now);
      await insertAudit(trx, {
        staffId: staff.id,
        action: 'location.resume',
        target,
        before: { name: row.name, ...was },
        after: { name: row.name, paused: false, paused_until: null },
        now,
      });
      return saved;
    }
    const until = pauseUntil(hoursOf(row, tz), input.pause, now);
    const saved = await setPause(trx, row.id, { paused: true, paused_until: until }, now);
    await insertAudit(trx, {
      staffId: staff.id,
      action: 'location.pause',
      target,
      before: { name: row.name, ...was },
      after: { name: row.name, choice: input.pause, paused: true, paused_until: isoTime(until) },
      now,
    });
    return saved;
  });
  return { location: await answerRow(ctx, row), resumed: input.pause === 'resume' };
}
