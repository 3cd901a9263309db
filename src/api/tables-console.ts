/**
 * Dine-in tables in the merchant console (issue 54): a location's areas and tables, each with the signed
 * code its QR carries. Every change answers the location's tables as they are then, and the list is read
 * again (console only: the customer app resolves a code with api/tables.ts).
 */
import type { TableUpdateInput } from '#contract/tables';
import { tablesConsoleApi } from '#contract/tables.calls';
import { staffApi } from '#contract/staff.calls';
import { callApi } from './client';
import { useCall } from './use-call';
import { useMutation } from './mutation';

/** A location's areas and tables (null: no location chosen yet). */
export const useTables = (locationId: number | null) => useCall(tablesConsoleApi.list, locationId === null ? null : { location_id: locationId });

// a function, not a constant: the customer app's build drops the console's calls only while no module-level code reads them
const tablesChanged = () => ({ refreshes: [tablesConsoleApi.list.path, staffApi.audit.path], wait: true });

/** The changes the tables page makes, each refreshing the list. */
export const useTableChanges = () => ({
  addArea: useMutation((location_id: number, name: string) => callApi(tablesConsoleApi.createArea, { location_id, name }), tablesChanged()),
  renameArea: useMutation((id: number, name: string) => callApi(tablesConsoleApi.renameArea, { id, name }), tablesChanged()),
  removeArea: useMutation((id: number) => callApi(tablesConsoleApi.removeArea, { id }), tablesChanged()),
  addTable: useMutation(
    (location_id: number, label: string, area_id: number | null) => callApi(tablesConsoleApi.create, { location_id, label, area_id }),
    tablesChanged(),
  ),
  updateTable: useMutation((id: number, fields: Omit<TableUpdateInput, 'id'>) => callApi(tablesConsoleApi.update, { id, ...fields }), tablesChanged()),
  removeTable: useMutation((id: number) => callApi(tablesConsoleApi.remove, { id }), tablesChanged()),
});
