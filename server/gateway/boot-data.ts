import type { Logger } from 'pino';
import type { MapConfig } from '#contract/map';
import { settingsApi } from '#contract/settings.calls';
import { bodySha256, callHeaders, callKey, keysCallHmac, signCall } from '../lib/signature';

export interface ProviderCaller {
  providerBase: string;
  /** every provider, in order (the first is providerBase); a call goes to the next when one cannot be reached */
  providerBases?: readonly string[];
  secret: string;
  platform: string;
}

/**
 * A signed GET to the provider from the gateway itself (no token unless `bearer`): health, the merchant's
 * settings, who a staff cookie is. A GET is safe to repeat: a provider that cannot be reached (refused,
 * reset) is followed by the next of providerBases.
 */
export async function signedGet(o: ProviderCaller, path: string, timeoutMs: number, bearer?: string): Promise<Response> {
  const bases = o.providerBases ?? [o.providerBase];
  for (let i = 0; ; i++) {
    try {
      return await signedGetFrom({ ...o, providerBase: bases[i]! }, path, timeoutMs, bearer);
    } catch (err) {
      if (i + 1 >= bases.length || !isUnreachable(err)) throw err;
    }
  }
}

/** fetch's failure to connect at all (its cause: refused, reset, no route, no such host). */
function isUnreachable(err: unknown): boolean {
  const code = ((err as { cause?: { code?: unknown } }).cause ?? {}).code;
  return typeof code === 'string' && UNREACHABLE_CODES.has(code);
}

/** Connection failures after which a call safe to repeat goes to the next provider. */
export const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE', 'UND_ERR_SOCKET']);

function signedGetFrom(o: ProviderCaller, path: string, timeoutMs: number, bearer?: string): Promise<Response> {
  const timestamp = Math.floor(Date.now() / 1000);
  const authorization = bearer ? `Bearer ${bearer}` : '';
  const headers: Record<string, string> = {
    platform: o.platform,
    timestamp: String(timestamp),
    'token-authorization': signCall(o.providerBase, path, o.platform, timestamp, o.secret),
  };
  if (authorization) headers.authorization = authorization;
  if (keysCallHmac(o.secret)) {
    Object.assign(
      headers,
      callHeaders(callKey(o.secret), {
        method: 'GET',
        target: path,
        platform: o.platform,
        timestamp,
        forwardedFor: '',
        authorization,
        merchantKey: '',
        bodySha256: bodySha256(),
      }),
    );
  }
  return fetch(new URL(path, o.providerBase), { headers, signal: AbortSignal.timeout(timeoutMs) });
}

/** What index.html carries so the first page renders without asking for it (read by src/app/boot.ts). */
export interface BootData {
  settings?: unknown;
  app_config: { google_client_id: string | null; map: MapConfig | null };
}

export interface BootDataOptions extends ProviderCaller {
  googleClientId: string | undefined;
  /** the address map's tiles and whether search is on (null: no map) */
  map?: MapConfig | null;
  logger: Logger;
  /** how long a read of the settings is reused (ms); the provider caches them for as long */
  ttlMs?: number;
  /** how long a page may wait for the settings before it is sent without them (ms) */
  waitMs?: number;
}

/**
 * The merchant's settings, read from the provider and kept a few seconds, so each page the gateway
 * serves can carry them instead of the browser asking after its code has run. Every gateway
 * instance keeps its own short copy: nothing to share between instances, nothing to invalidate
 * beyond the few seconds. When the provider is slow or down the page goes out without them at once
 * and the app asks for them itself (and shows its error state if it must).
 */
export function bootData(o: BootDataOptions): () => Promise<BootData> {
  const ttl = o.ttlMs ?? 5000;
  const wait = o.waitMs ?? 500;
  const appConfig = { google_client_id: o.googleClientId ?? null, map: o.map ?? null };
  let kept: { value: unknown; at: number } | null = null;
  let inFlight: Promise<unknown> | null = null;

  const refresh = (): Promise<unknown> => {
    inFlight ??= (async () => {
      try {
        const res = await signedGet(o, settingsApi.mainSetting.path, 5000);
        const body = (await res.json().catch(() => null)) as { data?: unknown } | null;
        if (!res.ok || !body || typeof body.data !== 'object' || body.data === null) {
          o.logger.warn({ status: res.status }, 'boot data: the provider did not give the settings');
          return undefined;
        }
        kept = { value: body.data, at: Date.now() };
        return body.data;
      } catch (err) {
        o.logger.warn({ reason: (err as Error).name }, 'boot data: the provider could not be reached');
        return undefined;
      } finally {
        inFlight = null;
      }
    })();
    return inFlight;
  };

  return async () => {
    if (kept && Date.now() - kept.at < ttl) return { settings: kept.value, app_config: appConfig };
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<undefined>((done) => (timer = setTimeout(done, wait, undefined)));
    // a stale copy is better than none while the provider is being asked again
    const settings = (await Promise.race([refresh(), late]).finally(() => clearTimeout(timer))) ?? kept?.value;
    return settings === undefined ? { app_config: appConfig } : { settings, app_config: appConfig };
  };
}

/** JSON that is safe inside a <script> element: no `<` can close it, no line separators break it. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
