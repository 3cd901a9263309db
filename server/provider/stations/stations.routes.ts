import { stationsSpec } from '#contract/stations.spec';
import type { Router } from 'express';
import type { ProviderContext } from '../context';
import { mount } from '../http/mount';
import { bumpLines, createStation, removeStation, routeTo, saveStation, stations, stationTickets } from './stations.service';

/** Kitchen display stations (merchant/stations…): the owner edits them; any staff member reads tickets and bumps. */
export function stationsRoutes(ctx: ProviderContext): Router {
  return mount(ctx, stationsSpec, {
    list: () => stations(ctx.db),
    create: (body, at) => createStation(ctx, at.staff(), body),
    update: (body, at) => saveStation(ctx, at.staff(), body),
    remove: (body, at) => removeStation(ctx, at.staff(), body.id),
    route: (body, at) => routeTo(ctx, at.staff(), body),
    tickets: (q, at) => stationTickets(ctx, at.staff(), q.station_id),
    bump: (body, at) => bumpLines(ctx, at.staff(), body, true),
    unbump: (body, at) => bumpLines(ctx, at.staff(), body, false),
  });
}
