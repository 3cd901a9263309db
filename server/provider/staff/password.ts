import { randomBytes, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * Staff passwords, hashed with scrypt (node:crypto, memory-hard): N = 2^15, r = 8, p = 1 (32 MiB and
 * about 50-100 ms per hash), a 16-byte random salt, a 32-byte key. The parameters are stored with the
 * hash, so they can be raised later without locking anyone out: `scrypt$15$8$1$<salt>$<key>` (base64).
 *
 * Hashing runs on a small pool of worker threads of its own (issue #24, item 3), never on libuv's
 * thread pool, which also reads the files the gateway serves and compresses its answers: a burst of
 * sign-ins used to queue every page of the shop behind it. At most POOL_SIZE hashes run at once; the
 * rest wait in a short queue that serves clients in turn (one waiting try per client address, at most
 * MAX_WAITING in all, none longer than MAX_WAIT_MS): beyond it a try is turned away (HashBusy) without
 * hashing anything, and a try whose client hung up while it waited is dropped before its hash starts.
 */
const LOG2_N = 15;
const R = 8;
const P = 1;
const KEY_BYTES = 32;
const SALT_BYTES = 16;
/** 128 · N · r · p bytes are needed; Node refuses above 32 MiB by default */
const MAX_MEMORY = 256 * 1024 * 1024;

/** hashes at once: one core is kept for serving (a 2-core machine hashes on one thread) */
const POOL_SIZE = Math.max(1, Math.min(4, availableParallelism() - 1));
/** tries waiting for a thread, all clients together */
const MAX_WAITING = 32;
/** a try that waited this long is turned away (429) rather than hashed: its answer must come well before a gateway gives up (15 s) */
const MAX_WAIT_MS = 8000;
/** tries waiting per client address: a client's next try waits for its previous one */
const MAX_WAITING_PER_CLIENT = 1;

/** The pool is full: the try was not hashed (the caller answers 429 with a short Retry-After). */
export class HashBusy extends Error {
  constructor() {
    super('password hashing is busy');
  }
}

/** The client hung up while its try waited: nothing was hashed. */
export class ClientGone extends Error {
  constructor() {
    super('the client has gone');
  }
}

/** Who a hash is for: its client address (fair turns) and the request's signal (a client that hangs up). */
export interface HashTurn {
  client: string;
  signal?: AbortSignal | undefined;
}

interface Params {
  logN: number;
  r: number;
  p: number;
  keyBytes: number;
}

// The worker is given as source text: it works the same under tsx and in the bundled server (no file to find).
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { scryptSync } = require('node:crypto');
parentPort.on('message', (m) => {
  try {
    const key = scryptSync(m.password, Buffer.from(m.salt), m.keyBytes, { N: 2 ** m.logN, r: m.r, p: m.p, maxmem: m.maxmem });
    parentPort.postMessage({ key: new Uint8Array(key) });
  } catch (err) {
    parentPort.postMessage({ error: String((err && err.message) || err) });
  }
});`;

interface Job {
  password: string;
  salt: Buffer;
  params: Params;
  turn: HashTurn;
  resolve: (key: Buffer) => void;
  reject: (err: Error) => void;
  onAbort?: () => void;
  queuedAt: number;
}

const stats = { hashed: 0, skippedGone: 0, refusedBusy: 0 };
const idle: Worker[] = [];
let workers = 0;
/** waiting jobs by client, in the order clients first came: each turn takes one job of the next client */
const waiting = new Map<string, Job[]>();
let waitingCount = 0;

/** What the pool has done since the process started (tests, and the log line of a busy minute). */
export function passwordWork(): { hashed: number; skippedGone: number; refusedBusy: number; waiting: number; poolSize: number } {
  return { ...stats, waiting: waitingCount, poolSize: POOL_SIZE };
}

function newWorker(): Worker {
  const w = new Worker(WORKER_SOURCE, { eval: true, name: 'password-hash' });
  // an idle worker does not keep the process alive: a server stops as soon as its requests are done
  w.unref();
  workers++;
  w.on('error', () => {
    workers--;
  });
  return w;
}

function takeNext(): Job | undefined {
  for (const [client, jobs] of waiting) {
    const job = jobs.shift()!;
    waiting.delete(client);
    // the client goes to the back of the line with what it has left
    if (jobs.length > 0) waiting.set(client, jobs);
    waitingCount--;
    if (performance.now() - job.queuedAt > MAX_WAIT_MS) {
      // waited too long (a machine slower than the pool's size assumed): turned away, not hashed
      if (job.onAbort) job.turn.signal?.removeEventListener('abort', job.onAbort);
      stats.refusedBusy++;
      job.reject(new HashBusy());
      continue;
    }
    return job;
  }
  return undefined;
}

function run(worker: Worker, job: Job): void {
  if (job.onAbort) job.turn.signal?.removeEventListener('abort', job.onAbort);
  worker.once('message', (m: { key?: Uint8Array; error?: string }) => {
    if (m.key) {
      stats.hashed++;
      job.resolve(Buffer.from(m.key.buffer, m.key.byteOffset, m.key.byteLength));
    } else job.reject(new Error(m.error ?? 'scrypt failed'));
    release(worker);
  });
  worker.postMessage({
    password: job.password,
    salt: job.salt,
    keyBytes: job.params.keyBytes,
    logN: job.params.logN,
    r: job.params.r,
    p: job.params.p,
    maxmem: MAX_MEMORY,
  });
}

function release(worker: Worker): void {
  const next = takeNext();
  if (next) run(worker, next);
  else {
    worker.unref();
    idle.push(worker);
  }
}

function derive(password: string, salt: Buffer, params: Params, turn: HashTurn): Promise<Buffer> {
  if (turn.signal?.aborted) {
    stats.skippedGone++;
    return Promise.reject(new ClientGone());
  }
  return new Promise<Buffer>((resolve, reject) => {
    // NFC: the same password typed on two keyboards (composed or decomposed accents) is the same password
    const job: Job = { password: password.normalize('NFC'), salt, params, turn, resolve, reject, queuedAt: performance.now() };
    const worker = idle.pop() ?? (workers < POOL_SIZE ? newWorker() : undefined);
    if (worker) {
      worker.ref();
      return run(worker, job);
    }
    const mine = waiting.get(turn.client) ?? [];
    if (waitingCount >= MAX_WAITING || mine.length >= MAX_WAITING_PER_CLIENT) {
      stats.refusedBusy++;
      return reject(new HashBusy());
    }
    if (turn.signal) {
      job.onAbort = () => {
        const jobs = waiting.get(turn.client);
        const at = jobs?.indexOf(job) ?? -1;
        if (at === -1) return;
        jobs!.splice(at, 1);
        if (jobs!.length === 0) waiting.delete(turn.client);
        waitingCount--;
        stats.skippedGone++;
        reject(new ClientGone());
      };
      turn.signal.addEventListener('abort', job.onAbort, { once: true });
    }
    mine.push(job);
    waiting.set(turn.client, mine);
    waitingCount++;
  });
}

/** The pool's own turn: hashes the server makes for itself (the dummy hash, tests' fixtures). */
const SERVER_TURN: HashTurn = { client: 'server' };

export async function hashPassword(password: string, turn: HashTurn = SERVER_TURN): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, { logN: LOG2_N, r: R, p: P, keyBytes: KEY_BYTES }, turn);
  return ['scrypt', LOG2_N, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

const STORED = /^scrypt\$(\d{1,2})\$(\d{1,2})\$(\d)\$([A-Za-z0-9+/=]{8,64})\$([A-Za-z0-9+/=]{16,128})$/;

/** Whether `password` is the one `stored` was made from; compared in constant time. A malformed hash never matches. */
export async function verifyPassword(password: string, stored: string, turn: HashTurn = SERVER_TURN): Promise<boolean> {
  const m = STORED.exec(stored);
  if (!m) return false;
  const [logN, r, p] = [Number(m[1]), Number(m[2]), Number(m[3])];
  // bounds: a stored hash with absurd parameters must not make one sign-in take minutes
  if (logN < 10 || logN > 20 || r < 1 || r > 16 || p < 1 || p > 4) return false;
  const expected = Buffer.from(m[5]!, 'base64');
  const key = await derive(password, Buffer.from(m[4]!, 'base64'), { logN, r, p, keyBytes: expected.length }, turn);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

let dummy: Promise<string> | undefined;

/**
 * A hash of a random password, made once: a sign-in for an e-mail address with no account is checked
 * against it, so it takes the same time as a wrong password for one that has an account.
 */
export function dummyPasswordHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(24).toString('base64url'));
  return dummy;
}
