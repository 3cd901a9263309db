/** Types for server-process.mjs (plain Node ESM, shared by the bench, Lighthouse and the e2e tests). */
import type { ChildProcess } from 'node:child_process';

export interface StartServerOptions {
  /** how errors name the process, e.g. 'the app' (default 'the server') */
  name?: string;
  /** the program (default: this Node binary, process.execPath) */
  command?: string;
  args?: readonly string[];
  /** set over this process's environment */
  env?: Record<string, string | undefined>;
  cwd?: string;
  /**
   * 'healthz' (default): ready when GET `url` + `healthPath` answers 200.
   * 'message': an IPC channel is opened and the first message the process sends means ready (returned as `message`).
   */
  ready?: 'healthz' | 'message';
  /** the server's base URL, e.g. http://127.0.0.1:8080 (needed for 'healthz') */
  url?: string;
  /** default '/healthz' */
  healthPath?: string;
  /** how long to wait for ready (default 60 000 ms); then the process is stopped and an error names its last output */
  timeoutMs?: number;
  /** between health polls (default 250 ms) */
  pollMs?: number;
  /** after the stop signal, how long before SIGKILL to the process and its descendants (default 15 000 ms) */
  graceMs?: number;
  /** write stdout and stderr to this file instead of keeping them in memory */
  logFile?: string;
}

export interface ServerProcess {
  proc: ChildProcess;
  url: string | undefined;
  /** the ready message ('message' mode) */
  message: unknown;
  /** everything the process has written so far (stdout and stderr together) */
  output(): string;
  /** settles with the exit code (null when ended by a signal) once the process has exited */
  exited: Promise<number | null>;
  /** sends `signal` (default SIGTERM), SIGKILL after the grace period; resolves with the exit code once exited */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export function startServer<M = unknown>(options: StartServerOptions & { ready: 'message' }): Promise<ServerProcess & { message: M }>;
export function startServer(options: StartServerOptions & { ready?: 'healthz'; url: string }): Promise<ServerProcess & { url: string }>;

/** A TCP port free on `host` (default 127.0.0.1) right now. */
export function freePort(host?: string): Promise<number>;
