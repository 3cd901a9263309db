/** Dine-in (issue 54): a table by the signed code of its QR, for the app's /t/:code page. */
import { tablesApi } from '#contract/tables.calls';
import { callApi } from './client';
import { useCall } from './use-call';

/** The table a code names (null: nothing to read). Read once: a wrong code counts against the device's allowance. */
export const useTable = (code: string | null) => useCall(tablesApi.resolve, code ? { code } : null, { revalidateOnFocus: false, shouldRetryOnError: false });

/** Orders at the table as a guest (a first name, no account): the gateway keeps the session in its cookie. */
export const startGuest = (code: string, name: string) => callApi(tablesApi.guest, { table_code: code, name });
