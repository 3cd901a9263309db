/**
 * The spec of the dine-in tables calls: their declarations (tables.calls.ts) joined to their schemas
 * (tables.ts), error codes and OpenAPI words by `describe` (api-spec.ts).
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { describe } from './api-spec';
import {
  AREAS_PER_LOCATION_MAX,
  TABLES_PER_LOCATION_MAX,
  areaCreateBody,
  areaRenameBody,
  guestAnswer,
  guestBody,
  removeBody,
  tableAnswer,
  tableCreateBody,
  tableQuery,
  tablesAnswer,
  tablesQuery,
  tableUpdateBody,
} from './tables';
import { tablesApi, tablesConsoleApi } from './tables.calls';

export const tablesSpec = /* @__PURE__ */ describe('Shop', tablesApi, {
  resolve: {
    summary: 'A table by the signed code of its QR',
    description:
      'Anyone holding the code (the QR on the table): the code is signed by the provider over the location and the table; a forged or altered one, one naming a table of another location, a removed or switched-off table is 404 without saying why. Rate limited like the other open look-ups. `dine_in` says whether the shop takes orders at the table now; order/create with `fulfilment: dine_in` takes the code as `table_code`.',
    inContract: false,
    query: tableQuery,
    data: tableAnswer,
    answer: 'The table and its location.',
    message: 'Table found.',
    errors: ['NOT_FOUND'],
  },
  guest: {
    summary: 'Order at a table as a guest',
    description:
      "A first name and the table's signed code (its QR) start a guest session of 4 hours, bound to the table's location. It may only quote and place orders (dine-in at that location, paid by card or at the counter), read and pay its own orders and sign out; every other customer call answers 403 GUEST_FORBIDDEN. A guest earns nothing: a member claims the order's points within a day of its payment (order/claim). A forged code, one of another location, a removed or switched-off table: 404, counted against the client's wrong codes like shop/table; ordering at tables switched off: 409 CONFLICT; more than 30 guest sessions an hour from one address: 429 RATE_LIMITED.",
    inContract: false,
    body: guestBody,
    data: guestAnswer,
    answer: 'The guest session.',
    message: 'Welcome! Order from your table.',
    errors: ['NOT_FOUND', 'CONFLICT', 'RATE_LIMITED'],
  },
});

const answers = { inContract: false, data: tablesAnswer, answer: "The location's areas and tables, as they are now." } as const;

export const tablesConsoleSpec = /* @__PURE__ */ describe('Merchant console', tablesConsoleApi, {
  list: {
    summary: "A location's areas and tables",
    description: 'Owners only. Each table with the signed code its QR carries (`/t/<code>` in the app).',
    query: tablesQuery,
    ...answers,
    message: 'Tables loaded.',
    errors: ['NOT_FOUND'],
  },
  createArea: {
    summary: 'Add an area (a terrace, upstairs)',
    description: `Owners only. A name the location has not used (whatever its case); at most ${AREAS_PER_LOCATION_MAX} areas. Audited (\`table.area_create\`).`,
    body: areaCreateBody,
    ...answers,
    message: 'Area added.',
    errors: ['NOT_FOUND'],
  },
  renameArea: {
    summary: 'Rename an area',
    description: 'Owners only. Audited (`table.area_rename`).',
    body: areaRenameBody,
    ...answers,
    message: 'Area renamed.',
    errors: ['NOT_FOUND'],
  },
  removeArea: {
    summary: 'Remove an area',
    description: 'Owners only. Its tables stay, without an area. Audited (`table.area_remove`).',
    body: removeBody,
    ...answers,
    message: 'Area removed.',
    errors: ['NOT_FOUND'],
  },
  create: {
    summary: 'Add a table',
    description: `Owners only. A label the location has not used (whatever its case), and an area of the same location or none; at most ${TABLES_PER_LOCATION_MAX} tables. Audited (\`table.create\`).`,
    body: tableCreateBody,
    ...answers,
    message: 'Table added.',
    errors: ['NOT_FOUND'],
  },
  update: {
    summary: 'Rename a table, move it to another area, switch it off or on',
    description:
      'Owners only. A switched-off table keeps its code, which opens nothing until it is on again. Orders already placed keep the label they were placed with. Audited (`table.update`).',
    body: tableUpdateBody,
    ...answers,
    message: 'Table saved.',
    errors: ['NOT_FOUND'],
  },
  remove: {
    summary: 'Remove a table',
    description: 'Owners only. Its printed code opens nothing any more (a table added later gets a new one). Audited (`table.remove`).',
    body: removeBody,
    ...answers,
    message: 'Table removed.',
    errors: ['NOT_FOUND'],
  },
});
