// @vitest-environment jsdom
/**
 * The mutation layer (src/api/mutation.ts): a call that changes data reads again exactly the cached
 * answers it names (plain answers whatever their query, and lists loaded page by page), and nothing else.
 */
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { useMemo, type ReactNode } from 'react';
import useSWR, { SWRConfig } from 'swr';
import useSWRInfinite from 'swr/infinite';
import { afterEach, describe, expect, it } from 'vitest';
import { customersApi } from '#contract/customers.calls';
import { notificationsApi } from '#contract/notifications.calls';
import { rewardsApi } from '#contract/rewards.calls';
import { settingsApi } from '#contract/settings.calls';
import { shopApi } from '#contract/shop.calls';
import { walletApi } from '#contract/wallet.calls';
import { shows } from '../../../src/api/shows';

/** The cached answers this test watches, by the API path of the call each came from. */
const cached = {
  profile: customersApi.profile.path,
  notifications: notificationsApi.list.path,
  vouchers: rewardsApi.storage.path,
  catalog: shopApi.catalog.path,
  walletHistory: walletApi.history.path,
  settings: settingsApi.mainSetting.path,
};
type Cached = string;
import { ApiRequestError, type Key } from '../../../src/api/client';
import { useForgetCustomer } from '../../../src/api/forget';
import { cachedKeysOf, useMutation, type Changes } from '../../../src/api/mutation';
import { createExpiringCache, swrOptions } from '../../../src/shared/swr';

afterEach(cleanup);

/** What each cached answer's fetcher was asked, by API path. */
function counter() {
  const calls: Record<string, number> = {};
  let gate: Promise<void> = Promise.resolve();
  const fetcher = async (key: Key) => {
    const path = typeof key === 'string' ? key : key[0];
    const n = (calls[path] = (calls[path] ?? 0) + 1);
    await gate;
    return { path, n, next_page: null };
  };
  /** Answers wait from now until `release` is called. */
  const hold = () => {
    let release = () => {};
    gate = new Promise((resolve) => (release = resolve));
    return release;
  };
  return { calls, fetcher, hold };
}

/** A page showing several answers at once, in the app's own SWR set-up, and a mutation. */
function setUp<A extends unknown[], T>(call: (...args: A) => Promise<T>, changes: Changes<A, T>) {
  const { calls, fetcher, hold } = counter();
  const cache = createExpiringCache();
  const wrapper = ({ children }: { children: ReactNode }) => {
    const value = useMemo(() => ({ ...swrOptions(cache), dedupingInterval: 0, revalidateOnFocus: false }), []);
    return <SWRConfig value={value}>{children}</SWRConfig>;
  };
  const view = renderHook(
    () => {
      // SWR renders again only for what a render read: each answer's data is read here
      const profile = useSWR(cached.profile, fetcher).data;
      const unread = useSWR([cached.notifications, { page: 1 }], fetcher).data;
      const active = useSWR([cached.vouchers, { status: 'active' }], fetcher).data;
      const used = useSWR([cached.vouchers, { status: 'used' }], fetcher).data;
      const catalog = useSWR(cached.catalog, fetcher).data;
      const history = useSWRInfinite((i) => [cached.walletHistory, { page: i + 1 }], fetcher).data;
      const settings = useSWR(cached.settings, fetcher).data;
      const mutation = useMutation(call, changes);
      const forget = useForgetCustomer();
      return { mutation, forget, profile, unread, active, used, catalog, history, settings };
    },
    { wrapper },
  );
  return { calls, cache, view, hold };
}

const ALL: Cached[] = [cached.profile, cached.notifications, cached.vouchers, cached.catalog, cached.walletHistory, cached.settings];

async function loaded(calls: Record<string, number>) {
  await waitFor(() => expect(Object.keys(calls).sort()).toEqual([...ALL].sort()));
  return { ...calls };
}

/** What was asked again since `before`, by path. */
const since = (before: Record<string, number>, now: Record<string, number>) =>
  Object.fromEntries(Object.entries(now).flatMap(([path, n]) => (n > (before[path] ?? 0) ? [[path, n - (before[path] ?? 0)]] : [])));

