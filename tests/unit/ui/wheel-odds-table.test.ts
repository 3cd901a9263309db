import { describe, expect, it } from 'vitest';
import { oddsByPrize } from '../../../src/ui/wheel/wheel';
import { slices } from '../../../src/ui/wheel/geometry';

describe('the wheel’s odds table', () => {
  it('shows each prize once, its slices added together, in the order the wheel first shows them', () => {
    const parts = slices([
      { id: 1, label: '5 pts', probability: 0.2 },
      { id: 2, label: '25 pts', probability: 0.08 },
      { id: 3, label: '5 pts', probability: 0.2 },
      { id: 4, label: 'Free croissant', probability: 0.03 },
      { id: 5, label: '5 pts', probability: 0.2 },
      { id: 6, label: 'Try again', probability: 0.29 },
    ]);
    const rows = oddsByPrize(parts);
    expect(rows.map((r) => [r.label, r.slices])).toEqual([
      ['5 pts', 3],
      ['25 pts', 1],
      ['Free croissant', 1],
      ['Try again', 1],
    ]);
    expect(rows[0]!.share).toBeCloseTo(0.6);
    expect(rows.reduce((sum, r) => sum + r.share, 0)).toBeCloseTo(1);
  });
});
