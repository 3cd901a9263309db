// @vitest-environment jsdom
/**
 * The offline line and the update flow (src/app/connection.tsx) with a stand-in for the browser's
 * service worker container (jsdom has none): a waiting version is asked to take over only on a navigation
 * outside the checkout, while online; the line follows the browser's connection and the calls' failures.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, useNavigate } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callApi } from '../../../src/api/client';
import { addressesApi } from '#contract/addresses.calls';
import { rewardsApi } from '#contract/rewards.calls';
import { shopApi } from '#contract/shop.calls';
import { Connection } from '../../../src/app/connection';

let go: (to: string) => void = () => {};
function Navigator() {
  const navigate = useNavigate();
  go = (to) => void navigate(to);
  return null;
}

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  dispatchEvent(new Event(online ? 'online' : 'offline'));
}

/** The browser's service worker container: a controlling worker, and a new version waiting (or not). */
function fakeWorkers({ waiting = true, controller = true } = {}) {
  const postMessage = vi.fn();
  const container = Object.assign(new EventTarget(), {
    controller: (controller ? {} : null) as object | null,
    getRegistration: async () => ({ waiting: waiting ? { postMessage } : null }),
  });
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: container });
  return Object.assign(postMessage, { container });
}

async function visit(path: string) {
  await act(async () => {
    go(path);
    await Promise.resolve();
  });
  // getRegistration's answer
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });
}

const reload = vi.fn();
function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Navigator />
      <Connection reload={reload} />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  setOnline(true);
  reload.mockClear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('the update flow', () => {
  it("is not taken on the page's first load, and is on the next navigation", async () => {
    const post = fakeWorkers();
    renderAt('/home');
    await visit('/home');
    expect(post).not.toHaveBeenCalled();
    await visit('/shop');
    expect(post).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    // the new version has taken over: the page loads again, once
    expect(reload).not.toHaveBeenCalled();
    act(() => void post.container.dispatchEvent(new Event('controllerchange')));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload when the first worker takes control of the page', async () => {
    const post = fakeWorkers({ waiting: false, controller: false });
    renderAt('/home');
    post.container.controller = {};
    act(() => void post.container.dispatchEvent(new Event('controllerchange')));
    await visit('/shop');
    expect(reload).not.toHaveBeenCalled();
  });

  it('loads again on the next navigation outside the checkout when another tab had the new version take over', async () => {
    const post = fakeWorkers({ waiting: false });
    renderAt('/shop');
    act(() => void post.container.dispatchEvent(new Event('controllerchange')));
    expect(reload).not.toHaveBeenCalled();
    await visit('/delivery');
    expect(reload).not.toHaveBeenCalled();
    await visit('/home');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('is never taken on a navigation into the checkout or a payment result', async () => {
    const post = fakeWorkers();
    renderAt('/shop');
    for (const path of [
      '/delivery',
      '/set-location',
      '/add-new-address',
      '/order-confirmation',
      '/payment-success',
      '/payment-fail',
      '/top-up-success',
      '/top-up-success/order',
      '/top-up-fail',
    ]) {
      await visit(path);
    }
    expect(post).not.toHaveBeenCalled();
    // out of the checkout: taken
    await visit('/order/home');
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('waits while offline, with no new version, and for a page no worker controls yet', async () => {
    const post = fakeWorkers();
    renderAt('/home');
    setOnline(false);
    await visit('/shop');
    expect(post).not.toHaveBeenCalled();

    cleanup();
    setOnline(true);
    const none = fakeWorkers({ waiting: false });
    renderAt('/home');
    await visit('/shop');
    expect(none).not.toHaveBeenCalled();

    cleanup();
    const uncontrolled = fakeWorkers({ controller: false });
    renderAt('/home');
    await visit('/shop');
    expect(uncontrolled).not.toHaveBeenCalled();
  });
});

describe('the offline line', () => {
  it('says nothing online, says so offline, and that the connection is back for a moment', async () => {
    vi.useFakeTimers();
    renderAt('/home');
    expect(screen.getByRole('status').textContent).toBe('');
    act(() => setOnline(false));
    expect(screen.getByRole('status').textContent).toMatch(/^You're offline\. .*will work when you're back online\.$/);
    act(() => setOnline(true));
    expect(screen.getByRole('status').textContent).toBe("You're back online.");
    act(() => vi.advanceTimersByTime(4000));
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it("shows while calls fail to reach the server, or come back as the worker's kept copy, and goes when one reaches it", async () => {
    let answer: () => Promise<Response> = () => Promise.reject(new TypeError('Failed to fetch'));
    vi.stubGlobal('fetch', () => answer());
    renderAt('/home');
    await act(async () => {
      await expect(callApi(shopApi.catalog, {})).rejects.toMatchObject({
        code: 'NETWORK',
        message: 'We could not reach the server. Check your connection and try again.',
      });
    });
    expect(screen.getByRole('status').textContent).toMatch(/^You're offline\./);

    const body = JSON.stringify({ status: 'success', message: 'ok', data: { categories: [] } });
    answer = async () => new Response(body, { status: 200, headers: { 'content-type': 'application/json', 'x-offline-copy': '1' } });
    await act(async () => {
      await callApi(shopApi.catalog, {});
    });
    expect(screen.getByRole('status').textContent).toMatch(/^You're offline\./);
    // the next call that fails says what the line says, though the browser thinks it is online
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    await act(async () => {
      await expect(callApi(addressesApi.list)).rejects.toMatchObject({ code: 'NETWORK', message: "You're offline. This will work when you're back online." });
    });

    answer = async () => new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
    await act(async () => {
      await callApi(shopApi.catalog, {});
    });
    expect(screen.getByRole('status').textContent).toBe("You're back online.");
  });

  it('makes a call with no network say it will work when the connection is back', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    setOnline(false);
    await expect(callApi(rewardsApi.redeem, { name: 'coffee', idempotency_key: 'k' })).rejects.toMatchObject({
      code: 'NETWORK',
      message: "You're offline. This will work when you're back online.",
    });
  });
});
