import { describe, expect, it } from 'vitest';
import type { Location } from '#contract/locations';
import { byDistance, orderingLocation } from '../../../src/app/ordering';

const place = (id: number, o: Partial<Location> = {}): Location => ({
  id,
  name: `Place ${id}`,
  address: `${id} Street`,
  lat: null,
  lng: null,
  phone: '',
  timezone: 'Asia/Manila',
  pickup: true,
  delivery: true,
  prep_minutes: 10,
  state: 'open',
  closes_at: null,
  next_open_at: null,
  paused_until: null,
  today: [],
  unavailable_product_ids: [],
  ...o,
});

describe('the place a checkout speaks of', () => {
  const closed = place(1, { state: 'closed' });
  const open = place(2);
  const pickupOnly = place(3, { delivery: false });

  it('is the one chosen for pickup, else the first that takes pickups', () => {
    expect(orderingLocation([closed, open], 'pickup', 2)?.id).toBe(2);
    expect(orderingLocation([place(1, { pickup: false }), open], 'pickup', null)?.id).toBe(2);
  });

  it('is, for delivery, the one the quote found, else the first open one that delivers', () => {
    expect(orderingLocation([closed, open], 'delivery', null, 1)?.id).toBe(1);
    expect(orderingLocation([pickupOnly, closed, open], 'delivery', 3)?.id).toBe(2);
    expect(orderingLocation([pickupOnly, closed], 'delivery', null)?.id).toBe(1);
  });

  it('is nothing until the places are loaded', () => {
    expect(orderingLocation([], 'pickup', null)).toBeNull();
  });
});

describe('places nearest first', () => {
  const makati = place(1, { lat: 14.5547, lng: 121.0244 });
  const bgc = place(2, { lat: 14.5509, lng: 121.0503 });
  const nowhere = place(3);

  it('orders by distance from the point, places without coordinates last', () => {
    expect(byDistance([nowhere, makati, bgc], { lat: 14.551, lng: 121.049 }).map((l) => l.id)).toEqual([2, 1, 3]);
  });

  it("keeps the owner's order without a point", () => {
    expect(byDistance([nowhere, makati, bgc], null).map((l) => l.id)).toEqual([3, 1, 2]);
  });
});
