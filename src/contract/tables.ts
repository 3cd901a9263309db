/**
 * Dine-in tables (issue 54): each location's areas and tables, whose printed QR codes open the menu at
 * that table (`/t/<code>`, the code signed by the provider, table-rules.ts). The schemas of the calls
 * tables.calls.ts declares; tables.spec.ts describes them. Part of the contract (src/contract): free of
 * React, of the browser and of Express.
 */
import { z } from 'zod';
import { int } from './answer-fields';
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
