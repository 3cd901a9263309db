/**
 * Kitchen display stations (issue 54): the owner's stations (Bar, Kitchen, Pastry…) and where each
 * category or product is made, a station's open tickets (the lines of paid orders routed to it) and
 * bumping them. The schemas of the area's calls (stations.calls.ts declares them; stations.spec.ts
 * describes them); the waiting time's colours are `waitTone`'s.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { z } from 'zod';
import { int, time } from './answer-fields';
import { id, requiredText, wholeNumber } from './fields';
import { ORDER_STATUSES } from './order-lifecycle';
import { orderItemOptionAnswer } from './options';

/** A ticket counts as late after this many minutes unless the owner sets the station's own. */
export const STATION_LATE_DEFAULT = 10;
export const STATION_LATE_MAX = 240;
export const STATION_NAME_MAX = 40;
/** The most stations a shop may have (a screen's picker stays short). */
export const STATIONS_MAX = 20;
/** The most lines one bump names. */
export const BUMP_LINES_MAX = 100;

/**
 * How a ticket's waiting time looks: `late` (red) from the station's late minutes, `soon` (amber) from
 * half of them, else `fresh`.
 */
export function waitTone(waitingMinutes: number, lateMinutes: number): 'fresh' | 'soon' | 'late' {
  if (waitingMinutes >= lateMinutes) return 'late';
  return waitingMinutes >= Math.ceil(lateMinutes / 2) ? 'soon' : 'fresh';
}

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

const stationName = requiredText(STATION_NAME_MAX);
const lateMinutes = wholeNumber(1, STATION_LATE_MAX, 'minutes');

/** `merchant/stations/create` */
export const stationCreateBody = z.object({ name: stationName, late_minutes: lateMinutes.optional() }).strict();
export type StationCreateInput = z.input<typeof stationCreateBody>;
/** `merchant/stations/update`: the whole station; `is_default` true makes it the default (and no other). */
export const stationUpdateBody = z
  .object({ id, name: stationName, late_minutes: lateMinutes, is_default: z.boolean({ error: 'must be true or false' }) })
  .strict();
export type StationUpdateInput = z.input<typeof stationUpdateBody>;
export type StationUpdate = z.output<typeof stationUpdateBody>;
/** `merchant/stations/delete` */
export const stationIdBody = z.object({ id }).strict();
export type StationIdInput = z.input<typeof stationIdBody>;
/** `merchant/stations/route`: a category's or a product's station; `station_id` null clears its route. */
export const stationRouteBody = z
  .object({
    target: z.enum(['category', 'product'], { error: 'must be category or product' }),
    id,
    station_id: id.nullable(),
  })
  .strict();
export type StationRouteInput = z.input<typeof stationRouteBody>;
export type StationRoute = z.output<typeof stationRouteBody>;

/** `merchant/stations/tickets` */
export const stationTicketsQuery = z.object({ station_id: id });
export type StationTicketsQuery = z.input<typeof stationTicketsQuery>;
/** `merchant/stations/bump` and `…/unbump`: the order's lines at this station, or those named. */
export const stationBumpBody = z
  .object({
    station_id: id,
    order: z.string().trim().min(1, 'is required').max(40, 'must be at most 40 characters'),
    line_ids: z
      .array(id, { error: 'must be a list of line ids' })
      .min(1, 'must name a line')
      .max(BUMP_LINES_MAX, `must name at most ${BUMP_LINES_MAX} lines`)
      .optional()
      .meta({ description: "the lines to bump; absent: every line of the order's ticket at this station" }),
  })
  .strict();
export type StationBumpInput = z.input<typeof stationBumpBody>;
export type StationBump = z.output<typeof stationBumpBody>;

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

export const stationAnswer = z
  .object({
    id: int(),
    name: z.string(),
    is_default: z.boolean().meta({ description: 'where an item no route names goes (none marked: the first station)' }),
    late_minutes: int().meta({ description: "minutes after which a ticket counts as late on the station's screen" }),
    categories: z.array(int()).meta({ description: 'the categories routed here' }),
    products: z.array(int()).meta({ description: "the products routed here (a product's own route wins over its category's)" }),
  })
  .meta({ id: 'Station' });
export type Station = z.infer<typeof stationAnswer>;

export const stationsAnswer = z.object({
  stations: z.array(stationAnswer).meta({ description: 'in the order they were made' }),
  default_station_id: int().nullable().meta({ description: 'where unrouted items go: the default, else the first station; null: no stations' }),
});
export type StationsData = z.infer<typeof stationsAnswer>;

export const stationTicketAnswer = z
  .object({
    order: z.string().meta({ description: "the order's number" }),
    status: z.enum(ORDER_STATUSES),
    fulfilment: z.string().meta({ description: 'delivery or pickup (dine-in once tables exist)' }),
    placed_at: time(),
    paid_at: time().nullable(),
    pickup_at: time().nullable(),
    pickup_name: z.string().meta({ description: "the customer's first name, to call out" }),
    table_label: z.string().nullable().meta({ description: 'the table a dine-in order is for; null: none' }),
    counter_due: int()
      .optional()
      .meta({ description: 'a pay-at-the-counter order not paid yet (issue 54): what is still to pay at the till; absent otherwise' }),
    lines: z.array(
      z.object({
        id: int().meta({ description: "the order line's id (bump names it)" }),
        name: z.string(),
        qty: int(),
        options: z.array(orderItemOptionAnswer),
        bumped_at: time().nullable(),
      }),
    ),
  })
  .meta({ id: 'StationTicket' });
export type StationTicket = z.infer<typeof stationTicketAnswer>;

export const stationTicketsAnswer = z.object({
  station: z.object({ id: int(), name: z.string(), late_minutes: int() }),
  tickets: z.array(stationTicketAnswer).meta({
    description: 'paid and preparing orders with a line still to make here, oldest first; each with its lines for this station only',
  }),
  server_time: time(),
});
export type StationTicketsData = z.infer<typeof stationTicketsAnswer>;

export const stationBumpAnswer = z.object({
  ticket: stationTicketAnswer.meta({ description: "the order's ticket at this station as it is now" }),
  changed: z.array(int()).meta({ description: 'the lines this call bumped (or un-bumped): what an Undo names' }),
  order_status: z.enum(ORDER_STATUSES).meta({ description: 'the order now: ready once every line at every station is bumped' }),
});
export type StationBumpData = z.infer<typeof stationBumpAnswer>;
