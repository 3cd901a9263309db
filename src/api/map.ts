/**
 * The map's address search: the gateway's own `/map/search`, which asks the operator's geocoder
 * (server/gateway/map-search.ts), so the browser never talks to a third party for it.
 */
import { MAP_SEARCH_PATH, type MapPlace, type MapSearchData } from '#contract/map';
import { gatewayGet } from './client';

export async function searchPlaces(query: string, signal?: AbortSignal): Promise<MapPlace[]> {
  const data = await gatewayGet<MapSearchData>(`${MAP_SEARCH_PATH}?q=${encodeURIComponent(query)}`, signal);
  return data.results;
}
