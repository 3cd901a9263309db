// @vitest-environment jsdom
/**
 * The member card (issue 29): its codes rotate like a voucher's (the next one shows on time, even
 * before fresh codes arrive), and points given at the counter are said in a polite live region.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemberCard, earnText } from '../../../src/screens/profile/member-card';
import { RotatingCode } from '../../../src/screens/rewards/rotating-code';
import { memberCard, memberCardJustEarned } from '../../../stories/fixtures/members';

const LOCALE = 'en-PH';

afterEach(cleanup);

describe('the earn message', () => {
  it('names the points and the place, and thanks', () => {
    expect(earnText({ id: 1, points: 18, at: '2026-11-20T09:30:00Z', location_name: 'Makati' }, LOCALE)).toBe('+18 points at Makati — thank you!');
  });

  it('says one point, and leaves out a place the counter has none for', () => {
    expect(earnText({ id: 2, points: 1, at: '2026-11-20T09:30:00Z', location_name: null }, LOCALE)).toBe('+1 point — thank you!');
  });
});

describe('the rotating code', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('counts down, shows the next code on time and asks for fresh ones once', () => {
    const onStale = vi.fn();
    render(<RotatingCode codes={{ ...memberCard, seconds_left: 2 }} label="QR" onStale={onStale} />);
    expect(screen.getByText('M4XK 9TQD')).toBeTruthy();
    expect(screen.getByText('New code in 2 s')).toBeTruthy();
    act(() => vi.advanceTimersByTime(2250));
    expect(screen.getByText('P8RW 3HVN')).toBeTruthy();
    expect(screen.getByText('New code in 30 s')).toBeTruthy();
    act(() => vi.advanceTimersByTime(5000));
    expect(onStale).toHaveBeenCalledTimes(1);
  });
});

describe('the member card', () => {
  const props = { open: true, onOpenChange: () => {}, frozen: true, locale: LOCALE };

  it('says an earn that arrives while it is open in a polite live region, with the new balance', () => {
    const { rerender } = render(<MemberCard {...props} card={memberCard} />);
    const live = screen.getAllByRole('status').find((el) => el.getAttribute('aria-live') === 'polite')!;
    expect(live.textContent).toBe('');
    expect(screen.getByRole('dialog', { name: 'Member card' }).textContent).toContain('1,250 points');
    rerender(<MemberCard {...props} card={memberCardJustEarned} />);
    expect(live.textContent).toBe('+18 points at Makati — thank you!');
    expect(screen.getByRole('dialog').textContent).toContain('Your points now1,268 points');
  });

  it('offers to try again when the shop does not answer', () => {
    const onRetry = vi.fn();
    render(<MemberCard {...props} error="The server did not answer." onRetry={onRetry} />);
    act(() => screen.getByRole('button', { name: 'Try again' }).click());
    expect(onRetry).toHaveBeenCalled();
  });
});
