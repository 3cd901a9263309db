import { sql } from 'kysely';
import type { Database } from '../../db';

/** When the last payment webhook arrived (the table the webhook transaction writes); null: none yet. */
export async function lastWebhookAt(db: Database): Promise<Date | null> {
  const row = await db
    .selectFrom('webhook_events')
    .select((eb) => eb.fn.max('received_at').as('at'))
    .executeTakeFirst();
  return row?.at ? new Date(row.at) : null;
}

/** The owner's test messages within the hour, counted under a lock on their row, so two at once cannot both pass. */
export async function lockTestMessages(trx: Database, staffId: number, action: string, since: Date): Promise<{ n: number; oldest: Date | null }> {
  await trx.selectFrom('staff').select('id').where('id', '=', staffId).forUpdate().execute();
  const row = await trx
    .selectFrom('audit_log')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('created_at').as('oldest')])
    .where('staff_id', '=', staffId)
    .where('action', '=', action)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return { n: Number(row.n), oldest: row.oldest ? new Date(row.oldest) : null };
}

/** The signed-in member's own e-mail address. */
export async function staffEmail(db: Database, staffId: number): Promise<string | undefined> {
  const row = await db.selectFrom('staff').select('email').where('id', '=', staffId).executeTakeFirst();
  return row?.email;
}

/**
 * What the set-up checklist reads: which audit actions the log holds (by exact name, or any of a prefix
 * such as `reward.`) and how many people are on the team. One query, whatever the log's size (each
 * `exists` stops at its first row).
 */
export async function setupFacts(db: Database, o: { actions: readonly string[]; prefixes: readonly string[] }): Promise<{ seen: Set<string>; team: number }> {
  const checks = [
    ...o.actions.map((a) => sql<boolean>`exists (select 1 from audit_log where action = ${a})`.as(`a:${a}`)),
    ...o.prefixes.map((p) => sql<boolean>`exists (select 1 from audit_log where action like ${`${p}%`})`.as(`p:${p}`)),
  ];
  const row = await db
    .selectFrom('staff')
    .select((eb) => [eb.fn.countAll<number>().as('team'), ...checks])
    .where('removed_at', 'is', null)
    .executeTakeFirstOrThrow();
  const r = row as Record<string, unknown>;
  const seen = new Set<string>([...o.actions.filter((a) => r[`a:${a}`] === true), ...o.prefixes.filter((p) => r[`p:${p}`] === true)]);
  return { seen, team: Number(r.team) };
}

/** The services connected from the console, sealed as stored (few rows: one per service). */
export async function connectionRows(db: Database) {
  return db.selectFrom('channel_connections').selectAll().execute();
}

/** One service's row under a lock, so two owners connecting at once apply one after the other. */
export async function lockConnection(trx: Database, service: 'stripe' | 'twilio' | 'smtp') {
  return trx.selectFrom('channel_connections').selectAll().where('service', '=', service).forUpdate().executeTakeFirst();
}

export async function saveConnection(
  trx: Database,
  row: {
    service: 'stripe' | 'twilio' | 'smtp';
    sealed: string;
    hint: Record<string, string>;
    staffId: number;
    staffName: string;
    connectedAt: Date;
    now: Date;
  },
): Promise<void> {
  const values = {
    sealed: row.sealed,
    hint: JSON.stringify(row.hint),
    connected_by: row.staffId,
    connected_by_name: row.staffName,
    connected_at: row.connectedAt,
    updated_at: row.now,
  };
  await trx
    .insertInto('channel_connections')
    .values({ service: row.service, ...values })
    .onConflict((oc) => oc.column('service').doUpdateSet(values))
    .execute();
}

export async function deleteConnection(trx: Database, service: 'stripe' | 'twilio' | 'smtp'): Promise<void> {
  await trx.deleteFrom('channel_connections').where('service', '=', service).execute();
}

/** The signed-in member's name, as Activity and the console show who connected a service. */
export async function staffName(db: Database, staffId: number): Promise<string> {
  const row = await db.selectFrom('staff').select('name').where('id', '=', staffId).executeTakeFirst();
  return row?.name ?? 'an owner';
}

const count = (r: { numUpdatedRows?: bigint; numDeletedRows?: bigint } | undefined) => Number(r?.numUpdatedRows ?? r?.numDeletedRows ?? 0);

/** The merchant's settings, locked for the rest of the transaction. */
export async function lockMerchantSettings(trx: Database, merchantId: string): Promise<Record<string, unknown>> {
  const row = await trx.selectFrom('merchants').select('settings').where('id', '=', merchantId).forUpdate().executeTakeFirstOrThrow();
  return row.settings as Record<string, unknown>;
}

/** The given keys of the merchant's settings replaced, the others kept. */
export async function mergeMerchantSettings(trx: Database, merchantId: string, patch: Record<string, string>): Promise<void> {
  await sql`update merchants set settings = settings || ${JSON.stringify(patch)}::jsonb where id = ${merchantId}`.execute(trx);
}

/**
 * The demo's rows, known by the marks the seed gave them (demo.ts): its products archived, its wheel's
 * segments and its rewards retired, its tiers' rewards cleared and the programme off while the owner
 * never saved it, its paused example rule removed, its phone taken off the locations. Answers how many of each.
 */
export async function clearDemoRows(
  trx: Database,
  now: Date,
  m: { image: string; oddsVersion: number; tiersSavedAction: string; ruleName: string; phone: string },
): Promise<{ products: number; segments: number; rewards: number; tiersOff: boolean; rules: number; phones: number }> {
  const products = await trx
    .updateTable('products')
    .set({ archived_at: now })
    .where('archived_at', 'is', null)
    .where('image', 'like', m.image)
    .executeTakeFirst();
  // the wheel first: a reward a segment gives cannot be retired on its own
  const segments = await trx
    .updateTable('wheel_segments')
    .set({ active: false })
    .where('active', '=', true)
    .where('odds_version', '=', m.oddsVersion)
    .executeTakeFirst();
  const rewards = await trx.updateTable('rewards').set({ active: false }).where('active', '=', true).where('image', 'like', m.image).executeTakeFirst();
  const tiersSaved = await trx.selectFrom('audit_log').select('id').where('action', '=', m.tiersSavedAction).limit(1).executeTakeFirst();
  let tiersOff = false;
  if (!tiersSaved) {
    await trx
      .updateTable('tiers')
      .set({ welcome_reward_id: null, birthday_reward_id: null, early_reward_ids: JSON.stringify([]) })
      .execute();
    tiersOff = count(await trx.updateTable('tier_programs').set({ enabled: false, updated_at: now }).where('enabled', '=', true).executeTakeFirst()) > 0;
  }
  const rules = await trx.deleteFrom('loyalty_rules').where('name', '=', m.ruleName).where('status', '=', 'paused').executeTakeFirst();
  const phones = await trx.updateTable('locations').set({ phone: '' }).where('phone', '=', m.phone).executeTakeFirst();
  return { products: count(products), segments: count(segments), rewards: count(rewards), tiersOff, rules: count(rules), phones: count(phones) };
}
