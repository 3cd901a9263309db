import type { RuleStatus } from '#contract/loyalty-earn';
import type { StampProgramFields } from '#contract/stamps';
import { type Insertable, type Selectable, sql } from 'kysely';
import type { Database } from '../../db';
import type { StampCardTable, StampEventTable, StampProgramTable } from '../../db/schema';

/**
 * SQL of stamp cards: the owner's programmes (with their figures), each customer's cards (one open per
 * programme and customer, the partial unique index), and each sale's stamps on each card it touched.
 */

export type ProgramRow = Selectable<StampProgramTable>;
export type CardRow = Selectable<StampCardTable>;
export type EventRow = Selectable<StampEventTable>;

/** Every programme, newest first, with its reward's title and its figures at `now`. */
export async function listPrograms(db: Database, now: Date) {
  const rows = await db
    .selectFrom('stamp_programs as p')
    .innerJoin('rewards as r', 'r.id', 'p.reward_id')
    .selectAll('p')
    .select('r.title as reward_title')
    .orderBy('p.id', 'desc')
    .execute();
  const cards = await db
    .selectFrom('stamp_cards')
    .select((eb) => [
      'program_id',
      sql<string>`count(*) filter (where status = 'open' and stamps > 0 and (expires_at is null or expires_at > ${now}))`.as('in_progress'),
      sql<string>`count(*) filter (where status = 'filled')`.as('filled'),
      eb.fn.count<string>('customer_id').distinct().as('customers'),
    ])
    .where((eb) => eb.or([eb('stamps', '>', 0), eb('status', '=', 'filled')]))
    .groupBy('program_id')
    .execute();
  const by = new Map(cards.map((c) => [c.program_id, c]));
  return rows.map((r) => ({
    ...r,
    cards_in_progress: Number(by.get(r.id)?.in_progress ?? 0),
    cards_filled: Number(by.get(r.id)?.filled ?? 0),
    customers: Number(by.get(r.id)?.customers ?? 0),
  }));
}

