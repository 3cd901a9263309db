/**
 * Mounts an area's handlers from its calls' one declaration (src/contract/api.ts and api-spec.ts): the
 * path as declared, the guard its `auth` names, its query or body parsed with the declared schema, the
 * declared status and message, and for an idempotent call the key's scope (its path) and owner (the
 * customer, or the staff member) taken from the declaration too. A handler gets what the schema parsed
 * and answers the envelope's `data`; it never spells a path, a guard or a schema.
 */
import type { Envelope } from '#contract';
import type { AreaSpec, SpecEndpoint } from '#contract/api-spec';
import type { DataOf } from '#contract/api';
import type { Request, RequestHandler, Response, Router } from 'express';
import type { z } from 'zod';
import type { Database } from '../../db';
import type { ProviderContext } from '../context';
import { apiRouter } from './api-router';
import { send } from './envelope';
import { idempotent } from './idempotency';
import { requireMerchant } from './merchant-key';
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

/** An answer with another status or message than the declared ones (auth/register: 201 for a new account, 200 for a known one). */
export const reply = <T>(data: T, status: number, message: string): Reply<T> => new Reply({ status, message, data });

export interface At<T> {
  req: Request;
  res: Response;
  db: Database;
  /** the customer of a `customer` call */
  customerId: () => number;
  /** the staff member of a `staff` or `owner` call */
  staff: () => StaffOfRequest;
  /**
   * An idempotent call's effect, run at most once per key in one transaction (`trx`) that also keeps
   * its answer: a repeat answers as the first did. Reads that need no transaction come before it (PGlite
   * has one connection, which the transaction holds).
   */
  once: (effect: (trx: Database) => Promise<T>) => Promise<Reply<T>>;
}

type Parsed<E> = E extends { input: infer S } ? (S extends z.ZodType ? z.output<S> : undefined) : undefined;

export type Handler<E> = E extends SpecEndpoint<infer C, infer _S> ? (input: Parsed<E>, at: At<DataOf<C>>) => Promise<DataOf<C> | Reply<DataOf<C>>> : never;

/** The guard a declared `auth` names (the gateway signature is checked for every call before this). */
export function guard(ctx: ProviderContext, auth: SpecEndpoint['auth']): RequestHandler[] {
  switch (auth) {
    case 'customer':
      return [requireCustomer(ctx)];
    case 'staff':
      return [requireStaff(ctx)];
    case 'owner':
      return [requireStaff(ctx, 'owner')];
    case 'merchant':
      return [requireMerchant(ctx)];
    case 'none':
    case 'webhook':
      return [];
  }
}

/** Who owns an idempotency key: the customer (by id), or the staff member (by minus their id). */
function keyOwner(e: SpecEndpoint, res: Response): number {
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
    const run: RequestHandler = async (req, res) => {
      const schema = e.method === 'get' ? e.query : e.body;
      const input = schema ? parse(schema, e.method === 'get' ? req.query : req.body) : undefined;
      const at: At<unknown> = {
        req,
        res,
        db: ctx.db,
        customerId: () => customerOf(res),
        staff: () => staffOf(res),
        once: async (effect) => {
          if (!e.idempotent) throw new Error(`${e.path} is not declared idempotent`);
          const body = input as { idempotency_key: string };
          const scope = { customerId: keyOwner(e, res), scope: e.path, key: body.idempotency_key, body };
          return new Reply(await idempotent(ctx.db, ctx.clock, scope, async (trx) => ({ status: e.call.status, message: e.message, data: await effect(trx) })));
        },
      };
      const answer = await handler(input, at);
      // the first answer or its replay, exactly as stored (a stored refusal included)
      if (answer instanceof Reply) res.status(answer.envelope.status).json(answer.envelope);
      else send(res, e.call.status, e.message, answer);
    };
    r[e.method](path, ...guard(ctx, e.auth), ...(before[name] ?? []), run);
  }
  return r;
}
