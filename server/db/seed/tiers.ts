import type { Database } from '..';

/**
 * The default tier programme (issue 30), on: points earned over 12 months; Bean from the start, Brew at
 * 300 (×1.25, a free butter croissant to welcome them), Barista at 1,000 (×1.5, a free iced latte to
 * welcome them, and a slice of cake on their birthday instead of the shop's treat). Only when the shop
 * has no programme yet, after the reward catalogue it names (a reward it cannot find: none).
 */
export async function seedTiers(db: Database): Promise<void> {
  const any = await db.selectFrom('tier_programs').select('id').executeTakeFirst();
  if (any) return;
  const rewards = new Map((await db.selectFrom('rewards').select(['id', 'name']).where('active', '=', true).execute()).map((r) => [r.name, r.id]));
  const reward = (name: string) => rewards.get(name) ?? null;
  await db.insertInto('tier_programs').values({ id: 1, enabled: true, basis: 'points', updated_at: new Date() }).execute();
  await db
    .insertInto('tiers')
    .values([
      { position: 0, name: 'Bean', threshold: 0, multiplier: 1, welcome_reward_id: null, birthday_reward_id: null, early_reward_ids: JSON.stringify([]) },
      {
        position: 1,
        name: 'Brew',
        threshold: 300,
        multiplier: 1.25,
        welcome_reward_id: reward('butter-croissant'),
        birthday_reward_id: null,
        early_reward_ids: JSON.stringify([]),
      },
      {
        position: 2,
        name: 'Barista',
        threshold: 1000,
        multiplier: 1.5,
        welcome_reward_id: reward('free-iced-latte'),
        birthday_reward_id: reward('birthday-cake-slice'),
        early_reward_ids: JSON.stringify([]),
      },
    ])
    .execute();
}
