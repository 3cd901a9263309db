import { createHash } from 'node:crypto';
import { Router, type Request } from 'express';
import type { Logger } from 'pino';
import { envelope } from '#contract';
import { MAP_SEARCH_PATH, mapQueryProblem, type MapPlace, type MapSearchData } from '#contract/map';
import { signedGet, type ProviderCaller } from './boot-data';
import { sendGatewayError } from './envelope';
import { gatewayErrors } from './errors';
import { readSessionToken } from './session';

export interface MapSearchOptions {
  /** the provider, asked whether a session cookie is a live customer session (customer/profile) */
  caller: ProviderCaller;
  /** a Nominatim-compatible search URL; null: search is off (503) */
  geocoderUrl: string | null;
  /** sent as User-Agent: Nominatim's usage policy asks for one naming the application */
  userAgent: string;
  logger: Logger;
  /** how long the geocoder may take (ms) */
  timeoutMs?: number;
  /** searches per customer session per minute */
  perSession?: number;
  /** searches per client address per minute (a fresh cookie per call does not get round the session's) */
  perAddress?: number;
  /** the least time between two calls to the geocoder (ms): the public Nominatim allows one a second */
  minIntervalMs?: number;
  now?: () => number;
}

const MINUTE = 60_000;
/** answers kept so a repeated search costs the geocoder nothing (Nominatim's policy asks for caching) */
const CACHE_ENTRIES = 500;
const CACHE_MS = 60 * MINUTE;
const RESULTS = 5;

/**
 * `GET /map/search?q=`: the address search of the map on /set-location. The gateway asks the operator's
 * geocoder itself, so the page's CSP keeps `connect-src 'self'`, the customer's address never leaves
 * with their cookies or IP address, and the calls are limited per session before they reach a shared,
 * rate-limited service. Only a signed-in customer may search (the address form is behind sign-in).
 */
export function mapSearch(o: MapSearchOptions): Router {
  const r = Router({ caseSensitive: true, strict: true });
  const now = o.now ?? Date.now;
  const perSession = counter(o.perSession ?? 20, now);
  const perAddress = counter(o.perAddress ?? 60, now);
  const cache = new Map<string, { at: number; data: MapSearchData }>();
  const sessions = liveSessions(o.caller, now);
  let nextCallAt = 0;

  r.get(MAP_SEARCH_PATH, async (req, res) => {
    res.setHeader('cache-control', 'no-store');
    const token = readSessionToken(req, req.secure);
    if (!token) return sendGatewayError(res, 'SESSION_EXPIRED', gatewayErrors.searchSignIn);
    const q = req.query.q;
    const problem = mapQueryProblem(q);
    if (problem) return sendGatewayError(res, 'VALIDATION', problem, { q: problem });
    const wait = Math.max(perSession.take(digest(token)), perAddress.take(clientAddress(req)));
    if (wait > 0) {
      res.setHeader('retry-after', String(Math.ceil(wait / 1000)));
      return sendGatewayError(res, 'RATE_LIMITED', { ...gatewayErrors.searchTooMany, values: { seconds: Math.ceil(wait / 1000) } });
    }
    // a cookie of the right shape is not a session: the provider says whether it is live (kept a minute)
    let signedIn: boolean;
    try {
      signedIn = await sessions.live(token);
    } catch {
      return sendGatewayError(res, 'PROVIDER_UNAVAILABLE', gatewayErrors.searchSessionUnchecked);
    }
    if (!signedIn) return sendGatewayError(res, 'SESSION_EXPIRED', gatewayErrors.searchSignIn);
    if (!o.geocoderUrl) return sendGatewayError(res, 'GEOCODER_UNAVAILABLE', gatewayErrors.searchOff);

    const query = (q as string).trim().replace(/\s+/g, ' ');
    const language = languageOf(req);
    const key = `${language}\n${query.toLowerCase()}`;
    const kept = cache.get(key);
    if (kept && now() - kept.at < CACHE_MS) return void res.json(envelope(200, 'OK', kept.data));

    // the public Nominatim allows one call a second from all of this shop's customers together
    const interval = o.minIntervalMs ?? 0;
    if (interval > 0) {
      const at = Math.max(now(), nextCallAt);
      if (at - now() > 3 * interval) return sendGatewayError(res, 'GEOCODER_UNAVAILABLE', gatewayErrors.searchBusy);
      nextCallAt = at + interval;
      if (at > now()) await new Promise((done) => setTimeout(done, at - now()));
    }

    try {
      const data = await ask(o, query, language);
      if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
      cache.set(key, { at: now(), data });
      res.json(envelope(200, 'OK', data));
    } catch (err) {
      // never the query in the log: it is where a customer lives
      o.logger.warn({ reason: (err as Error).message }, 'map search: the geocoder did not answer');
      sendGatewayError(res, 'GEOCODER_UNAVAILABLE', gatewayErrors.searchDown);
    }
  });
  return r;
}

