/**
 * `npm run dev -- --host` puts Vite's dev server on the network; it relays /__dev to the gateway, which
 * then sees every visitor come from loopback. Vite itself must refuse a visitor that is not on this machine.
 */
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { ProxyOptions } from 'vite';
import viteConfig from '../../vite.config.ts';

const outboxProxy = () => (viteConfig.server?.proxy as Record<string, ProxyOptions>)['/__dev']!;
const visitor = (remoteAddress: string) => ({ socket: { remoteAddress }, headers: {} }) as unknown as IncomingMessage;

describe("Vite's dev server and the development outbox", () => {
  it('does not relay the outbox to a visitor from the network', () => {
    expect(typeof outboxProxy().bypass).toBe('function');
    for (const address of ['192.0.2.7', '::ffff:192.0.2.7', 'fd00::2']) expect(outboxProxy().bypass!(visitor(address), undefined, outboxProxy())).toBe(false);
  });

  it('relays it for the person at this machine', () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) expect(outboxProxy().bypass!(visitor(address), undefined, outboxProxy())).toBeUndefined();
  });
});
