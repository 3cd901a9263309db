import type { IncomingMessage } from 'node:http';

/** A request body longer than the reader's limit. */
export class BodyTooLarge extends Error {}

/** Whether a request has a body: a length above 0, or a chunked one (RFC 9112 §6.3). */
export function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}

/** Reads a request's body whole; rejects with BodyTooLarge past `limit` bytes (the rest is drained). */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.off('data', onData);
        req.resume();
        return reject(new BodyTooLarge());
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.on('end', () => resolve(Buffer.concat(chunks, size)));
    req.on('error', reject);
  });
}
