/**
 * The embedded database, PGlite, seen from the provider's thread: its WebAssembly PostgreSQL runs in a
 * worker thread (pglite-worker.ts) and this object sends it each statement as a message, so the
 * provider's event loop reads requests, writes answers and fires timers while a statement runs
 * (docs/decisions/010-pglite-in-a-worker-thread.md).
 *
 * It has the part of PGlite's surface this server uses: query (with parameters, the types parsed as
 * pglite-parsers.ts says), exec (a script), dumpDataDir and close. Kysely (kysely-pglite-dialect) hands
 * its one connection to one query or transaction at a time and awaits each statement before the next;
 * the worker answers requests one at a time in the order they came, so a transaction's statements reach
 * PGlite in order and nothing comes between them, as when PGlite ran on this thread.
 *
 * An error keeps its fields (the SQLSTATE `code` the services read, detail, constraint …). A worker that
 * ends (a crash, out of memory, terminated) fails every statement waiting on it and every later one with
 * SQLSTATE 57P02 crash_shutdown, which isDatabaseUnavailable (unavailable.ts) counts as the database
 * being away: the provider answers 503, not a hang.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';
import type { ErrorFields, PgliteReply, PgliteRequest, PgliteWorkerData } from './pglite-worker';

/**
 * WebAssembly's calls out to JavaScript (PGlite's file and clock functions) go through V8's generic
 * wrapper here, never through the compiled one V8 makes after 1,000 calls: V8 13's process-wide cache of
 * those compiled wrappers, shared by every isolate of the process (each PGlite worker's, the main
 * thread's), can free a wrapper it no longer tracks, and the process aborts ("Check failed:
 * jit_page_->allocations_.erase(addr) == 1" in Runtime_TierUpWasmToJSWrapper, seen once in CI after a
 * test process had started and ended many PGlite workers; nodejs/node#64500). Set once, before the first
 * worker starts, for the whole process. The cost, measured: statements about 8 % slower in a run of
 * 6,000 one-row statements (docs/decisions/010-pglite-in-a-worker-thread.md).
 */
const WRAPPER_TIERING_OFF = '--wasm-wrapper-tiering-budget=2147483647';
setFlagsFromString(WRAPPER_TIERING_OFF);

/** A statement's answer, as PGlite gives it. */
export interface PgliteResults<T = Record<string, unknown>> {
  rows: T[];
  fields: Array<{ name: string; dataTypeID: number }>;
  affectedRows?: number;
}

/** Where the worker's code is: beside the server bundle once built, else the source beside this file. */
function workerFile(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const built = join(here, 'pglite-worker.js');
  return existsSync(built) ? built : join(here, 'pglite-worker.ts');
}

/**
 * pglite.wasm (8 MB), compiled once for the process: each worker is given the module (a WebAssembly.Module
 * crosses to a worker without being copied) instead of reading and compiling it again, the larger part of a
 * worker's start (1.3 s of a worker's 2 s of CPU, measured on a 2-core host). The file is the one PGlite
 * itself reads, beside its entry in the package.
 */
let wasmModule: Promise<WebAssembly.Module> | undefined;
function compiledWasm(): Promise<WebAssembly.Module> {
  wasmModule ??= readFile(join(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), 'pglite.wasm')).then((bytes) =>
    WebAssembly.compile(bytes),
  );
  return wasmModule;
}

function toError(fields: ErrorFields): Error {
  const { message, name, ...rest } = fields;
  const err = new Error(message);
  if (name) err.name = name;
  return Object.assign(err, rest);
}

type Pending = { resolve: (value: unknown) => void; reject: (err: Error) => void };
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export class PGliteRemote {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  #next = 1;
  /** set once the worker has ended: the error every later call fails with */
  #ended: Error | undefined;
  #closing: Promise<void> | undefined;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on('message', (reply: PgliteReply) => {
      const pending = this.#pending.get(reply.id);
      if (!pending) return;
      this.#pending.delete(reply.id);
      if (this.#pending.size === 0) worker.unref();
      if ('error' in reply) pending.reject(toError(reply.error));
      else pending.resolve(reply.result);
    });
    let why: Error | undefined;
    worker.on('error', (err) => (why = err));
    worker.on('exit', (code) => {
      const cause = why ? `: ${why.message}` : ` with code ${code}`;
      const err = Object.assign(new Error(`PGlite's worker thread ended${cause}; the database is not reachable until the server restarts`), {
        code: '57P02',
        cause: why,
      });
      this.#ended ??= err;
      for (const pending of this.#pending.values()) pending.reject(this.#ended);
      this.#pending.clear();
    });
  }

  /** Starts the worker and PGlite in it; resolves once PGlite is up, or fails with why it could not start. */
  static async open(data: PgliteWorkerData): Promise<PGliteRemote> {
    const workerData: PgliteWorkerData = { ...data, wasmModule: data.wasmModule ?? (await compiledWasm()) };
    const worker = new Worker(workerFile(), { workerData, transferList: data.from ? [data.from] : [] });
    await new Promise<void>((resolve, reject) => {
      const failed = (err: Error) => {
        worker.off('message', ready);
        reject(err);
      };
      const ready = (m: { ready?: boolean; failed?: ErrorFields }) => {
        worker.off('error', failed);
        worker.off('exit', exited);
        if (m.failed) {
          void worker.terminate();
          reject(toError(m.failed));
        } else resolve();
      };
      const exited = (code: number) => failed(new Error(`PGlite's worker thread ended with code ${code} before PGlite started`));
      worker.once('message', ready);
      worker.once('error', failed);
      worker.once('exit', exited);
    });
    // like a socket: the worker keeps the process alive only while a statement waits on it
    worker.unref();
    return new PGliteRemote(worker);
  }

  #call<T>(request: DistributiveOmit<PgliteRequest, 'id'>): Promise<T> {
    if (this.#ended) return Promise.reject(this.#ended);
    const id = this.#next++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#worker.ref();
      this.#worker.postMessage({ ...request, id });
    });
  }

  /** One statement, with its parameters ($1, $2 …). */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<PgliteResults<T>> {
    return this.#call({ op: 'query', text, params });
  }

  /** A script of statements without parameters; one result each. */
  exec(text: string): Promise<PgliteResults[]> {
    return this.#call({ op: 'exec', text });
  }

  /** The database cluster as a tarball (PGlite's dumpDataDir). */
  async dumpDataDir(compression: 'none' | 'gzip' | 'auto' = 'auto'): Promise<Blob> {
    return new Blob([await this.#call<ArrayBuffer>({ op: 'dump', compression })]);
  }

  /** Closes PGlite (its folder left consistent) and ends the worker. */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      try {
        if (!this.#ended) await this.#call({ op: 'close' });
      } finally {
        this.#ended ??= Object.assign(new Error('PGlite is closed and is not queryable'), { code: '57P01' });
        await this.#worker.terminate();
      }
    })();
    return this.#closing;
  }

  /** Ends the worker at once, as a crash would (tests). */
  async terminate(): Promise<void> {
    await this.#worker.terminate();
  }

  /** Whether the worker has ended. */
  get ended(): boolean {
    return this.#ended !== undefined;
  }
}
