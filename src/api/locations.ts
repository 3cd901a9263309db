/**
 * Locations: whether each takes orders now (the customer app shows "Closed" or "back at 14:30", and
 * greys out what a location does not sell), its pickup times, and in the merchant console the
 * locations editor and the pause switch. The customer app polls the state: a pause or a closing shows
 * within LOCATIONS_POLL_MS.
 */
import type { LocationCreateInput, LocationUpdateInput, PauseChoice } from '#contract/locations';
import { locationsApi, locationsConsoleApi } from '#contract/locations.calls';
import { boardApi } from '#contract/board.calls';
import { staffApi } from '#contract/staff.calls';
import { callApi } from './client';
import { useCall } from './use-call';
import { useMutation } from './mutation';

/** how often the customer app asks whether the shop takes orders */
export const LOCATIONS_POLL_MS = 15_000;

export const useLocations = () => useCall(locationsApi.list, undefined, { refreshInterval: LOCATIONS_POLL_MS, revalidateOnFocus: true });
/**
 * a location's pickup times (null: none asked for) for a cart: `productIds`, its products, so they start
 * after the slowest one's preparation time (issue 54)
 */
export function usePickupSlots(locationId: number | null, productIds: readonly number[] = []) {
  const products = [...new Set(productIds)].sort((a, b) => a - b).join(',');
  const query = locationId === null ? null : { location_id: locationId, ...(products && { products }) };
  return useCall(locationsApi.slots, query, { refreshInterval: 60_000, revalidateOnFocus: true });
}

/** whether the shop delivers to a point (null: none to check) */
export const useDeliveryCheck = (point: { lat: number; lng: number } | null) =>
  useCall(locationsApi.deliveryCheck, point === null ? null : { lat: point.lat, lng: point.lng }, { revalidateOnFocus: false, keepPreviousData: true });

// the merchant console

export const useMerchantLocations = () => useCall(locationsConsoleApi.all, undefined, { refreshInterval: 30_000 });

// a function, not a constant: the customer app's build drops the console's calls only while no module-level code reads them
const locationsChanged = (...more: string[]) => ({
  refreshes: [locationsConsoleApi.all.path, locationsApi.list.path, staffApi.audit.path, ...more],
  wait: true,
});
export const useSaveLocation = () =>
  useMutation(
    (id: number | null, fields: LocationCreateInput) =>
      id === null ? callApi(locationsConsoleApi.create, fields) : callApi(locationsConsoleApi.update, { id, ...(fields as Omit<LocationUpdateInput, 'id'>) }),
    locationsChanged(),
  );
export const usePauseLocation = () =>
  useMutation(
    (locationId: number, pause: PauseChoice) => callApi(locationsConsoleApi.pause, { location_id: locationId, pause }),
    locationsChanged(boardApi.board.path),
  );
