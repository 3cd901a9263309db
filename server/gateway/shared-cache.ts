import type { IncomingHttpHeaders, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { LRUCache } from 'lru-cache';

/**
 * A small shared HTTP cache (RFC 9111) for the provider's answers that say anyone may keep them:
 * `Cache-Control: public` with `s-maxage` or `max-age`. The merchant's settings are such an answer
 * (the same for every customer, read by every page the app opens), so a busy gateway asks the
 * provider for them once every few seconds instead of once per visitor. Everything else (answers
 * without `public`, with `private`, `no-store` or `no-cache`, with a cookie or a `Vary`, errors,
 * anything but a GET 200) passes straight through and is never kept.
 *
 * Each gateway instance keeps its own copy, in memory: nothing to share between instances, and an
 * answer is at most its `max-age` old, which the provider chooses.
 */

export interface CachedAnswer {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
  /** when it was stored (ms) and how old the provider said it already was then (s) */
  storedAt: number;
  ageAtStore: number;
}

export interface SharedCacheOptions {
  /** how many answers are kept at most (the least recently used go first) */
  maxEntries: number;
  /** larger bodies are never kept */
  maxBodyBytes?: number;
  now?: () => number;
}

/** Headers that describe one connection, never kept with an answer. */
export const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade']);

function directives(value: string | string[] | undefined): Map<string, string> {
  const out = new Map<string, string>();
  const text = Array.isArray(value) ? value.join(',') : (value ?? '');
  for (const part of text.split(',')) {
    const [rawName, ...rest] = part.split('=');
    const name = rawName!.trim().toLowerCase();
    if (name) out.set(name, rest.join('=').trim().replace(/^"(.*)"$/, '$1'));
  }
  return out;
}

/**
 * How many seconds a shared cache may keep this answer to a GET, or 0 when it must not. `public` is
 * required because the gateway's calls carry the customer's `authorization` (RFC 9111 §3.5).
 */
export function sharedLifetime(status: number, headers: IncomingHttpHeaders): number {
  if (status !== 200 || headers['set-cookie'] !== undefined) return 0;
  if (headers.vary !== undefined && headers.vary.trim() !== '') return 0;
  const cc = directives(headers['cache-control']);
  if (!cc.has('public') || cc.has('private') || cc.has('no-store') || cc.has('no-cache')) return 0;
  const raw = cc.get('s-maxage') ?? cc.get('max-age');
  if (raw === undefined || !/^\d+$/.test(raw)) return 0;
  const age = /^\d+$/.test(String(headers.age ?? '')) ? Number(headers.age) : 0;
  return Math.max(0, Number(raw) - age);
}

export interface SharedCache {
  /** a fresh answer kept for this URL, if any */
  get(url: string): CachedAnswer | undefined;
  /** keeps an upstream answer when its headers allow it; true when kept */
  offer(url: string, status: number, headers: IncomingHttpHeaders, body: Buffer): boolean;
  /** whether an answer with these headers could be kept (so its body is worth collecting) */
  wants(status: number, headers: IncomingHttpHeaders): boolean;
  /** writes a kept answer, with its `age` */
  send(answer: CachedAnswer, res: ServerResponse): void;
  readonly maxBodyBytes: number;
}

export function sharedCache(o: SharedCacheOptions): SharedCache {
  const now = o.now ?? (() => Date.now());
  const maxBodyBytes = o.maxBodyBytes ?? 256 * 1024;
  const kept = new LRUCache<string, CachedAnswer>({ max: Math.max(1, o.maxEntries), ttlAutopurge: false, perf: { now } });

  return {
    maxBodyBytes,
    get: (url) => kept.get(url),
    wants: (status, headers) => sharedLifetime(status, headers) > 0,
    offer(url, status, headers, body) {
      const seconds = sharedLifetime(status, headers);
      if (seconds <= 0 || body.length > maxBodyBytes) return false;
      const stored: OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(headers)) {
        if (value === undefined || HOP_BY_HOP.has(name) || name === 'age' || name === 'content-length') continue;
        stored[name] = value;
      }
      const ageAtStore = /^\d+$/.test(String(headers.age ?? '')) ? Number(headers.age) : 0;
      kept.set(url, { status, headers: stored, body, storedAt: now(), ageAtStore }, { ttl: seconds * 1000 });
      return true;
    },
    send(answer, res) {
      res.statusCode = answer.status;
      // kept headers replace the gateway's of the same name, as a streamed answer's do
      for (const [name, value] of Object.entries(answer.headers)) if (value !== undefined) res.setHeader(name, value);
      res.setHeader('age', String(answer.ageAtStore + Math.floor((now() - answer.storedAt) / 1000)));
      res.setHeader('content-length', answer.body.length);
      res.end(answer.body);
    },
  };
}
