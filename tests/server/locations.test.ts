/**
 * Locations (issue 28), on PGlite and PostgreSQL: the fresh database's one location; open, closed and
 * paused computed in the location's zone at the provider's clock; the pause switch (minutes, until
 * resumed, resume) for the location's staff and the owners, 403 for staff of another location; the
 * owner's editor with its defaults and its checks (400 naming the field, nothing saved); pickup slots
 * with a full slot and ASAP moving past it; staff limited to locations; the test reset.
 */
import { beforeEach, expect, it } from 'vitest';
import { MINUTE } from '../../server/lib/clock';
import { takeSlot } from '../../server/provider/locations/locations.repo';
import { newStaff, type TestStaff } from './merchant.helpers';
import { products } from './orders.helpers';
import { describeDb, useTestProvider } from './support/provider';
import { locationsApi, locationsConsoleApi } from '#contract/locations.calls';
import { staffApi } from '#contract/staff.calls';
import { callApi } from '../support/calls';
import type { Call } from '#contract/api';

/** Sunday 29 November 2026, 10:00 in Manila (UTC+8, no daylight saving). */
const SUNDAY_10 = '2026-11-29T02:00:00.000Z';
/** Monday 30 November 2026, 08:00 in Manila. */
const MONDAY_08 = '2026-11-30T00:00:00.000Z';
const WEEK = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
const daily = (open: string, close: string) => Object.fromEntries(WEEK.map((d) => [d, [{ open, close }]]));
const closedSundays = { ...daily('07:00', '19:00'), sun: [] };

