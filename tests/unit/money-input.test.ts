/** The owner's amounts as typed in the console's forms (prices, discounts): parseMoney and moneyInput. */
import { describe, expect, it } from 'vitest';
import { moneyInput, moneyProblem, parseMoney } from '#contract/money';

describe('parseMoney', () => {
  it('understands an amount as people write it, with or without the currency', () => {
    for (const [text, minor] of [
      ['65', 6500],
      ['65.5', 6550],
      ['65.50', 6550],
      ['1,234.50', 123450],
      [' ₱65.50 ', 6550],
      ['₱ 65.50', 6550],
      ['PHP 65', 6500],
      ['65 php', 6500],
    ] as const)
      expect(parseMoney(text, 'PHP', 'en-PH'), text).toBe(minor);
  });

  it('refuses what is not an amount of this currency', () => {
    for (const text of ['', 'about 170', '65.505', '-65', '1e3', '$65', '65.50.1', '₱', '₱₱65']) expect(parseMoney(text, 'PHP', 'en-PH'), text).toBeNull();
  });

  it('reads a comma as thousands only where it groups three digits: "1,80" is not ₱180.00 (issue 46)', () => {
    for (const text of ['1,80', '1,8', '12,34', '1,2345', ',100', '1,000,00']) expect(parseMoney(text, 'PHP', 'en-PH'), text).toBeNull();
    expect(parseMoney('1,000,000', 'PHP', 'en-PH')).toBe(100_000_000);
    expect(parseMoney('12,345.60', 'PHP', 'en-PH')).toBe(1_234_560);
  });
});

describe('moneyProblem', () => {
  it('says why an amount cannot be read, in the words the forms show', () => {
    expect(moneyProblem('65.50', 'PHP', 'en-PH', 3550)).toBeNull();
    expect(moneyProblem('-20', 'PHP', 'en-PH', 3550)).toBe("can't be negative");
    expect(moneyProblem('1,80', 'PHP', 'en-PH', 3550)).toBe('must use a dot before the cents, such as 1.80');
    expect(moneyProblem('about 170', 'PHP', 'en-PH', 3550)).toBe('must be an amount such as 35.50');
    expect(moneyProblem('Rp 1,5', 'IDR', 'id-ID', 45000)).toBe('must be an amount such as 45000');
  });

  it('takes no decimals for a currency without minor units', () => {
    expect(parseMoney('Rp 45000', 'IDR', 'id-ID')).toBe(45000);
    expect(parseMoney('45000.50', 'IDR', 'id-ID')).toBeNull();
  });

  it('gives back what it reads: moneyInput and parseMoney agree', () => {
    for (const minor of [0, 5, 6550, 100_000_000]) expect(parseMoney(moneyInput(minor, 'PHP', 'en-PH'), 'PHP', 'en-PH')).toBe(minor);
  });
});
