/**
 * How the built server is started (`npm start`, the Docker image, scripts/measure-startup.ts, the bench's
 * gateway): `node --enable-source-maps dist-server/index.js`, with glibc's malloc told one thing.
 *
 * GLIBC_TUNABLES=glibc.malloc.mmap_threshold=131072: glibc serves a request of 128 KiB or more with
 * its own mmap, returned to the system when freed, but by default it raises that threshold to the size
 * of each such block freed (up to 32 MiB). V8 compiling PGlite's PostgreSQL (WebAssembly) with its
 * optimising compiler at start allocates and frees hundreds of MB of such blocks; after the rise, the
 * next ones come from malloc's arenas, and what is left scattered there after the compiler is done
 * stays resident. Fixing the threshold at glibc's own default keeps those blocks mmapped: a second start
 * rests at about 240 MB instead of 310 (docs/performance.md, "Start-up and memory at rest"). The server's requests allocate few
 * blocks that large; the bench's server CPU per request stayed the same within its noise. glibc reads
 * it when a process starts, so it is set for the server's process, not by it. musl (Alpine) ignores it.
 */
export const MALLOC_TUNABLES = 'glibc.malloc.mmap_threshold=131072';

/** GLIBC_TUNABLES for the server: the one above added to what `current` sets, unless it sets that tunable itself. */
export function serverTunables(current: string | undefined): string {
  if (!current) return MALLOC_TUNABLES;
  return current.split(':').some((t) => t.startsWith('glibc.malloc.mmap_threshold=')) ? current : `${current}:${MALLOC_TUNABLES}`;
}
