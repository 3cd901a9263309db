/**
 * A table's signed code (issue 54), as its printed QR carries it: `t1.<location id>.<table id>.<mac>`,
 * the ids in base 36 and the mac an HMAC-SHA256 (a key derived from the provider's secret for this
 * purpose alone) over the version and both ids, its first 12 bytes in base64url (16 characters). The
 * version lets a later scheme stand beside this one. The mac covers the location, so a code names a
 * table of the location it was made for and no other: changing either id breaks it. Compared in constant
 * time; the mac is computed whatever the ids, so a malformed id takes as long as a wrong mac.
 */
import { TABLE_CODE } from '#contract/table-rules';
import { digestsEqual, purposeMac } from '../../lib/signature';

const VERSION = 't1';

const mac = (secret: string, locationId: number, tableId: number) =>
  purposeMac(secret, 'table-code', `${VERSION}\n${locationId}\n${tableId}`).subarray(0, 12).toString('base64url');

/** The code of a table at a location. */
export const tableCode = (secret: string, locationId: number, tableId: number): string =>
  `${VERSION}.${locationId.toString(36)}.${tableId.toString(36)}.${mac(secret, locationId, tableId)}`;

/** The location and table a code names, when its mac is right; else null. Says nothing of whether the table still exists. */
export function readTableCode(secret: string, code: string): { locationId: number; tableId: number } | null {
  if (!TABLE_CODE.test(code)) return null;
  const [, loc, table, given] = code.split('.') as [string, string, string, string];
  const locationId = parseInt(loc, 36);
  const tableId = parseInt(table, 36);
  // a canonical spelling only (no leading zeros): one table, one code
  const canonical = locationId.toString(36) === loc && tableId.toString(36) === table && locationId > 0 && tableId > 0;
  const ok = digestsEqual(mac(secret, canonical ? locationId : 0, canonical ? tableId : 0), given);
  return ok && canonical ? { locationId, tableId } : null;
}
