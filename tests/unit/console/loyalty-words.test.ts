import { describe, expect, it } from 'vitest';
import type { RuleForEarning } from '#contract/loyalty-earn';
import { dayWords, previewSentence, ruleSummary, stampPreview, stampSummary, type RuleMenu } from '../../../src/screens/console/loyalty/loyalty-words';

const MENU: RuleMenu = {
  categories: [
    { id: 1, name: 'Coffee', products: [{ id: 1, name: 'Spanish latte', price: 16_500 }] },
    {
      id: 3,
      name: 'Pastries',
      products: [
        { id: 12, name: 'Butter croissant', price: 9_500 },
        { id: 13, name: 'Ensaymada', price: 8_500 },
      ],
    },
  ],
};
const PHP = { pointsPerAmount: 1_000, currency: 'PHP', locale: 'en-PH' };
const window = (over: Partial<Extract<RuleForEarning, { kind: 'window' }>> = {}): RuleForEarning => ({
  id: 0,
  kind: 'window',
  name: 'Double points Tuesday',
  days: ['tue'],
  start: '14:00',
  end: '16:00',
  multiplier: 2,
  points: null,
  limit_per_day: 1,
  limit_total: 0,
  ...over,
});

describe('a rule in plain words', () => {
  it('names each kind as the owner would say it', () => {
    expect(ruleSummary({ id: 1, kind: 'multiplier', name: 'x', multiplier: 2, product_ids: [], category_ids: [3] }, MENU, 'en')).toBe('2× points on Pastries');
    expect(ruleSummary({ id: 1, kind: 'bonus', name: 'x', points: 10, product_ids: [1], category_ids: [] }, MENU, 'en')).toBe('+10 points per Spanish latte');
    // a category is not a thing bought: "per item from Pastries", never "per Pastries"
    expect(ruleSummary({ id: 1, kind: 'bonus', name: 'x', points: 10, product_ids: [], category_ids: [3] }, MENU, 'en')).toBe(
      '+10 points per item from Pastries',
    );
    expect(ruleSummary(window(), MENU, 'en-PH')).toBe('Double points Tue 2:00 PM–4:00 PM, once a day');
    expect(
      ruleSummary(window({ multiplier: null, points: 5, days: ['mon', 'tue', 'wed', 'thu', 'fri'], limit_per_day: 0, limit_total: 3 }), MENU, 'en-PH'),
    ).toBe('+5 points Mon–Fri 2:00 PM–4:00 PM, 3 times in all');
    expect(ruleSummary({ id: 1, kind: 'first_order', name: 'x', points: 50 }, MENU, 'en')).toBe('+50 on a first order');
    expect(ruleSummary({ id: 1, kind: 'action', name: 'x', action: 'verified_email', points: 20 }, MENU, 'en')).toBe('+20 for verifying an e-mail');
  });

  it('counts what it cannot name, and shortens a long list', () => {
    const many: RuleForEarning = { id: 1, kind: 'multiplier', name: 'x', multiplier: 1.5, product_ids: [1, 12, 13, 99], category_ids: [1] };
    expect(ruleSummary(many, MENU, 'en')).toBe('1.5× points on Coffee, Spanish latte, Butter croissant and 2 more');
    expect(ruleSummary(many, undefined, 'en')).toBe('1.5× points on 5 products and categories');
    expect(dayWords(['sun', 'sat'])).toBe('Sat and Sun');
    expect(dayWords(['mon', 'wed', 'fri'])).toBe('Mon, Wed and Fri');
    expect(dayWords(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'])).toBe('every day');
  });
});

describe('happy hours on the shop’s clock', () => {
  it('writes a window 12-hour for a 12-hour locale and 24-hour for a 24-hour one', () => {
    expect(ruleSummary(window({ start: '09:30', end: '11:00' }), MENU, 'en-US')).toBe('Double points Tue 9:30 AM–11:00 AM, once a day');
    expect(ruleSummary(window(), MENU, 'en-GB')).toBe('Double points Tue 14:00–16:00, once a day');
    expect(previewSentence(window(), MENU, { ...PHP, locale: 'en-GB' })).toContain('on Tuesday at 14:00 would earn');
  });
});

describe('the preview', () => {
  it('shows a window rule on its first day at its start time', () => {
    expect(previewSentence(window({ days: ['fri', 'tue'] }), MENU, PHP)).toBe(
      "Ana's ₱250.00 order on Tuesday at 2:00 PM would earn 50 points: 25 for the purchase and +25 Double points Tuesday.",
    );
  });

  it('shows a product rule on one of its products at its price, and a first order as one', () => {
    expect(previewSentence({ id: 0, kind: 'multiplier', name: '2× on pastries', multiplier: 2, product_ids: [], category_ids: [3] }, MENU, PHP)).toBe(
      "Ana's ₱95.00 order of one Butter croissant would earn 18 points: 9 for the purchase and +9 2× on pastries.",
    );
    expect(previewSentence({ id: 0, kind: 'first_order', name: 'Welcome bonus', points: 50 }, MENU, PHP)).toBe(
      "Ana's first order, ₱250.00, would earn 75 points: 25 for the purchase and +50 Welcome bonus.",
    );
    expect(previewSentence({ id: 0, kind: 'action', name: 'Verified e-mail', action: 'verified_email', points: 20 }, MENU, PHP)).toBe(
      'Ana gets +20 points (Verified e-mail) once, when she verifies her e-mail.',
    );
  });

  it('says when the rule adds nothing, and when it has nothing to show on', () => {
    // 9 points × 0.1 more, rounded down
    expect(previewSentence({ id: 0, kind: 'multiplier', name: 'A little more', multiplier: 1.1, product_ids: [12], category_ids: [] }, MENU, PHP)).toBe(
      "Ana's ₱95.00 order of one Butter croissant would earn 9 points: 9 for the purchase (this rule adds nothing to it).",
    );
    expect(previewSentence({ id: 0, kind: 'bonus', name: 'x', points: 5, product_ids: [99], category_ids: [] }, MENU, PHP)).toBe(
      'Choose a product or category to see an example.',
    );
  });
});

describe('a stamp card in plain words', () => {
  const coffee = { product_ids: [1], category_ids: [3], per: 'item' as const, stamps_needed: 10, expiry_days: 365, reward_title: 'Free Latte' };
  it('says what gives a stamp, what fills the card and how long it lasts', () => {
    expect(stampSummary(coffee, MENU, 'en')).toBe(
      '1 stamp for each item from Pastries or Spanish latte; 10 stamps fill the card for Free Latte; a card lasts 365 days from its first stamp',
    );
    expect(stampSummary({ ...coffee, per: 'visit', category_ids: [], expiry_days: 0 }, MENU, 'en')).toBe(
      '1 stamp for each visit with Spanish latte; 10 stamps fill the card for Free Latte; stamps never expire',
    );
    expect(stampSummary({ ...coffee, expiry_days: 1 }, undefined, 'en')).toBe(
      '1 stamp for each 2 products and categories; 10 stamps fill the card for Free Latte; a card lasts 1 day from its first stamp',
    );
  });
  it('previews a card as the owner fills the form', () => {
    expect(stampPreview(coffee, 'Free Latte', MENU, 'en')).toBe(
      'After 10 qualifying items (Pastries or Spanish latte), the customer gets Free Latte, and a new card starts; a card lasts 365 days from its first stamp.',
    );
    expect(stampPreview({ ...coffee, per: 'visit', expiry_days: 0 }, null, MENU, 'en')).toBe(
      'After 10 visits with Pastries or Spanish latte, the customer gets the reward you choose, and a new card starts; stamps never expire.',
    );
    expect(stampPreview({ ...coffee, product_ids: [], category_ids: [] }, 'Free Latte', MENU, 'en')).toBe(
      'Choose a product or category to see what the card gives.',
    );
  });
});
