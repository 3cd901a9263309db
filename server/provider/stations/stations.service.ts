import type { OrderStatus } from '#contract';
import {
  STATION_LATE_DEFAULT,
  STATIONS_MAX,
  type StationBumpData,
  type StationBump,
  type StationCreateInput,
  type StationRoute,
  type StationsData,
  type StationTicket,
  type StationTicketsData,
  type StationUpdate,
} from '#contract/stations';
import type { Database } from '../../db';
import type { ProviderContext } from '../context';
import { firstName } from '../accounts/accounts.service';
import { AppError, notFound } from '../http/errors';
import type { StaffOfRequest } from '../http/staff-session';
import { assertInScope, inScope, locationScope } from '../locations/access';
import { moveOrder } from '../orders/lifecycle';
import { counterDueOf, itemOptionsOf, lockOrderByName } from '../orders/orders.repo';
import { getMerchant } from '../settings/settings.service';
import { insertAudit } from '../staff/staff.repo';
import {
  allLinesBumped,
  deleteStation,
  findStation,
  insertStation,
  linesBumped,
  listRoutes,
  listStations,
  lockStations,
  MAKING,
  openTicketLines,
  routeNewLines,
  routeTargetExists,
  setBumped,
  setRoute,
  ticketLineIds,
  ticketOrders,
  updateStation,
} from './stations.repo';

/**
 * Kitchen display stations (issue 54). The owner's stations and routes (a product's own route wins over
 * its category's; an item no route names goes to the default station, else the first). A paid order's
 * lines are routed the first time a screen (or a bump) looks after its payment, each line once; a station
 * lists its open tickets and bumps lines. Every bump locks the order's row first, so bumps of one order
 * run one after the other: the first bump of a paid order moves it to preparing, and the bump that leaves
 * no line unbumped at any station moves it to ready through the lifecycle (the customer told as for
 * pickup), once. An un-bump after ready is refused: the order stays ready (the board moves it by hand).
 */

// ---------------------------------------------------------------------------------------------
// The owner's stations
// ---------------------------------------------------------------------------------------------

export async function stations(db: Database): Promise<StationsData> {
  const rows = await listStations(db);
  const routes = await listRoutes(db);
  const fallback = rows.find((s) => s.is_default) ?? rows[0];
  return {
    stations: rows.map((s) => ({
      id: s.id,
      name: s.name,
      is_default: s.is_default,
      late_minutes: s.late_minutes,
      categories: routes.filter((r) => r.station_id === s.id && r.category_id !== null).map((r) => r.category_id!),
      products: routes.filter((r) => r.station_id === s.id && r.product_id !== null).map((r) => r.product_id!),
    })),
    default_station_id: fallback?.id ?? null,
  };
}

const stationNotFound = () => notFound('Station');

export async function createStation(ctx: ProviderContext, staff: StaffOfRequest, body: StationCreateInput): Promise<StationsData> {
  await ctx.db.transaction().execute(async (trx) => {
    const all = await lockStations(trx);
    if (all.length >= STATIONS_MAX)
      throw new AppError('CONFLICT', `A shop may have at most ${STATIONS_MAX} stations: remove one first.`, { name: `at most ${STATIONS_MAX} stations` });
    const row = { name: body.name, late_minutes: body.late_minutes ?? STATION_LATE_DEFAULT };
    const id = await insertStation(trx, { ...row, position: Math.max(0, ...all.map((s) => s.position)) + 1, now: ctx.clock.now() });
    await insertAudit(trx, { staffId: staff.id, action: 'station.create', target: `station:${id}`, before: null, after: row, now: ctx.clock.now() });
  });
  return stations(ctx.db);
}

export async function saveStation(ctx: ProviderContext, staff: StaffOfRequest, body: StationUpdate): Promise<StationsData> {
  await ctx.db.transaction().execute(async (trx) => {
    const before = (await lockStations(trx)).find((s) => s.id === body.id);
    if (!before) throw stationNotFound();
    const after = { name: body.name, late_minutes: body.late_minutes, is_default: body.is_default };
    await updateStation(trx, body.id, after);
    const { position: _p, id: _i, ...was } = before;
    await insertAudit(trx, { staffId: staff.id, action: 'station.update', target: `station:${body.id}`, before: was, after, now: ctx.clock.now() });
  });
  return stations(ctx.db);
}

/** Removes a station: its tickets go where unrouted items go now (the default, else the first left); none left: dropped. */
export async function removeStation(ctx: ProviderContext, staff: StaffOfRequest, id: number): Promise<StationsData> {
  await ctx.db.transaction().execute(async (trx) => {
    const all = await lockStations(trx);
    const gone = all.find((s) => s.id === id);
    if (!gone) throw stationNotFound();
    const left = all.filter((s) => s.id !== id).sort((a, b) => a.position - b.position || a.id - b.id);
    const to = left.find((s) => s.is_default) ?? left[0];
    await deleteStation(trx, id, to?.id ?? null);
    await insertAudit(trx, {
      staffId: staff.id,
      action: 'station.delete',
      target: `station:${id}`,
      before: { name: gone.name },
      after: null,
      now: ctx.clock.now(),
    });
  });
  return stations(ctx.db);
}

export async function routeTo(ctx: ProviderContext, staff: StaffOfRequest, body: StationRoute): Promise<StationsData> {
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await routeTargetExists(trx, body.target, body.id))) throw notFound(body.target === 'category' ? 'Category' : 'Product');
    if (body.station_id !== null && !(await findStation(trx, body.station_id))) throw stationNotFound();
    await setRoute(trx, body.target, body.id, body.station_id);
    await insertAudit(trx, {
      staffId: staff.id,
      action: 'station.route',
      target: `${body.target}:${body.id}`,
      before: null,
      after: { station_id: body.station_id },
      now: ctx.clock.now(),
    });
  });
  return stations(ctx.db);
}

