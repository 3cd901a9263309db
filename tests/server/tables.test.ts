/**
 * Dine-in tables (issue 54), the provider's side: the owner's areas and tables per location; the signed
 * code of a table's QR (a forged code, an altered table id, another location's table, a removed or
 * switched-off table: refused alike); orders at a table (the owner's switch, the location taken from the
 * code, its hours and pause as for pickup, no fee, no slot, the label on the order, the board, the CSV and
 * the receipt); and 30 dine-in orders at once keeping every wallet exact.
 */
import { expect, it } from 'vitest';
import { boardApi } from '#contract/board.calls';
import { dashboardApi } from '#contract/dashboard.calls';
import { ordersApi } from '#contract/orders.calls';
import { receiptsApi } from '#contract/receipts.calls';
import { shopSettingsApi } from '#contract/shop-settings.calls';
import { tablesApi, tablesConsoleApi } from '#contract/tables.calls';
import { receiptToken } from '../../server/provider/receipts/receipts.service';
import { tableCode } from '../../server/provider/tables/table-codes';
import { MINUTE } from '../../server/lib/clock';
import { newIp } from './auth.helpers';
import { ownerAndStaff } from './merchant.helpers';
import { ALL_DAY, completeOrder, insertLocation, key, ledgers, products } from './orders.helpers';
import { describeEachDb, describePostgres, useTestProvider, type TestProvider } from './support/provider';
import { callApi } from '../support/calls';

/** Wednesday 25 November 2026, 10:00 in Manila (the shop's time zone). */
const WED_10AM = new Date('2026-11-25T02:00:00Z');
const SEVEN_TO_NINE = Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [{ open: '07:00', close: '09:00' }]]));

type Tables = {
  location_id: number;
  areas: { id: number; name: string }[];
  tables: { id: number; label: string; area_id: number | null; active: boolean; code: string }[];
};

function helpers(p: TestProvider, team: ReturnType<typeof ownerAndStaff>) {
  const firstLocation = async () => p.db.selectFrom('locations').select(['id', 'name', 'address']).orderBy('position').orderBy('id').executeTakeFirstOrThrow();
  const addLocation = (name: string) => insertLocation(p.db, name);
  const setHours = (id: number, values: Record<string, unknown>) =>
    p.db
      .updateTable('locations')
      .set(Object.fromEntries(Object.entries(values).map(([k, v]) => [k, typeof v === 'object' && v !== null && !(v instanceof Date) ? JSON.stringify(v) : v])))
      .where('id', '=', id)
      .execute();
  const addTable = async (locationId: number, label: string, areaId: number | null = null): Promise<Tables['tables'][number]> => {
    const res = await team.post(tablesConsoleApi.create, { location_id: locationId, label, area_id: areaId });
    expect(res.status, res.text).toBe(201);
    return (res.body.data as Tables).tables.find((t) => t.label === label)!;
  };
  const dineIn = (on: boolean) => team.post(shopSettingsApi.update, { dine_in: on }).expect(200);
  const basket = async () => [{ product_id: (await products(p)).latte.id, qty: 1 }];
  const order = async (token: string, extra: Record<string, unknown>) =>
    callApi(p, ordersApi.create, {
      token,
      body: { items: await basket(), fulfilment: 'dine_in', payment_method: 'wallet', idempotency_key: key(), ...extra },
    });
  const resolve = (code: string, ip = newIp()) => callApi(p, tablesApi.resolve, { query: { code }, ip });
  return { firstLocation, addLocation, setHours, addTable, dineIn, basket, order, resolve };
}

