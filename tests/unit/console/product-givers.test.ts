/** The archive confirm names what gives a product away: offered rewards and the wheel's prizes that win them. */
import { describe, expect, it } from 'vitest';
import type { EditorReward } from '#contract/rewards';
import { giversSentence, productGivers } from '../../../src/screens/console/menu/product-givers';

const reward = (r: Partial<EditorReward> & Pick<EditorReward, 'name' | 'title'>): EditorReward => ({
  id: 1,
  description: '',
  image: '',
  points_cost: 100,
  stock_total: null,
  stock_left: null,
  issued: 0,
  used: 0,
  valid_days: 30,
  per_customer_limit: null,
  discount_amount: 0,
  product: null,
  active: true,
  translations: {},
  ...r,
});

describe('what gives a product away', () => {
  const rewards = [
    reward({ name: 'free-luna-latte', title: 'Free Luna latte', product: { id: 7, name: 'Luna latte', archived: false } }),
    reward({ name: 'old-latte', title: 'Old latte', active: false, product: { id: 7, name: 'Luna latte', archived: false } }),
    reward({ name: 'ten-off', title: '₱10 off', discount_amount: 1000 }),
  ];
  const wheel = {
    segments: [
      {
        label: 'Luna latte',
        prize_type: 'voucher' as const,
        points: null,
        reward: { name: 'free-luna-latte', title: 'Free Luna latte', active: true },
        weight: 1,
        color: null,
        probability: 0.5,
      },
      { label: '50 points', prize_type: 'points' as const, points: 50, reward: null, weight: 1, color: null, probability: 0.5 },
    ],
  };

  it('names the offered rewards that give it and counts the wheel prizes that win them', () => {
    expect(productGivers(rewards, wheel)).toEqual({ 7: { rewards: ['Free Luna latte'], prizes: 1 } });
  });

  it('says who uses it, one or many, and what happens to their vouchers once it is archived', () => {
    const after = 'Once it is archived, vouchers for it still work at the counter but not at checkout';
    expect(giversSentence({ rewards: ['Free latte'], prizes: 1 }, 'en-PH')).toBe(
      `The reward “Free latte” and a wheel prize use it. ${after}, until you give that reward another product on Rewards.`,
    );
    expect(giversSentence({ rewards: ['Free latte'], prizes: 0 }, 'en-PH')).toBe(
      `The reward “Free latte” uses it. ${after}, until you give that reward another product on Rewards.`,
    );
    expect(giversSentence({ rewards: ['Free latte'], prizes: 3 }, 'en-PH')).toBe(
      `The reward “Free latte” and 3 wheel prizes use it. ${after}, until you give that reward another product on Rewards.`,
    );
    expect(giversSentence({ rewards: ['Free latte', 'Latte for two'], prizes: 0 }, 'en-PH')).toBe(
      `2 rewards use it: “Free latte” and “Latte for two”. ${after}, until you give those rewards another product on Rewards.`,
    );
    expect(giversSentence({ rewards: ['Free latte', 'Latte for two'], prizes: 1 }, 'en-PH')).toBe(
      `2 rewards and a wheel prize use it: “Free latte” and “Latte for two”. ${after}, until you give those rewards another product on Rewards.`,
    );
    expect(giversSentence({ rewards: [], prizes: 0 }, 'en-PH')).toBeNull();
    expect(giversSentence(undefined, 'en-PH')).toBeNull();
  });
});
