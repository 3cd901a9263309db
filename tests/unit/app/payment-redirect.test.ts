// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePaymentRedirect } from '../../../src/app/use-payment-redirect';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('leaving for a payment page', () => {
  it('goes to the payment page and stays busy until the browser has left', () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { result } = renderHook(() => usePaymentRedirect());
    expect(result.current.leaving).toBe(false);
    act(() => result.current.leave('https://pay.example/checkout/1'));
    expect(assign).toHaveBeenCalledWith('https://pay.example/checkout/1');
    expect(result.current.leaving).toBe(true);
  });

  it('is usable again when the browser comes back to the page it left (back button), not on a fresh show', () => {
    vi.stubGlobal('location', { ...window.location, assign: vi.fn() });
    const { result } = renderHook(() => usePaymentRedirect());
    act(() => result.current.leave('https://pay.example/checkout/1'));
    act(() => void window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: false })));
    expect(result.current.leaving).toBe(true);
    act(() => void window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })));
    expect(result.current.leaving).toBe(false);
  });
});
