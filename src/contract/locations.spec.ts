/**
 * The spec of the locations calls: their declarations (locations.calls.ts) joined to their schemas
 * (locations.ts), error codes and OpenAPI words by `describe` (api-spec.ts). The provider mounts its
 * handlers from it (server/provider/http/mount.ts); endpoints.ts documents it.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { describe } from './api-spec';
import {
  locationCreateBody,
  locationUpdateBody,
  locationPauseBody,
  pickupSlotsQuery,
  deliveryCheckQuery,
  deliveryCheckAnswer,
  locationsAnswer,
  pickupSlotsAnswer,
  merchantLocationsAnswer,
  merchantLocationOnlyAnswer,
} from './locations';
import { locationsApi, locationsConsoleApi } from './locations.calls';

export const locationsSpec = /* @__PURE__ */ describe('Shop', locationsApi, {
  list: {
    summary: "The shop's locations and whether each takes orders now",
    description:
      "Anyone. Each location with its state now (open, closed, paused), when it closes or opens next, today's hours and the products it does not sell. A shop has at least one.",
    data: locationsAnswer,
    answer: 'The locations.',
    message: 'Locations loaded.',
  },
  slots: {
    summary: "A location's pickup times, today and tomorrow",
    description:
      "Anyone. Slots from now plus the preparation time, within opening hours; `full` when the slot has as many orders as its cap. With `products` (a cart's product ids, comma-separated) the preparation time is the longest of the location's and those products' own, as order/quote and order/create count it, and the answer says which (`prep_minutes`, `prep_product`).",
    query: pickupSlotsQuery,
    data: pickupSlotsAnswer,
    answer: 'The pickup times.',
    message: 'Pickup times loaded.',
    errors: ['NOT_FOUND'],
  },
  deliveryCheck: {
    summary: 'Whether the shop delivers to a point',
    description:
      "Anyone. The first location (in the owner's order) with a delivery area holding the point, as order/quote chooses it; none: `delivers: false`. The app says so on the map before an address is saved; order/quote still decides (409 OUTSIDE_DELIVERY_AREA).",
    query: deliveryCheckQuery,
    data: deliveryCheckAnswer,
    answer: 'Whether the shop delivers there.',
    message: 'Delivery area checked.',
  },
});

export const locationsConsoleSpec = /* @__PURE__ */ describe('Merchant console', locationsConsoleApi, {
  all: {
    summary: 'The locations, with everything the editor edits',
    description: 'An owner sees every location; a staff member limited to locations sees theirs.',
    inContract: false,
    data: merchantLocationsAnswer,
    answer: 'The locations.',
    message: 'Locations loaded.',
  },
  create: {
    summary: 'Add a location',
    description:
      'Owners only. Name and address at least; until set, 07:00–19:00 every day, pickup on, 10 minutes to prepare, 15-minute slots of 10 orders, no delivery. Audited (`location.create`).',
    inContract: false,
    body: locationCreateBody,
    data: merchantLocationOnlyAnswer,
    answer: 'The new location.',
    message: 'Location added.',
  },
  update: {
    summary: 'Change a location',
    description:
      'Owners only. Any of the fields; each is checked, and the rules between them (radius areas need coordinates, periods of a day do not overlap, exception dates once each): 400 VALIDATION naming the field, nothing saved. Orders already placed keep their location, slot and fee. Audited (`location.update`).',
    inContract: false,
    body: locationUpdateBody,
    data: merchantLocationOnlyAnswer,
    answer: 'The location as it is now.',
    message: 'Location saved.',
    errors: ['NOT_FOUND'],
  },
  pause: {
    summary: 'Pause online orders at a location, or resume them',
    description:
      'Staff of the location and owners. 15, 30 or 60 minutes, until the current opening period ends, or until resumed; `resume` ends a pause. Customers can still browse; checkout answers 409 ORDERING_PAUSED. Orders in flight are not touched. Audited (`location.pause`, `location.resume`).',
    inContract: false,
    body: locationPauseBody,
    data: merchantLocationOnlyAnswer,
    answer: 'The location as it is now.',
    message: 'Online orders paused. | Online orders resumed.',
    errors: ['NOT_FOUND', 'LOCATION_FORBIDDEN'],
  },
});
