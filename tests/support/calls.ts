/**
 * Calls of the provider's API v2 in tests, named by their declaration (src/contract/<area>.calls.ts)
 * instead of a method and a path spelt again: `callApi(p, walletApi.balance, { token })`. What it
 * answers is supertest's Test, so `.expect(200)` and `(await …).status` read as before, and its body is
 * the call's envelope (loose, as supertest's: a refusal's data is not the answer's type).
 * A path no declaration has (a made-up route a security test probes, a static file) goes through
 * `rawCall`, which says so.
 */
import type request from 'supertest';
import type { Call, DataOf } from '#contract/api';
import type { Envelope } from '#contract/envelope';

/** What a test client takes with a call (the embedded provider's `p.call`). */
export interface CallOptions {
  body?: unknown;
  token?: string;
  query?: Record<string, string | number>;
  ip?: string;
  headers?: Record<string, string>;
}

/** A declared call's options: those of the client, and the values of its path's parameters (`{id}`). */
export interface DeclaredCallOptions extends CallOptions {
  params?: Record<string, string | number>;
}

/** Anything that makes a signed call by method and path: the test provider (tests/server/support/provider.ts). */
export interface Caller {
  call(method: 'get' | 'post' | 'delete', path: string, opts?: CallOptions): request.Test;
}

/**
 * The envelope a call answers with. Left loose (`any`), as supertest's is: a refusal's `data` is the
 * refusal's (a 429's `retry_after`), not the declaration's answer, and the status is only known when the
 * test reads it. `Success<D>` is a success's envelope, for a test that wants it typed.
 */
export type AnswerBody<_D> = any;
export type Success<D> = Envelope<D>;
export type Answer<D> = Omit<request.Response, 'body'> & { body: AnswerBody<D> };
/** supertest's Test whose answer's body is the call's envelope. */
export type CallTest<D> = Omit<request.Test, 'then' | 'expect'> &
  PromiseLike<Answer<D>> & {
    /** supertest's expect, each of its forms: a function of the answer, a status, a header, a body */
    expect(checker: (res: Answer<D>) => unknown): CallTest<D>;
    expect(status: number, body?: unknown): CallTest<D>;
    expect(field: string, value: string | RegExp): CallTest<D>;
    expect(body: string | RegExp | object): CallTest<D>;
    then: Promise<Answer<D>>['then'];
    catch: Promise<Answer<D>>['catch'];
  };

/** A declared call's path with its parameters filled in: `payment/sandbox/{id}/complete` and `{ id }`. */
export function pathOf(declaration: Call<any, any>, params: Record<string, string | number> = {}): string {
  return declaration.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (params[name] === undefined) throw new Error(`${declaration.path}: no value for {${name}}`);
    return encodeURIComponent(String(params[name]));
  });
}

/** A declared call's URL on a gateway at `origin` (`http://127.0.0.1:…/api/<path>`), for a test that fetches. */
export function gatewayUrl(origin: string, declaration: Call<any, any>, params?: Record<string, string | number>): string {
  return `${origin}/api/${pathOf(declaration, params)}`;
}

/** A declared call's URL on a provider at `origin` (`…/api/v2/<path>`): a fake provider's route, a call past the gateway. */
export function providerUrl(origin: string, declaration: Call<any, any>, params?: Record<string, string | number>): string {
  return `${origin}/api/v2/${pathOf(declaration, params)}`;
}

/** Makes a declared call through a test client: its method and path from the declaration. */
export function callApi<C extends Call<any, any>>(client: Caller, declaration: C, opts: DeclaredCallOptions = {}): CallTest<DataOf<C>> {
  const { params, ...rest } = opts;
  return client.call(declaration.method, pathOf(declaration, params), rest) as unknown as CallTest<DataOf<C>>;
}

/** A call of a path no declaration has, on purpose (a made-up route, a static file beside the API). */
export function rawCall(client: Caller, method: 'get' | 'post' | 'delete', path: string, opts?: CallOptions): request.Test {
  return client.call(method, path, opts);
}

/** What makes a request by method and URL: a supertest agent (which keeps a browser's cookies) or `request(url)`. */
export interface Requester {
  get(url: string): request.Test;
  post(url: string): request.Test;
  delete(url: string): request.Test;
}

/**
 * A Caller through a gateway (`/api/<path>`) with a supertest agent, as a browser calls: the session is
 * the gateway's cookie the agent keeps, so a call takes no token. `callApi(viaGateway(agent), walletApi.balance)`.
 */
export function viaGateway(agent: Requester): Caller {
  return {
    call(method, path, opts = {}) {
      // the gateway keeps the session in its cookie and finds the client's address itself
      if (opts.token !== undefined || opts.ip !== undefined) throw new Error(`${path}: through a gateway, no token or ip`);
      let t = agent[method](`/api/${path}`);
      if (opts.headers) t = t.set(opts.headers);
      if (opts.query) t = t.query(opts.query);
      if (opts.body !== undefined) t = t.send(opts.body as object);
      return t;
    },
  };
}

/**
 * A path no declaration has, spelt on purpose and saying so, where a test fetches or fakes it rather than
 * calling it through a Caller (then `rawCall`): a page or a file beside the calls, a made-up route.
 */
export function undeclared(path: string): string {
  return path;
}

/** Anything that makes a call through a running gateway by method and path (a security test's stack). */
export interface GatewayCaller {
  api(method: 'GET' | 'POST', path: string, o?: { body?: unknown; cookie?: string; headers?: Record<string, string> }): Promise<Response>;
}

/** Makes a declared call through a gateway (`/api/<path>`): its method and path from the declaration. */
export function gatewayCall(
  stack: GatewayCaller,
  declaration: Call<any, any>,
  opts: { body?: unknown; cookie?: string; headers?: Record<string, string>; params?: Record<string, string | number> } = {},
): Promise<Response> {
  const { params, ...rest } = opts;
  return stack.api(declaration.method === 'get' ? 'GET' : 'POST', pathOf(declaration, params), rest);
}
