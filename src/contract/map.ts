/**
 * The address map: what the gateway tells the app about its tiles and geocoder (`/app-config.json`),
 * and the gateway's address search (`GET /map/search?q=`), which forwards to the operator's
 * Nominatim-compatible geocoder so the browser talks to this origin only.
 */

/** The gateway's address search: this origin's, not an API v2 call (the gateway answers it itself). */
export const MAP_SEARCH_PATH = '/map/search';

/** The longest search the gateway forwards (Nominatim refuses far longer ones anyway). */
export const MAP_QUERY_MAX = 200;

/** The map as the operator configured it; null in the app config: no map (MAP_TILE_URL=off). */
export interface MapConfig {
  /** a raster tile URL template with {z}, {x} and {y} */
  tile_url: string;
  /** the credit line the tiles' provider asks for, shown on the map */
  attribution: string;
  /** whether address search is on (a geocoder is configured) */
  search: boolean;
}

/** One place the geocoder found, with the address fields it could fill. */
export interface MapPlace {
  /** the geocoder's one-line name of the place */
  label: string;
  lat: number;
  lng: number;
  /** street and number, as far as the geocoder knows them ('' when it does not) */
  line1: string;
  city: string;
  postal_code: string;
}

export interface MapSearchData {
  results: MapPlace[];
}

/** A search query's problem in words, or null when it may be sent. */
export function mapQueryProblem(q: unknown): string | null {
  if (typeof q !== 'string' || q.trim() === '') return 'Type an address or a place to search for.';
  if (q.trim().length > MAP_QUERY_MAX) return `Search for at most ${MAP_QUERY_MAX} characters.`;
  return null;
}
