import { describe, expect, it } from 'vitest';
import { rewardWords, voucherWords } from '../../src/contract/reward-words';
import { referralRewardWords } from '../../src/screens/profile/referral-words';

describe('a voucher named in a sentence', () => {
  it('puts a thing before "voucher", with a or an', () => {
    expect(voucherWords('Free latte')).toBe('a Free latte voucher');
    expect(voucherWords('Iced latte')).toBe('an Iced latte voucher');
    expect(voucherWords('Free latte', { start: true })).toBe('A Free latte voucher');
    expect(voucherWords('Free latte', { count: 2 })).toBe('2 Free latte vouchers');
  });

  it('puts a discount after "voucher for", never "a ₱50 off your order voucher"', () => {
    expect(voucherWords('₱50 off your order')).toBe('a voucher for ₱50 off your order');
    expect(voucherWords('₱50 off your order', { start: true })).toBe('A voucher for ₱50 off your order');
    expect(voucherWords('10% off', { count: 3 })).toBe('3 vouchers for 10% off');
    expect(voucherWords('Half off any pastry')).toBe('a voucher for Half off any pastry');
  });

  it('names a reward given the same way (a referral: "you both get …")', () => {
    expect(rewardWords('Free Iced Latte')).toBe('a Free Iced Latte');
    expect(rewardWords('Iced latte')).toBe('an Iced latte');
    expect(rewardWords('₱50 off your order')).toBe('a voucher for ₱50 off your order');
    expect(referralRewardWords({ kind: 'reward', title: '₱50 off your order', points: null })).toBe('a voucher for ₱50 off your order');
  });
});