interface NominatimPlace {
  display_name?: unknown;
  lat?: unknown;
  lon?: unknown;
  address?: Record<string, unknown>;
}

async function ask(o: MapSearchOptions, query: string, language: string): Promise<MapSearchData> {
  const url = new URL(o.geocoderUrl!);
  url.searchParams.set('q', query);
  url.searchParams.set('format', 'jsonv2');
  url.searchParams.set('addressdetails', '1');
  url.searchParams.set('limit', String(RESULTS));
  const answer = await fetch(url, {
    headers: { 'user-agent': o.userAgent, accept: 'application/json', ...(language ? { 'accept-language': language } : {}) },
    signal: AbortSignal.timeout(o.timeoutMs ?? 5000),
    redirect: 'error',
  });
  if (!answer.ok) {
    await answer.body?.cancel();
    throw new Error(`status ${answer.status}`);
  }
  const body: unknown = await answer.json();
  if (!Array.isArray(body)) throw new Error('not a list of places');
  return {
    results: body
      .slice(0, RESULTS)
      .map(placeOf)
      .filter((p): p is MapPlace => p !== null),
  };
}

const text = (v: unknown): string => (typeof v === 'string' ? v.trim().slice(0, 200) : '');

/** A Nominatim place as the form's fields; null when it has no usable coordinates. */
function placeOf(raw: unknown): MapPlace | null {
  const p = (raw ?? {}) as NominatimPlace;
  const lat = Number(p.lat);
  const lng = Number(p.lon);
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  const a = p.address ?? {};
  const street = text(a.road) || text(a.pedestrian) || text(a.footway) || text(a.neighbourhood) || text(a.suburb);
  const line1 = [text(a.house_number), street].filter(Boolean).join(' ');
  const city = text(a.city) || text(a.town) || text(a.village) || text(a.municipality) || text(a.county);
  return { label: text(p.display_name) || `${lat}, ${lng}`, lat, lng, line1, city, postal_code: text(a.postcode) };
}

/** The customer's first language (the geocoder names places in it); nothing else of theirs is sent. */
function languageOf(req: Request): string {
  const first = (req.headers['accept-language'] ?? '').split(',')[0]?.split(';')[0]?.trim() ?? '';
  return /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})?$/.test(first) ? first : '';
}

/**
 * Whether a customer session is live, asked of the provider (`customer/profile` with the token: 200 or
 * 401) and a yes kept a minute per session, so a search costs the provider one call a minute at most.
 * Asked after the rate limits: a made-up cookie still counts against its client address.
 */
function liveSessions(caller: ProviderCaller, now: () => number) {
  const known = new Map<string, number>();
  return {
    async live(token: string): Promise<boolean> {
      const key = digest(token);
      const until = known.get(key);
      if (until !== undefined && until > now()) return true;
      const answer = await signedGet(caller, 'customer/profile', 5000, token);
      await answer.body?.cancel();
      if (answer.status >= 500) throw new Error(`status ${answer.status}`);
      if (answer.status !== 200) return false;
      if (known.size > 10_000) known.clear();
      known.set(key, now() + MINUTE);
      return true;
    },
  };
}

const digest = (token: string) => createHash('sha256').update(token).digest('hex').slice(0, 32);

function clientAddress(req: Request): string {
  const ip = req.ip ?? req.socket.remoteAddress ?? '';
  // an IPv6 client is counted by its /64, as the provider's limits do
  return ip.includes(':') && !ip.startsWith('::ffff:') ? ip.split(':').slice(0, 4).join(':') : ip.replace(/^::ffff:/, '');
}

/** A fixed window per key and minute; answers how long to wait (ms), 0 when the call may go. */
function counter(limit: number, now: () => number) {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    take(key: string): number {
      const t = now();
      if (windows.size > 10_000) for (const [k, w] of windows) if (t - w.start >= MINUTE) windows.delete(k);
      const w = windows.get(key);
      if (!w || t - w.start >= MINUTE) {
        windows.set(key, { start: t, count: 1 });
        return 0;
      }
      if (w.count >= limit) return w.start + MINUTE - t;
      w.count += 1;
      return 0;
    },
  };
}
