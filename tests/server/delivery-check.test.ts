import { expect, it } from 'vitest';
import { describeDb, useTestProvider } from './support/provider';
import { locationsApi } from '#contract/locations.calls';
import { callApi } from '../support/calls';

/**
 * `shop/delivery-check` (the map on /set-location says "We don't deliver here yet" before an address is
 * saved): a point inside a location's radius or polygon delivers, by the same rule order/quote uses;
 * outside every area, or a shop without delivery, does not.
 */
/** Around Cebu City: a square of [lng, lat] positions. */
const CEBU_SQUARE = {
  type: 'Polygon',
  coordinates: [
    [
      [123.8, 10.2],
      [124.0, 10.2],
      [124.0, 10.4],
      [123.8, 10.4],
      [123.8, 10.2],
    ],
  ],
};

describeDb('the delivery check of a point', (kind) => {
  const p = useTestProvider(kind, { reset: true });
  const check = async (lat: number, lng: number) =>
    (await callApi(p, locationsApi.deliveryCheck, { query: { lat, lng } }).expect(200)).body.data as { delivers: boolean; location_id: number | null };

  it("delivers inside a location's radius or polygon, and not outside every area", async () => {
    const first = await p.db.selectFrom('locations').select(['id', 'lat', 'lng']).orderBy('position').orderBy('id').executeTakeFirstOrThrow();
    await p.db
      .updateTable('locations')
      .set({ lat: 14.5547, lng: 121.0244, delivery_areas: JSON.stringify([{ kind: 'radius', name: 'Makati', fee: null, min_order: null, radius_km: 5 }]) })
      .where('id', '=', first.id)
      .execute();
    const cebu = (
      await p.db
        .insertInto('locations')
        .values({
          name: 'Cebu',
          address: '1 Osmeña Boulevard, Cebu City',
          lat: 10.3157,
          lng: 123.8854,
          hours: JSON.stringify({}),
          delivery_areas: JSON.stringify([{ kind: 'polygon', name: 'Cebu City', fee: null, min_order: null, polygon: CEBU_SQUARE }]),
          position: 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    // 2.4 km from the Makati location; Quezon City is 14 km away
    expect(await check(14.5649, 121.0305)).toEqual({ delivers: true, location_id: first.id });
    expect(await check(14.676, 121.0437)).toEqual({ delivers: false, location_id: null });
    expect(await check(10.3, 123.9)).toEqual({ delivers: true, location_id: cebu });
    // a shop that delivers nowhere
    await p.db
      .updateTable('locations')
      .set({ delivery_areas: JSON.stringify([]) })
      .execute();
    expect(await check(14.5649, 121.0305)).toEqual({ delivers: false, location_id: null });
  });

  it('refuses a point that is not one, naming the field', async () => {
    const res = await callApi(p, locationsApi.deliveryCheck, { query: { lat: 95, lng: 121 } }).expect(400);
    expect(res.body.error.fields).toEqual({ lat: 'must be between -90 and 90' });
  });
});
