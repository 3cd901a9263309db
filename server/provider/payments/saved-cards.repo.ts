import type { Insertable, Selectable } from 'kysely';
import type { AutoReloadPause } from '#contract/saved-card';
import type { Database } from '../../db';
import type { AutoReloadRunTable, AutoReloadTable, CardSetupTable, SavedCardTable } from '../../db/schema';

/** SQL of saved cards, their setups, the auto-reload settings and its runs (issue 49). */

export type SavedCardRow = Selectable<SavedCardTable>;
export type AutoReloadRow = Selectable<AutoReloadTable>;
export type CardSetupRow = Selectable<CardSetupTable>;
export type AutoReloadRunRow = Selectable<AutoReloadRunTable>;

export async function findSavedCard(db: Database, customerId: number): Promise<SavedCardRow | undefined> {
  return db.selectFrom('saved_cards').selectAll().where('customer_id', '=', customerId).executeTakeFirst();
}

export async function findAutoReload(db: Database, customerId: number, lock = false): Promise<AutoReloadRow | undefined> {
  const q = db.selectFrom('auto_reloads').selectAll().where('customer_id', '=', customerId);
  return (lock ? q.forUpdate() : q).executeTakeFirst();
}

/** The gateway's customer for this member, kept from a card saved before (or a setup started before). */
export async function knownGatewayCustomer(db: Database, customerId: number, gateway: string): Promise<string | null> {
  const card = await db
    .selectFrom('saved_cards')
    .select('customer_ref')
    .where('customer_id', '=', customerId)
    .where('gateway', '=', gateway)
    .executeTakeFirst();
  if (card) return card.customer_ref;
  const setup = await db
    .selectFrom('card_setups')
    .select('customer_ref')
    .where('customer_id', '=', customerId)
    .where('gateway', '=', gateway)
    .where('customer_ref', 'is not', null)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  return setup?.customer_ref ?? null;
}

export async function insertCardSetup(trx: Database, row: Insertable<CardSetupTable>): Promise<void> {
  await trx.insertInto('card_setups').values(row).execute();
}

/** One of the customer's own setups; anyone else's is not there. */
export async function findCustomerSetup(db: Database, customerId: number, id: string): Promise<CardSetupRow | undefined> {
  return db.selectFrom('card_setups').selectAll().where('id', '=', id).where('customer_id', '=', customerId).executeTakeFirst();
}

/** A setup by its id alone: only for the gateway's signed webhook, which names no customer. */
export async function findSetup(db: Database, id: string): Promise<CardSetupRow | undefined> {
  return db.selectFrom('card_setups').selectAll().where('id', '=', id).executeTakeFirst();
}

/** One of the customer's own setups, locked; anyone else's is not there. */
export async function lockCustomerSetup(trx: Database, customerId: number, id: string): Promise<CardSetupRow | undefined> {
  return trx.selectFrom('card_setups').selectAll().where('id', '=', id).where('customer_id', '=', customerId).forUpdate().executeTakeFirst();
}

export async function setSetupStatus(trx: Database, id: string, status: 'saved' | 'failed'): Promise<void> {
  await trx.updateTable('card_setups').set({ status }).where('id', '=', id).execute();
}

/** The customer's card, replacing one saved before; answers the one it replaced (to detach at the gateway). */
export async function putSavedCard(trx: Database, row: Insertable<SavedCardTable>): Promise<SavedCardRow | undefined> {
  const before = await trx.selectFrom('saved_cards').selectAll().where('customer_id', '=', row.customer_id).forUpdate().executeTakeFirst();
  const { customer_id: _, ...rest } = row;
  await trx
    .insertInto('saved_cards')
    .values(row)
    .onConflict((oc) => oc.column('customer_id').doUpdateSet(rest))
    .execute();
  return before;
}

/** Forgets the customer's card; answers it (null: there was none). */
export async function deleteSavedCard(trx: Database, customerId: number): Promise<SavedCardRow | undefined> {
  return trx.deleteFrom('saved_cards').where('customer_id', '=', customerId).returningAll().executeTakeFirst();
}

export async function putAutoReload(trx: Database, row: Insertable<AutoReloadTable>): Promise<void> {
  const { customer_id: _, ...rest } = row;
  await trx
    .insertInto('auto_reloads')
    .values(row)
    .onConflict((oc) => oc.column('customer_id').doUpdateSet(rest))
    .execute();
}

export async function turnAutoReloadOff(trx: Database, customerId: number, at: Date): Promise<void> {
  await trx.updateTable('auto_reloads').set({ enabled: false, paused: null, paused_at: null, updated_at: at }).where('customer_id', '=', customerId).execute();
}

export async function pauseAutoReload(trx: Database, customerId: number, why: AutoReloadPause, at: Date): Promise<void> {
  await trx.updateTable('auto_reloads').set({ paused: why, paused_at: at, updated_at: at }).where('customer_id', '=', customerId).execute();
}

/**
 * A reload waiting, one being charged whose claim is older than `staleBefore` (its worker died), or one
 * whose gateway could not be reached and whose wait is over (`retry_at`): taken skip locked.
 */
export async function claimDueRun(trx: Database, staleBefore: Date, now: Date): Promise<AutoReloadRunRow | undefined> {
  return trx
    .selectFrom('auto_reload_runs')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('status', '=', 'pending'),
        eb.and([eb('status', '=', 'charging'), eb('retry_at', 'is', null), eb('claimed_at', '<', staleBefore)]),
        eb.and([eb('status', '=', 'charging'), eb('retry_at', '<=', now)]),
      ]),
    )
    .orderBy('id')
    .limit(1)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
}

export async function lockRun(trx: Database, id: number): Promise<AutoReloadRunRow | undefined> {
  return trx.selectFrom('auto_reload_runs').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function markRunCharging(
  trx: Database,
  id: number,
  charge: { paymentId: string; customerRef: string; methodRef: string },
  at: Date,
): Promise<void> {
  await trx
    .updateTable('auto_reload_runs')
    .set({ status: 'charging', payment_id: charge.paymentId, customer_ref: charge.customerRef, method_ref: charge.methodRef, claimed_at: at, retry_at: null })
    .where('id', '=', id)
    .execute();
}

/** The gateway could not be reached: one more try counted, the next not before `retryAt` (still charging, the same key). */
export async function retryRunLater(trx: Database, id: number, attempts: number, retryAt: Date): Promise<void> {
  await trx.updateTable('auto_reload_runs').set({ attempts, retry_at: retryAt }).where('id', '=', id).execute();
}

export async function finishRun(trx: Database, id: number, status: 'succeeded' | AutoReloadPause | 'cancelled', at: Date): Promise<void> {
  await trx.updateTable('auto_reload_runs').set({ status, finished_at: at }).where('id', '=', id).execute();
}

/** A reload queued now (auto-reload turned on below the line); none while another waits or is being charged. */
export async function queueRun(trx: Database, customerId: number, crossing: string, amount: number, at: Date): Promise<void> {
  await trx
    .insertInto('auto_reload_runs')
    .values({ customer_id: customerId, crossing, amount, created_at: at })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Reloads still waiting for this customer are dropped (auto-reload turned off or the card removed). */
export async function cancelOpenRuns(trx: Database, customerId: number, at: Date): Promise<void> {
  await trx
    .updateTable('auto_reload_runs')
    .set({ status: 'cancelled', finished_at: at })
    .where('customer_id', '=', customerId)
    .where('status', '=', 'pending')
    .execute();
}
