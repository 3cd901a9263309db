/**
 * A walk-through found ₱100.555 refused with "Enter an amount between ₱100.00 and ₱50,000.00", which it is:
 * the third decimal was the problem, and the words did not say so.
 */
import { describe, expect, it } from 'vitest';
import { decimalsProblem, parseAmount } from '../../src/screens/wallet/amounts';

describe('an amount typed for the wallet', () => {
  it('says when it has more decimals than the currency', () => {
    expect(parseAmount('100.555', 'PHP', 'en-PH')).toBeNull();
    expect(decimalsProblem('100.555', 'PHP', 'en-PH')).toBe('Use at most 2 digits after the decimal point.');
    expect(decimalsProblem('1,000.505', 'PHP', 'en-PH')).toBe('Use at most 2 digits after the decimal point.');
    expect(decimalsProblem('.125', 'PHP', 'en-PH')).toBe('Use at most 2 digits after the decimal point.');
    expect(decimalsProblem('500.5', 'JPY', 'ja-JP')).toBe('Enter a whole amount, without decimals.');
    expect(decimalsProblem('500.123', 'BHD', 'en-BH')).toBeNull();
    expect(decimalsProblem('500.1234', 'BHD', 'en-BH')).toBe('Use at most 3 digits after the decimal point.');
  });

  it('leaves every other refusal to the range words: amounts, and text that is no number', () => {
    for (const text of ['100', '100.5', '100.55', '', 'abc', '1e3', '-5', '100.5.5']) expect(decimalsProblem(text, 'PHP', 'en-PH'), text).toBeNull();
  });
});
