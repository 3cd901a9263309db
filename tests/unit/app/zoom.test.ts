// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installZoomReset } from '../../../src/app/zoom';

describe('zoom reset on phones', () => {
  let uninstall: () => void;
  beforeEach(() => {
    vi.useFakeTimers();
    document.head.innerHTML = '<meta name="viewport" content="width=device-width, initial-scale=1">';
    document.body.innerHTML = '<input aria-label="Phone"><button>Go</button>';
  });
  afterEach(() => {
    uninstall();
    vi.useRealTimers();
  });
  const meta = () => document.querySelector('meta[name="viewport"]')!.getAttribute('content');

  it('locks zoom at 1.0 on focus and frees it 100 ms after blur', () => {
    uninstall = installZoomReset(document, () => true);
    document.querySelector('input')!.focus();
    expect(meta()).toContain('maximum-scale=1');
    document.querySelector('input')!.blur();
    vi.advanceTimersByTime(99);
    expect(meta()).toContain('maximum-scale=1');
    vi.advanceTimersByTime(1);
    expect(meta()).toBe('width=device-width, initial-scale=1');
  });

  it('does nothing on desktops', () => {
    uninstall = installZoomReset(document, () => false);
    document.querySelector('input')!.focus();
    expect(meta()).toBe('width=device-width, initial-scale=1');
  });
});
