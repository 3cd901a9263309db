/** The sample customer's tier and stamp cards in "View my shop as a customer". */
import { describe, expect, it } from 'vitest';
import type { Category, Reward } from '../../../src/contract';
import type { StampProgram } from '../../../src/contract/stamps';
import type { TiersConsoleData } from '../../../src/contract/tiers';
import { sampleStampCards, sampleTier } from '../../../src/screens/console/shared/preview-samples';

const tier = (name: string, threshold: number): TiersConsoleData['tiers'][number] => ({
  name,
  threshold,
  multiplier: 1,
  welcome_reward: null,
  birthday_reward: { id: 3, title: 'Birthday cake' },
  early_rewards: [],
  customers: 0,
});

describe('the preview’s sample tier', () => {
  it('is the first tier, part of the way to the next', () => {
    const status = sampleTier({ enabled: true, basis: 'points', tiers: [tier('Bean', 0), tier('Brew', 500), tier('Barista', 1500)] });
    expect(status?.tier?.name).toBe('Bean');
    expect(status?.next).toEqual({ name: 'Brew', threshold: 500, remaining: 200 });
    expect(status?.value).toBe(300);
    expect(status?.tiers.map((t) => t.birthday_reward)).toEqual(['Birthday cake', 'Birthday cake', 'Birthday cake']);
  });

  it('is none when the shop has tiers off', () => {
    expect(sampleTier({ enabled: false, basis: 'points', tiers: [tier('Bean', 0)] })).toBeNull();
    expect(sampleTier(undefined)).toBeNull();
  });
});

describe('the preview’s sample stamp cards', () => {
  const categories = [
    { id: 1, name: 'Coffee', products: [{ id: 11, name: 'Spanish latte' }] },
    { id: 2, name: 'Pastries', products: [] },
  ] as unknown as Category[];
  const rewards = [{ title: 'Free latte', image: '/latte.png' }] as unknown as Reward[];
  const program = (p: Partial<StampProgram>): StampProgram =>
    ({
      id: 1,
      name: 'Latte card',
      product_ids: [11],
      category_ids: [2],
      per: 'item',
      stamps_needed: 10,
      reward_title: 'Free latte',
      status: 'active',
      ...p,
    }) as StampProgram;

  it('fills a card a little over half for each active programme, with what earns stamps', () => {
    const cards = sampleStampCards([program({}), program({ id: 2, status: 'paused' }), program({ id: 3, status: 'ended' })], categories, rewards);
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ name: 'Latte card', stamps: 6, stamps_needed: 10, reward_image: '/latte.png', qualifying: ['Spanish latte', 'Pastries'] });
  });

  it('is none without programmes', () => {
    expect(sampleStampCards(undefined, categories, rewards)).toEqual([]);
  });
});
