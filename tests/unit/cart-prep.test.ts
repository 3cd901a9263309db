import { describe, expect, it } from 'vitest';
import type { OpeningPeriod, WeeklyHours } from '#contract/locations';
import { cartPrep, pickupSlots } from '../../server/provider/locations/hours';

/**
 * The slot rule of issue 54 (server/provider/locations/hours.ts cartPrep with pickupSlots): a cart's first
 * pickup slot is now plus the longest of the location's preparation time and its products' own, rounded
 * up to the slot grid on the location's wall clock.
 */

const every = (periods: OpeningPeriod[]): WeeklyHours => ({ mon: periods, tue: periods, wed: periods, thu: periods, fri: periods, sat: periods, sun: periods });
const product = (id: number, prep_minutes: number | null) => ({ id, name: `Product ${id}`, prep_minutes });

describe('a cart’s preparation time', () => {
  it('is the location’s when no product has its own', () => {
    expect(cartPrep(10, [product(1, null), product(2, null)])).toEqual({ minutes: 10, product: null });
    expect(cartPrep(10, [])).toEqual({ minutes: 10, product: null });
  });

  it('is the longest product’s when that is longer than the location’s, naming it', () => {
    expect(cartPrep(10, [product(1, 5), product(2, 40), product(3, 20), product(4, null)])).toEqual({ minutes: 40, product: { id: 2, name: 'Product 2' } });
  });

  it('never shorter than the location’s: a quick product does not bring the first slot forward', () => {
    expect(cartPrep(15, [product(1, 0), product(2, 5)])).toEqual({ minutes: 15, product: null });
    // a tie with the location's: the location's time counts, no product named
    expect(cartPrep(15, [product(1, 15)])).toEqual({ minutes: 15, product: null });
  });
});

describe('the first pickup slot of a cart, on the location’s wall clock', () => {
  // Kolkata is UTC+05:30: its whole hours are half past in UTC, so a grid on UTC would be wrong
  const kolkata = { timezone: 'Asia/Kolkata', hours: every([{ open: '07:00', close: '22:00' }]), exceptions: [], slot_minutes: 60 };
  // 10:05 in Kolkata
  const now = new Date('2026-11-25T04:35:00Z');
  const first = (prep: number) => pickupSlots({ ...kolkata, prep_minutes: prep }, now)[0]!.slots[0]!.toISOString();

  it('the location’s 10 minutes: 10:15 rounds up to 11:00', () => {
    expect(first(cartPrep(10, [product(1, null)]).minutes)).toBe('2026-11-25T05:30:00.000Z');
  });

  it('a 60-minute product: 11:05 rounds up to 12:00, not the location’s 11:00', () => {
    expect(first(cartPrep(10, [product(1, 60), product(2, 5)]).minutes)).toBe('2026-11-25T06:30:00.000Z');
  });

  it('on a 15-minute grid a 20-minute product starts at 10:30, the location’s 10 minutes at 10:15', () => {
    const quarter = { ...kolkata, slot_minutes: 15 };
    const at = (prep: number) => pickupSlots({ ...quarter, prep_minutes: prep }, now)[0]!.slots[0]!.toISOString();
    expect(at(cartPrep(10, []).minutes)).toBe('2026-11-25T04:45:00.000Z');
    expect(at(cartPrep(10, [product(1, 20)]).minutes)).toBe('2026-11-25T05:00:00.000Z');
  });

  it('a product that takes longer than is left of the day moves the first slot to tomorrow', () => {
    // 21:00 in Kolkata, closing at 22:00: a 90-minute product is first ready at tomorrow's opening
    const late = new Date('2026-11-25T15:30:00Z');
    const days = pickupSlots({ ...kolkata, prep_minutes: cartPrep(10, [product(1, 90)]).minutes }, late);
    expect(days[0]!.slots).toEqual([]);
    expect(days[1]!.slots[0]!.toISOString()).toBe('2026-11-26T01:30:00.000Z');
  });
});
