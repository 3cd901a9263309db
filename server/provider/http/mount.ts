/**
 * Mounts an area's handlers from its calls' one declaration (src/contract/api.ts and api-spec.ts): the
 * path as declared, the guard its `auth` names, its query or body parsed with the declared schema, the
 * declared status and message, and for an idempotent call the key's scope (its path) and owner (the
 * customer, or the staff member) taken from the declaration too. A handler gets what the schema parsed
 * and answers the envelope's `data` (a file call writes its file to `at.res` itself); it never spells a
 * path, a guard or a schema. A webhook's body is not parsed here: its own signature covers the raw bytes
 * and is checked first, by the gateway's adapter, which then parses the event with the declared schema.
 * A call declared for one payment gateway is there only while that gateway is the one in use.
 */
import { envelope, type Envelope } from '#contract';
import type { ApiKeyScope } from '#contract/api-key-rules';
import type { AreaSpec, SpecEndpoint } from '#contract/api-spec';
import { takesCustomerTurn } from '#contract/error-codes';
import type { DataOf } from '#contract/api';
import type { Request, RequestHandler, Response, Router } from 'express';
import type { z } from 'zod';
import type { Database } from '../../db';
import type { ProviderContext } from '../context';
import type { KeyCaller } from '../api-key-port';
import { apiRouter } from './api-router';
import { requestLanguage } from '../../lib/catalogue';
import { send } from './envelope';
import { idempotent, type OnceKey } from './idempotency';
import { keyCallerOf, requireMerchant } from './merchant-key';
import { customerOf, requireCustomer } from './session';
import { requireStaff, staffOf, type StaffOfRequest } from './staff-session';
import { parse } from './validate';

/** An answer as a whole envelope: another status or message than the declared ones, or an idempotent call's stored answer. */
export class Reply<T> {
  readonly envelope: Envelope<T>;
  constructor(envelope: Envelope<T>) {
    this.envelope = envelope;
  }
}

export interface At<T> {
  req: Request;
  res: Response;
  db: Database;
  /** the customer of a `customer` call */
  customerId: () => number;
  /** the staff member of a `staff` or `owner` call */
  staff: () => StaffOfRequest;
  /** the API key of a `merchant` call (or the server's merchant key) */
  caller: () => KeyCaller;
  /** This call's answer with another message than the declared one (or status): `at.reply(data, 'Seasonal is on the menu.')`. */
  reply: (data: T, message: string, status?: number) => Reply<T>;
  /**
   * An idempotent call's effect, run at most once per key in one transaction (`trx`) that also keeps
   * its answer (its data, or an `at.reply`): a repeat answers as the first did. Reads that need no
   * transaction come before it (PGlite has one connection, which the transaction holds). `key`: for an
   * effect that stores its answer in a statement of its own (OnceKey).
   */
  once: (effect: (trx: Database, key: OnceKey) => Promise<T | Reply<T>>) => Promise<Reply<T>>;
}

/** What a handler gets: what the declared schema parsed; a webhook nothing (its adapter reads the raw body). */
type Parsed<E> = E extends { call: { auth: 'webhook' } }
  ? undefined
  : E extends { input: infer S }
    ? S extends z.ZodType
      ? z.output<S>
      : undefined
    : undefined;

export type Handler<E> = E extends SpecEndpoint<infer C, infer _S> ? (input: Parsed<E>, at: At<DataOf<C>>) => Promise<DataOf<C> | Reply<DataOf<C>>> : never;

/** The guard a declared `auth` names (the gateway signature is checked for every call before this). */
export function guard(
  ctx: ProviderContext,
  auth: SpecEndpoint['auth'],
  call: { path: string; scope?: ApiKeyScope; call?: { guests?: true } } = { path: '' },
): RequestHandler[] {
  switch (auth) {
    case 'customer':
      // a guest's session only on the calls declared for guests (http/session.ts)
      return [requireCustomer(ctx, call.call?.guests === true)];
    case 'staff':
      return [requireStaff(ctx)];
    case 'owner':
      return [requireStaff(ctx, 'owner')];
    case 'merchant':
      return [requireMerchant(ctx, call)];
    case 'none':
    case 'webhook':
      return [];
  }
}

