import type { Database } from '..';

/** Open all day, every day: a fresh demo takes orders whenever it is tried; the owner sets real hours. */
export const ALL_DAY = Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [{ open: '00:00', close: '00:00' }]]));

/**
 * The demo's one location, from the demo's pickup address: Makati, delivering within 25 km at the
 * shop's fee and minimum. Only when the shop has none (a database migrated from before locations got
 * its own from its pickup address, migration 0018).
 */
/** The demo location's phone, which "Clear the demo" removes (server/provider/channels/demo.ts). */
export const DEMO_PHONE = '+63 2 8123 4567';

export async function seedLocations(db: Database): Promise<void> {
  const any = await db.selectFrom('locations').select('id').limit(1).executeTakeFirst();
  if (any) return;
  await db
    .insertInto('locations')
    .values({
      name: 'Makati',
      address: '12 Calle Mabini, Makati City',
      lat: 14.5547,
      lng: 121.0244,
      phone: DEMO_PHONE,
      hours: JSON.stringify(ALL_DAY),
      delivery_areas: JSON.stringify([{ kind: 'radius', name: 'Within 25 km', radius_km: 25, fee: null, min_order: null }]),
    })
    .execute();
}