describeDb('locations', (kind) => {
  const p = useTestProvider(kind, { reset: true });
  let owner: TestStaff;
  let staff: TestStaff;
  let makati: number;
  beforeEach(async () => {
    p.clock.set(MONDAY_08);
    owner = await newStaff(p.db, p.clock, { role: 'owner', name: 'Olive Owner' });
    staff = await newStaff(p.db, p.clock, { role: 'staff', name: 'Sam' });
    makati = (await p.db.selectFrom('locations').select('id').executeTakeFirstOrThrow()).id;
  });

  const shop = async () => (await callApi(p, locationsApi.list).expect(200)).body.data;
  const post = (declaration: Call<any, any>, body: unknown, token = owner.token) => callApi(p, declaration, { token, body });
  const pause = (location_id: number, choice: string, token = owner.token) => post(locationsConsoleApi.pause, { location_id, pause: choice }, token);
  const slots = async (location_id: number) => (await callApi(p, locationsApi.slots, { query: { location_id } }).expect(200)).body.data;
  const counts = async () => ({
    locations: (await p.db.selectFrom('locations').select('id').execute()).length,
    audit: (await p.db.selectFrom('audit_log').select('id').where('action', 'like', 'location.%').execute()).length,
  });
  const newLocation = async (body: Record<string, unknown> = {}) =>
    (await post(locationsConsoleApi.create, { name: 'BGC', address: '30th Street, Taguig', ...body }).expect(201)).body.data.location;

  it("a fresh database has one location, open around the clock in the shop's zone, delivering", async () => {
    const data = await shop();
    expect(data.server_time).toBe(MONDAY_08);
    expect(data.locations).toEqual([
      {
        id: makati,
        name: 'Makati',
        address: '12 Calle Mabini, Makati City',
        lat: 14.5547,
        lng: 121.0244,
        phone: '+63 2 8123 4567',
        timezone: 'Asia/Manila',
        pickup: true,
        delivery: true,
        prep_minutes: 10,
        state: 'open',
        closes_at: null,
        next_open_at: null,
        paused_until: null,
        today: [{ open: '00:00', close: '00:00' }],
        unavailable_product_ids: [],
      },
    ]);
    const console = (await callApi(p, locationsConsoleApi.all, { token: owner.token }).expect(200)).body.data.locations;
    expect(console).toHaveLength(1);
    expect(console[0]).toMatchObject({
      id: makati,
      timezone: '',
      effective_timezone: 'Asia/Manila',
      position: 0,
      slot_minutes: 15,
      slot_capacity: 10,
      delivery_areas: [{ kind: 'radius', radius_km: 25 }],
    });
  });

  it('is closed on a closed day and says when it opens next; open in its hours, saying when it closes', async () => {
    await post(locationsConsoleApi.update, { id: makati, hours: closedSundays }).expect(200);
    p.clock.set(SUNDAY_10);
    expect((await shop()).locations[0]).toMatchObject({ state: 'closed', closes_at: null, next_open_at: '2026-11-29T23:00:00.000Z', today: [] });
    p.clock.set(MONDAY_08);
    expect((await shop()).locations[0]).toMatchObject({
      state: 'open',
      closes_at: '2026-11-30T11:00:00.000Z',
      next_open_at: null,
      today: [{ open: '07:00', close: '19:00' }],
    });
    // a location's own zone: 08:00 in Manila is 09:00 in Tokyo, 00:00 in London (closed until 07:00 there)
    await post(locationsConsoleApi.update, { id: makati, timezone: 'Europe/London' }).expect(200);
    expect((await shop()).locations[0]).toMatchObject({ timezone: 'Europe/London', state: 'closed', next_open_at: '2026-11-30T07:00:00.000Z' });
  });

  it('pauses for 15 minutes, then takes orders again by itself; audited', async () => {
    const res = await pause(makati, '15_minutes').expect(200);
    expect(res.body.message).toBe('Online orders paused.');
    const until = new Date(p.clock.now().getTime() + 15 * MINUTE).toISOString();
    expect(res.body.data.location).toMatchObject({ id: makati, state: 'paused', paused_until: until, next_open_at: until });
    expect((await shop()).locations[0]).toMatchObject({ state: 'paused', paused_until: until });
    p.clock.advance(16 * MINUTE);
    expect((await shop()).locations[0]).toMatchObject({ state: 'open', paused_until: null });
    const audit = (await callApi(p, staffApi.audit, { token: owner.token, query: { kind: 'locations' } }).expect(200)).body.data.items;
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'location.pause',
        target: `location:${makati}`,
        after: { name: 'Makati', choice: '15_minutes', paused: true, paused_until: until },
      }),
    ]);
  });

  it("pauses until resumed, for the location's staff too, and resumes", async () => {
    const res = await pause(makati, 'until_resumed', staff.token).expect(200);
    expect(res.body.data.location).toMatchObject({ state: 'paused', paused_until: null, next_open_at: null });
    p.clock.advance(5 * 60 * MINUTE);
    expect((await shop()).locations[0]).toMatchObject({ state: 'paused', paused_until: null });
    const resumed = await pause(makati, 'resume').expect(200);
    expect(resumed.body.message).toBe('Online orders resumed.');
    expect(resumed.body.data.location).toMatchObject({ state: 'open', paused_until: null });
    const actions = (await p.db.selectFrom('audit_log').select(['action', 'staff_id']).where('action', 'like', 'location.%').orderBy('id').execute()).map(
      (r) => [r.action, r.staff_id],
    );
    expect(actions).toEqual([
      ['location.pause', staff.id],
      ['location.resume', owner.id],
    ]);
  });

  it('pauses until the current opening ends', async () => {
    await post(locationsConsoleApi.update, { id: makati, hours: closedSundays }).expect(200);
    const res = await pause(makati, 'until_closing').expect(200);
    expect(res.body.data.location).toMatchObject({ state: 'paused', paused_until: '2026-11-30T11:00:00.000Z', next_open_at: '2026-11-30T23:00:00.000Z' });
  });

  it('limits staff to their locations: 403 pausing another, only theirs listed', async () => {
    const bgc = (await newLocation()).id;
    const res = await post(staffApi.update, { id: staff.id, location_ids: [bgc] }).expect(200);
    expect(res.body.message).toBe('Locations saved.');
    expect(res.body.data.staff).toMatchObject({ id: staff.id, role: 'staff', location_ids: [bgc] });
    // no new sign-in: only a new role ends sessions
    expect((await callApi(p, staffApi.me, { token: staff.token }).expect(200)).body.data.staff.location_ids).toEqual([bgc]);

    const refused = await pause(makati, '15_minutes', staff.token).expect(403);
    expect(refused.body.error.code).toBe('LOCATION_FORBIDDEN');
    expect((await pause(9_999, '15_minutes', staff.token).expect(403)).body.error.code).toBe('LOCATION_FORBIDDEN');
    await pause(bgc, '15_minutes', staff.token).expect(200);
    expect((await shop()).locations.map((l: { name: string; state: string }) => [l.name, l.state])).toEqual([
      ['Makati', 'open'],
      ['BGC', 'paused'],
    ]);
    const mine = (await callApi(p, locationsConsoleApi.all, { token: staff.token }).expect(200)).body.data.locations;
    expect(mine.map((l: { id: number }) => l.id)).toEqual([bgc]);
    const all = (await callApi(p, locationsConsoleApi.all, { token: owner.token }).expect(200)).body.data.locations;
    expect(all.map((l: { id: number }) => l.id)).toEqual([makati, bgc]);
    expect((await pause(9_999, '15_minutes').expect(404)).body.error.code).toBe('NOT_FOUND');

    const team = (await callApi(p, staffApi.team, { token: owner.token }).expect(200)).body.data.staff;
    expect(team.map((m: { id: number; location_ids: number[] }) => [m.id, m.location_ids])).toEqual([
      [owner.id, []],
      [staff.id, [bgc]],
    ]);
    const entry = (await callApi(p, staffApi.audit, { token: owner.token, query: { kind: 'team' } }).expect(200)).body.data.items[0];
    expect(entry).toMatchObject({
      action: 'staff.locations',
      target: `staff:${staff.id}`,
      before: { location_ids: [], locations: [] },
      after: { location_ids: [bgc], locations: ['BGC'] },
    });

    // back to every location
    await post(staffApi.update, { id: staff.id, location_ids: [] }).expect(200);
    await pause(makati, '15_minutes', staff.token).expect(200);
  });

  it('refuses locations that do not exist, and locations for an owner (owners work at every location)', async () => {
    const unknown = await post(staffApi.update, { id: staff.id, location_ids: [makati, 9_999] }).expect(400);
    expect(unknown.body.error).toMatchObject({ code: 'VALIDATION', fields: { location_ids: expect.stringContaining('9999') } });
    const forOwner = await post(staffApi.update, { id: owner.id, location_ids: [makati] }).expect(400);
    expect(forOwner.body.error.fields).toEqual({ location_ids: 'must be empty: owners work at every location' });
    const promoted = await post(staffApi.update, { id: staff.id, role: 'owner', location_ids: [makati], password: owner.password }).expect(400);
    expect(promoted.body.error.fields).toHaveProperty('location_ids');
    expect(await p.db.selectFrom('staff_locations').selectAll().execute()).toEqual([]);
    expect((await p.db.selectFrom('staff').select('role').where('id', '=', staff.id).executeTakeFirstOrThrow()).role).toBe('staff');
    // made an owner: the locations they had go (owners see every location)
    await post(staffApi.update, { id: staff.id, location_ids: [makati] }).expect(200);
    const made = await post(staffApi.update, { id: staff.id, role: 'owner', password: owner.password }).expect(200);
    expect(made.body.message).toBe('Role changed. They will need to sign in again.');
    expect(made.body.data.staff).toMatchObject({ role: 'owner', location_ids: [] });
    expect(await p.db.selectFrom('staff_locations').selectAll().execute()).toEqual([]);
  });

  it('adds a location with the defaults, after the last; owners only; audited', async () => {
    await post(locationsConsoleApi.create, { name: 'BGC', address: '30th Street, Taguig' }, staff.token).expect(403);
    const res = await post(locationsConsoleApi.create, { name: 'BGC', address: '30th Street, Taguig' }).expect(201);
    expect(res.body.message).toBe('Location added.');
    expect(res.body.data.location).toEqual({
      id: expect.any(Number),
      name: 'BGC',
      address: '30th Street, Taguig',
      lat: null,
      lng: null,
      phone: '',
      timezone: '',
      effective_timezone: 'Asia/Manila',
      hours: daily('07:00', '19:00'),
      exceptions: [],
      pickup: true,
      delivery: false,
      prep_minutes: 10,
      slot_minutes: 15,
      slot_capacity: 10,
      delivery_areas: [],
      unavailable_product_ids: [],
      state: 'open',
      closes_at: '2026-11-30T11:00:00.000Z',
      next_open_at: null,
      paused_until: null,
      position: 1,
    });
    const entry = (await callApi(p, staffApi.audit, { token: owner.token, query: { kind: 'locations' } }).expect(200)).body.data.items[0];
    expect(entry).toMatchObject({
      action: 'location.create',
      target: `location:${res.body.data.location.id}`,
      before: null,
      after: { name: 'BGC', prep_minutes: 10 },
    });
    expect((await shop()).locations.map((l: { name: string }) => l.name)).toEqual(['Makati', 'BGC']);
  });

  it('refuses a location that breaks a rule, naming the field, and saves nothing', async () => {
    const before = await counts();
    const beforeRow = await p.db.selectFrom('locations').selectAll().where('id', '=', makati).executeTakeFirstOrThrow();
    const refusals: [Record<string, unknown>, string][] = [
      [
        {
          hours: {
            ...daily('07:00', '19:00'),
            mon: [
              { open: '07:00', close: '12:00' },
              { open: '11:00', close: '15:00' },
            ],
          },
        },
        'hours.mon.1',
      ],
      [{ lat: null, lng: null, delivery_areas: [{ kind: 'radius', name: 'Near', radius_km: 3, fee: null, min_order: null }] }, 'delivery_areas.0.radius_km'],
      [
        {
          delivery_areas: [
            {
              kind: 'polygon',
              name: 'Box',
              fee: 5_000,
              min_order: null,
              polygon: {
                type: 'Polygon',
                coordinates: [
                  [
                    [121, 14],
                    [121.1, 14],
                    [121.1, 14.1],
                    [121, 14.1],
                  ],
                ],
              },
            },
          ],
        },
        'delivery_areas.0.polygon.coordinates.0',
      ],
      [{ unavailable_product_ids: [9_999] }, 'unavailable_product_ids'],
      [{ timezone: 'Mars/Olympus_Mons' }, 'timezone'],
      [
        {
          exceptions: [
            { date: '2026-12-25', periods: [] },
            { date: '2026-12-25', periods: [] },
          ],
        },
        'exceptions.1.date',
      ],
    ];
    for (const [fields, named] of refusals) {
      for (const res of [
        await post(locationsConsoleApi.create, { name: 'BGC', address: '30th Street, Taguig', ...fields }),
        await post(locationsConsoleApi.update, { id: makati, ...fields }),
      ]) {
        expect(res.status, `${named}: ${JSON.stringify(res.body)}`).toBe(400);
        expect(res.body.error.code).toBe('VALIDATION');
        expect(Object.keys(res.body.error.fields)).toContain(named);
      }
    }
    expect(await counts()).toEqual(before);
    expect(await p.db.selectFrom('locations').selectAll().where('id', '=', makati).executeTakeFirstOrThrow()).toEqual(beforeRow);
    expect((await post(locationsConsoleApi.update, { id: 9_999, name: 'Nowhere' }).expect(404)).body.error.code).toBe('NOT_FOUND');
  });

  it('saves a change, audited with the changed fields before and after; lists the products it does not sell', async () => {
    const { latte, croissant } = await products(p);
    await post(locationsConsoleApi.update, { id: makati, name: 'Makati', prep_minutes: 10 }, staff.token).expect(403);
    const res = await post(locationsConsoleApi.update, { id: makati, prep_minutes: 20, unavailable_product_ids: [croissant.id, latte.id, latte.id] }).expect(
      200,
    );
    expect(res.body.message).toBe('Location saved.');
    const sorted = [latte.id, croissant.id].sort((a, b) => a - b);
    expect(res.body.data.location).toMatchObject({ prep_minutes: 20, unavailable_product_ids: sorted });
    expect((await shop()).locations[0]).toMatchObject({ prep_minutes: 20, unavailable_product_ids: sorted });
    const entry = (await callApi(p, staffApi.audit, { token: owner.token, query: { kind: 'locations' } }).expect(200)).body.data.items[0];
    expect(entry).toMatchObject({
      action: 'location.update',
      before: { name: 'Makati', prep_minutes: 10, unavailable_product_ids: [] },
      after: { name: 'Makati', prep_minutes: 20, unavailable_product_ids: [croissant.id, latte.id] },
    });
    expect(Object.keys(entry.after).sort()).toEqual(['name', 'prep_minutes', 'unavailable_product_ids']);
    // the same again changes nothing, and logs nothing
    await post(locationsConsoleApi.update, { id: makati, prep_minutes: 20 }).expect(200);
    expect((await counts()).audit).toBe(1);
    await post(locationsConsoleApi.update, { id: makati, unavailable_product_ids: [] }).expect(200);
    expect((await shop()).locations[0].unavailable_product_ids).toEqual([]);
  });

  it('offers pickup slots from now plus the preparation time; a full slot says so and ASAP moves past it', async () => {
    await post(locationsConsoleApi.update, { id: makati, hours: closedSundays, slot_capacity: 2 }).expect(200);
    // Monday 08:00, 10 minutes to prepare: the first slot is 08:15
    let data = await slots(makati);
    expect(data).toMatchObject({ location_id: makati, timezone: 'Asia/Manila', asap: '2026-11-30T00:15:00.000Z' });
    expect(data.days.map((d: { date: string }) => d.date)).toEqual(['2026-11-30', '2026-12-01']);
    expect(data.days[0].slots.slice(0, 2)).toEqual([
      { at: '2026-11-30T00:15:00.000Z', full: false },
      { at: '2026-11-30T00:30:00.000Z', full: false },
    ]);
    // 08:15 to 18:45, every 15 minutes; tomorrow 07:00 to 18:45
    expect(data.days[0].slots).toHaveLength(43);
    expect(data.days[1].slots).toHaveLength(48);

    const first = new Date('2026-11-30T00:15:00.000Z');
    expect(await takeSlot(p.db, makati, first, 2)).toBe(true);
    expect((await slots(makati)).asap).toBe(first.toISOString());
    expect(await takeSlot(p.db, makati, first, 2)).toBe(true);
    expect(await takeSlot(p.db, makati, first, 2)).toBe(false);
    data = await slots(makati);
    expect(data.days[0].slots[0]).toEqual({ at: first.toISOString(), full: true });
    expect(data.asap).toBe('2026-11-30T00:30:00.000Z');

    // a special date closed all day: no slots, and its note says why (the app shows it in the picker)
    await post(locationsConsoleApi.update, { id: makati, exceptions: [{ date: '2026-12-01', periods: [], note: 'Staff training day' }] }).expect(200);
    data = await slots(makati);
    expect(data.days[0].note).toBeNull();
    expect(data.days[1]).toEqual({ date: '2026-12-01', slots: [], note: 'Staff training day' });

    // a location that takes no pickup orders: no slots
    await post(locationsConsoleApi.update, { id: makati, pickup: false }).expect(200);
    expect(await slots(makati)).toEqual({
      location_id: makati,
      timezone: 'Asia/Manila',
      asap: null,
      days: [
        { date: '2026-11-30', slots: [], note: null },
        { date: '2026-12-01', slots: [], note: 'Staff training day' },
      ],
    });
    expect((await callApi(p, locationsApi.slots, { query: { location_id: 9_999 } }).expect(404)).body.error.code).toBe('NOT_FOUND');
  });

  it("a test reset empties the locations' tables and seeds the one demo location again", async () => {
    const bgc = (await newLocation()).id;
    const { latte } = await products(p);
    await post(locationsConsoleApi.update, { id: bgc, unavailable_product_ids: [latte.id] }).expect(200);
    await post(staffApi.update, { id: staff.id, location_ids: [bgc] }).expect(200);
    await takeSlot(p.db, bgc, new Date('2026-11-30T01:00:00.000Z'), 10);
    await p.reset();
    expect(await p.db.selectFrom('locations').select(['id', 'name']).execute()).toEqual([{ id: 1, name: 'Makati' }]);
    for (const table of ['staff_locations', 'pickup_slots', 'location_unavailable_products'] as const)
      expect(await p.db.selectFrom(table).selectAll().execute()).toEqual([]);
  });
});
