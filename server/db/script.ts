import { sql, type Kysely } from 'kysely';

/**
 * Runs a script of SQL statements one at a time. PGlite's parameterised path takes one statement
 * per call, so a migration written as one script is split on statement ends (no statement in our
 * migrations carries a semicolon inside it).
 */
export async function execScript(db: Kysely<unknown>, script: string): Promise<void> {
  const statements = script
    .split(/;\s*(?:\n|$)/)
    .map((s) => s.trim())
    .filter(Boolean);
  for (const statement of statements) await sql.raw(statement).execute(db);
}
