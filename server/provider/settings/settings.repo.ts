import { sql } from 'kysely';
import type { Database } from '../../db';

/** Asks the database the smallest question: it answers, or this throws. */
export async function pingDatabase(db: Database): Promise<void> {
  await sql`select 1`.execute(db);
}
