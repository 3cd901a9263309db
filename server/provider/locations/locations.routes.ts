import { locationsConsoleSpec, locationsSpec } from '#contract/locations.spec';
import { Router } from 'express';
import type { ProviderContext } from '../context';
import { mount } from '../http/mount';
import { changeLocation, createLocation, deliveryCheck, merchantLocations, pauseLocation, pickupSlotsOf, shopLocations } from './locations.service';

/**
 * Locations: customers' `shop/locations` and `shop/pickup-slots` (anyone), the owner's editor
 * (`merchant/locations…`) and the pause switch of the location's staff and the owners.
 */
export function locationsRoutes(ctx: ProviderContext): Router {
  return Router().use(
    mount(ctx, locationsSpec, {
      list: () => shopLocations(ctx),
      slots: (query) => pickupSlotsOf(ctx, query.location_id, query.products?.split(',').map(Number)),
      deliveryCheck: (query) => deliveryCheck(ctx, query),
    }),
    mount(ctx, locationsConsoleSpec, {
      all: (_, at) => merchantLocations(ctx, at.staff()),
      create: async (body, at) => ({ location: await createLocation(ctx, at.staff(), body) }),
      update: async (body, at) => ({ location: await changeLocation(ctx, at.staff(), body) }),
      pause: async (body, at) => {
        const { location, resumed } = await pauseLocation(ctx, at.staff(), body);
        return at.reply({ location }, resumed ? 'Online orders resumed.' : 'Online orders paused.');
      },
    }),
  );
}
