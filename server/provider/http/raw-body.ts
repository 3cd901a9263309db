import type { IncomingMessage } from 'node:http';

/**
 * A request whose body bytes were kept as sent (the JSON parser's `verify` in provider/app.ts does it):
 * a signed webhook's HMAC covers the body exactly as it arrived, not as it parses.
 */
export type RawBodyRequest = IncomingMessage & { rawBody?: Buffer };
