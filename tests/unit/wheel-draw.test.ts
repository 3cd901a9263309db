// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { publishedOdds } from '#contract/wheel-odds';
import { drawSegment } from '../../server/provider/wheel/draw';
import { SEED_SEGMENTS } from '../../server/db/seed/rewards';

const SEGMENTS = SEED_SEGMENTS.map((s, i) => ({ id: i + 1, weight: s.weight }));

/** ln Γ(x), Lanczos approximation (g = 7, n = 9): accurate to ~1e-15 for x > 0. */
function lnGamma(x: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012,
    9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - lnGamma(1 - x);
  x -= 1;
  let a = c[0]!;
  const t = x + 7.5;
  for (let i = 1; i < 9; i++) a += c[i]! / (x + i);
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(a);
}

/** Upper regularised incomplete gamma Q(a, x): series below a + 1, continued fraction above. */
function gammaQ(a: number, x: number): number {
  if (x <= 0) return 1;
  const front = Math.exp(-x + a * Math.log(x) - lnGamma(a));
  if (x < a + 1) {
    let sum = 1 / a;
    let term = sum;
    for (let n = 1; n < 1000 && Math.abs(term) > Math.abs(sum) * 1e-15; n++) {
      term *= x / (a + n);
      sum += term;
    }
    return 1 - sum * front;
  }
  // Lentz's method for the continued fraction
  let b = x + 1 - a;
  let c = 1 / 1e-300;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 1000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < 1e-300) d = 1e-300;
    c = b + an / c;
    if (Math.abs(c) < 1e-300) c = 1e-300;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-15) break;
  }
  return front * h;
}

/** P(X >= x) for X ~ chi-square with df degrees of freedom. */
const chiSquareSurvival = (x: number, df: number) => gammaQ(df / 2, x / 2);

/** The value a chi-square statistic exceeds with probability p (bisection on the survival function). */
function chiSquareCritical(p: number, df: number): number {
  let lo = 0;
  let hi = 1000;
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (chiSquareSurvival(mid, df) > p) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

describe('drawSegment', () => {
  it('maps every random value to the segment whose cumulative weight covers it', () => {
    const segs = [
      { id: 10, weight: 2 },
      { id: 20, weight: 1 },
      { id: 30, weight: 3 },
    ];
    const picks = [0, 1, 2, 3, 4, 5].map((r) => drawSegment(segs, () => r));
    expect(picks).toEqual([10, 10, 20, 30, 30, 30]);
  });

  it('asks the random source for a value below the total weight', () => {
    let asked = 0;
    drawSegment(SEGMENTS, (max) => ((asked = max), 0));
    expect(asked).toBe(100);
  });

  it('refuses an empty wheel, a zero or fractional weight, and an out-of-range random value', () => {
    expect(() => drawSegment([])).toThrow();
    expect(() => drawSegment([{ id: 1, weight: 0 }])).toThrow();
    expect(() => drawSegment([{ id: 1, weight: 1.5 }])).toThrow();
    expect(() => drawSegment([{ id: 1, weight: 3 }], () => 3)).toThrow();
  });

  it('always returns one of the segments (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 30 }), (weights) => {
        const segs = weights.map((weight, i) => ({ id: i + 1, weight }));
        const id = drawSegment(segs);
        expect(id).toBeGreaterThanOrEqual(1);
        expect(id).toBeLessThanOrEqual(segs.length);
      }),
    );
  });
});

describe('publishedOdds', () => {
  it('discloses weight/total to 4 decimals, adding up to 1', () => {
    const odds = publishedOdds(SEGMENTS);
    expect(odds.map((o) => o.probability)).toEqual([0.2, 0.08, 0.2, 0.03, 0.2, 0.15, 0.12, 0.02]);
    expect(odds.reduce((s, o) => s + o.probability, 0)).toBeCloseTo(1, 10);
  });

  it('adds up to 1 within rounding and stays within 0.0001 of the true odds for any weights (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 100_000 }), { minLength: 1, maxLength: 40 }), (weights) => {
        const segs = weights.map((weight, i) => ({ id: i, weight }));
        const total = weights.reduce((a, b) => a + b, 0);
        const odds = publishedOdds(segs);
        expect(Math.abs(odds.reduce((s, o) => s + o.probability, 0) - 1)).toBeLessThan(1e-9);
        for (const o of odds) {
          expect(Math.abs(o.probability - o.weight / total)).toBeLessThanOrEqual(0.0001 + 1e-12);
          expect(Number(o.probability.toFixed(4))).toBe(o.probability);
        }
      }),
    );
  });
});

describe('the draw with the real crypto RNG', () => {
  it('computes the chi-square critical value (df = 7, p = 0.001 is 24.32)', () => {
    expect(chiSquareCritical(0.001, 7)).toBeCloseTo(24.322, 2);
    expect(chiSquareCritical(0.05, 1)).toBeCloseTo(3.841, 2);
  });

  it('matches the published odds over 100,000 draws (chi-square goodness of fit, p > 0.001)', () => {
    const N = 100_000;
    const odds = publishedOdds(SEGMENTS);
    const counts = new Map<number, number>(SEGMENTS.map((s) => [s.id, 0]));
    for (let i = 0; i < N; i++) {
      const id = drawSegment(SEGMENTS);
      counts.set(id, counts.get(id)! + 1);
    }
    let chi2 = 0;
    for (const o of odds) {
      const expected = o.probability * N;
      chi2 += (counts.get(o.id)! - expected) ** 2 / expected;
    }
    const df = odds.length - 1;
    const critical = chiSquareCritical(0.001, df);
    const p = chiSquareSurvival(chi2, df);
    console.info(`wheel chi-square: ${chi2.toFixed(3)} (df ${df}, critical ${critical.toFixed(2)} at p = 0.001, p-value ${p.toFixed(4)})`);
    expect(chi2).toBeLessThan(critical);
    expect(p).toBeGreaterThan(0.001);
  });
});

describe('randomness on the server', () => {
  it('never uses Math.random in server/', () => {
    const root = join(__dirname, '../../server');
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.(ts|js|mjs|cjs)$/.test(name) && /Math\s*\.\s*random/.test(readFileSync(path, 'utf8'))) offenders.push(path);
      }
    };
    walk(root);
    expect(offenders).toEqual([]);
  });
});
