/** A one-time link's expiry as the console writes it: the shop's time, with the shop's zone named. */
import { describe, expect, it } from 'vitest';
import { linkExpiryFormat } from '../../../src/screens/console/shared/console-format';

describe('a link expiry', () => {
  it('is written in the shop’s time zone, and names it', () => {
    const expires = linkExpiryFormat({ locale: 'en-PH', timezone: 'Asia/Manila' })('2026-12-03T09:00:00Z');
    expect(expires).toMatch(/(Dec 3|3 Dec).*5:00/);
    expect(expires.endsWith('(Asia/Manila)')).toBe(true);
  });

  it('names UTC when the shop has no zone yet', () => {
    expect(linkExpiryFormat(undefined)('2026-12-03T09:00:00Z').endsWith('(UTC)')).toBe(true);
  });
});
