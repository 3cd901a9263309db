// @vitest-environment jsdom
/**
 * The one action hook (src/shared/action.ts): run never throws, pending and error follow the last run,
 * a double tap sends once, and the keyed variant keeps one idempotency key per user action.
 */
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../src/api/client';
import { useAction, useKeyedAction } from '../../../src/shared/action';

afterEach(cleanup);

/** A call that answers when told to. */
function held<T>() {
  const calls: { args: unknown[]; resolve: (v: T) => void; reject: (e: unknown) => void }[] = [];
  const call = (...args: unknown[]) => new Promise<T>((resolve, reject) => calls.push({ args, resolve, reject }));
  return { calls, call };
}

const lost = () => new ApiRequestError(0, 'NETWORK', 'We could not reach the shop.');
const refused = () => new ApiRequestError(422, 'INSUFFICIENT_POINTS', 'Not enough points.');

describe('useAction', () => {
  it('is pending while the call runs, then answers its value', async () => {
    const { calls, call } = held<string>();
    const { result } = renderHook(() => useAction((name: string) => call(name)));
    expect(result.current.pending).toBe(false);
    let outcome: Promise<unknown> = Promise.resolve();
    act(() => {
      outcome = result.current.run('latte');
    });
    expect(result.current.pending).toBe(true);
    expect(result.current.running).toEqual(['latte']);
    await act(async () => calls[0]!.resolve('made'));
    expect(await outcome).toEqual({ ok: true, value: 'made' });
    expect(result.current.pending).toBe(false);
    expect(result.current.running).toBeNull();
    expect(result.current.error).toBeNull();
  });

  it('keeps the failure for the screen, without throwing, until the next run or reset', async () => {
    const { calls, call } = held<string>();
    const { result } = renderHook(() => useAction((id: number) => call(id)));
    let outcome: Promise<unknown> = Promise.resolve();
    act(() => {
      outcome = result.current.run(7);
    });
    const err = refused();
    await act(async () => calls[0]!.reject(err));
    expect(await outcome).toEqual({ ok: false, error: err });
    expect(result.current.error).toBe(err);
    expect(result.current.failed).toEqual([7]);

    act(() => void result.current.run(8));
    expect(result.current.error).toBeNull();
    await act(async () => calls[1]!.reject(err));
    expect(result.current.error).toBe(err);
    act(() => result.current.reset());
    expect(result.current.error).toBeNull();
    expect(result.current.failed).toBeNull();
  });

  it('lets the rows of a list run at once with overlap, busy until the last one answers', async () => {
    const { calls, call } = held<void>();
    const { result } = renderHook(() => useAction((row: string) => call(row), { overlap: true }));
    act(() => {
      void result.current.run('a');
      void result.current.run('b');
    });
    expect(calls.map((c) => c.args)).toEqual([['a'], ['b']]);
    expect(result.current.running).toEqual(['b']);
    await act(async () => calls[0]!.resolve());
    expect(result.current.pending).toBe(true);
    await act(async () => calls[1]!.resolve());
    expect(result.current.pending).toBe(false);
  });

  it('runs the latest function it was given', async () => {
    let answer = 'first';
    const { result, rerender } = renderHook(() => useAction(async () => answer));
    answer = 'second';
    rerender();
    let outcome: unknown;
    await act(async () => {
      outcome = await result.current.run();
    });
    expect(outcome).toEqual({ ok: true, value: 'second' });
  });

  it('stays busy after a success that leaves the page, and starts no second run; a failure frees it', async () => {
    const { calls, call } = held<string>();
    const { result } = renderHook(() => useAction((form: string) => call(form), { leaves: true }));
    let outcome: Promise<unknown> = Promise.resolve();
    act(() => {
      outcome = result.current.run('owner');
    });
    await act(async () => calls[0]!.resolve('signed in'));
    expect(await outcome).toEqual({ ok: true, value: 'signed in' });
    // the next page is still loading: this one stays busy, and a second click sends nothing
    expect(result.current.pending).toBe(true);
    await act(async () => expect(await result.current.run('again')).toBeNull());
    expect(calls).toHaveLength(1);

    const failing = renderHook(() => useAction((form: string) => call(form), { leaves: true }));
    act(() => void failing.result.current.run('owner'));
    await act(async () => calls[1]!.reject(refused()));
    expect(failing.result.current.pending).toBe(false);
    expect(failing.result.current.error).toBeInstanceOf(ApiRequestError);
  });
});

describe('useKeyedAction', () => {
  function keyed() {
    const keys: string[] = [];
    const answers: (() => Promise<string>)[] = [];
    const view = renderHook(() =>
      useKeyedAction((key, amount: number) => {
        keys.push(`${key}|${amount}`);
        return answers.shift()!();
      }),
    );
    const attempt = async (amount: number, answer: () => Promise<string>) => {
      answers.push(answer);
      let outcome: unknown;
      await act(async () => {
        outcome = await view.result.current.run(amount);
      });
      return outcome;
    };
    return { keys, attempt, view };
  }
  const keyOf = (entry: string) => entry.split('|')[0];

  it('retries after a lost answer with the same key, and takes a new one after success', async () => {
    const { keys, attempt } = keyed();
    await attempt(100, () => Promise.reject(lost()));
    await attempt(100, () => Promise.reject(new ApiRequestError(409, 'IDEMPOTENCY_IN_PROGRESS', 'Still working.')));
    expect(await attempt(100, async () => 'paid')).toEqual({ ok: true, value: 'paid' });
    await attempt(100, async () => 'paid again');
    expect(keys.map(keyOf).slice(0, 3)).toEqual([keyOf(keys[0]!), keyOf(keys[0]!), keyOf(keys[0]!)]);
    expect(keyOf(keys[3]!)).not.toBe(keyOf(keys[0]!));
  });

  it('takes a new key after a refusal (the key has its answer) and for other arguments', async () => {
    const { keys, attempt, view } = keyed();
    await attempt(100, () => Promise.reject(refused()));
    expect(view.result.current.error).toBeInstanceOf(ApiRequestError);
    await attempt(100, () => Promise.reject(lost()));
    await attempt(200, () => Promise.reject(lost()));
    const [first, second, third] = keys.map(keyOf);
    expect(new Set([first, second, third]).size).toBe(3);
  });
});

describe('a double tap', () => {
  it.each([
    ['useAction', (call: (key?: string) => Promise<string>) => useAction(() => call())],
    ['useKeyedAction', (call: (key?: string) => Promise<string>) => useKeyedAction((key) => call(key))],
  ])('%s sends once: a run while one is under way is not started', async (_name, use) => {
    const { calls, call } = held<string>();
    const { result } = renderHook(() => use(call));
    let second: Promise<unknown> = Promise.resolve();
    act(() => {
      void result.current.run();
      second = result.current.run();
    });
    expect(await second).toBeNull();
    expect(calls).toHaveLength(1);
    await act(async () => calls[0]!.resolve('done'));
  });
});