/**
 * Who owns an idempotency key: the customer (by id), the staff member (by minus their id), or a merchant
 * call's API key (by its id; the server's key 0). The key's scope is the call's path too, and a merchant
 * call's path is only ever a key's, so a key's id never meets a customer's.
 */
function keyOwner(e: SpecEndpoint, res: Response): number {
  if (e.auth === 'merchant') {
    const caller = keyCallerOf(res);
    return caller.kind === 'key' ? caller.id : 0;
  }
  return e.auth === 'customer' ? customerOf(res) : -staffOf(res).id;
}

/**
 * A router with the area's calls. `before` adds checks that run after the guard and before the body is
 * parsed (a rate limit that must count bad input too).
 */
export function mount<A extends AreaSpec<any, any>>(
  ctx: ProviderContext,
  spec: A,
  handlers: { [K in keyof A['endpoints']]: Handler<A['endpoints'][K]> },
  before: { [K in keyof A['endpoints']]?: RequestHandler[] } = {},
): Router {
  const r = apiRouter();
  for (const name of Object.keys(spec.endpoints) as (keyof A['endpoints'] & string)[]) {
    const e = spec.endpoints[name] as SpecEndpoint;
    const handler = handlers[name] as (input: unknown, at: At<unknown>) => Promise<unknown>;
    const path = `/${e.path.replace(/\{(\w+)\}/g, ':$1')}`;
    // a customer's writing calls (every POST) take turns on this instance, their reads included, before they
    // take a database connection: one customer's burst waits in memory, not in the pool (customer-turns.ts)
    const turns = takesCustomerTurn(e);
    const run: RequestHandler = async (req, res) => {
      const schema = e.auth === 'webhook' ? undefined : e.method === 'get' ? e.query : e.body;
      const input = schema ? parse(schema, e.method === 'get' ? req.query : req.body) : undefined;
      const reply = (data: unknown, message: string, status = e.call.status) => new Reply(envelope(status, message, data));
      const at: At<unknown> = {
        req,
        res,
        db: ctx.db,
        customerId: () => customerOf(res),
        staff: () => staffOf(res),
        caller: () => keyCallerOf(res),
        reply,
        once: async (effect) => {
          if (!e.idempotent) throw new Error(`${e.path} is not declared idempotent`);
          const body = input as { idempotency_key: string };
          // a replayed refusal speaks this request's language, as a first one does (sendError)
          const language = requestLanguage(req.get('accept-language'));
          const scope = { customerId: keyOwner(e, res), scope: e.path, key: body.idempotency_key, body, language };
          return new Reply(
            await idempotent(ctx.db, ctx.clock, scope, async (trx, key) => {
              const answer = await effect(trx, key);
              return answer instanceof Reply ? answer.envelope : reply(answer, e.message).envelope;
            }),
          );
        },
      };
      const answer = await (turns ? ctx.customerTurns.run(customerOf(res), () => handler(input, at)) : handler(input, at));
      // a file (a CSV download): the handler wrote it
      if (e.answer.kind !== 'envelope') return;
      // the first answer or its replay, as stored (a stored refusal in this request's language)
      if (answer instanceof Reply) res.status(answer.envelope.status).json(answer.envelope);
      else send(res, e.call.status, e.message, answer);
    };
    // a gateway's own calls (its webhook, the sandbox's page) exist only while it is the payment gateway,
    // checked per call: one connected from the console takes over while the server runs
    const gatewayOnly: RequestHandler[] = e.gateway ? [(_req, _res, next) => (e.gateway === ctx.paymentGateway?.name ? next() : next('route'))] : [];
    r[e.method](path, ...gatewayOnly, ...guard(ctx, e.auth, e), ...(before[name] ?? []), run);
  }
  return r;
}
