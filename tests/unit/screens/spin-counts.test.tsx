// @vitest-environment jsdom
/**
 * The spin's counts give nothing away before the wheel lands (a walk-through found the points showing the
 * prize while the wheel still turned): while `spinning`, the screen keeps the spins and points it showed
 * when the wheel began, whatever the answer and the config read again after it say; once the wheel
 * rests, it shows the new ones with the prize.
 */
import { cleanup, render, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SpinScreen } from '../../../src/screens/spin/spin-screen';
import { spinWonPoints, wheelConfig } from '../../../stories/fixtures/wheel-config';

afterEach(cleanup);

function counts(container: HTMLElement) {
  const list = within(container).getByRole('heading', { name: 'Your spins', hidden: true }).parentElement!.querySelector('dl')!;
  return Array.from(list.querySelectorAll('dd'), (dd) => dd.textContent?.trim());
}

describe('the spin screen while the wheel turns', () => {
  it('keeps the counts it showed when the wheel began until the wheel rests', () => {
    const props = { config: wheelConfig, locale: 'en-PH', durationMs: 0 };
    const at = (extra: Partial<Parameters<typeof SpinScreen>[0]>) => <SpinScreen {...props} {...extra} />;
    const { container, rerender } = render(at({}));
    const before = counts(container);
    expect(before).toEqual([String(wheelConfig.free_spins_left), String(wheelConfig.spins_left), '1,250']);

    // the answer came, and the config was read again with the new counts: the wheel still turns
    const after = { ...wheelConfig, points: spinWonPoints.points, spins_left: spinWonPoints.spins_left, free_spins_left: spinWonPoints.free_spins_left };
    rerender(at({ spinning: true }));
    rerender(at({ spinning: true, result: spinWonPoints, config: after }));
    expect(counts(container)).toEqual(before);
    expect(container.textContent).not.toContain('You won');

    // the wheel rests: the prize and the new counts together
    rerender(at({ spinning: false, result: spinWonPoints, config: after }));
    expect(counts(container)).toEqual([String(spinWonPoints.free_spins_left), String(spinWonPoints.spins_left), '1,300']);
    expect(container.textContent).toContain('You won');
  });
});