// ---------------------------------------------------------------------------------------------
// A station's tickets
// ---------------------------------------------------------------------------------------------

/** The tickets of these orders at a station, in the order of `lines` (oldest order first). */
async function toTickets(db: Database, lines: Awaited<ReturnType<typeof openTicketLines>>): Promise<Array<StationTicket & { location_id: number | null }>> {
  const orderIds = [...new Set(lines.map((l) => l.order_id))];
  const orders = new Map((await ticketOrders(db, orderIds)).map((o) => [o.id, o]));
  const options = await itemOptionsOf(
    db,
    lines.map((l) => l.id),
  );
  return orderIds.map((orderId) => {
    const o = orders.get(orderId)!;
    return {
      order: o.name,
      status: o.status as OrderStatus,
      fulfilment: o.fulfilment,
      placed_at: o.created_at.toISOString(),
      paid_at: o.paid_at ? o.paid_at.toISOString() : null,
      pickup_at: o.pickup_at ? o.pickup_at.toISOString() : null,
      // a guest at a table (tables/guests.ts): "Ana (guest)"
      pickup_name: o.guest_location_id === null ? firstName(o.customer_name) : `${firstName(o.customer_name)} (guest)`,
      // dine-in's table, as it was when ordered (null: not dine-in)
      table_label: o.table_label,
      // to be paid at the till (issue 54): said on the ticket
      ...counterDueOf(o),
      location_id: o.location_id,
      lines: lines
        .filter((l) => l.order_id === orderId)
        .map((l) => ({ id: l.id, name: l.name, qty: l.qty, options: options.get(l.id) ?? [], bumped_at: l.bumped_at ? l.bumped_at.toISOString() : null })),
    };
  });
}

const withoutLocation = ({ location_id: _l, ...ticket }: StationTicket & { location_id: number | null }): StationTicket => ticket;

/** A station's open tickets, lines of orders paid since the last look routed first; only the member's locations' orders. */
export async function stationTickets(ctx: ProviderContext, staff: StaffOfRequest, stationId: number): Promise<StationTicketsData> {
  const station = await findStation(ctx.db, stationId);
  if (!station) throw stationNotFound();
  const scope = await locationScope(ctx.db, staff);
  const now = ctx.clock.now();
  await routeNewLines(ctx.db, now);
  const tickets = await toTickets(ctx.db, await openTicketLines(ctx.db, stationId));
  return {
    station: { id: station.id, name: station.name, late_minutes: station.late_minutes },
    tickets: tickets.filter((t) => inScope(scope, t.location_id)).map(withoutLocation),
    server_time: now.toISOString(),
  };
}

/**
 * Bumps (`bump` true) or un-bumps lines of an order's ticket at a station. The order's row is locked
 * first: every bump of one order waits for the one before, so the one that leaves nothing to make moves
 * it to ready, once.
 */
export async function bumpLines(ctx: ProviderContext, staff: StaffOfRequest, body: StationBump, bump: boolean): Promise<StationBumpData> {
  const merchant = await getMerchant(ctx.db, ctx.merchantId);
  const scope = await locationScope(ctx.db, staff);
  const result = await ctx.db.transaction().execute(async (trx) => {
    if (!(await findStation(trx, body.station_id))) throw stationNotFound();
    const order = await lockOrderByName(trx, body.order);
    if (!order || order.status === 'pending_payment') throw notFound('Order');
    assertInScope(scope, order.location_id);
    const atStation = await ticketLineIds(trx, order.id, body.station_id);
    if (atStation.length === 0) throw notFound('Ticket');
    const named = body.line_ids ? [...new Set(body.line_ids)] : atStation;
    if (named.some((id) => !atStation.includes(id)))
      throw new AppError('NOT_FOUND', 'That line is not on this ticket.', { line_ids: 'must be lines of this ticket' });
    let status = order.status as OrderStatus;
    if (status === 'cancelled') throw new AppError('INVALID_TRANSITION', `Order ${order.name} was cancelled: there is nothing to make.`, undefined, { status });
    const making = (MAKING as readonly string[]).includes(status);
    const changed = making ? await setBumped(trx, named, bump ? { at: ctx.clock.now(), by: staff.id } : null) : [];
    // past preparing (ready, or moved on by the board): a bump of lines bumped already is answered as done; anything else is refused
    if (!making && (!bump || !(await linesBumped(trx, named))))
      throw new AppError(
        'INVALID_TRANSITION',
        `Order ${order.name} is ${status.replace('_', ' ')} already: it stays so. Move it on the orders board if it needs making again.`,
        undefined,
        { status },
      );
    if (bump && changed.length > 0) {
      let row = order;
      // the kitchen has started on it
      if (status === 'paid') {
        row = await moveOrder(trx, ctx, merchant, row, 'preparing', null);
        status = 'preparing';
      }
      if (await allLinesBumped(trx, order.id)) {
        await moveOrder(trx, ctx, merchant, row, 'ready', null);
        await insertAudit(trx, {
          staffId: staff.id,
          action: 'order.advance',
          target: `order:${order.name}`,
          before: { status },
          after: { status: 'ready', by: 'stations' },
          now: ctx.clock.now(),
        });
        status = 'ready';
      }
    }
    return { orderId: order.id, changed, status };
  });
  const [ticket] = await toTickets(ctx.db, await openTicketLines(ctx.db, body.station_id, [result.orderId]));
  return { ticket: withoutLocation(ticket!), changed: result.changed, order_status: result.status };
}
