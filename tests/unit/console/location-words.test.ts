import { describe, expect, it } from 'vitest';
import { readPastedArea } from '../../../src/screens/console/locations/location-geojson';
import { clockWords, pausedWords, periodHint, stateWords } from '../../../src/screens/console/shared/location-words';
import { clockTime } from '../../../src/ui/lib/dates';

// Friday 20 Nov 2026, 10:30 in Manila (UTC+8)
const NOW = '2026-11-20T02:30:00.000Z';
const manila = { effective_timezone: 'Asia/Manila', closes_at: null, next_open_at: null, paused_until: null };

describe("a location's state in words", () => {
  it("says until when it is open, in its own zone, on the shop's clock as the app writes it", () => {
    expect(stateWords({ ...manila, state: 'open', closes_at: '2026-11-20T11:00:00.000Z' }, NOW, 'en-PH')).toBe(
      `Open until ${clockTime('2026-11-20T11:00:00.000Z', 'en-PH', 'Asia/Manila')}`,
    );
    expect(stateWords({ ...manila, state: 'open', closes_at: '2026-11-20T11:00:00.000Z' }, NOW, 'en-PH')).toMatch(/^Open until 7:00\sPM$/);
    expect(stateWords({ ...manila, state: 'open', closes_at: '2026-11-20T11:00:00.000Z' }, NOW, 'en-GB')).toBe('Open until 19:00');
    // the same instant in another location's zone
    expect(stateWords({ ...manila, effective_timezone: 'Asia/Jakarta', state: 'open', closes_at: '2026-11-20T11:00:00.000Z' }, NOW, 'en-PH')).toMatch(
      /^Open until 6:00\sPM$/,
    );
  });

  it('names the day when it opens on another day', () => {
    expect(stateWords({ ...manila, state: 'closed', next_open_at: '2026-11-22T23:00:00.000Z' }, NOW, 'en-GB')).toBe('Closed — opens Mon 07:00');
    expect(stateWords({ ...manila, state: 'closed', next_open_at: '2026-11-20T09:00:00.000Z' }, NOW, 'en-GB')).toBe('Closed — opens 17:00');
    expect(stateWords({ ...manila, state: 'closed' }, NOW, 'en-GB')).toBe('Closed — no opening hours in the next two weeks');
  });

  it('says until when it is paused, or that someone has to resume', () => {
    expect(stateWords({ ...manila, state: 'paused', paused_until: '2026-11-20T06:30:00.000Z' }, NOW, 'en-PH')).toMatch(/^Paused until 2:30\sPM$/);
    expect(stateWords({ ...manila, state: 'paused' }, NOW, 'en-PH')).toBe('Paused until you resume');
    expect(pausedWords({ ...manila, paused_until: '2026-11-20T06:30:00.000Z' }, NOW, 'en-PH')).toMatch(/^Online orders paused until 2:30\sPM$/);
    expect(pausedWords(manila, NOW, 'en-PH')).toBe('Online orders paused until you resume');
  });

  it('takes the day from the zone, not from UTC', () => {
    // 23:30 UTC on the 20th is already Saturday 07:30 in Manila
    expect(clockWords('2026-11-20T23:30:00.000Z', NOW, { locale: 'en-GB', timeZone: 'Asia/Manila' })).toBe('Sat 07:30');
    expect(clockWords('2026-11-20T15:30:00.000Z', NOW, { locale: 'en-GB', timeZone: 'UTC' })).toBe('15:30');
  });

  it('says a period runs past midnight, or all day and night', () => {
    expect(periodHint('18:00', '02:00', 'en-GB')).toBe('Runs past midnight: closes at 02:00 the next day.');
    expect(periodHint('18:00', '02:00', 'en-PH')).toBe('Runs past midnight: closes at 2:00 AM the next day.');
    expect(periodHint('00:00', '00:00', 'en-PH')).toBe('Open all day and night.');
    expect(periodHint('07:00', '19:00', 'en-PH')).toBeUndefined();
    expect(periodHint('', '19:00', 'en-PH')).toBeUndefined();
  });
});

const ring = [
  [121.01, 14.55],
  [121.03, 14.55],
  [121.03, 14.57],
  [121.01, 14.57],
  [121.01, 14.55],
];
const polygon = { type: 'Polygon', coordinates: [ring] };

describe('a delivery area pasted as GeoJSON', () => {
  it('takes a Polygon, a Feature with one, or a FeatureCollection whose first feature is one, and counts its corners', () => {
    for (const pasted of [
      polygon,
      { type: 'Feature', properties: {}, geometry: polygon },
      { type: 'FeatureCollection', features: [{ type: 'Feature', geometry: polygon }] },
    ]) {
      expect(readPastedArea(JSON.stringify(pasted))).toEqual({ polygon, corners: 4 });
    }
  });

  it('says what is wrong with anything else', () => {
    const problem = (v: unknown) => {
      const read = readPastedArea(typeof v === 'string' ? v : JSON.stringify(v));
      return 'problem' in read ? read.problem : null;
    };
    expect(problem('')).toMatch(/^Paste the area/);
    expect(problem('{"type": "Polygon", ')).toMatch(/^This is not GeoJSON: it could not be read/);
    expect(problem({ coordinates: [] })).toMatch(/has no "type"/);
    expect(problem({ type: 'Point', coordinates: [121, 14] })).toBe('This is a Point, not a Polygon: draw the area as one closed shape.');
    expect(problem({ type: 'Feature', geometry: { type: 'LineString', coordinates: [] } })).toMatch(/^This is a LineString/);
    expect(problem({ type: 'MultiPolygon', coordinates: [[ring]] })).toMatch(/MultiPolygon \(several shapes\)/);
    expect(problem({ type: 'FeatureCollection', features: [] })).toMatch(/no features/);
    expect(problem({ type: 'Feature', geometry: null })).toMatch(/no geometry/);
    expect(problem({ type: 'Polygon', coordinates: [ring.slice(0, 4)] })).toBe('This polygon cannot be used: a ring must end where it starts.');
    expect(problem({ type: 'Polygon', coordinates: [[[14.55, 121.01], ...ring.slice(1, 4), [14.55, 121.01]]] })).toMatch(
      /a corner must be between -90 and 90 \(each is \[longitude, latitude\]\)/,
    );
  });
});
