import type { Database } from '..';

/**
 * The demo coffee shop's reward catalogue (PHP, minor units) and the wheel's segments.
 * Each part is inserted only when its table is empty, so a merchant's own edits survive restarts.
 */
export const SEED_REWARDS = [
  {
    name: 'birthday-cake-slice',
    title: 'Birthday cake slice',
    description: 'A slice of our chocolate kalamansi cake on us: ₱145 off your order. Once per customer.',
    points_cost: 50,
    stock: null,
    valid_days: 30,
    per_customer_limit: 1,
    discount_amount: 14_500,
  },
  {
    name: 'butter-croissant',
    title: 'Free butter croissant',
    description: 'A warm, flaky butter croissant with any drink.',
    points_cost: 120,
    stock: null,
    valid_days: 30,
    per_customer_limit: null,
    discount_amount: 9_500,
  },
  {
    name: 'php-50-off',
    title: '₱50 off your order',
    description: '₱50 off any order of ₱150 or more, for pickup or delivery.',
    points_cost: 150,
    stock: null,
    valid_days: 60,
    per_customer_limit: null,
    discount_amount: 5_000,
  },
  {
    name: 'free-iced-latte',
    title: 'Free iced latte',
    description: 'An iced latte with fresh or oat milk, on us: the voucher takes its full price off your order.',
    points_cost: 300,
    stock: null,
    valid_days: 60,
    per_customer_limit: null,
    // the menu price of an iced latte (seed/catalog.ts)
    discount_amount: 15_500,
  },
  {
    name: 'kopi-senja-tote-bag',
    title: 'Kopi Senja canvas tote bag',
    description: 'Our heavy canvas tote, printed by hand in Marikina. Collect it at the counter.',
    points_cost: 500,
    stock: 25,
    valid_days: 90,
    per_customer_limit: null,
    discount_amount: 0,
  },
  {
    name: 'barista-masterclass-seat',
    title: 'Barista masterclass seat',
    description: 'One seat at our Saturday masterclass: espresso, milk texturing and latte art with our head barista.',
    points_cost: 800,
    stock: 1,
    valid_days: 90,
    per_customer_limit: null,
    discount_amount: 0,
  },
] as const;

/** The reward a wheel voucher prize gives (unlimited stock, so a prize is never refused). */
export const WHEEL_VOUCHER_REWARD = 'butter-croissant';

export const WHEEL_ODDS_VERSION = 1;

/** 8 segments, alternating so the colours and the big prizes are spread around the wheel. Weights add up to 100. */
export const SEED_SEGMENTS: Array<{ label: string; weight: number; prize_type: 'points' | 'voucher' | 'none'; prize_points: number; color: string }> = [
  { label: '5 pts', weight: 20, prize_type: 'points', prize_points: 5, color: '#f2b33d' },
  { label: '25 pts', weight: 8, prize_type: 'points', prize_points: 25, color: '#9a4a1c' },
  { label: '5 pts', weight: 20, prize_type: 'points', prize_points: 5, color: '#e8d5b5' },
  { label: 'Free croissant', weight: 3, prize_type: 'voucher', prize_points: 0, color: '#3b2418' },
  { label: '5 pts', weight: 20, prize_type: 'points', prize_points: 5, color: '#f2b33d' },
  { label: '10 pts', weight: 15, prize_type: 'points', prize_points: 10, color: '#c8733a' },
  { label: 'Try again', weight: 12, prize_type: 'none', prize_points: 0, color: '#e8d5b5' },
  { label: '50 pts', weight: 2, prize_type: 'points', prize_points: 50, color: '#6b2f12' },
];

export async function seedRewards(db: Database): Promise<void> {
  const hasRewards = await db.selectFrom('rewards').select('id').limit(1).executeTakeFirst();
  if (!hasRewards) {
    await db
      .insertInto('rewards')
      .values(
        SEED_REWARDS.map((r, i) => ({
          name: r.name,
          title: r.title,
          description: r.description,
          points_cost: r.points_cost,
          image: `/demo/rewards/${r.name}.svg`,
          stock: r.stock,
          valid_days: r.valid_days,
          per_customer_limit: r.per_customer_limit,
          discount_amount: r.discount_amount,
          position: i + 1,
        })),
      )
      .execute();
  }

  const hasSegments = await db.selectFrom('wheel_segments').select('id').limit(1).executeTakeFirst();
  if (!hasSegments) {
    const prizeReward = await db.selectFrom('rewards').select('id').where('name', '=', WHEEL_VOUCHER_REWARD).executeTakeFirst();
    await db
      .insertInto('wheel_segments')
      .values(
        SEED_SEGMENTS.map((s, i) => ({
          label: s.label,
          weight: s.weight,
          // without its reward (a merchant removed it), the voucher segment pays nothing rather than failing
          prize_type: s.prize_type === 'voucher' && !prizeReward ? ('none' as const) : s.prize_type,
          prize_points: s.prize_points,
          reward_id: s.prize_type === 'voucher' ? (prizeReward?.id ?? null) : null,
          color: s.color,
          odds_version: WHEEL_ODDS_VERSION,
          position: i + 1,
        })),
      )
      .execute();
  }
}
