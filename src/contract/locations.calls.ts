/** The calls of locations, declared once (api.ts); their schemas are in locations.ts, their words in locations.spec.ts. */
import { call, consoleCalls } from './api';
import type {
  DeliveryCheckData,
  DeliveryCheckQuery,
  LocationCreateInput,
  LocationPauseInput,
  LocationsData,
  LocationUpdateInput,
  MerchantLocationData,
  MerchantLocationsData,
  PickupSlotsData,
  PickupSlotsQuery,
} from './locations';

export const locationsApi = {
  list: call.anyone.get<LocationsData>('shop/locations'),
  slots: call.anyone.get<PickupSlotsData, PickupSlotsQuery>('shop/pickup-slots'),
  deliveryCheck: call.anyone.get<DeliveryCheckData, DeliveryCheckQuery>('shop/delivery-check'),
};

/** console calls: the customer app's build drops them */
export const locationsConsoleApi = consoleCalls(() => ({
  all: call.staff.get<MerchantLocationsData>('merchant/locations'),
  create: call.owner.post<MerchantLocationData, LocationCreateInput>('merchant/locations/create', { status: 201 }),
  update: call.owner.post<MerchantLocationData, LocationUpdateInput>('merchant/locations/update'),
  pause: call.staff.post<MerchantLocationData, LocationPauseInput>('merchant/locations/pause'),
}));
