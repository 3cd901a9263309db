import { expect, it } from 'vitest';
import { describeDb, useTestProvider } from './support/provider';
import { addressesApi } from '#contract/addresses.calls';
import { callApi } from '../support/calls';

const HOME = {
  label: 'Home',
  recipient: 'Maria Santos',
  phone: '0917 123 4567',
  line1: '12 Calle Mabini, Brgy. Poblacion',
  city: 'Makati City',
  postal_code: '1210',
  lat: 14.5547,
  lng: 121.0244,
  note: 'Gate code 1234',
};
const OFFICE = { ...HOME, label: 'Office', line1: '88 Ayala Avenue, 20th floor', note: undefined };

describeDb('addresses', (kind) => {
  const p = useTestProvider(kind);

  const create = (token: string, body: unknown) => callApi(p, addressesApi.create, { token, body });
  const list = async (token: string) =>
    (await callApi(p, addressesApi.list, { token }).expect(200)).body.data.addresses as Array<{ id: number; is_default: boolean; label: string }>;

  it('saves an address with the phone in E.164; the first one becomes the default', async () => {
    const c = await p.newCustomer();
    const res = await create(c.token, HOME).expect(201);
    expect(res.body.data.address).toEqual({ id: expect.any(Number), ...HOME, phone: '+639171234567', is_default: true });
    expect(await list(c.token)).toHaveLength(1);
  });

  it('keeps exactly one default: setting is_default clears the others', async () => {
    const c = await p.newCustomer();
    const home = (await create(c.token, HOME).expect(201)).body.data.address;
    const office = (await create(c.token, OFFICE).expect(201)).body.data.address;
    expect(office.is_default).toBe(false);
    expect(office.note).toBeNull();
    const third = (await create(c.token, { ...OFFICE, label: 'Gym', is_default: true }).expect(201)).body.data.address;
    expect(third.is_default).toBe(true);
    let all = await list(c.token);
    expect(all.filter((a) => a.is_default).map((a) => a.id)).toEqual([third.id]);
    expect(all[0]!.id).toBe(third.id); // the default is listed first

    const upd = await callApi(p, addressesApi.update, { token: c.token, body: { id: home.id, is_default: true } }).expect(200);
    expect(upd.body.data.address.is_default).toBe(true);
    all = await list(c.token);
    expect(all.filter((a) => a.is_default).map((a) => a.id)).toEqual([home.id]);

    // unsetting the default hands it to the newest other address: never zero defaults
    await callApi(p, addressesApi.update, { token: c.token, body: { id: home.id, is_default: false } }).expect(200);
    all = await list(c.token);
    expect(all.filter((a) => a.is_default).map((a) => a.id)).toEqual([third.id]);
  });

  it('updates only the fields given', async () => {
    const c = await p.newCustomer();
    const a = (await create(c.token, HOME).expect(201)).body.data.address;
    const res = await callApi(p, addressesApi.update, {
      token: c.token,
      body: { id: a.id, label: 'Lola’s house', lat: -33.8688, lng: 151.2093, phone: '+63 918 765 4321' },
    }).expect(200);
    expect(res.body.data.address).toEqual({ ...a, label: 'Lola’s house', lat: -33.8688, lng: 151.2093, phone: '+639187654321' });
  });

  it('deleting the default promotes the newest remaining address', async () => {
    const c = await p.newCustomer();
    const home = (await create(c.token, HOME).expect(201)).body.data.address;
    const office = (await create(c.token, OFFICE).expect(201)).body.data.address;
    const gym = (await create(c.token, { ...OFFICE, label: 'Gym' }).expect(201)).body.data.address;
    await callApi(p, addressesApi.remove, { token: c.token, body: { id: home.id } }).expect(200);
    let all = await list(c.token);
    expect(all.map((a) => a.id).sort()).toEqual([office.id, gym.id].sort());
    expect(all.find((a) => a.is_default)!.id).toBe(gym.id);
    // deleting one that is not the default leaves the default alone
    await callApi(p, addressesApi.remove, { token: c.token, body: { id: office.id } }).expect(200);
    all = await list(c.token);
    expect(all).toEqual([expect.objectContaining({ id: gym.id, is_default: true })]);
    await callApi(p, addressesApi.remove, { token: c.token, body: { id: gym.id } }).expect(200);
    expect(await list(c.token)).toEqual([]);
    // and the next address is the default again
    expect((await create(c.token, OFFICE).expect(201)).body.data.address.is_default).toBe(true);
  });

  it("answers 404 for another customer's address, and never lists it", async () => {
    const a = await p.newCustomer();
    const b = await p.newCustomer();
    const mine = (await create(a.token, HOME).expect(201)).body.data.address;
    expect(await list(b.token)).toEqual([]);
    const upd = await callApi(p, addressesApi.update, { token: b.token, body: { id: mine.id, label: 'Stolen' } }).expect(404);
    expect(upd.body.error.code).toBe('NOT_FOUND');
    await callApi(p, addressesApi.remove, { token: b.token, body: { id: mine.id } }).expect(404);
    await callApi(p, addressesApi.update, { token: b.token, body: { id: mine.id, is_default: true } }).expect(404);
    expect(await list(a.token)).toEqual([mine]);
  });

  it('answers 400 naming each bad field, never 500', async () => {
    const c = await p.newCustomer();
    const cases: Array<[string, unknown, string[]]> = [
      [addressesApi.create.path, {}, ['label', 'recipient', 'phone', 'line1', 'city', 'postal_code', 'lat', 'lng']],
      [addressesApi.create.path, { ...HOME, lat: 91 }, ['lat']],
      [addressesApi.create.path, { ...HOME, lat: -90.5, lng: 180.1 }, ['lat', 'lng']],
      [addressesApi.create.path, { ...HOME, lat: '14.5', lng: null }, ['lat', 'lng']],
      [addressesApi.create.path, { ...HOME, postal_code: '!!' }, ['postal_code']],
      [addressesApi.create.path, { ...HOME, label: ' ', note: 'x'.repeat(201) }, ['label', 'note']],
      [addressesApi.create.path, { ...HOME, is_default: 'yes' }, ['is_default']],
      [addressesApi.create.path, { ...HOME, phone: 'call me maybe' }, ['phone']],
      [addressesApi.update.path, { label: 'No id' }, ['id']],
      [addressesApi.update.path, { id: 'abc' }, ['id']],
      [addressesApi.update.path, { id: 1, lng: -181 }, ['lng']],
      [addressesApi.remove.path, {}, ['id']],
      [addressesApi.remove.path, { id: -3 }, ['id']],
    ];
    for (const [path, body, fields] of cases) {
      const res = await p.call('post', path, { token: c.token, body });
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION');
      for (const f of fields) expect(res.body.error.fields, `${path} ${JSON.stringify(body)}`).toHaveProperty(f);
    }
    expect(await list(c.token)).toEqual([]);
  });

  it('needs a session', async () => {
    expect((await callApi(p, addressesApi.list).expect(401)).body.error.code).toBe('SESSION_EXPIRED');
    await callApi(p, addressesApi.create, { body: HOME }).expect(401);
  });
});
