import { describe, expect, it } from 'vitest';
import { workingLocationOf } from '../../../src/console/working-location';

const two = [{ id: 1 }, { id: 2 }];

describe('the location a console device works at', () => {
  it('keeps the remembered location while the member still sees it', () => {
    expect(workingLocationOf(2, two, false)).toBe(2);
    expect(workingLocationOf(2, two, true)).toBe(2);
  });

  it('gives owners every location, and staff their first, when nothing valid is remembered', () => {
    expect(workingLocationOf('all', two, true)).toBeNull();
    expect(workingLocationOf(null, two, true)).toBeNull();
    // a staff member cannot choose them all, nor a location they no longer work at
    expect(workingLocationOf('all', two, false)).toBe(1);
    expect(workingLocationOf(9, two, false)).toBe(1);
    expect(workingLocationOf(9, two, true)).toBeNull();
  });

  it('needs no choice with one location, and uses the remembered one before the list loads', () => {
    expect(workingLocationOf(2, [{ id: 2 }], false)).toBeNull();
    expect(workingLocationOf(2, undefined, false)).toBe(2);
    expect(workingLocationOf('all', undefined, true)).toBeNull();
  });
});
