// @vitest-environment jsdom
/** A page shows once all of its parts have answered, or after SETTLE_AT_MOST_MS without the slow one (src/api/settled.ts). */
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allSettled, SETTLE_AT_MOST_MS, useAllSettled } from '../../../src/api/settled';

type Read = { data?: unknown; error?: unknown };

function Page({ reads }: { reads: Read[] }) {
  return <p>{useAllSettled(reads) ? 'shown' : 'waiting'}</p>;
}

describe('allSettled', () => {
  it('is true once every read has data or an error', () => {
    expect(allSettled({ data: 1 }, { error: new Error('x') })).toBe(true);
    expect(allSettled({ data: 1 }, {})).toBe(false);
    expect(allSettled({ data: null }, { data: 0 })).toBe(true);
    expect(allSettled()).toBe(true);
  });
});

describe('useAllSettled', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('waits for every part, then shows at once', () => {
    const { rerender } = render(<Page reads={[{ data: 1 }, {}]} />);
    expect(screen.getByText('waiting')).toBeTruthy();
    rerender(<Page reads={[{ data: 1 }, { data: 2 }]} />);
    expect(screen.getByText('shown')).toBeTruthy();
  });

  it('does not let a part that never answers hold the page', () => {
    render(<Page reads={[{ data: 1 }, {}]} />);
    act(() => void vi.advanceTimersByTime(SETTLE_AT_MOST_MS - 1));
    expect(screen.getByText('waiting')).toBeTruthy();
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.getByText('shown')).toBeTruthy();
  });
});
