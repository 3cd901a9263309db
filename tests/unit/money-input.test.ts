/** The owner's amounts as typed in the console's forms (prices, discounts): parseMoney and moneyInput. */
import { describe, expect, it } from 'vitest';
import { moneyInput, parseMoney } from '#contract/money';

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

  it('takes no decimals for a currency without minor units', () => {
    expect(parseMoney('Rp 45000', 'IDR', 'id-ID')).toBe(45000);
    expect(parseMoney('45000.50', 'IDR', 'id-ID')).toBeNull();
  });

  it('gives back what it reads: moneyInput and parseMoney agree', () => {
    for (const minor of [0, 5, 6550, 100_000_000]) expect(parseMoney(moneyInput(minor, 'PHP', 'en-PH'), 'PHP', 'en-PH')).toBe(minor);
  });
});
