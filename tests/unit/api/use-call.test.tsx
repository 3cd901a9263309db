// @vitest-environment jsdom
/**
 * useCall and useCallPages keep SWR's keys as keyOf writes them (what every mutate() and refresh names),
 * ask nothing on a null query, and make a POST read (point/history) as a POST with the key's body.
 */
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SWRConfig, unstable_serialize } from 'swr';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { customersConsoleApi } from '#contract/customers.calls';
import { pointsApi } from '#contract/points.calls';
import { stampsApi } from '#contract/stamps.calls';
import { keyOf, REACHABLE_EVENT } from '../../../src/api/client';
import { useCustomerDetail } from '../../../src/api/customers';
import { pointHistoryPages } from '../../../src/api/points';
import { useStampCards } from '../../../src/api/stamps';
import { useCall } from '../../../src/api/use-call';
import { useCallPages } from '../../../src/api/use-call-pages';
import { createExpiringCache, swrOptions } from '../../../src/shared/swr';

let asked: string[] = [];
beforeEach(() => {
  asked = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    asked.push(`${init?.method ?? 'GET'} ${url}${init?.method === 'POST' ? ` ${String(init.body)}` : ''}`);
    const data = url.includes(pointsApi.history.path) ? { items: [], next_page: null } : { url };
    return new Response(JSON.stringify({ status: 200, message: 'OK', data }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const setUp = () => {
  const cache = createExpiringCache();
  const wrapper = ({ children }: { children: ReactNode }) => <SWRConfig value={{ ...swrOptions(cache), dedupingInterval: 0 }}>{children}</SWRConfig>;
  return { cache, wrapper };
};

it('keeps the keys keyOf writes: a path alone, or the path and its query', async () => {
  const { cache, wrapper } = setUp();
  const both = renderHook(() => ({ cards: useStampCards(), detail: useCustomerDetail(5) }), { wrapper });
  await waitFor(() => expect([both.result.current.cards.data, both.result.current.detail.data]).not.toContain(undefined));
  expect(cache.get(unstable_serialize(keyOf(stampsApi.cards)))).toMatchObject({ data: { url: `/api/${stampsApi.cards.path}` } });
  expect(cache.get(unstable_serialize(keyOf(customersConsoleApi.detail, { id: 5 })))).toMatchObject({
    data: { url: `/api/${customersConsoleApi.detail.path}?id=5` },
  });
});

it('asks nothing while the query is null', async () => {
  const { wrapper } = setUp();
  const detail = renderHook(() => useCustomerDetail(null), { wrapper });
  await new Promise((r) => setTimeout(r, 20));
  expect(detail.result.current.data).toBeUndefined();
  expect(asked).toEqual([]);
});

it('reads a paged POST call (point/history) with its body, page by page', async () => {
  const { wrapper } = setUp();
  const pages = renderHook(() => useCallPages(pointHistoryPages(7)), { wrapper });
  await waitFor(() => expect(pages.result.current.data).toHaveLength(1));
  expect(asked).toEqual([`POST /api/${pointsApi.history.path} {"customer_id":7,"page":1}`]);
});

it('reads what failed again once a call reaches the server, even when the browser never said offline', async () => {
  const { wrapper } = setUp();
  let down = true;
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    if (down) throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify({ status: 200, message: 'OK', data: { url } }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  const read = renderHook(() => useCall(customersConsoleApi.detail, { id: 5 }, { shouldRetryOnError: false }), { wrapper });
  await waitFor(() => expect(read.result.current.error).toBeDefined());
  const failed = asked.length;
  down = false;
  // another call got through (api/client.ts says so with this event): no browser `online` event here
  dispatchEvent(new Event(REACHABLE_EVENT));
  await waitFor(() => expect(read.result.current.data).toEqual({ url: `/api/${customersConsoleApi.detail.path}?id=5` }));
  expect(asked.length).toBeGreaterThan(failed);
});
