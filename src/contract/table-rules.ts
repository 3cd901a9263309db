/**
 * Dine-in tables (issue 54), free of zod: the limits both the console and the provider keep, and the
 * shape of a table's signed code, for the app's `/t/:code` route. tables.ts builds its schemas from these.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */

/** A table's label: "12", "T4", "Bar 2". */
export const TABLE_LABEL_MAX = 20;
export const AREA_NAME_MAX = 40;
/** At most this many tables, and areas, at one location. */
export const TABLES_PER_LOCATION_MAX = 300;
export const AREAS_PER_LOCATION_MAX = 30;
/**
 * A table's code as the QR carries it: `t1.<location id>.<table id>.<mac>` (ids in base 36, the mac 16
 * base64url characters). The provider alone can make one (an HMAC under a key of its own).
 */
export const TABLE_CODE = /^t1\.[0-9a-z]{1,8}\.[0-9a-z]{1,8}\.[A-Za-z0-9_-]{16}$/;
export const TABLE_CODE_MAX = 40;
