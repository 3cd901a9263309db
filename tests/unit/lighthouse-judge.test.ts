import { describe, expect, it } from 'vitest';
import { FAULT_LIMIT_US, hostFit, judge, THRESHOLDS } from '../../scripts/lib/lighthouse-judge.ts';

const passing = { scores: { performance: 98, accessibility: 100, 'best-practices': 100 }, layoutShift: 0 };
const FIT = 0.4; // a desktop maps a page in well under 1 µs
const UNFIT = 13; // this project's CI host on 2026-11-25

describe('Lighthouse judgement', () => {
  it('holds every category to its threshold on a host fit to measure', () => {
    expect(judge(passing, FIT)).toEqual({ ok: true, below: [], unjudged: [] });
    expect(judge({ ...passing, scores: { ...passing.scores, performance: THRESHOLDS.performance - 1 } }, FIT)).toEqual({
      ok: false,
      below: ['performance'],
      unjudged: [],
    });
    expect(judge({ ...passing, scores: { ...passing.scores, accessibility: 99 } }, FIT).below).toEqual(['accessibility']);
  });

  it('fails a category Lighthouse could not score', () => {
    expect(judge({ ...passing, scores: { ...passing.scores, performance: null } }, FIT).below).toEqual(['performance']);
    expect(judge({ ...passing, scores: { ...passing.scores, 'best-practices': null } }, UNFIT).below).toEqual(['best-practices']);
  });

  it('on a host with slow page faults, keeps a low performance score without judging it, and judges the layout shift', () => {
    const slow = { ...passing, scores: { ...passing.scores, performance: 80 } };
    expect(judge(slow, UNFIT)).toEqual({ ok: true, below: [], unjudged: ['performance'] });
    expect(judge({ ...slow, scores: { ...slow.scores, performance: null } }, UNFIT).unjudged).toEqual(['performance']);
    expect(judge({ ...slow, layoutShift: 0.25 }, UNFIT)).toEqual({ ok: false, below: ['cumulative-layout-shift'], unjudged: ['performance'] });
    expect(judge({ ...slow, layoutShift: null }, UNFIT).ok).toBe(false);
  });

  it('passes a performance score that meets its threshold on that host too, since the host only lowers it', () => {
    expect(judge(passing, UNFIT)).toEqual({ ok: true, below: [], unjudged: [] });
    expect(judge({ ...passing, scores: { ...passing.scores, performance: THRESHOLDS.performance } }, UNFIT).unjudged).toEqual([]);
    expect(judge({ ...passing, scores: { ...passing.scores, performance: THRESHOLDS.performance - 1 } }, UNFIT).unjudged).toEqual(['performance']);
    expect(judge({ ...passing, layoutShift: 0.2 }, UNFIT)).toEqual({ ok: false, below: ['cumulative-layout-shift'], unjudged: [] });
  });

  it('still judges accessibility and best practices on that host', () => {
    const r = judge({ ...passing, scores: { performance: 70, accessibility: 96, 'best-practices': 90 } }, UNFIT);
    expect(r).toEqual({ ok: false, below: ['accessibility', 'best-practices'], unjudged: ['performance'] });
  });

  it('calls a host fit only when its page fault cost was measured and is within the limit', () => {
    expect(hostFit(FAULT_LIMIT_US)).toBe(true);
    expect(hostFit(FAULT_LIMIT_US + 0.01)).toBe(false);
    expect(hostFit(Number.NaN)).toBe(false);
  });
});
