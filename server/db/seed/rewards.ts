import type { Database } from '..';

/** The reward catalogue and the wheel's segments. */
export async function seedRewards(_db: Database): Promise<void> {}
