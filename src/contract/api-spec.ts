/**
 * The other half of a call's one declaration, beside its zod-free part (api.ts): the schemas its query
 * or body is validated with and its answer documented with, its own error codes, the words of the
 * OpenAPI document and the message of its envelope. `describe` joins the two into an area's spec:
 *
 *     export const addressesSpec = describe('Addresses', addressesApi, {
 *       list: { summary: "The customer's delivery addresses", data: addressListAnswer, answer: 'The addresses.', message: 'Addresses loaded.' },
 *       …
 *     });
 *
 * The provider mounts an area's handlers from its spec (server/provider/http/mount.ts), and the OpenAPI
 * document is the sum of the specs (endpoints.ts). A spec must name every call of its area: a call
 * without its words does not type-check.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import type { z } from 'zod';
import type { Call } from './api';
import type { Endpoint } from './endpoints';
import type { ErrorCode } from './envelope';

export interface CallSpec {
  /** the OpenAPI tag when not the area's (auth's customer/email calls are listed under Customer) */
  tag?: string;
  summary: string;
  description?: string;
  /** a call of ../shared/CONTRACT.md section 3 (the default); false: one this product adds */
  inContract?: boolean;
  /** the embedded provider's own: an outside provider need not have it */
  embeddedOnly?: boolean;
  /** the query's schema (a GET's) */
  query?: z.ZodObject;
  /** the JSON body's schema (a POST's) */
  body?: z.ZodType;
  /** the envelope's `data`; absent: `null` */
  data?: z.ZodType;
  /** what the answer is, for the document */
  answer: string;
  /** other success statuses than the declared one (auth/register: 201 for a new account, 200 for a known one) */
  alsoStatuses?: readonly number[];
  /** the envelope's message of a success */
  message: string;
  /** the error codes only this call answers (errorCodesOf adds those every call of its kind answers) */
  errors?: readonly ErrorCode[];
}

type AnyCall = Call<any, any>;

/** The schema of what a call takes: its body's, else its query's. */
type InputSchema<S> = S extends { body: infer B } ? B : S extends { query: infer Q } ? Q : undefined;

/** A call as mounted and documented: the table row, the call, its message and the schema of its input. */
export type SpecEndpoint<C extends AnyCall = AnyCall, S extends CallSpec = CallSpec> = Endpoint & { call: C; message: string; input: InputSchema<S> };

export interface AreaSpec<Calls extends Record<string, AnyCall>, Specs extends { [K in keyof Calls]: CallSpec }> {
  tag: string;
  calls: Calls;
  endpoints: { [K in keyof Calls]: SpecEndpoint<Calls[K], Specs[K]> };
}

/** An area's spec: its calls (api.ts) with their schemas and words, under one OpenAPI tag. */
export function describe<Calls extends Record<string, AnyCall>, const Specs extends { [K in keyof Calls]: CallSpec }>(tag: string, calls: Calls, specs: Specs): AreaSpec<Calls, Specs> {
  const endpoints = {} as { [K in keyof Calls]: SpecEndpoint<Calls[K], Specs[K]> };
  for (const name of Object.keys(calls) as (keyof Calls & string)[]) {
    const c = calls[name]!;
    const s: CallSpec = specs[name];
    endpoints[name] = {
      call: c,
      message: s.message,
      input: (s.body ?? s.query) as InputSchema<Specs[typeof name]>,
      method: c.method,
      path: c.path,
      tag: s.tag ?? tag,
      summary: s.summary,
      ...(s.description ? { description: s.description } : {}),
      auth: c.auth,
      inContract: s.inContract ?? true,
      ...(s.embeddedOnly ? { embeddedOnly: true } : {}),
      ...(s.body ? { body: s.body } : {}),
      ...(s.query ? { query: s.query } : {}),
      ...(c.idempotent ? { idempotent: true } : {}),
      answer: { kind: 'envelope', statuses: [c.status, ...(s.alsoStatuses ?? [])], description: s.answer, ...(s.data ? { data: s.data } : {}) },
      errors: s.errors ?? [],
    };
  }
  return { tag, calls, endpoints };
}

/** An area's rows of the table, in the order its calls are declared. */
export const endpointsOf = (spec: AreaSpec<any, any>): Endpoint[] => Object.values(spec.endpoints);
