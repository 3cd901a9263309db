/**
 * Kitchen display stations (console only, issue 54): the stations and their routes (owners change them),
 * a station's tickets asked again every few seconds so every screen of one station stays in step, bumps.
 */
import type { StationBumpInput, StationCreateInput, StationRouteInput, StationUpdateInput } from '#contract/stations';
import { stationsApi } from '#contract/stations.calls';
import { staffApi } from '#contract/staff.calls';
import { callApi } from './client';
import { useCall } from './use-call';
import { useMutation } from './mutation';

/** a station's screen asks again this often: a new ticket shows within a few seconds on every screen */
export const STATION_POLL_MS = 3000;

export const useStations = () => useCall(stationsApi.list);
const stationsChanged = { refreshes: [stationsApi.list.path, staffApi.audit.path], wait: true };
export const useCreateStation = () => useMutation((fields: StationCreateInput) => callApi(stationsApi.create, fields), stationsChanged);
export const useUpdateStation = () => useMutation((fields: StationUpdateInput) => callApi(stationsApi.update, fields), stationsChanged);
export const useRemoveStation = () => useMutation((id: number) => callApi(stationsApi.remove, { id }), stationsChanged);
export const useRouteToStation = () => useMutation((fields: StationRouteInput) => callApi(stationsApi.route, fields), stationsChanged);

/** A station's open tickets, kept while the network is down (SWR keeps the last answer beside the error). */
export const useStationTickets = (stationId: number | null) =>
  useCall(stationsApi.tickets, stationId === null ? null : { station_id: stationId }, {
    refreshInterval: STATION_POLL_MS,
    refreshWhenHidden: true,
    refreshWhenOffline: true,
    revalidateOnFocus: true,
    keepPreviousData: true,
  });

const ticketsChanged = { refreshes: [stationsApi.tickets.path], refreshesOnFailure: [stationsApi.tickets.path] };
/** Bumps (or, `undo`, un-bumps) lines of a ticket: answers the lines it changed. */
export const useBumpLines = () =>
  useMutation((fields: StationBumpInput, bump: boolean) => callApi(bump ? stationsApi.bump : stationsApi.unbump, fields), ticketsChanged);
