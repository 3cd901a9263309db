import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
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

/** Headers that describe one connection, never passed on or kept with an answer. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade']);

/**
 * Puts the provider's answer headers on the gateway's answer, but those of one connection; they replace
 * the gateway's of the same name (a provider page with its own CSP keeps it).
 */
export function copyAnswerHeaders(res: ServerResponse, headers: IncomingHttpHeaders | OutgoingHttpHeaders): void {
  for (const name of Object.keys(headers)) {
    const value = headers[name];
    if (value === undefined || HOP_BY_HOP.has(name)) continue;
    res.setHeader(name, value);
  }
}

/** The `age` the provider gave an answer (s), 0 when none or not a number. */
function ageOf(headers: IncomingHttpHeaders): number {
  return /^\d+$/.test(String(headers.age ?? '')) ? Number(headers.age) : 0;
}

function directives(value: string | string[] | undefined): Map<string, string> {
  const out = new Map<string, string>();
  const text = Array.isArray(value) ? value.join(',') : (value ?? '');
  for (const part of text.split(',')) {
    const [rawName, ...rest] = part.split('=');
    const name = rawName!.trim().toLowerCase();
    if (name)
      out.set(
        name,
        rest
          .join('=')
          .trim()
          .replace(/^"(.*)"$/, '$1'),
      );
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
  return Math.max(0, Number(raw) - ageOf(headers));
}

export interface SharedCache {
  /** a fresh answer kept for this URL, if any */
  get(url: string): CachedAnswer | undefined;
  /** keeps an upstream answer when its headers allow it; true when kept */
  offer(url: string, status: number, headers: IncomingHttpHeaders, body: Buffer): boolean;
  /** keeps the provider's answer to a GET of this URL, collected as it streams by, when it may be kept */
  collect(url: string, upstream: IncomingMessage): void;
  /** writes a kept answer, with its `age` */
  send(answer: CachedAnswer, res: ServerResponse): void;
}

export function sharedCache(o: SharedCacheOptions): SharedCache {
  const now = o.now ?? (() => Date.now());
  const maxBodyBytes = o.maxBodyBytes ?? 256 * 1024;
  // ttlResolution 0: the clock is read on every look (lru-cache's default keeps one reading for a millisecond,
  // until a timer clears it, so a look soon after another could find an answer past its max-age still fresh)
  const kept = new LRUCache<string, CachedAnswer>({ max: Math.max(1, o.maxEntries), ttlAutopurge: false, ttlResolution: 0, perf: { now } });

  const offer: SharedCache['offer'] = (url, status, headers, body) => {
    const seconds = sharedLifetime(status, headers);
    if (seconds <= 0 || body.length > maxBodyBytes) return false;
    const stored: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(headers)) {
      if (value === undefined || HOP_BY_HOP.has(name) || name === 'age' || name === 'content-length') continue;
      stored[name] = value;
    }
    kept.set(url, { status, headers: stored, body, storedAt: now(), ageAtStore: ageOf(headers) }, { ttl: seconds * 1000 });
    return true;
  };

  return {
    get: (url) => kept.get(url),
    offer,
    collect(url, upstream) {
      const status = upstream.statusCode ?? 0;
      if (sharedLifetime(status, upstream.headers) <= 0) return;
      // a body cut short or too large is not kept
      let chunks: Buffer[] | null = [];
      let size = 0;
      upstream.on('data', (chunk: Buffer) => {
        if (!chunks) return;
        size += chunk.length;
        if (size > maxBodyBytes) chunks = null;
        else chunks.push(chunk);
      });
      upstream.on('end', () => {
        if (chunks && upstream.complete) offer(url, status, upstream.headers, Buffer.concat(chunks, size));
      });
    },
    send(answer, res) {
      res.statusCode = answer.status;
      copyAnswerHeaders(res, answer.headers);
      res.setHeader('age', String(answer.ageAtStore + Math.floor((now() - answer.storedAt) / 1000)));
      res.setHeader('content-length', answer.body.length);
      res.end(answer.body);
    },
  };
}
