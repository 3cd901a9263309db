import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../src/api/client';
import { backoffDelay, createExpiringCache, shouldRetry } from '../../../src/shared/swr';

describe('data-fetching defaults', () => {
  it('backs off from 1000 ms, doubling, capped at 30000 ms', () => {
    expect([1, 2, 3, 4, 5, 6].map(backoffDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000]);
  });

  it('retries failures 3 times, and never a refusal', () => {
    const outage = new ApiRequestError(502, 'BAD_GATEWAY', 'down');
    expect(shouldRetry(outage, 1)).toBe(true);
    expect(shouldRetry(outage, 3)).toBe(true);
    expect(shouldRetry(outage, 4)).toBe(false);
    expect(shouldRetry(new ApiRequestError(404, 'NOT_FOUND', 'no'), 1)).toBe(false);
  });

  it('forgets data 5 minutes after it was last used', () => {
    let t = 0;
    const cache = createExpiringCache(5 * 60_000, () => t);
    cache.set('a', { data: 1 } as never);
    t = 4 * 60_000;
    expect(cache.get('a')).toBeTruthy();
    t = 8 * 60_000;
    expect(cache.get('a')).toBeTruthy();
    t = 13 * 60_000 + 1;
    expect(cache.get('a')).toBeUndefined();
  });

  it('lists only live keys, so a filtered mutate never meets an expired entry', () => {
    let t = 0;
    const cache = createExpiringCache(5 * 60_000, () => t);
    cache.set('old', { data: 1 } as never);
    t = 4 * 60_000;
    cache.set('new', { data: 2 } as never);
    t = 6 * 60_000;
    expect([...cache.keys()]).toEqual(['new']);
    for (const k of cache.keys()) expect(cache.get(k)).toBeTruthy();
  });
});
