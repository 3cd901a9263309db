// @vitest-environment jsdom
import { createElement, type ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePaymentRedirect } from '../../../src/app/use-payment-redirect';

const wrapper = ({ children }: { children: ReactNode }) => createElement(MemoryRouter, { initialEntries: ['/order-confirmation'] }, children);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('leaving for a payment page', () => {
  it('goes to the payment page and stays busy until the browser has left', () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { result } = renderHook(() => usePaymentRedirect(), { wrapper });
    expect(result.current.leaving).toBe(false);
    act(() => result.current.leave('https://pay.example/checkout/1'));
    expect(assign).toHaveBeenCalledWith('https://pay.example/checkout/1');
    expect(result.current.leaving).toBe(true);
  });

  it('is usable again when the browser comes back to the page it left (back button), not on a fresh show', () => {
    vi.stubGlobal('location', { ...window.location, assign: vi.fn() });
    const { result } = renderHook(() => usePaymentRedirect(), { wrapper });
    act(() => result.current.leave('https://pay.example/checkout/1'));
    act(() => void window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: false })));
    expect(result.current.leaving).toBe(true);
    act(() => void window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })));
    expect(result.current.leaving).toBe(false);
  });

  it('comes back to the page it names instead of the one it left (an order placed: its checkout is empty now)', () => {
    vi.stubGlobal('location', { ...window.location, assign: vi.fn() });
    const { result } = renderHook(() => ({ redirect: usePaymentRedirect(), path: useLocation().pathname }), { wrapper });
    act(() => result.current.redirect.leave('https://pay.example/checkout/1', '/order/KS-1'));
    expect(result.current.path).toBe('/order-confirmation');
    act(() => void window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })));
    expect(result.current.path).toBe('/order/KS-1');
  });
});
