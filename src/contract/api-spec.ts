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
 * Each area's spec is its own file, `<area>.spec.ts`, which imports the declarations (`<area>.calls.ts`)
 * and the schemas (`<area>.ts`); nothing but the provider and endpoints.ts imports a spec. The provider
 * mounts an area's handlers from its spec (server/provider/http/mount.ts), and the OpenAPI document is
 * the sum of the specs (endpoints.ts). A spec must name every call of its area, and its schemas must say
 * what the call's declaration says (its answer type, its input type): a call without its words, or with
 * schemas of other types, does not type-check (tests/unit/call-types.test.ts).
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import type { z } from 'zod';
import type { Call, CallAuth, DataOf, InputOf } from './api';
import type { ApiKeyScope } from './api-key-rules';
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
  /** a `merchant` call: the scope an API key needs to make it */
  scope?: ApiKeyScope;
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

/** The property names of a type, of each member of a union. */
type KeysOf<T> = T extends unknown ? keyof T : never;

/**
 * True when A and B are each assignable to the other and name the same properties: a schema's type and
 * its declaration's say the same (assignability alone lets either side have an optional property more,
 * which a schema strips or an answer carries unseen).
 */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? SameKeys<A, B> : false) : false;
type SameKeys<A, B> = [KeysOf<A>] extends [KeysOf<B>] ? ([KeysOf<B>] extends [KeysOf<A>] ? true : false) : false;

/** What a mismatch asks for instead, shown by the compiler: the declared type beside the schema's. */
interface Mismatch<What extends string, Declared, Schema> {
  mismatch: What;
  declared: Declared;
  schema: Schema;
}

/**
 * The answer's half of a call's one declaration: its `data` schema's output is the declared answer type
 * (`DataOf`); without one the call answers `null` (a file call: nothing, declared `void`).
 */
type DataAgrees<C, S> = S extends { file: string }
  ? Same<DataOf<C>, void> extends true
    ? unknown
    : { file: Mismatch<'a file call declares its answer void', DataOf<C>, void> }
  : S extends { data: infer D extends z.ZodType }
    ? Same<z.output<D>, DataOf<C>> extends true
      ? unknown
      : { data: Mismatch<"the data schema's output is not the declared answer type", DataOf<C>, z.output<D>> }
    : Same<DataOf<C>, null> extends true
      ? unknown
      : { data: Mismatch<'the call declares an answer: give its data schema', DataOf<C>, null> };

/**
 * True when a declared input lies between what its schema gives (output) and what it takes (input):
 * the schema takes everything the declaration lets the app send, and what it gives is what the
 * declaration says. Where the two are one type (no default, no transform) this is `Same`; a field with
 * a default may be declared optional or not, and one read from text (a row id, a page: the schema's
 * input is `unknown`) is declared as the number it gives.
 */
type Between<Out, Declared, In> = [Out] extends [Declared] ? ([Declared] extends [In] ? SameKeys<Declared, In> : false) : false;

/**
 * The input's half: its body's (else its query's) schema agrees with the declared input type
 * (`InputOf`, Between); without either the call takes nothing, declared `void`.
 */
type InputAgrees<C, S> = S extends { body: infer B extends z.ZodType }
  ? Between<z.output<B>, InputOf<C>, z.input<B>> extends true
    ? unknown
    : { body: Mismatch<'the body schema does not take and give the declared input type', InputOf<C>, { takes: z.input<B>; gives: z.output<B> }> }
  : S extends { query: infer Q extends z.ZodType }
    ? Between<z.output<Q>, InputOf<C>, z.input<Q>> extends true
      ? unknown
      : { query: Mismatch<'the query schema does not take and give the declared input type', InputOf<C>, { takes: z.input<Q>; gives: z.output<Q> }> }
    : Same<InputOf<C>, void> extends true
      ? unknown
      : { body: Mismatch<'the call declares an input: give its body or query schema', InputOf<C>, void> };

/** Each spec as its call's declaration requires: `unknown` (nothing more) when they agree, else what is missing. */
type Agreeing<Calls, Specs> = { [K in keyof Calls & keyof Specs]: DataAgrees<Calls[K], Specs[K]> & InputAgrees<Calls[K], Specs[K]> };

/** A call as mounted and documented: the table row, the call, its message and the schema of its input. */
export type SpecEndpoint<C extends AnyCall = AnyCall, S extends CallSpec = CallSpec> = Endpoint & { call: C; message: string; input: InputSchema<S> };

export interface AreaSpec<Calls extends Record<string, AnyCall>, Specs extends { [K in keyof Calls]: CallSpec }> {
  tag: string;
  calls: Calls;
  endpoints: { [K in keyof Calls]: SpecEndpoint<Calls[K], Specs[K]> };
}

/**
 * An area's spec: its calls (api.ts) with their schemas and words, under one OpenAPI tag. Each call's
 * schemas must say what its declaration says (Agreeing): a `data` schema whose output is not the declared
 * answer, or a body or query schema whose input is not the declared input, does not type-check.
 */
export function describe<Calls extends Record<string, AnyCall>, const Specs extends { [K in keyof Calls]: CallSpec }>(
  tag: string,
  calls: Calls,
  specs: Specs & NoInfer<Agreeing<Calls, Specs>>,
): AreaSpec<Calls, Specs> {
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
      ...(c.scope ? { scope: c.scope } : {}),
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
