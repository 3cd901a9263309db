/**
 * Local stand-ins for the map's two outside services, for an app under test: a tile server (every tile
 * the same small PNG) and a Nominatim-compatible geocoder that knows one street. `env` points the app at
 * them (MAP_TILE_URL, MAP_TILE_ATTRIBUTION, GEOCODER_URL); nothing reaches the internet.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const TILE = readFileSync(join(import.meta.dirname, '../../../stories/fixtures/assets/map-tile.png'));

/** The one place the stand-in geocoder finds, for any search with "mabini" in it. */
export const MABINI = {
  display_name: '21 Calle Mabini, Poblacion, Makati, Metro Manila, 1210, Philippines',
  lat: '14.5649',
  lon: '121.0305',
  address: { house_number: '21', road: 'Calle Mabini', suburb: 'Poblacion', city: 'Makati', postcode: '1210', country: 'Philippines' },
};

export interface MapStandIns {
  env: Record<string, string>;
  /** the searches the geocoder was asked, and how many tiles were served */
  searches: string[];
  tiles: () => number;
  close(): Promise<void>;
}

export async function startMapStandIns(): Promise<MapStandIns> {
  const searches: string[] = [];
  let tiles = 0;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname.startsWith('/tiles/')) {
      tiles += 1;
      res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'no-store' }).end(TILE);
      return;
    }
    if (url.pathname === '/search') {
      const q = url.searchParams.get('q') ?? '';
      searches.push(q);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(/mabini/i.test(q) ? [MABINI] : []));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    env: { MAP_TILE_URL: `${base}/tiles/{z}/{x}/{y}.png`, MAP_TILE_ATTRIBUTION: 'Test tiles', GEOCODER_URL: `${base}/search` },
    searches,
    tiles: () => tiles,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}