describeEachDb('dine-in tables', (kind) => {
  const p = useTestProvider(kind);
  const team = ownerAndStaff(p);
  const t = helpers(p, team);

  it('the owner adds, renames and removes areas and tables; labels are unique per location whatever their case', async () => {
    const loc = await t.firstLocation();
    const empty = await callApi(p, tablesConsoleApi.list, { token: team.owner.token, query: { location_id: loc.id } }).expect(200);
    expect(empty.body.data).toEqual({ location_id: loc.id, areas: [], tables: [] });
    const area = (await team.post(tablesConsoleApi.createArea, { location_id: loc.id, name: 'Terrace' }).expect(201)).body.data.areas[0];
    expect(area.name).toBe('Terrace');
    expect((await team.post(tablesConsoleApi.createArea, { location_id: loc.id, name: 'terrace' })).body.error.fields).toEqual({
      name: 'is the name of another area here',
    });
    for (const label of ['10', '2', '1']) await t.addTable(loc.id, label, area.id);
    const dup = await team.post(tablesConsoleApi.create, { location_id: loc.id, label: '2' });
    expect([dup.status, dup.body.error.fields]).toEqual([400, { label: 'is the label of another table here' }]);
    // numbers in their order
    const listed = (await callApi(p, tablesConsoleApi.list, { token: team.owner.token, query: { location_id: loc.id } })).body.data as Tables;
    expect(listed.tables.map((x) => x.label)).toEqual(['1', '2', '10']);
    const ten = listed.tables.find((x) => x.label === '10')!;
    // renamed, switched off, moved out of the area
    const saved = (await team.post(tablesConsoleApi.update, { id: ten.id, label: '12', active: false, area_id: null }).expect(200)).body.data as Tables;
    expect(saved.tables.find((x) => x.id === ten.id)).toMatchObject({ label: '12', active: false, area_id: null, code: ten.code });
    expect((await team.post(tablesConsoleApi.update, { id: ten.id, label: '1' })).body.error.fields).toEqual({ label: 'is the label of another table here' });
    // an area of another location is refused
    const other = await t.addLocation('Cebu');
    const cebuArea = (await team.post(tablesConsoleApi.createArea, { location_id: other, name: 'Patio' }).expect(201)).body.data.areas[0];
    expect((await team.post(tablesConsoleApi.update, { id: ten.id, area_id: cebuArea.id })).body.error.fields).toEqual({
      area_id: 'must be an area of this location',
    });
    // an area removed leaves its tables without one
    await team.post(tablesConsoleApi.renameArea, { id: area.id, name: 'Garden' }).expect(200);
    const gone = (await team.post(tablesConsoleApi.removeArea, { id: area.id }).expect(200)).body.data as Tables;
    expect(gone.areas).toEqual([]);
    expect(gone.tables.every((x) => x.area_id === null)).toBe(true);
    const removed = (await team.post(tablesConsoleApi.remove, { id: ten.id }).expect(200)).body.data as Tables;
    expect(removed.tables.map((x) => x.label)).toEqual(['1', '2']);
    // unknown ones: 404
    for (const [call, body] of [
      [tablesConsoleApi.remove, { id: ten.id }],
      [tablesConsoleApi.update, { id: ten.id, label: 'x' }],
      [tablesConsoleApi.renameArea, { id: area.id, name: 'x' }],
      [tablesConsoleApi.create, { location_id: 999_999, label: 'x' }],
    ] as const)
      expect((await team.post(call, body)).status).toBe(404);
    // audited under Locations
    const actions = await p.db.selectFrom('audit_log').select('action').where('action', 'like', 'location.table%').execute();
    expect(new Set(actions.map((a) => a.action))).toEqual(
      new Set([
        'location.table_area_create',
        'location.table_create',
        'location.table_update',
        'location.table_area_rename',
        'location.table_area_remove',
        'location.table_remove',
      ]),
    );
  });

  it('staff may not touch tables (403 ROLE_FORBIDDEN)', async () => {
    const loc = await t.firstLocation();
    const res = await callApi(p, tablesConsoleApi.list, { token: team.staff.token, query: { location_id: loc.id } });
    expect([res.status, res.body.error.code]).toEqual([403, 'ROLE_FORBIDDEN']);
    const add = await team.post(tablesConsoleApi.create, { location_id: loc.id, label: 'S1' }, team.staff.token);
    expect(add.status).toBe(403);
    expect(await p.db.selectFrom('dining_tables').select('id').where('label', '=', 'S1').execute()).toEqual([]);
  });

  it("a table's code opens it; forged, altered, another location's, removed or switched-off tables answer 404 alike", async () => {
    const loc = await t.firstLocation();
    const cebu = await t.addLocation('Cebu Two');
    const twelve = await t.addTable(loc.id, 'R12');
    const cebuTable = await t.addTable(cebu, 'C1');
    const found = await t.resolve(twelve.code);
    expect(found.status, found.text).toBe(200);
    expect(found.body.data).toEqual({ location: { id: loc.id, name: loc.name, address: loc.address }, table: { label: 'R12', area: null }, dine_in: false });
    const [, , , mac] = twelve.code.split('.');
    const forged = [
      // another table id with this code's mac
      `t1.${loc.id.toString(36)}.${cebuTable.id.toString(36)}.${mac}`,
      // this table moved to another location by its id
      `t1.${cebu.toString(36)}.${twelve.id.toString(36)}.${mac}`,
      // the mac altered
      `${twelve.code.slice(0, -1)}${twelve.code.endsWith('A') ? 'B' : 'A'}`,
      // signed with another secret
      tableCode('another-secret-0123456789abcdef0123', loc.id, twelve.id),
      // the other location's table named at this location, with the other table's mac
      `t1.${loc.id.toString(36)}.${cebuTable.id.toString(36)}.${cebuTable.code.split('.')[3]}`,
      // a leading zero: not the canonical spelling
      `t1.0${loc.id.toString(36)}.${twelve.id.toString(36)}.${mac}`,
    ];
    for (const code of forged) {
      const res = await t.resolve(code);
      expect([res.status, res.body.error?.code], code).toEqual([404, 'NOT_FOUND']);
    }
    // a code signed for a table at the other location: not a table of this one even though the id exists
    expect((await t.resolve(tableCode(p.ctx.secret, loc.id, cebuTable.id))).status).toBe(404);
    // switched off, then removed
    await team.post(tablesConsoleApi.update, { id: twelve.id, active: false }).expect(200);
    expect((await t.resolve(twelve.code)).status).toBe(404);
    await team.post(tablesConsoleApi.update, { id: twelve.id, active: true }).expect(200);
    expect((await t.resolve(twelve.code)).status).toBe(200);
    await team.post(tablesConsoleApi.remove, { id: twelve.id }).expect(200);
    expect((await t.resolve(twelve.code)).status).toBe(404);
  });

  it('wrong codes count against the address like the other open look-ups: past the allowance, 429 even for a right one', async () => {
    const loc = await t.firstLocation();
    const table = await t.addTable(loc.id, 'L1');
    const ip = newIp();
    expect((await t.resolve(table.code, ip)).status).toBe(200);
    for (let i = 0; i < 20; i++)
      expect((await t.resolve(`t1.${loc.id.toString(36)}.${table.id.toString(36)}.${String(i).padStart(16, 'A')}`, ip)).status).toBe(404);
    const refused = await t.resolve(table.code, ip);
    expect([refused.status, refused.body.error.code]).toEqual([429, 'RATE_LIMITED']);
    expect((await t.resolve(table.code)).status).toBe(200);
  });

  it('orders at a table: off by default; the location from the code; no fee, no slot; the label on the order, board, CSV and receipt', async () => {
    p.clock.set(WED_10AM);
    const loc = await t.firstLocation();
    const cebu = await t.addLocation('Cebu Three');
    const table = await t.addTable(cebu, 'D12');
    const ana = await p.newCustomer({ wallet: 100_000 });
    const off = await t.order(ana.token, { table_code: table.code });
    expect([off.status, off.body.error.fields]).toEqual([400, { fulfilment: 'this shop does not take orders at the table' }]);
    await t.dineIn(true);
    // no code, a forged one
    expect((await t.order(ana.token, {})).body.error.fields).toEqual({ table_code: 'is required to order at a table' });
    const forged = await t.order(ana.token, { table_code: `${table.code.slice(0, -2)}zz` });
    expect([forged.status, forged.body.error.fields]).toEqual([404, { table_code: 'is not a table of this shop' }]);
    // the client's location_id changes nothing: the code's location makes it
    const quote = await callApi(p, ordersApi.quote, {
      token: ana.token,
      body: { items: await t.basket(), fulfilment: 'dine_in', table_code: table.code, location_id: loc.id },
    });
    expect(quote.status, quote.text).toBe(200);
    expect(quote.body.data).toMatchObject({ location_id: cebu, delivery_fee: 0, pickup_at: null });
    const placed = await t.order(ana.token, { table_code: table.code, location_id: loc.id });
    expect(placed.status, placed.text).toBe(201);
    const o = placed.body.data.order;
    expect(o).toMatchObject({ fulfilment: 'dine_in', table_label: 'D12', delivery_fee: 0, pickup_at: null, status: 'paid', location: { id: cebu } });
    expect((await ledgers(p, ana.id)).wallet).toBe(100_000 - o.total);
    // the table renamed later: the order keeps its label
    await team.post(tablesConsoleApi.update, { id: table.id, label: 'D99' }).expect(200);
    const detail = await callApi(p, ordersApi.detail, { token: ana.token, query: { name: o.name } }).expect(200);
    expect(detail.body.data.order.table_label).toBe('D12');
    const board = await callApi(p, boardApi.board, { token: team.staff.token, query: {} }).expect(200);
    const card = (board.body.data.orders as { name: string; table_label?: string; fulfilment: string }[]).find((c) => c.name === o.name);
    expect(card).toMatchObject({ table_label: 'D12', fulfilment: 'dine_in' });
    // ready → completed, as pickup
    expect(card).toMatchObject({ next_status: 'preparing' });
    await completeOrder(p, o.name);
    const csv = await callApi(p, dashboardApi.exportOrders, { token: team.owner.token, query: { from: '2026-11-25', to: '2026-11-25' } }).expect(200);
    const lines = csv.text.trim().split('\n');
    const header = lines[0]!.split(',');
    const row = lines.find((l) => l.includes(o.name))!;
    expect(header).toContain('"table"');
    expect(row).toContain('"D12"');
    const receipt = await callApi(p, receiptsApi.view, {
      query: { token: receiptToken(p.ctx.secret, await p.db.selectFrom('orders').select(['id', 'name']).where('name', '=', o.name).executeTakeFirstOrThrow()) },
    });
    expect(receipt.body.data.receipt.order).toMatchObject({ fulfilment: 'dine_in', table_label: 'D12' });
    // other orders carry no table
    const pickup = await callApi(p, ordersApi.create, {
      token: ana.token,
      body: { items: await t.basket(), fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: key() },
    });
    expect(pickup.status, pickup.text).toBe(201);
    expect(pickup.body.data.order).not.toHaveProperty('table_label');
    await t.dineIn(false);
  });

  it("follows the location's hours and pause like pickup: closed and paused refuse it, with when it opens again", async () => {
    p.clock.set(WED_10AM);
    const cebu = await t.addLocation('Cebu Four');
    const table = await t.addTable(cebu, 'H1');
    await t.dineIn(true);
    const ana = await p.newCustomer({ wallet: 100_000 });
    await t.setHours(cebu, { hours: SEVEN_TO_NINE });
    const closed = await t.order(ana.token, { table_code: table.code });
    expect([closed.status, closed.body.error.code]).toEqual([409, 'LOCATION_CLOSED']);
    await t.setHours(cebu, { hours: ALL_DAY, paused: true, paused_until: new Date(WED_10AM.getTime() + 30 * MINUTE) });
    const paused = await t.order(ana.token, { table_code: table.code });
    expect([paused.status, paused.body.error.code]).toEqual([409, 'ORDERING_PAUSED']);
    expect((await ledgers(p, ana.id)).wallet).toBe(100_000);
    p.clock.advance(31 * MINUTE);
    expect((await t.order(ana.token, { table_code: table.code })).status).toBe(201);
    await t.dineIn(false);
  });
});

