// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../src/api/client';
import { paths } from '#contract/routes';
import { isOrderNotFound } from '../../../src/screens/orders/order-detail-screen.container';
import { OrderDetailScreen } from '../../../src/screens/orders/order-detail-screen';

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