export async function lockProgram(trx: Database, id: number): Promise<ProgramRow | undefined> {
  return trx.selectFrom('stamp_programs').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Serialises the owner's programme edits (the limit on programmes not ended counts under it). */
export async function lockProgramEdits(trx: Database): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('stamp_programs'))`.execute(trx);
}

export async function countProgramsNotEnded(db: Database): Promise<number> {
  const row = await db
    .selectFrom('stamp_programs')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('status', '!=', 'ended')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const columnsOf = (p: StampProgramFields) => ({
  name: p.name,
  product_ids: JSON.stringify(p.product_ids),
  category_ids: JSON.stringify(p.category_ids),
  per: p.per,
  stamps_needed: p.stamps_needed,
  reward_id: p.reward_id,
  expiry_days: p.expiry_days,
});

export async function insertProgram(trx: Database, p: StampProgramFields, now: Date): Promise<ProgramRow> {
  return trx
    .insertInto('stamp_programs')
    .values({ ...columnsOf(p), created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateProgram(trx: Database, id: number, p: StampProgramFields, now: Date): Promise<void> {
  await trx
    .updateTable('stamp_programs')
    .set({ ...columnsOf(p), updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function setProgramStatus(trx: Database, id: number, status: RuleStatus, now: Date): Promise<void> {
  await trx
    .updateTable('stamp_programs')
    .set({ status, updated_at: now, ...(status === 'ended' ? { ended_at: now } : {}) })
    .where('id', '=', id)
    .execute();
}

/** An ended programme's open cards are closed (the vouchers they gave stay). */
export async function closeOpenCards(trx: Database, programId: number): Promise<void> {
  await trx.updateTable('stamp_cards').set({ status: 'closed' }).where('program_id', '=', programId).where('status', '=', 'open').execute();
}

/** The programmes of these statuses, in the order they were made. */
export async function programsOf(db: Database, statuses: readonly RuleStatus[]): Promise<ProgramRow[]> {
  return db
    .selectFrom('stamp_programs')
    .selectAll()
    .where('status', 'in', [...statuses])
    .orderBy('id')
    .execute();
}

// ---------------------------------------------------------------------------------------------
// Cards and the sales' stamps on them
// ---------------------------------------------------------------------------------------------

/** The customer's open card in a programme (read under the customer's row lock when stamps are given). */
export async function openCard(db: Database, programId: number, customerId: number): Promise<CardRow | undefined> {
  return db
    .selectFrom('stamp_cards')
    .selectAll()
    .where('program_id', '=', programId)
    .where('customer_id', '=', customerId)
    .where('status', '=', 'open')
    .executeTakeFirst();
}

/** Cards written at once (one statement however many): their ids, in the order given. */
export async function insertCards(trx: Database, cards: ReadonlyArray<Insertable<StampCardTable>>): Promise<number[]> {
  if (cards.length === 0) return [];
  const rows = await trx
    .insertInto('stamp_cards')
    .values([...cards])
    .returning('id')
    .execute();
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

export async function updateCard(
  trx: Database,
  id: number,
  patch: Partial<Pick<CardRow, 'stamps' | 'started_at' | 'expires_at' | 'status' | 'filled_at' | 'voucher_id'>>,
): Promise<void> {
  await trx.updateTable('stamp_cards').set(patch).where('id', '=', id).execute();
}

export async function cardsByIds(db: Database, ids: readonly number[]): Promise<CardRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('stamp_cards')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
}

export async function deleteEmptyCards(trx: Database, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await trx
    .deleteFrom('stamp_cards')
    .where('id', 'in', [...ids])
    .where('stamps', '=', 0)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('stamp_events').select('id').whereRef('stamp_events.card_id', '=', 'stamp_cards.id'))))
    .execute();
}

/** A sale's stamps on each card they went on, at once (one statement however many). */
export async function insertEvents(trx: Database, events: ReadonlyArray<Omit<EventRow, 'id'>>): Promise<void> {
  if (events.length === 0) return;
  await trx
    .insertInto('stamp_events')
    .values([...events])
    .execute();
}

export type Sale = { order_id: number } | { earn_id: number };
const saleWhere = (sale: Sale) => ('order_id' in sale ? (['order_id', sale.order_id] as const) : (['earn_id', sale.earn_id] as const));

/** A sale's stamps, in the order they were given. */
export async function eventsOf(db: Database, sale: Sale): Promise<EventRow[]> {
  const [column, id] = saleWhere(sale);
  return db.selectFrom('stamp_events').selectAll().where(column, '=', id).orderBy('id').execute();
}

export async function deleteEventsOf(trx: Database, sale: Sale): Promise<void> {
  const [column, id] = saleWhere(sale);
  await trx.deleteFrom('stamp_events').where(column, '=', id).execute();
}

/**
 * Other sales' stamps on some cards move to another, and those cards close empty (an undo folds the
 * newer cards back into the one it reopens): two statements however many cards.
 */
export async function foldCards(trx: Database, fromCards: readonly number[], toCard: number): Promise<void> {
  if (fromCards.length === 0) return;
  await trx
    .updateTable('stamp_events')
    .set({ card_id: toCard })
    .where('card_id', 'in', [...fromCards])
    .execute();
  await trx
    .updateTable('stamp_cards')
    .set({ stamps: 0, status: 'closed' })
    .where('id', 'in', [...fromCards])
    .execute();
}

/** These counter earns' stamps, with their programmes' names and stamps needed. */
export async function eventsOfEarns(db: Database, earnIds: readonly number[]) {
  if (earnIds.length === 0) return [];
  return db
    .selectFrom('stamp_events as e')
    .innerJoin('stamp_programs as p', 'p.id', 'e.program_id')
    .select(['e.earn_id', 'e.program_id', 'e.stamps', 'e.stamps_after', 'e.filled', 'p.name', 'p.stamps_needed'])
    .where('e.earn_id', 'in', [...earnIds])
    .orderBy('e.id')
    .execute();
}

/** The customer's open cards and how many cards they filled, by programme. */
export async function cardsOfCustomer(db: Database, customerId: number): Promise<{ open: Map<number, CardRow>; filled: Map<number, number> }> {
  const open = await db.selectFrom('stamp_cards').selectAll().where('customer_id', '=', customerId).where('status', '=', 'open').execute();
  const filled = await db
    .selectFrom('stamp_cards')
    .select((eb) => ['program_id', eb.fn.countAll<string>().as('n')])
    .where('customer_id', '=', customerId)
    .where('status', '=', 'filled')
    .groupBy('program_id')
    .execute();
  return { open: new Map(open.map((c) => [c.program_id, c])), filled: new Map(filled.map((f) => [f.program_id, Number(f.n)])) };
}

/** Names of products and categories by id, and rewards' titles and images. */
export async function namesOf(db: Database, productIds: readonly number[], categoryIds: readonly number[], rewardIds: readonly number[]) {
  const products = productIds.length
    ? await db
        .selectFrom('products')
        .select(['id', 'name'])
        .where('id', 'in', [...new Set(productIds)])
        .execute()
    : [];
  const categories = categoryIds.length
    ? await db
        .selectFrom('categories')
        .select(['id', 'name'])
        .where('id', 'in', [...new Set(categoryIds)])
        .execute()
    : [];
  const rewards = rewardIds.length
    ? await db
        .selectFrom('rewards')
        .select(['id', 'title', 'image'])
        .where('id', 'in', [...new Set(rewardIds)])
        .execute()
    : [];
  return {
    products: new Map(products.map((r) => [r.id, r.name])),
    categories: new Map(categories.map((r) => [r.id, r.name])),
    rewards: new Map(rewards.map((r) => [r.id, r])),
  };
}

/**
 * An order's paid lines with their products' categories (as they are now): a free line (a voucher's
 * product, at 0) was not paid for and earns no stamp.
 */
export async function orderLines(db: Database, orderId: number): Promise<Array<{ product_id: number; category_id: number | null; qty: number }>> {
  const rows = await db
    .selectFrom('order_items')
    .leftJoin('products', 'products.id', 'order_items.product_id')
    .select(['order_items.product_id', 'products.category_id', 'order_items.qty'])
    .where('order_items.order_id', '=', orderId)
    .where('order_items.price', '>', 0)
    .orderBy('order_items.id')
    .execute();
  return rows.flatMap((r) => (r.product_id === null ? [] : [{ product_id: r.product_id, category_id: r.category_id ?? null, qty: r.qty }]));
}
