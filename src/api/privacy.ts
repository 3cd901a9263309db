/**
 * The customer's own data (issue 45): a copy of everything the shop holds on them, saved as a file, and
 * asking for their account to be deleted (with what a deletion would leave behind, read first).
 */
import type { CustomerDataExport, DeletionStatusData } from '#contract/privacy';
import { privacyApi } from '#contract/privacy.calls';
import { callApi, keyOf } from './client';
import { useCall } from './use-call';
import { useMutation } from './mutation';
import { dateTimeFormat } from '#contract/intl';

const deletionKey = keyOf(privacyApi.deletion);

/** `open`: the "Delete my account" dialog is on screen (else nothing is asked). */
export const useDeletionStatus = (open: boolean) => useCall(open ? privacyApi.deletion : null, undefined, { revalidateOnFocus: false });

/** The date part of a file name (YYYY-MM-DD) of an instant, in the shop's time zone (UTC without one). */
function isoDay(at: Date, timeZone = 'UTC'): string {
  const parts = dateTimeFormat('en-US', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/**
 * The export's file name: `my-data-<shop>-YYYY-MM-DD.json`, the shop's short name in lower case with
 * anything but letters and digits made a dash ("shop" when nothing is left), the day the export was made.
 */
export function dataExportFileName(shopName: string | null | undefined, exportedAt: Date, timeZone?: string): string {
  const shop =
    (shopName ?? '')
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '') || 'shop';
  return `my-data-${shop}-${isoDay(exportedAt, timeZone)}.json`;
}

/** How long the file's object URL outlives the click: some browsers read it after the click has returned. */
const REVOKE_AFTER_MS = 60_000;

/** Saves `data` as a JSON file: a Blob, its object URL and a temporary <a download>. */
function saveJson(data: unknown, fileName: string): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

/**
 * Downloads everything the shop holds on the customer (customer/data) and saves it as
 * `my-data-<shop>-<day>.json`, dated by the export itself. Throws what the call threw.
 */
export async function downloadMyData(shopName: string | null | undefined, timeZone?: string): Promise<CustomerDataExport> {
  const data = await callApi(privacyApi.dataExport);
  const at = new Date(data.exported_at);
  saveJson(data, dataExportFileName(shopName, Number.isNaN(at.getTime()) ? new Date() : at, timeZone));
  return data;
}

const requestDeletion = () => callApi(privacyApi.requestDeletion, { confirm: 'DELETE' });
/**
 * Asks for the account to be deleted. The call ends every session of the customer's (this one too), so
 * the caller signs the app out next; the status is written from the answer, nothing is read again.
 */
export const useRequestDeletion = () =>
  useMutation(requestDeletion, {
    writes: ({ deletion }) => [{ key: deletionKey, data: (current?: DeletionStatusData) => (current ? { ...current, deletion } : current) }],
  });
