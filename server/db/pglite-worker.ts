/**
 * PGlite in a worker thread: the embedded database's WebAssembly PostgreSQL runs here, off the
 * provider's event loop, so a request's HTTP work goes on while another's statements run. The main
 * thread talks to it through PGliteRemote (pglite-remote.ts), which explains the messages.
 *
 * This file is the worker's entry: Node runs it as it is from the sources (its types stripped) and the
 * server build makes it a file of its own beside the bundle (scripts/build-server.ts). So it imports
 * only packages, Node's own modules, pglite-parsers.ts and prepared.ts, by a path Node can load.
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, parse, protocol } from '@electric-sql/pglite';
import { PGLITE_PARSERS } from './pglite-parsers.ts';
import { isStalePlan, nameable } from './prepared.ts';

/** What the main thread starts the worker with (PGliteRemote.open). */
export interface PgliteWorkerData {
  /** the folder; unset: in memory */
  dataDir?: string | undefined;
  /** a cluster to start from instead of initdb (in memory only), as dumpDataDir writes it */
  from?: ArrayBuffer | undefined;
  /** a new folder is filled from this file (the build's initdb template) when it can be */
  template?: string | null | undefined;
  sharedBuffers: string;
  /** pglite.wasm compiled once by the main thread (pglite-remote.ts): no worker compiles it again */
  wasmModule?: WebAssembly.Module | undefined;
  /** how many distinct statements with parameters are kept parsed and planned (NamedStatements); 0: none */
  namedStatements: number;
}

/** One request from the main thread, answered with its id. */
export type PgliteRequest =
  | { id: number; op: 'query'; text: string; params: unknown[] | undefined }
  | { id: number; op: 'exec'; text: string }
  | { id: number; op: 'dump'; compression: 'none' | 'gzip' | 'auto' }
  | { id: number; op: 'close' };

/** An error as it crosses to the main thread: its message and every plain field (code, detail, constraint …). */
export type ErrorFields = { message: string; name?: string } & Record<string, string | number | boolean | undefined>;

export type PgliteReply = { id: number; result: unknown } | { id: number; error: ErrorFields };

function errorFields(err: unknown): ErrorFields {
  if (!(err instanceof Error)) return { message: String(err) };
  const fields: ErrorFields = { message: err.message, name: err.name };
  for (const [key, value] of Object.entries(err)) {
    if (['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value as string | number | boolean;
  }
  return fields;
}

async function open(data: PgliteWorkerData): Promise<PGlite> {
  const parsers = PGLITE_PARSERS;
  const startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${data.sharedBuffers}`];
  const { dataDir, template, from, wasmModule } = data;
  const common = { parsers, startParams, ...(wasmModule ? { pgliteWasmModule: wasmModule } : {}) };
  if (!dataDir) return PGlite.create({ ...common, ...(from ? { loadDataDir: new Blob([from]) } : {}) });
  if (template && readdirSync(dataDir).length === 0) {
    try {
      return await PGlite.create({ ...common, dataDir, loadDataDir: new Blob([readFileSync(template)]) });
    } catch {
      for (const entry of readdirSync(dataDir)) rmSync(join(dataDir, entry), { recursive: true, force: true });
    }
  }
  return PGlite.create({ ...common, dataDir });
}

/**
 * Named statements, as prepared.ts keeps them on PostgreSQL's connections. PGlite's own query(text, params)
 * parses and plans the text at every call, and enters its WebAssembly six times to do it (parse, describe,
 * bind, describe, execute, sync). Here a text with parameters is parsed once under a name (its parameters'
 * types asked then), and each call is one entry: bind, describe, execute and sync sent together. Measured
 * on a 2-core host: a statement with three subqueries 0.82 ms a call through query(), 0.45 ms named
 * (docs/decisions/010-pglite-in-a-worker-thread.md). The same limits as on PostgreSQL: the first `limit`
 * distinct texts get names, later ones go through query(); a text whose columns come from a `*` is never
 * named, and one that fails with a stale plan (a column's type changed under it) is answered with that
 * error once and never named again. A text whose parse fails is not kept: the next call tries again.
 */
class NamedStatements {
  readonly #pglite: PGlite;
  readonly #limit: number;
  readonly #known = new Map<string, { name: string; types: number[] } | null>();

  constructor(pglite: PGlite, limit: number) {
    this.#pglite = pglite;
    this.#limit = limit;
  }

  async query(text: string, params: unknown[] | undefined) {
    if (!params?.length) return this.#pglite.query(text, params);
    try {
      const statement = await this.#named(text);
      if (!statement) return await this.#pglite.query(text, params);
      const { serializers, parsers } = this.#pglite;
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const serialize = serializers[statement.types[i]!];
        return serialize ? serialize(value) : String(value);
      });
      // one buffer: PGlite's backend reads every message of it in one call into its WebAssembly
      const { serialize } = protocol;
      const message = Buffer.concat([
        serialize.bind({ statement: statement.name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]);
      const [result] = parse.parseResults(await this.#pglite.execProtocolStream(message, {}), parsers);
      return result!;
    } catch (err) {
      if (isStalePlan(err)) this.#known.set(text, null);
      throw Object.assign(err as Error, { query: text });
    }
  }

  async #named(text: string): Promise<{ name: string; types: number[] } | null> {
    const known = this.#known.get(text);
    if (known !== undefined) return known;
    if (this.#known.size >= this.#limit) return null;
    if (!nameable(text)) {
      this.#known.set(text, null);
      return null;
    }
    const name = `p${this.#known.size}`;
    const { serialize } = protocol;
    const described = await this.#pglite.execProtocolStream(
      Buffer.concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      {},
    );
    const statement = { name, types: parse.parseDescribeStatementResults(described) };
    this.#known.set(text, statement);
    return statement;
  }
}

async function serve(pglite: PGlite, statements: NamedStatements, request: PgliteRequest): Promise<{ result: unknown; transfer?: ArrayBuffer[] }> {
  switch (request.op) {
    case 'query': {
      const { rows, fields, affectedRows } = await statements.query(request.text, request.params);
      return { result: { rows, fields, affectedRows } };
    }
    case 'exec': {
      const results = await pglite.exec(request.text);
      return { result: results.map(({ rows, fields, affectedRows }) => ({ rows, fields, affectedRows })) };
    }
    case 'dump': {
      const bytes = await (await pglite.dumpDataDir(request.compression)).arrayBuffer();
      return { result: bytes, transfer: [bytes] };
    }
    case 'close':
      await pglite.close();
      return { result: null };
  }
}

const port = parentPort;
if (port) {
  try {
    const data = workerData as PgliteWorkerData;
    const pglite = await open(data);
    const statements = new NamedStatements(pglite, data.namedStatements);
    // one request at a time, in the order they came: PGlite is one connection, and a transaction's
    // statements must reach it in order with nothing between them
    let last: Promise<unknown> = Promise.resolve();
    port.on('message', (request: PgliteRequest) => {
      last = last.then(async () => {
        try {
          const { result, transfer } = await serve(pglite, statements, request);
          port.postMessage({ id: request.id, result } satisfies PgliteReply, transfer ?? []);
        } catch (err) {
          port.postMessage({ id: request.id, error: errorFields(err) } satisfies PgliteReply);
        }
      });
    });
    port.postMessage({ ready: true });
  } catch (err) {
    port.postMessage({ failed: errorFields(err) });
  }
}
