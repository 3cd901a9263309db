import { describe, expect, it } from 'vitest';
import { RefreshingCopy } from '../../server/lib/refreshing-copy';

/** A read that resolves or fails when the test says, counting how many were started. */
function reads() {
  const started: Array<{ resolve: (v: string) => void; reject: (e: Error) => void }> = [];
  const read = () =>
    new Promise<string>((resolve, reject) => {
      started.push({ resolve, reject });
    });
  return { started, read };
}

function copyAt(clock: { t: number }) {
  return new RefreshingCopy<string>({ freshMs: 5_000, staleMs: 60_000, now: () => clock.t });
}

/** A copy that read 'v1' at 0 ms, its clock then set to `t`. */
async function readV1(t: number) {
  const clock = { t: 0 };
  const copy = copyAt(clock);
  const { started, read } = reads();
  const first = copy.get(read);
  started[0]!.resolve('v1');
  await first;
  clock.t = t;
  return { copy, started, read };
}

describe('RefreshingCopy', () => {
  it('reads once for every request that finds no copy, and keeps the answer while it is fresh', async () => {
    const clock = { t: 0 };
    const copy = copyAt(clock);
    const { started, read } = reads();
    const a = copy.get(read);
    const b = copy.get(read);
    expect(started).toHaveLength(1);
    started[0]!.resolve('v1');
    expect(await a).toEqual({ value: 'v1', at: 0 });
    expect(await b).toEqual({ value: 'v1', at: 0 });
    clock.t = 4_999;
    expect(await copy.get(read)).toEqual({ value: 'v1', at: 0 });
    expect(started).toHaveLength(1);
  });

  it('answers an old copy at once while one read replaces it, and the new copy after', async () => {
    const { copy, started, read } = await readV1(5_000);
    // old: answered at once with v1, though the read has not ended
    expect(await copy.get(read)).toEqual({ value: 'v1', at: 0 });
    expect(await copy.get(read)).toEqual({ value: 'v1', at: 0 });
    expect(started).toHaveLength(2);
    started[1]!.resolve('v2');
    await Promise.resolve();
    await Promise.resolve();
    expect(await copy.get(read)).toEqual({ value: 'v2', at: 5_000 });
    expect(started).toHaveLength(2);
  });

  it('makes a request wait for the read once the copy is older than staleMs', async () => {
    const { copy, started, read } = await readV1(60_000);
    let answered: string | undefined;
    const waiting = copy.get(read).then((c) => (answered = c.value));
    await Promise.resolve();
    expect(answered).toBeUndefined();
    started[1]!.resolve('v2');
    await waiting;
    expect(answered).toBe('v2');
  });

  it('keeps the old copy when a read fails, and tries again on the next request', async () => {
    const { copy, started, read } = await readV1(6_000);
    expect((await copy.get(read)).value).toBe('v1');
    started[1]!.reject(new Error('the database is away'));
    await new Promise((r) => setTimeout(r, 0));
    expect((await copy.get(read)).value).toBe('v1');
    expect(started).toHaveLength(3);
  });

  it('fails the requests that wait for a read that fails, and no later one', async () => {
    const copy = copyAt({ t: 0 });
    const { started, read } = reads();
    const first = copy.get(read);
    started[0]!.reject(new Error('the database is away'));
    await expect(first).rejects.toThrow('the database is away');
    const second = copy.get(read);
    expect(started).toHaveLength(2);
    started[1]!.resolve('v1');
    expect((await second).value).toBe('v1');
  });

  it('after forget, reads again, and a read started before it never becomes the copy', async () => {
    const clock = { t: 0 };
    const copy = copyAt(clock);
    const { started, read } = reads();
    const before = copy.get(read);
    copy.forget();
    const after = copy.get(read);
    expect(started).toHaveLength(2);
    started[1]!.resolve('after the edit');
    started[0]!.resolve('before the edit');
    expect((await before).value).toBe('before the edit');
    expect((await after).value).toBe('after the edit');
    expect((await copy.get(read)).value).toBe('after the edit');
    expect(started).toHaveLength(2);
  });
});
