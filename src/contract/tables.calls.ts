/**
 * The calls of dine-in tables (issue 54), declared once (api.ts): a table's signed code resolved for the
 * app (anyone holding the QR), and the owner's areas and tables. Their schemas are in tables.ts, their
 * words in tables.spec.ts. Orders take the code as `table_code` (orders.ts).
 */
import { call, consoleCalls } from './api';
import type {
  AreaCreateInput,
  AreaRenameInput,
  GuestBody,
  GuestSessionData,
  RemoveInput,
  TableCreateInput,
  TableData,
  TableQuery,
  TablesData,
  TablesQuery,
  TableUpdateInput,
} from './tables';

export const tablesApi = {
  /** a table by its signed code: anyone holding the QR */
  resolve: call.anyone.get<TableData, TableQuery>('shop/table'),
  /** order at a table as a guest: a first name and the table's code start a narrow session (http/session.ts) */
  guest: call.anyone.post<GuestSessionData, GuestBody>('auth/guest', { status: 201, signs: 'in' }),
};

/** console calls: the customer app's build drops them */
export const tablesConsoleApi = consoleCalls(() => ({
  list: call.owner.get<TablesData, TablesQuery>('merchant/tables'),
  createArea: call.owner.post<TablesData, AreaCreateInput>('merchant/tables/area/create', { status: 201 }),
  renameArea: call.owner.post<TablesData, AreaRenameInput>('merchant/tables/area/rename'),
  removeArea: call.owner.post<TablesData, RemoveInput>('merchant/tables/area/remove'),
  create: call.owner.post<TablesData, TableCreateInput>('merchant/tables/create', { status: 201 }),
  update: call.owner.post<TablesData, TableUpdateInput>('merchant/tables/update'),
  remove: call.owner.post<TablesData, RemoveInput>('merchant/tables/remove'),
}));
