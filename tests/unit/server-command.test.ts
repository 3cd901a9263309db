/**
 * The built server runs with glibc's mmap threshold fixed (scripts/lib/server-command.ts): npm start
 * and the Docker image set the same GLIBC_TUNABLES, and one the operator sets is kept.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MALLOC_TUNABLES, serverTunables } from '../../scripts/lib/server-command.ts';

describe('the server’s GLIBC_TUNABLES', () => {
  it('is the mmap threshold alone when none is set, added to tunables that are, and left alone when the operator sets that threshold', () => {
    expect(MALLOC_TUNABLES).toBe('glibc.malloc.mmap_threshold=131072');
    expect(serverTunables(undefined)).toBe(MALLOC_TUNABLES);
    expect(serverTunables('')).toBe(MALLOC_TUNABLES);
    expect(serverTunables('glibc.malloc.arena_max=2')).toBe(`glibc.malloc.arena_max=2:${MALLOC_TUNABLES}`);
    expect(serverTunables('glibc.malloc.arena_max=2:glibc.malloc.mmap_threshold=65536')).toBe('glibc.malloc.arena_max=2:glibc.malloc.mmap_threshold=65536');
  });

  it('is what the Docker image sets', () => {
    expect(readFileSync('Dockerfile', 'utf8')).toMatch(new RegExp(`^ENV GLIBC_TUNABLES=${MALLOC_TUNABLES}$`, 'm'));
  });
});
