/**
 * Dine-in tables (issue 54): each location's areas and tables, whose printed QR codes open the menu at
 * that table (`/t/<code>`, the code signed by the provider, table-rules.ts). The schemas of the calls
 * tables.calls.ts declares; tables.spec.ts describes them. Part of the contract (src/contract): free of
 * React, of the browser and of Express.
 */
import { z } from 'zod';
import { int, time } from './answer-fields';
import { id, requiredText } from './fields';
import { AREA_NAME_MAX, TABLE_CODE, TABLE_CODE_MAX, TABLE_LABEL_MAX } from './table-rules';
import { orderLocationAnswer } from './locations';

export * from './table-rules';

const label = requiredText(TABLE_LABEL_MAX);
const areaName = requiredText(AREA_NAME_MAX);

/** `merchant/tables`: one location's areas and tables. */
export const tablesQuery = z.object({ location_id: id });
export type TablesQuery = z.infer<typeof tablesQuery>;
/** `merchant/tables/area/create` */
export const areaCreateBody = z.object({ location_id: id, name: areaName }).strict();
export type AreaCreateInput = z.input<typeof areaCreateBody>;
/** `merchant/tables/area/rename` */
export const areaRenameBody = z.object({ id, name: areaName }).strict();
export type AreaRenameInput = z.input<typeof areaRenameBody>;
/** `merchant/tables/area/remove` and `merchant/tables/remove`: its tables stay, without an area */
export const removeBody = z.object({ id }).strict();
export type RemoveInput = z.input<typeof removeBody>;
/** `merchant/tables/create`: a label, and an area of the same location (absent or null: none) */
export const tableCreateBody = z.object({ location_id: id, label, area_id: id.nullable().optional() }).strict();
export type TableCreateInput = z.input<typeof tableCreateBody>;
/** `merchant/tables/update`: any of label, area, active */
export const tableUpdateBody = z
  .object({ id, label: label.optional(), area_id: id.nullable().optional(), active: z.boolean({ error: 'must be true or false' }).optional() })
  .strict();
export type TableUpdateInput = z.input<typeof tableUpdateBody>;

export const diningAreaAnswer = z.object({ id: int(), name: z.string() }).meta({ id: 'DiningArea' });
export type DiningArea = z.infer<typeof diningAreaAnswer>;
export const diningTableAnswer = z
  .object({
    id: int(),
    label: z.string(),
    area_id: int().nullable(),
    active: z.boolean().meta({ description: 'false: its code opens nothing and orders to it are refused' }),
    code: z.string().meta({ description: 'the signed code its QR carries, in the app at `/t/<code>`' }),
  })
  .meta({ id: 'DiningTable' });
export type DiningTable = z.infer<typeof diningTableAnswer>;
export const tablesAnswer = z.object({
  location_id: int(),
  areas: z.array(diningAreaAnswer).meta({ description: 'by name' }),
  tables: z.array(diningTableAnswer).meta({ description: 'by label, numbers in their order (2 before 10)' }),
});
export type TablesData = z.infer<typeof tablesAnswer>;

/** `shop/table`: a table's signed code, as the QR carries it. */
export const tableCode = z.string({ error: 'must be a table code' }).max(TABLE_CODE_MAX, 'must be a table code').regex(TABLE_CODE, 'must be a table code');
export const tableQuery = z.object({ code: tableCode });
export type TableQuery = z.infer<typeof tableQuery>;
export const tableAnswer = z.object({
  location: orderLocationAnswer,
  table: z.object({ label: z.string(), area: z.string().nullable() }),
  dine_in: z.boolean().meta({ description: 'the shop takes orders at the table now (the owner switches it on); false: the app offers pickup instead' }),
});
export type TableData = z.infer<typeof tableAnswer>;

/** A guest's first name: 1–40 letters, spaces, apostrophes and hyphens, starting with a letter. */
export const GUEST_NAME_MAX = 40;
export const guestName = z
  .string({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(GUEST_NAME_MAX, `must be at most ${GUEST_NAME_MAX} characters`)
  .regex(/^\p{L}[\p{L}\p{M} '’-]*$/u, 'must be a first name: letters, spaces, apostrophes and hyphens');

/** `auth/guest`: order at a table with a first name, no account (the table's signed code from its QR). */
export const guestBody = z.object({ table_code: tableCode, name: guestName }).strict();
export type GuestBody = z.input<typeof guestBody>;
export const guestAnswer = z.object({
  token: z
    .string()
    .optional()
    .meta({ description: 'the guest session token. The gateway keeps it in its cookie and removes it before the browser sees the answer' }),
  guest: z.object({
    name: z.string(),
    location_id: int().meta({ description: "the one location the guest may order at: the table code's" }),
    table: z.string().meta({ description: "the table's label" }),
    expires_at: time().meta({ description: 'when the guest session ends (4 hours after it began)' }),
  }),
});
export type GuestSessionData = z.infer<typeof guestAnswer>;
