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
import type { Call, CallAuth } from './api';
import type { ErrorCode } from './envelope';

/** Who may make a call (api.ts says what each means). */
export type EndpointAuth = CallAuth;

/** What a call answers: the contract's JSON envelope with `data`, a page or file, or this document. */
export type AnswerKind = 'envelope' | 'html' | 'javascript' | 'css' | 'openapi' | 'image' | 'csv' | 'manifest' | 'pkpass' | 'json';

export interface Endpoint {
  method: 'get' | 'post' | 'delete';
  /** under the provider's base URL (`…/api/v2/`), path parameters as OpenAPI writes them: `payment/sandbox/{id}` */
  path: string;
  /** the area, an OpenAPI tag */
  tag: string;
  summary: string;
  description?: string;
  auth: EndpointAuth;
  /** a call of ../shared/CONTRACT.md section 3; false: one this product adds (documented only here) */
  inContract: boolean;
  /** the embedded provider's own (the payment sandbox, its health): an outside provider need not have it */
  embeddedOnly?: boolean;
  /** there only while this payment gateway is the one in use (its webhook); absent: always */
  gateway?: 'sandbox' | 'stripe';
  /** the JSON body's schema: the very object the route validates with */
  body?: z.ZodType;
  /** the query's schema: the very object the route validates with */
  query?: z.ZodObject;
  /** the path parameters */
  params?: z.ZodObject;
  /** takes an `idempotency_key`: a repeat returns the first answer (409 while it runs, 422 with another body) */
  idempotent?: boolean;
  answer: {
    kind: AnswerKind;
    /** the success statuses (a page may also answer 404) */
    statuses: readonly number[];
    description: string;
    /** the envelope's `data`; absent: `null` */
    data?: z.ZodType;
  };
  /**
   * The error codes only this call answers. Those every call of its kind answers are added by
   * errorCodesOf: BAD_SIGNATURE, SESSION_EXPIRED, FORBIDDEN, VALIDATION, PAYLOAD_TOO_LARGE, the
   * idempotency codes, INTERNAL.
   */
  errors: readonly ErrorCode[];
}

interface CallWords {
  summary: string;
  description?: string;
  /** a call of ../shared/CONTRACT.md section 3 (the default); false: one this product adds */
  inContract?: boolean;
  /** the embedded provider's own: an outside provider need not have it */
  embeddedOnly?: boolean;
  /** its OpenAPI tag, when not its area's (settings/preview: the theme's call, documented with the settings; a merchant-key call under Merchant) */
  tag?: string;
  /** there only while this payment gateway is the one in use (mount leaves it out otherwise) */
  gateway?: Endpoint['gateway'];
  /** the path parameters, documented (the handler reads them; mount does not parse them) */
  params?: z.ZodObject;
  /** the query's schema (a GET's) */
  query?: z.ZodObject;
  /** the JSON body's schema (a POST's) */
  body?: z.ZodType;
  /** what the answer is, for the document */
  answer: string;
  /** other success statuses than the declared one (auth/register: 201 for a new account, 200 for a known one) */
  alsoStatuses?: readonly number[];
  /** the error codes only this call answers (errorCodesOf adds those every call of its kind answers) */
  errors?: readonly ErrorCode[];
}

/** A call answering the envelope. */
interface EnvelopeCallSpec extends CallWords {
  file?: undefined;
  /** the envelope's `data`; absent: `null` */
  data?: z.ZodType;
  /** the envelope's message of a success */
  message: string;
}

/** A call answering a file (a CSV download) that its handler writes itself: no envelope, no message. */
interface FileCallSpec extends CallWords {
  file: Exclude<AnswerKind, 'envelope'>;
  data?: undefined;
  message?: undefined;
}

export type CallSpec = EnvelopeCallSpec | FileCallSpec;

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
      message: s.message ?? '',
      input: (s.body ?? s.query) as InputSchema<Specs[typeof name]>,
      method: c.method,
      path: c.path,
      tag: s.tag ?? tag,
      summary: s.summary,
      ...(s.description ? { description: s.description } : {}),
      auth: c.auth,
      inContract: s.inContract ?? true,
      ...(s.embeddedOnly ? { embeddedOnly: true } : {}),
      ...(s.gateway ? { gateway: s.gateway } : {}),
      ...(s.params ? { params: s.params } : {}),
      ...(s.body ? { body: s.body } : {}),
      ...(s.query ? { query: s.query } : {}),
      ...(c.idempotent ? { idempotent: true } : {}),
      answer: { kind: s.file ?? 'envelope', statuses: [c.status, ...(s.alsoStatuses ?? [])], description: s.answer, ...(s.data ? { data: s.data } : {}) },
      errors: s.errors ?? [],
    };
  }
  return { tag, calls, endpoints };
}

/** An area's rows of the table, in the order its calls are declared. */
export const endpointsOf = (spec: AreaSpec<any, any>): Endpoint[] => Object.values(spec.endpoints);
