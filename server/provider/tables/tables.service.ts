/**
 * Dine-in tables (issue 54): the owner's areas and tables per location (each change audited as a
 * `location.table_…` action, in the Locations part of the activity log), and the signed code of each
 * table's QR (table-codes.ts) resolved for the app and checked for orders. A forged or altered code, one
 * naming a table of another location, a removed or switched-off table: all answer 404 alike, and the
 * open look-up counts against the client's allowance of wrong codes (like a receipt's link).
 */
import { AREAS_PER_LOCATION_MAX, TABLES_PER_LOCATION_MAX, type TableData, type TablesData } from '#contract/tables';
import type { Database } from '../../db';
import { countCodeTry } from '../auth/codes';
import type { ProviderContext } from '../context';
import { AppError, notFound, validation } from '../http/errors';
import type { StaffOfRequest } from '../http/staff-session';
import { findLocation } from '../locations/locations.repo';
import { getMerchant } from '../settings/settings.service';
import { insertAudit } from '../staff/staff.repo';
import { readTableCode, tableCode } from './table-codes';
import {
  countAt,
  deleteArea,
  deleteTable,
  findArea,
  findTable,
  insertArea,
  insertTable,
  labelTaken,
  renameAreaRow,
  tableAt,
  tablesAt,
  updateTableRow,
} from './tables.repo';
import { errors } from '../i18n/errors';

const byLabel = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** A location's areas and tables as the console shows them, each table with its code. */
async function answer(ctx: ProviderContext, db: Database, locationId: number): Promise<TablesData> {
  const { areas, tables } = await tablesAt(db, locationId);
  return {
    location_id: locationId,
    areas: areas.map(({ id, name }) => ({ id, name })).sort((a, b) => byLabel.compare(a.name, b.name)),
    tables: tables
      .map((t) => ({ id: t.id, label: t.label, area_id: t.area_id, active: t.active, code: tableCode(ctx.secret, locationId, t.id) }))
      .sort((a, b) => byLabel.compare(a.label, b.label)),
  };
}

const locationGone = () => notFound('That location');
const areaGone = () => notFound('That area');
const tableGone = () => notFound('That table');

/** `merchant/tables` */
export async function listTables(ctx: ProviderContext, locationId: number): Promise<TablesData> {
  if (!(await findLocation(ctx.db, locationId))) throw locationGone();
  return answer(ctx, ctx.db, locationId);
}

type Change = { action: string; target: string; before: unknown; after: unknown };

/** One change in its transaction, audited, answering the location's tables as they are then. */
async function change(
  ctx: ProviderContext,
  staff: StaffOfRequest,
  work: (trx: Database) => Promise<{ locationId: number; audit: Change }>,
): Promise<TablesData> {
  return ctx.db.transaction().execute(async (trx) => {
    const { locationId, audit } = await work(trx);
    await insertAudit(trx, { staffId: staff.id, ...audit, now: ctx.clock.now() });
    return answer(ctx, trx, locationId);
  });
}

/** An area of the location (null: none); 400 on `area_id` otherwise. */
async function areaOf(trx: Database, locationId: number, areaId: number | null | undefined): Promise<number | null> {
  if (areaId === null || areaId === undefined) return null;
  const area = await findArea(trx, areaId);
  if (!area || area.location_id !== locationId) throw validation({ area_id: 'must be an area of this location' });
  return area.id;
}

export function createArea(ctx: ProviderContext, staff: StaffOfRequest, body: { location_id: number; name: string }): Promise<TablesData> {
  return change(ctx, staff, async (trx) => {
    if (!(await findLocation(trx, body.location_id))) throw locationGone();
    if ((await countAt(trx, 'dining_areas', body.location_id)) >= AREAS_PER_LOCATION_MAX)
      throw validation({ name: `a location has at most ${AREAS_PER_LOCATION_MAX} areas` }, `A location has at most ${AREAS_PER_LOCATION_MAX} areas.`);
    const area = await insertArea(trx, body.location_id, body.name, ctx.clock.now());
    if (!area) throw validation({ name: 'is the name of another area here' }, `There is already an area called ${body.name}.`);
    return {
      locationId: body.location_id,
      audit: { action: 'location.table_area_create', target: `location:${body.location_id}`, before: null, after: { name: body.name } },
    };
  });
}

export function renameArea(ctx: ProviderContext, staff: StaffOfRequest, body: { id: number; name: string }): Promise<TablesData> {
  return change(ctx, staff, async (trx) => {
    const area = await findArea(trx, body.id);
    if (!area) throw areaGone();
    if (!(await renameAreaRow(trx, area.id, body.name)))
      throw validation({ name: 'is the name of another area here' }, `There is already an area called ${body.name}.`);
    return {
      locationId: area.location_id,
      audit: { action: 'location.table_area_rename', target: `location:${area.location_id}`, before: { name: area.name }, after: { name: body.name } },
    };
  });
}

