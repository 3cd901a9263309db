/**
 * The calls of kitchen display stations (issue 54), declared once (api.ts): the owner's stations and
 * routes, a station's tickets and bumping them (any staff member). Their schemas are in stations.ts,
 * their words in stations.spec.ts.
 */
import { call, consoleCalls } from './api';
import type {
  StationBumpData,
  StationBumpInput,
  StationCreateInput,
  StationIdInput,
  StationRouteInput,
  StationsData,
  StationTicketsData,
  StationTicketsQuery,
  StationUpdateInput,
} from './stations';

/** console calls: the customer app's build drops them */
export const stationsApi = consoleCalls(() => ({
  list: call.staff.get<StationsData>('merchant/stations'),
  create: call.owner.post<StationsData, StationCreateInput>('merchant/stations/create', { status: 201 }),
  update: call.owner.post<StationsData, StationUpdateInput>('merchant/stations/update'),
  remove: call.owner.post<StationsData, StationIdInput>('merchant/stations/delete'),
  route: call.owner.post<StationsData, StationRouteInput>('merchant/stations/route'),
  tickets: call.staff.get<StationTicketsData, StationTicketsQuery>('merchant/stations/tickets'),
  bump: call.staff.post<StationBumpData, StationBumpInput>('merchant/stations/bump'),
  unbump: call.staff.post<StationBumpData, StationBumpInput>('merchant/stations/unbump'),
}));
