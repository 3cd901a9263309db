import type { Fulfilment } from '#contract';
import type { Location } from '#contract/locations';
import { useLocations } from '../api/locations';
import type { Ordering } from '../screens/shop/ordering-notice';
import { useCheckout } from './checkout';

/**
 * Which of the shop's places a page speaks of: the one chosen for pickup (or the first that takes
 * pickups), for delivery the one the quote found for the address, else the first that delivers and
 * is open (any of them may be the one), else the first. A shop has at least one; null until loaded.
 */
export function orderingLocation(
  locations: readonly Location[],
  fulfilment: Fulfilment,
  chosenId: number | null,
  quotedId: number | null = null,
): Location | null {
  const byId = (id: number | null) => locations.find((l) => l.id === id);
  // dine-in: the table's place, whether or not it takes pickups
  const takes = locations.filter((l) => (fulfilment === 'pickup' ? l.pickup : fulfilment === 'delivery' ? l.delivery : true));
  const pick = fulfilment === 'delivery' ? (byId(quotedId) ?? takes.find((l) => l.state === 'open')) : byId(chosenId);
  return pick ?? takes[0] ?? locations[0] ?? null;
}

/** The places in order of distance from a point (those without coordinates last, in the owner's order). */
export function byDistance<T extends Pick<Location, 'lat' | 'lng'>>(locations: readonly T[], from: { lat: number; lng: number } | null | undefined): T[] {
  if (!from) return [...locations];
  const cos = Math.cos((from.lat * Math.PI) / 180);
  // an equirectangular distance orders places a few kilometres apart as well as the great circle does
  const d = (l: T) => (l.lat === null || l.lng === null ? Infinity : (l.lat - from.lat) ** 2 + ((l.lng - from.lng) * cos) ** 2);
  return [...locations].sort((a, b) => d(a) - d(b));
}

/**
 * The shop's places (polled: a pause shows within LOCATIONS_POLL_MS), the one this checkout speaks of,
 * and what the ordering notice needs of it (named only when the shop has more than one).
 */
export function useOrdering(quotedId: number | null = null) {
  const { data } = useLocations();
  const { checkout } = useCheckout();
  const locations = data?.locations ?? [];
  const location = orderingLocation(locations, checkout.fulfilment, checkout.locationId, quotedId);
  const many = locations.length > 1;
  const ordering: Ordering | null = location && data ? { location, now: data.server_time, ...(many && { name: location.name }) } : null;
  return { locations, location, many, ordering, now: data?.server_time };
}
