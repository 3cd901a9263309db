import { describe, expect, it } from 'vitest';
import { canUndo, jobOfScan, pointsFor, spendingCode } from '../../../src/screens/console/counter/counter-jobs';

describe('the counter’s two jobs', () => {
  it('sends a scanned member card to Give points and a voucher to Redeem, whichever is chosen', () => {
    expect(jobOfScan('LM1.kopi-senja.41.59012345.Q4M2ZK7XH8D3N6PA')).toBe('earn');
    expect(jobOfScan('LV1.kopi-senja.31.59012345.Q4M2ZK7XH8D3N6PA')).toBe('redeem');
    expect(jobOfScan(' lv1.kopi-senja.31.59012345.x ')).toBe('redeem');
    // a wallet card's fixed code finds the member too
    expect(jobOfScan('LP1.kopi-senja.41.Q4M2ZK7XH8D3N6PA')).toBe('earn');
  });

  it('spends with the rotating code a customer was found by, never with a phone number or a wallet card', () => {
    expect(spendingCode({ code: 'LM1.kopi-senja.41.59012345.Q4M2ZK7XH8D3N6PA' })).toBe('LM1.kopi-senja.41.59012345.Q4M2ZK7XH8D3N6PA');
    expect(spendingCode({ code: 'K7QM 2XHD' })).toBe('K7QM 2XHD');
    expect(spendingCode({ code: ' lp1.kopi-senja.41.Q4M2ZK7XH8D3N6PA' })).toBeNull();
    expect(spendingCode({ phone: '0917 555 0101' })).toBeNull();
  });

  it('leaves anything else to the job on screen', () => {
    expect(jobOfScan('K7QM2XHD')).toBeNull();
    expect(jobOfScan('https://example.com/LM1.')).toBeNull();
    expect(jobOfScan('')).toBeNull();
  });
});

describe('the points a sale earns', () => {
  it('is one point per points_per_amount minor units, rounded down', () => {
    expect(pointsFor(18_000, 1_000)).toBe(18);
    expect(pointsFor(18_999, 1_000)).toBe(18);
    expect(pointsFor(999, 1_000)).toBe(0);
  });

  it('is none without a rate or an amount', () => {
    expect(pointsFor(18_000, 0)).toBe(0);
    expect(pointsFor(0, 1_000)).toBe(0);
    expect(pointsFor(Number.NaN, 1_000)).toBe(0);
  });
});

describe('who may undo at the counter', () => {
  const given = { undone_at: null, undo_until: '2026-11-20T02:31:30.000Z' };
  const before = Date.parse('2026-11-20T02:31:00.000Z');
  const after = Date.parse('2026-11-20T02:32:00.000Z');

  it('lets staff undo within the 2 minutes and an owner at any time', () => {
    expect(canUndo(given, 'staff', before)).toBe(true);
    expect(canUndo(given, 'staff', after)).toBe(false);
    expect(canUndo(given, 'owner', after)).toBe(true);
  });

  it('never undoes twice', () => {
    expect(canUndo({ ...given, undone_at: '2026-11-20T02:30:00.000Z' }, 'owner', before)).toBe(false);
  });
});
