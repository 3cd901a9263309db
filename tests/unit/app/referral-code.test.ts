// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetReferralCode, withReferralCode } from '../../../src/app/auth/referral-code';
import { keepReferralCode } from '../../../src/app/auth/referral-link';

describe('the referral code a friend signs up with (issue 30)', () => {
  beforeEach(() => sessionStorage.clear());

  it('keeps the link’s code, upper case, for the steps after (a reload reads it back)', () => {
    expect(keepReferralCode('?ref=ana7k2q9')).toBe('ANA7K2Q9');
    expect(withReferralCode()).toEqual({ referral_code: 'ANA7K2Q9' });
    // the next page of the flow has no ?ref: the kept code stays
    expect(keepReferralCode('')).toBe('ANA7K2Q9');
    expect(withReferralCode()).toEqual({ referral_code: 'ANA7K2Q9' });
  });

  it('replaces a kept code with a newer link’s, and ignores what is not a code', () => {
    keepReferralCode('?ref=ANA7K2Q9');
    expect(keepReferralCode('?ref=BEN12345')).toBe('BEN12345');
    expect(keepReferralCode('?ref=no!')).toBe('BEN12345');
    expect(keepReferralCode('?ref=ABC')).toBe('BEN12345');
    expect(withReferralCode()).toEqual({ referral_code: 'BEN12345' });
  });

  it('sends nothing without a code, and nothing once the sign-in forgot it', () => {
    expect(keepReferralCode('?next=/home')).toBeNull();
    expect(withReferralCode()).toEqual({});
    keepReferralCode('?ref=ANA7K2Q9');
    forgetReferralCode();
    expect(withReferralCode()).toEqual({});
  });

  it('storage the browser refuses loses only the invitation, never the page', () => {
    const refusing = {
      getItem: vi.fn(() => {
        throw new Error('denied');
      }),
      setItem: vi.fn(() => {
        throw new Error('denied');
      }),
      removeItem: vi.fn(() => {
        throw new Error('denied');
      }),
    } as unknown as Storage;
    expect(keepReferralCode('?ref=ANA7K2Q9', refusing)).toBe('ANA7K2Q9');
    expect(withReferralCode(refusing)).toEqual({});
    expect(() => forgetReferralCode(refusing)).not.toThrow();
  });
});