export function removeArea(ctx: ProviderContext, staff: StaffOfRequest, id: number): Promise<TablesData> {
  return change(ctx, staff, async (trx) => {
    const area = await findArea(trx, id);
    if (!area) throw areaGone();
    await deleteArea(trx, id);
    return {
      locationId: area.location_id,
      audit: { action: 'location.table_area_remove', target: `location:${area.location_id}`, before: { name: area.name }, after: null },
    };
  });
}

const labelInUse = (label: string) => validation({ label: 'is the label of another table here' }, `There is already a table ${label}.`);

export function createTable(
  ctx: ProviderContext,
  staff: StaffOfRequest,
  body: { location_id: number; label: string; area_id?: number | null },
): Promise<TablesData> {
  return change(ctx, staff, async (trx) => {
    if (!(await findLocation(trx, body.location_id))) throw locationGone();
    if ((await countAt(trx, 'dining_tables', body.location_id)) >= TABLES_PER_LOCATION_MAX)
      throw validation({ label: `a location has at most ${TABLES_PER_LOCATION_MAX} tables` }, `A location has at most ${TABLES_PER_LOCATION_MAX} tables.`);
    const area_id = await areaOf(trx, body.location_id, body.area_id);
    const table = await insertTable(trx, { location_id: body.location_id, area_id, label: body.label }, ctx.clock.now());
    if (!table) throw labelInUse(body.label);
    return {
      locationId: body.location_id,
      audit: { action: 'location.table_create', target: `location:${body.location_id}`, before: null, after: { label: body.label } },
    };
  });
}

export function updateTable(
  ctx: ProviderContext,
  staff: StaffOfRequest,
  body: { id: number; label?: string; area_id?: number | null; active?: boolean },
): Promise<TablesData> {
  return change(ctx, staff, async (trx) => {
    const table = await findTable(trx, body.id);
    if (!table) throw tableGone();
    const next = {
      label: body.label ?? table.label,
      area_id: body.area_id === undefined ? table.area_id : await areaOf(trx, table.location_id, body.area_id),
      active: body.active ?? table.active,
    };
    if (next.label !== table.label && (await labelTaken(trx, table.location_id, next.label, table.id))) throw labelInUse(next.label);
    await updateTableRow(trx, table.id, next, ctx.clock.now());
    const { label, area_id, active } = table;
    return {
      locationId: table.location_id,
      audit: { action: 'location.table_update', target: `location:${table.location_id}`, before: { label, area_id, active }, after: next },
    };
  });
}

export function removeTable(ctx: ProviderContext, staff: StaffOfRequest, id: number): Promise<TablesData> {
  return change(ctx, staff, async (trx) => {
    const table = await findTable(trx, id);
    if (!table) throw tableGone();
    await deleteTable(trx, id);
    return {
      locationId: table.location_id,
      audit: { action: 'location.table_remove', target: `location:${table.location_id}`, before: { label: table.label }, after: null },
    };
  });
}

const NO_TABLE = errors.tableUnknown;

/**
 * The table a code names at the location it was signed for, when it exists and is on; else undefined.
 * The location's row is read too (its name and address for the app).
 */
async function tableOfCode(db: Database, secret: string, code: string) {
  const named = readTableCode(secret, code);
  if (!named) return undefined;
  const [table, location] = await Promise.all([tableAt(db, named.locationId, named.tableId), findLocation(db, named.locationId)]);
  if (!table || !table.active || !location) return undefined;
  return { table, location };
}

/** `shop/table?code=`: the table and its location; anything else 404, counted against the client's wrong codes. */
export async function resolveTable(ctx: ProviderContext, code: string, clientKey: string): Promise<TableData> {
  const { rules } = await getMerchant(ctx.db, ctx.merchantId);
  const counted = await countCodeTry(ctx, rules, clientKey);
  const found = await tableOfCode(ctx.db, ctx.secret, code);
  if (!found) throw new AppError('NOT_FOUND', NO_TABLE);
  await counted.release();
  const { table, location } = found;
  return {
    location: { id: location.id, name: location.name, address: location.address },
    table: { label: table.label, area: table.area },
    dine_in: rules.dine_in,
  };
}

/**
 * An order's table (order/quote, order/create with `fulfilment: dine_in`): the location the code was
 * signed for and the table's label now. 404 on `table_code` when the code is forged or altered, or its
 * table removed or switched off. The order takes the location from here, never from the client.
 */
export async function orderTable(db: Database, secret: string, code: string | undefined): Promise<{ locationId: number; label: string }> {
  const found = code === undefined ? undefined : await tableOfCode(db, secret, code);
  if (!found) throw new AppError('NOT_FOUND', NO_TABLE, { table_code: code === undefined ? 'is required to order at a table' : 'is not a table of this shop' });
  return { locationId: found.location.id, label: found.table.label };
}
