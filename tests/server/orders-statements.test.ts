import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { describeEachDb, useTestProvider } from './support/provider';
import { key, products } from './orders.helpers';
import { nameable } from '../../server/db/prepared';
import { PGliteRemote } from '../../server/db/pglite-remote';
import { statementKind } from '../../bench/lib/statement-time';
import { ordersApi } from '#contract/orders.calls';
import { callApi } from '../support/calls';

/**
 * How many SQL statements (each one round trip) a wallet `order/create` sends its database, counted at
 * the drivers as bench/servers/provider.ts counts them: the signature's nonce with the session, the
 * idempotency claim, the transaction (its reads; the order with every write of paying it; the pickup slot
 * with the answer stored) and its commit. The count is the figure the bench's order
 * rate follows (issue 32); a change that adds a round trip to every order shows here.
 */
const DEVICE = randomBytes(16).toString('base64url');
let counting = false;
let statements = 0;
/** the statements counted, their SQL text as sent */
let sent: string[] = [];
/**
 * Statements an order's call may meet that are not the order's: the shop's settings read again once the
 * provider's copy is 5 s old (server/lib/refreshing-copy.ts), and the call nonces no call can carry any
 * more purged once per window. A slow host spaces two calls of a test that far apart: not counted.
 */
const NOT_THE_ORDERS = [/^\s*select \* from "merchants" where "id" = \$1$/, /^\s*delete from "call_nonces" where "seen_at" < \$1$/];
const wrapped: Array<{ proto: { query: (...args: unknown[]) => unknown }; query: (...args: unknown[]) => unknown }> = [];

beforeAll(() => {
  // PGlite runs in a worker thread: its statements are counted where the provider's thread sends them
  for (const proto of [pg.Client.prototype, PGliteRemote.prototype] as unknown as Array<{ query: (...args: unknown[]) => unknown }>) {
    const query = proto.query;
    wrapped.push({ proto, query });
    proto.query = function (this: unknown, ...args: unknown[]) {
      const text = typeof args[0] === 'string' ? args[0] : String((args[0] as { text?: string } | undefined)?.text);
      if (counting && !NOT_THE_ORDERS.some((r) => r.test(text))) {
        statements++;
        sent.push(text);
      }
      return query.apply(this, args);
    };
  }
});

afterAll(() => {
  for (const { proto, query } of wrapped) proto.query = query;
});

describeEachDb('order/create round trips', (kind) => {
  const p = useTestProvider(kind);
  beforeEach(() => {
    p.ctx.demoOrderProgress = false;
  });

  async function counted(token: string, body: object): Promise<number> {
    // the services connected in the console were just looked at: the call's middleware does not look
    // again (it does every 2 s, one statement that is not the order's; a slow host spaces calls that far)
    await p.ctx.channels.refresh(Date.now(), true);
    statements = 0;
    sent = [];
    counting = true;
    try {
      // from a browser, as through the gateway: its device is recorded with the order
      await callApi(p, ordersApi.create, { token, headers: { 'x-device-id': DEVICE }, body: { ...body, idempotency_key: key() } }).expect(201);
    } finally {
      counting = false;
    }
    return statements;
  }

  it('sends 10 statements for a pickup wallet order from a browser (its device recorded), with options or without', async () => {
    const P = await products(p);
    const c = await p.newCustomer({ wallet: 1_000_000 });
    // warm: the merchant's settings and the menu's caches are read once per instance
    await counted(c.token, { items: [{ product_id: P.croissant.id, qty: 2 }], fulfilment: 'pickup', payment_method: 'wallet' });
    expect(await counted(c.token, { items: [{ product_id: P.latte.id, qty: 1 }], fulfilment: 'pickup', payment_method: 'wallet' })).toBe(10);
    expect(await counted(c.token, { items: [{ product_id: P.croissant.id, qty: 2 }], fulfilment: 'pickup', payment_method: 'wallet' })).toBe(10);
  });

  it('takes the pickup slot last, storing the answer in the same statement: after it only the commit, so its row lock is short', async () => {
    // every pickup order at a location wants the same first slot, whose row stays locked until commit:
    // each statement after it is a round trip every other order at the location waits for
    const P = await products(p);
    const c = await p.newCustomer({ wallet: 1_000_000 });
    await counted(c.token, { items: [{ product_id: P.latte.id, qty: 1 }], fulfilment: 'pickup', payment_method: 'wallet' });
    const slot = sent.findIndex((q) => /insert into "?pickup_slots"?/i.test(q));
    expect(slot).toBeGreaterThan(0);
    const after = sent.slice(slot + 1).map((q) => q.trim().split(/\s+/).slice(0, 2).join(' ').toLowerCase());
    expect(after).toEqual(['commit']);
  });

  it('names every statement it sends with parameters: none takes its columns from a `*`', async () => {
    // a named statement is parsed once per connection and may keep its plan (server/db/prepared.ts)
    const P = await products(p);
    const c = await p.newCustomer({ wallet: 1_000_000 });
    await counted(c.token, { items: [{ product_id: P.latte.id, qty: 1 }], fulfilment: 'pickup', payment_method: 'wallet' });
    const withValues = sent.filter((q) => q.includes('$1'));
    // all but begin and commit
    expect(withValues).toHaveLength(8);
    expect(withValues.filter((q) => !nameable(q)).map(statementKind)).toEqual([]);
  });
});
