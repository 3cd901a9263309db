import { tablesConsoleSpec, tablesSpec } from '#contract/tables.spec';
import { Router } from 'express';
import type { ProviderContext } from '../context';
import { clientKey } from '../http/client-key';
import { mount } from '../http/mount';
import { clientIp } from '../http/session';
import { startGuestSession } from './guests';
import { createArea, createTable, listTables, removeArea, removeTable, renameArea, resolveTable, updateTable } from './tables.service';

/** Dine-in tables: a table by its signed code (`shop/table`, anyone), and the owner's areas and tables (`merchant/tables…`). */
export function tablesRoutes(ctx: ProviderContext): Router {
  return Router().use(
    mount(ctx, tablesSpec, {
      resolve: (query, at) => resolveTable(ctx, query.code, clientKey(clientIp(at.req))),
      guest: (body, at) => startGuestSession(ctx, { tableCode: body.table_code, name: body.name, clientKey: clientKey(clientIp(at.req)) }),
    }),
    mount(ctx, tablesConsoleSpec, {
      list: (query) => listTables(ctx, query.location_id),
      createArea: (body, at) => createArea(ctx, at.staff(), body),
      renameArea: (body, at) => renameArea(ctx, at.staff(), body),
      removeArea: (body, at) => removeArea(ctx, at.staff(), body.id),
      create: (body, at) => createTable(ctx, at.staff(), body),
      update: (body, at) => updateTable(ctx, at.staff(), body),
      remove: (body, at) => removeTable(ctx, at.staff(), body.id),
    }),
  );
}