describePostgres('dine-in orders at once', () => {
  const p = useTestProvider('postgres', { poolSize: 10 });
  const team = ownerAndStaff(p);
  const t = helpers(p, team);

  it('30 customers order at one table at once: every order placed once, every wallet exact', async () => {
    p.clock.set(WED_10AM);
    const loc = await t.firstLocation();
    const table = await t.addTable(loc.id, 'P30');
    await t.dineIn(true);
    const customers = await Promise.all(Array.from({ length: 30 }, () => p.newCustomer({ wallet: 20_000 })));
    const { latte } = await products(p);
    // each orders a latte twice at once (the same key twice, and a second order): a short balance refuses what it cannot pay
    const answers = await Promise.all(
      customers.flatMap((c) => {
        const k = key();
        const body = { items: [{ product_id: latte.id, qty: 1 }], fulfilment: 'dine_in', table_code: table.code, payment_method: 'wallet' };
        return [
          callApi(p, ordersApi.create, { token: c.token, body: { ...body, idempotency_key: k } }),
          callApi(p, ordersApi.create, { token: c.token, body: { ...body, idempotency_key: k } }),
          callApi(p, ordersApi.create, { token: c.token, body: { ...body, idempotency_key: key() } }),
        ];
      }),
    );
    expect(
      answers.every((a) => [201, 409, 402].includes(a.status)),
      answers.map((a) => `${a.status} ${a.text.slice(0, 120)}`).join('\n'),
    ).toBe(true);
    for (const c of customers) {
      const l = await ledgers(p, c.id);
      const orders = await p.db.selectFrom('orders').select(['total', 'table_label']).where('customer_id', '=', c.id).execute();
      expect(orders.every((o) => o.table_label === 'P30')).toBe(true);
      const spent = orders.reduce((s, o) => s + o.total, 0);
      expect(l.wallet).toBe(20_000 - spent);
      expect(l.walletSum).toBe(l.wallet);
      expect(l.wallet).toBeGreaterThanOrEqual(0);
      expect(orders.length).toBeGreaterThanOrEqual(1);
    }
  });
});
