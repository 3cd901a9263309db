/**
 * orderTaxes (src/contract/tax-rules.ts): added and included taxes, rounding half up once per order and per
 * rate, included parts that add up to the rounded whole, and a property run over many bases and rate sets.
 */
import { describe, expect, it } from 'vitest';
import { orderTaxes, ratePercent } from '#contract/tax-rules';

const vat = { name: 'VAT', rate: 1200 };

describe('taxes on an order', () => {
  it('adds 12 % on top, rounded half up to the minor unit', () => {
    expect(orderTaxes(10_000, { rates: [vat], inclusive: false })).toEqual({ lines: [{ ...vat, amount: 1_200 }], added: 1_200 });
    // 12 % of 12,345 is 1,481.4 → 1,481; of 12,375 it is 1,485 exactly; of 12,346 it is 1,481.52 → 1,482
    expect(orderTaxes(12_345, { rates: [vat], inclusive: false }).added).toBe(1_481);
    expect(orderTaxes(12_346, { rates: [vat], inclusive: false }).added).toBe(1_482);
    // exactly half a centavo goes up: 5 % of 10 is 0.5
    expect(orderTaxes(10, { rates: [{ name: 'T', rate: 500 }], inclusive: false }).added).toBe(1);
  });

  it('takes an included 12 % out of the price without changing the total', () => {
    // ₱112.00 holds ₱12.00 of VAT
    expect(orderTaxes(11_200, { rates: [vat], inclusive: true })).toEqual({ lines: [{ ...vat, amount: 1_200 }], added: 0 });
    // ₱379.00: 37,900 × 12 / 112 = 4,060.71… → 4,061
    expect(orderTaxes(37_900, { rates: [vat], inclusive: true }).lines[0]!.amount).toBe(4_061);
  });

  it('splits an included whole across two rates so the parts add up to it', () => {
    const rates = [
      { name: 'PB1', rate: 1000 },
      { name: 'Service', rate: 500 },
    ];
    const { lines } = orderTaxes(10_001, { rates, inclusive: true });
    // whole: 10,001 × 1,500 / 11,500 = 1,304.47… → 1,304; parts 869.65… and 434.82…: floors 869 + 434 = 1,303,
    // the one left over to the larger remainder (.82, the service tax's), not to the larger rate
    expect(lines.map((l) => l.amount)).toEqual([869, 435]);
  });

  it('charges nothing without rates, on a zero base, and keeps a 0 % rate out', () => {
    expect(orderTaxes(10_000, { rates: [], inclusive: false })).toEqual({ lines: [], added: 0 });
    expect(orderTaxes(0, { rates: [vat], inclusive: false })).toEqual({ lines: [{ ...vat, amount: 0 }], added: 0 });
    expect(orderTaxes(10_000, { rates: [{ name: 'Zero', rate: 0 }], inclusive: true })).toEqual({ lines: [], added: 0 });
  });

  it('over many bases and rate sets: included parts add to the rounded whole, added taxes are each rate rounded', () => {
    let seed = 7;
    const next = (n: number) => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) % n;
    for (let i = 0; i < 2_000; i++) {
      const base = next(5_000_000);
      const rates = Array.from({ length: 1 + next(3) }, (_, k) => ({ name: `R${k}`, rate: 1 + next(3_000) }));
      const all = rates.reduce((s, r) => s + r.rate, 0);
      const included = orderTaxes(base, { rates, inclusive: true });
      const whole = Math.round((base * all) / (10_000 + all));
      expect(Math.abs(included.lines.reduce((s, l) => s + l.amount, 0) - whole)).toBeLessThanOrEqual(0);
      for (const [k, l] of included.lines.entries()) expect(Math.abs(l.amount - (base * rates[k]!.rate) / (10_000 + all))).toBeLessThan(1);
      const added = orderTaxes(base, { rates, inclusive: false });
      expect(added.added).toBe(added.lines.reduce((s, l) => s + l.amount, 0));
      for (const [k, l] of added.lines.entries()) expect(Math.abs(l.amount - (base * rates[k]!.rate) / 10_000)).toBeLessThanOrEqual(0.5);
    }
  });

  it('says a rate in words', () => {
    expect([ratePercent(1200), ratePercent(50), ratePercent(1250)]).toEqual(['12 %', '0.5 %', '12.5 %']);
  });
});
