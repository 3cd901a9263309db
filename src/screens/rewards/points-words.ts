import { plural } from '@lingui/core/macro';
import { formatPoints } from '../../ui';

/** "point" or "points", the unit the Points primitive shows after a number (its `unit`). */
export function pointsUnit(value: number): string {
  const points = Math.abs(value);
  return plural(points, { one: 'point', other: 'points' });
}

/** "150 points", "1 point": the Points primitive's wording, as plain text. */
export function pointsText(value: number, locale: string): string {
  const count = formatPoints(value, locale);
  const points = Math.abs(value);
  return plural(points, { one: `${count} point`, other: `${count} points` });
}
