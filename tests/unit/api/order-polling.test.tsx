// @vitest-environment jsdom
/**
 * The order page reads the order again while it may still change by itself: while it moves on, and
 * while a pay-at-the-counter order waits for staff to mark it paid, even once served. What a payment
 * changed (points, balances) is read again once the customer's order shows paid.
 */
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderDetailData, OrderStatus } from '#contract';
import { mayStillChange, paidForByCustomer } from '#contract/order-lifecycle';
import { ordersApi } from '#contract/orders.calls';
import { orderRefreshInterval, useOrder } from '../../../src/api/orders';
import { createExpiringCache, swrOptions } from '../../../src/shared/swr';
import { orderAt } from '../../../stories/fixtures/orders';

const answer = (status: OrderStatus, counter_due?: number): OrderDetailData => ({
  order: {
    ...orderAt(status, 'dine_in'),
    payment_method: counter_due === undefined ? 'gateway' : 'counter',
    ...(counter_due === undefined ? {} : { counter_due }),
  },
});

describe('the order page polls', () => {
  it('while the order moves on, and no more once it is completed or cancelled', () => {
    expect(orderRefreshInterval(answer('paid'))).toBe(5000);
    expect(orderRefreshInterval(answer('ready'))).toBe(5000);
    expect(orderRefreshInterval(answer('completed'))).toBe(0);
    expect(orderRefreshInterval(answer('cancelled'))).toBe(0);
    expect(orderRefreshInterval(undefined)).toBe(0);
  });

  it('while a counter order waits to be paid, even served: "Pay at the counter" turns into paid by itself', () => {
    expect(orderRefreshInterval(answer('paid', 16_500))).toBe(5000);
    expect(orderRefreshInterval(answer('completed', 16_500))).toBe(5000);
    expect(mayStillChange({ status: 'completed', counter_due: 16_500 })).toBe(true);
    expect(mayStillChange({ status: 'completed' })).toBe(false);
  });
});

describe('a payment read as paid', () => {
  it('is an order past payment: paid online at once, at the counter once staff marked it', () => {
    expect(paidForByCustomer({ status: 'paid' })).toBe(true);
    expect(paidForByCustomer({ status: 'pending_payment' })).toBe(false);
    expect(paidForByCustomer({ status: 'paid', counter_due: 16_500 })).toBe(false);
    expect(paidForByCustomer({ status: 'completed', counter_due: 16_500 })).toBe(false);
    expect(paidForByCustomer({ status: 'cancelled' })).toBe(false);
  });
});

describe('the order page of a served counter order', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('reads it again until staff mark it paid, then stops', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      if (url.includes(ordersApi.detail.path)) asked.push(url);
      // served and unpaid on the first two reads, paid at the till from the third
      const data = url.includes(ordersApi.detail.path) ? answer('completed', asked.length < 3 ? 16_500 : undefined) : {};
      return new Response(JSON.stringify({ status: 200, message: 'OK', data }), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    const cache = createExpiringCache();
    const wrapper = ({ children }: { children: ReactNode }) => <SWRConfig value={{ ...swrOptions(cache), dedupingInterval: 0 }}>{children}</SWRConfig>;
    const page = renderHook(() => useOrder('KS-7F3K9Q2M'), { wrapper });
    await waitFor(() => expect(page.result.current.data?.order.counter_due).toBe(16_500));
    for (let i = 0; i < 2; i++) await vi.advanceTimersByTimeAsync(5000);
    await waitFor(() => expect(page.result.current.data?.order.counter_due).toBeUndefined());
    const reads = asked.length;
    await vi.advanceTimersByTimeAsync(15_000);
    expect(asked.length).toBe(reads);
  });
});
