// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../src/api/client';
import { paths } from '#contract/routes';
import { isOrderNotFound } from '../../../src/screens/orders/order-detail-screen.container';
import { OrderDetailScreen, buildTimeline } from '../../../src/screens/orders/order-detail-screen';
import type { Order } from '#contract';
import { orderAt } from '../../../stories/fixtures/orders';

const money = { currency: 'PHP', locale: 'en-PH' };

describe('an order that cannot be shown', () => {
  afterEach(cleanup);

  it('is "not found" when the provider answers 404, or refuses the name as no order number', () => {
    expect(isOrderNotFound(new ApiRequestError(404, 'NOT_FOUND', 'Order was not found.'))).toBe(true);
    expect(isOrderNotFound(new ApiRequestError(400, 'VALIDATION', 'Please check the highlighted fields.', { name: 'must be an order number' }))).toBe(true);
  });

  it('is worth another try for anything else: outages, the network, a lost session', () => {
    expect(isOrderNotFound(new ApiRequestError(502, 'BAD_GATEWAY', 'Something went wrong. Please try again.'))).toBe(false);
    expect(isOrderNotFound(new ApiRequestError(0, 'NETWORK', 'We could not reach the server.'))).toBe(false);
    expect(isOrderNotFound(new ApiRequestError(401, 'SESSION_EXPIRED', 'Your session has expired.'))).toBe(false);
    expect(isOrderNotFound(new Error('boom'))).toBe(false);
    expect(isOrderNotFound(undefined)).toBe(false);
  });

  it('shows not found with a link to the order history, and no "Try again"', () => {
    render(<OrderDetailScreen {...money} order={null} notFound error="Order was not found." onRetry={() => {}} orderHistoryHref={paths.orderHome} />);
    expect(screen.getByText("We couldn't find that order")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your order history' }).getAttribute('href')).toBe(paths.orderHome);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('keeps "Try again" for an error a retry can fix', () => {
    render(<OrderDetailScreen {...money} order={null} error="Something went wrong. Please try again." onRetry={() => {}} orderHistoryHref={paths.orderHome} />);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByText("We couldn't find that order")).toBeNull();
  });
});

describe('the timeline of a paid order', () => {
  const at = (m: number) => `2026-11-20T08:0${m}:00Z`;
  const order = (payment_method: 'wallet' | 'gateway', paidAt: string): Order => ({
    name: 'KS-7F3K9Q2M',
    status: 'preparing',
    fulfilment: 'pickup',
    payment_method,
    items: [],
    points_breakdown: [],
    subtotal: 14500,
    discount: 0,
    delivery_fee: 0,
    total: 14500,
    points_earned: 14,
    address: null,
    voucher_code: null,
    location: null,
    pickup_at: null,
    created_at: at(0),
    timeline: [
      { status: 'pending_payment', at: at(0), note: null },
      { status: 'paid', at: paidAt, note: null },
      { status: 'preparing', at: at(5), note: null },
    ],
  });

  it('has no "Waiting for payment" step for a wallet order, paid in one tap (issue #25)', () => {
    expect(buildTimeline(order('wallet', at(0))).map((s) => s.status)).toEqual(['paid', 'preparing', 'ready', 'completed']);
  });

  it('keeps the wait for an online payment as a step done', () => {
    const steps = buildTimeline(order('gateway', at(2)));
    expect(steps.map((s) => [s.status, s.state])).toEqual([
      ['pending_payment', 'done'],
      ['paid', 'done'],
      ['preparing', 'current'],
      ['ready', 'upcoming'],
      ['completed', 'upcoming'],
    ]);
  });

  it('has none for an online order a voucher paid in full at once', () => {
    expect(buildTimeline(order('gateway', at(0)))[0]!.status).toBe('paid');
  });

  it('has none for a cancelled wallet order either: it starts at Paid, never "Waiting for payment (done)"', () => {
    const placed = order('wallet', at(0));
    const cancelled: Order = { ...placed, status: 'cancelled', timeline: [...placed.timeline, { status: 'cancelled', at: at(7), note: 'Out of oat milk' }] };
    expect(buildTimeline(cancelled).map((s) => [s.status, s.state])).toEqual([
      ['paid', 'done'],
      ['preparing', 'done'],
      ['cancelled', 'cancelled'],
    ]);
    // one that waited for an online payment keeps the wait
    const waited: Order = { ...order('gateway', at(2)), status: 'cancelled' };
    expect(buildTimeline(waited)[0]).toMatchObject({ status: 'pending_payment', state: 'done' });
  });
});

describe("a cancelled order's points", () => {
  afterEach(cleanup);
  const cancelled = (o: Partial<Order>): Order => ({
    ...orderAt('cancelled', 'pickup', 'paid'),
    refund: { method: 'wallet', amount: 33_000, status: 'succeeded' },
    cancelled_vouchers: [],
    ...o,
  });
  const show = (order: Order) => render(<OrderDetailScreen {...money} order={order} onRetry={() => {}} orderHistoryHref={paths.orderHome} />);

  it('says points still on their way were cancelled, not taken back: the customer never had them', () => {
    show(cancelled({ points_earned: 33, points_taken_back: 33, points_voided: 33 }));
    expect(screen.getByText('Points on their way cancelled')).toBeTruthy();
    expect(screen.queryByText('Points taken back')).toBeNull();
  });

  it('says points credited before the cancellation were taken back', () => {
    show(cancelled({ points_earned: 33, points_taken_back: 33, points_voided: 0 }));
    expect(screen.getByText('Points taken back')).toBeTruthy();
    expect(screen.getByText(/^[−-]33 points$/)).toBeTruthy();
    expect(screen.queryByText('Points on their way cancelled')).toBeNull();
  });
});
