/** The console's times: in the shop's time zone and locale whatever the computer is set to, seconds when asked. */
import { describe, expect, it } from 'vitest';
import { consoleTimeFormat } from '../../../src/screens/console/shared/console-format';

describe('consoleTimeFormat', () => {
  const manila = consoleTimeFormat({ locale: 'en-PH', timezone: 'Asia/Manila' });

  it("writes a time in the shop's zone, as Activity does and the theme studio's draft and versions do too", () => {
    expect(manila('2026-11-20T09:30:15.000Z')).toBe('Nov 20, 2026, 5:30 PM');
  });

  it('adds the seconds when two versions share a minute', () => {
    expect(manila('2026-11-20T09:30:15.000Z', { seconds: true })).toBe('Nov 20, 2026, 5:30:15 PM');
  });
});
