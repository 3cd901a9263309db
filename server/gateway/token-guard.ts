import { promisify } from 'node:util';
import { brotliDecompress, gunzip, inflate, type ZlibOptions, type BrotliOptions } from 'node:zlib';

/**
 * The safety net under the session cookie: whatever the path, no JSON answer reaches the browser with a
 * `token` in it. Only the exact sign-in paths turn the token into the cookie (proxy.ts); anywhere else a
 * token would be a provider's mistake (or another spelling of a sign-in path that slipped past), and the
 * browser's scripts must never read it.
 */

/** JSON answers larger than this are refused rather than passed unread (the provider's are a few KB). */
export const MAX_JSON_ANSWER_BYTES = 16 * 1024 * 1024;

const JSON_TYPE = /^application\/(?:[\w.+-]*\+)?json$/i;

/**
 * Whether an answer is read as JSON: a JSON media type, or none at all (a browser's `response.json()`
 * reads any body). Pages, scripts, styles and images stream through unread.
 */
export function isJsonAnswer(contentType: string | undefined): boolean {
  if (contentType === undefined || contentType.trim() === '') return true;
  return JSON_TYPE.test(contentType.split(';')[0]!.trim());
}

/**
 * Cheap first look at the bytes: a `token` key can only be there as the literal `"token"` or written
 * with a \u escape (JSON's only escape that can stand for a letter). Most answers have neither and are
 * passed on without being parsed.
 */
export function mayCarryToken(body: Buffer): boolean {
  return body.indexOf('"token"') !== -1 || body.indexOf('\\u') !== -1;
}

/**
 * The envelope's `error.fields`: field name → what is wrong with it. A form with a field called `token`
 * (a set-up or preview link) is refused with `fields.token` = a sentence, which the console shows on
 * that field. A message is words; a session token is one unbroken string, so a value without a space is
 * still taken out (a provider that puts a token there gains nothing).
 */
function fieldsOfError(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const error = (value as Record<string, unknown>).error;
  if (error === null || typeof error !== 'object' || Array.isArray(error)) return undefined;
  return (error as Record<string, unknown>).fields;
}

const isMessage = (v: unknown) => typeof v === 'string' && /\s/.test(v.trim());

/** Removes every `token` property, at any depth (no recursion: depth is the provider's); answers how many. */
export function stripTokens(value: unknown): number {
  let removed = 0;
  const errorFields = fieldsOfError(value);
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const v = pending.pop();
    if (v === null || typeof v !== 'object') continue;
    if (Array.isArray(v)) {
      for (const item of v) pending.push(item);
      continue;
    }
    const o = v as Record<string, unknown>;
    if (Object.hasOwn(o, 'token') && !(o === errorFields && isMessage(o.token))) {
      delete o.token;
      removed++;
    }
    for (const key of Object.keys(o)) pending.push(o[key]);
  }
  return removed;
}

const limits: ZlibOptions & BrotliOptions = { maxOutputLength: MAX_JSON_ANSWER_BYTES };
const DECODERS: Record<string, (body: Buffer) => Promise<Buffer>> = {
  gzip: (b) => promisify(gunzip)(b, limits),
  'x-gzip': (b) => promisify(gunzip)(b, limits),
  deflate: (b) => promisify(inflate)(b, limits),
  br: (b) => promisify(brotliDecompress)(b, limits),
};

/** The encodings the gateway can read, and so the only ones it lets the provider use. */
export const READABLE_ENCODINGS = Object.keys(DECODERS);

/**
 * The body as the provider meant it: decoded when it came compressed. Throws for an encoding the
 * gateway cannot read (it never asks for one) and for a body that does not decode.
 */
export async function decodedBody(body: Buffer, contentEncoding: string | undefined): Promise<Buffer> {
  const encoding = (contentEncoding ?? '').trim().toLowerCase();
  if (encoding === '' || encoding === 'identity' || body.length === 0) return body;
  const decode = DECODERS[encoding];
  if (!decode) throw new Error(`unreadable content-encoding ${encoding}`);
  return decode(body);
}

/**
 * The browser's accept-encoding, kept to what the gateway can read back (gzip, deflate, br), so the
 * provider never answers in an encoding the token check could not look into. (No header at all would
 * let the provider choose any.)
 */
export function readableAcceptEncoding(value: string | undefined): string {
  if (!value) return 'identity';
  const kept = value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => {
      const name = part.split(';')[0]!.trim().toLowerCase();
      return name === 'identity' || READABLE_ENCODINGS.includes(name);
    });
  return kept.length > 0 ? kept.join(', ') : 'identity';
}