describe('a mutation', () => {
  it('reads again exactly what it names: every cached answer of those paths, whatever the query', async () => {
    const { calls, view } = setUp(async () => 'done', { refreshes: [cached.profile, cached.vouchers, cached.notifications], wait: true });
    const before = await loaded(calls);
    await act(async () => {
      await view.result.current.mutation();
    });
    expect(since(before, calls)).toEqual({ [cached.profile]: 1, [cached.vouchers]: 2, [cached.notifications]: 1 });
    expect(view.result.current.profile).toMatchObject({ n: 2 });
    expect(view.result.current.used).toMatchObject({ n: 4 });
  });

  it('reads again a list loaded page by page when it names its path', async () => {
    const { calls, view } = setUp(async () => 'done', { refreshes: [cached.walletHistory], wait: true });
    const before = await loaded(calls);
    await act(async () => {
      await view.result.current.mutation();
    });
    expect(since(before, calls)).toEqual({ [cached.walletHistory]: 1 });
    expect(view.result.current.history?.[0]).toMatchObject({ n: 2 });
  });

  it('answers what the call answered, and with `wait` only once the named data is in', async () => {
    const { calls, view, hold } = setUp(async (x: number) => x * 2, { refreshes: [cached.profile], wait: true });
    await loaded(calls);
    const release = hold();
    let answer = 0;
    const done = view.result.current.mutation(21).then((a) => (answer = a));
    await waitFor(() => expect(calls[cached.profile]).toBe(2));
    expect(answer).toBe(0);
    release();
    await act(() => done);
    expect(answer).toBe(42);
    expect(view.result.current.profile).toMatchObject({ n: 2 });
  });

  it('without `wait`, answers at once while the named data is read again', async () => {
    const { calls, view, hold } = setUp(async (x: number) => x * 2, { refreshes: [cached.profile] });
    await loaded(calls);
    const release = hold();
    await act(async () => {
      expect(await view.result.current.mutation(21)).toBe(42);
    });
    expect(calls[cached.profile]).toBe(2);
    expect(view.result.current.profile).toMatchObject({ n: 1 });
    release();
    await waitFor(() => expect(view.result.current.profile).toMatchObject({ n: 2 }));
  });

  it('can name what it changes from its answer (an order paid on the gateway changes nothing yet)', async () => {
    const { calls, view } = setUp(async (online: boolean) => ({ payment_url: online ? 'https://pay.example/1' : undefined }), {
      refreshes: (answer) => (answer.payment_url ? [] : [cached.profile]),
      wait: true,
    });
    const before = await loaded(calls);
    await act(async () => {
      await view.result.current.mutation(true);
    });
    expect(since(before, calls)).toEqual({});
    await act(async () => {
      await view.result.current.mutation(false);
    });
    expect(since(before, calls)).toEqual({ [cached.profile]: 1 });
  });

  it('writes what its answer brings without asking for it again', async () => {
    const { calls, view } = setUp(async () => ({ name: 'Ana' }), { writes: (answer) => [{ key: cached.profile, data: answer }] });
    const before = await loaded(calls);
    await act(async () => {
      await view.result.current.mutation();
    });
    expect(view.result.current.profile).toEqual({ name: 'Ana' });
    expect(since(before, calls)).toEqual({});
  });

  it('reads nothing again when it fails, unless the refusal says what was out of date', async () => {
    const refuse = (code: 'OUT_OF_STOCK' | 'VALIDATION') => async () => {
      throw new ApiRequestError(409, code, 'no', {}, { stock: 0 });
    };
    const changes: Changes<[], never> = {
      refreshes: [cached.profile],
      refusals: {
        OUT_OF_STOCK: { writes: (err) => [{ key: cached.catalog, data: err.data }], refreshes: [cached.vouchers] },
      },
      wait: true,
    };
    const plain = setUp(refuse('VALIDATION'), changes);
    const before = await loaded(plain.calls);
    await act(async () => {
      await expect(plain.view.result.current.mutation()).rejects.toMatchObject({ code: 'VALIDATION' });
    });
    expect(since(before, plain.calls)).toEqual({});
    cleanup();

    const stale = setUp(refuse('OUT_OF_STOCK'), changes);
    const first = await loaded(stale.calls);
    await act(async () => {
      await expect(stale.view.result.current.mutation()).rejects.toMatchObject({ code: 'OUT_OF_STOCK' });
    });
    expect(since(first, stale.calls)).toEqual({ [cached.vouchers]: 2 });
    expect(stale.view.result.current.catalog).toEqual({ stock: 0 });
  });

  it('reads again what any failure leaves in doubt, when it says so', async () => {
    const { calls, view } = setUp(
      async () => {
        throw new ApiRequestError(0, 'NETWORK', 'offline');
      },
      { refreshes: [cached.profile], refreshesOnFailure: [cached.notifications], wait: true },
    );
    const before = await loaded(calls);
    await act(async () => {
      await expect(view.result.current.mutation()).rejects.toMatchObject({ code: 'NETWORK' });
    });
    expect(since(before, calls)).toEqual({ [cached.notifications]: 1 });
  });
});

describe('the cache keys of a path', () => {
  it('are every answer of that path and its paged lists, never a path that merely starts the same', () => {
    const cache = createExpiringCache();
    const balance = walletApi.balance.path;
    const history = walletApi.history.path;
    // a path no declaration has, on purpose: one that merely starts as the history's does
    const archive = `${history}-archive`;
    const entries: [string, unknown][] = [
      [balance, balance],
      [`@"${history}",#page:1,,`, [history, { page: 1 }]],
      [`$inf$@"${history}",#page:1,,`, undefined],
      [`$inf$@"${archive}",#page:1,,`, undefined],
      [`@"${archive}",#page:1,,`, [archive, { page: 1 }]],
      [`$inf$${history}`, undefined],
    ];
    // what SWR stores: the key a hook asked with (`_k`), none for a paged list's own entry
    for (const [key, k] of entries) cache.set(key, (k === undefined ? {} : { _k: k }) as never);
    expect(cachedKeysOf(cache, [history]).sort()).toEqual([`$inf$@"${history}",#page:1,,`, `$inf$${history}`, `@"${history}",#page:1,,`]);
    expect(cachedKeysOf(cache, [balance])).toEqual([balance]);
  });
});

describe('what changes show in', () => {
  it('brings the unread count up to date with every change to money, points, vouchers or orders', () => {
    for (const names of Object.values(shows)) expect(names).toContain(cached.notifications);
  });
});

describe('forgetting the customer', () => {
  it('drops every answer about the customer, asks for none again, and keeps the merchant settings', async () => {
    const { calls, view } = setUp(async () => null, {});
    const before = await loaded(calls);
    await act(async () => {
      await view.result.current.forget();
    });
    const page = view.result.current;
    expect([page.profile, page.unread, page.active, page.catalog]).toEqual([undefined, undefined, undefined, undefined]);
    expect(page.settings).toMatchObject({ path: cached.settings });
    expect(since(before, calls)).toEqual({});
  });
});
