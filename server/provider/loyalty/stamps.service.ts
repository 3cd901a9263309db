/**
 * Stamp cards (issue 29): the owner's programmes (list, add, change, pause, resume, end; audited), the
 * customer's cards, and the stamps a sale gives (giveStamps: an order when it is completed, a counter
 * earn with items at once) and an undone counter earn takes back (takeBackStamps).
 *
 * Counting: a programme's qualifying units are the sale's lines whose product it names or whose category
 * it names; `item` gives one stamp per unit, `visit` one per sale with at least one. Under the
 * customer's row lock (as every points change), so concurrent sales of one customer add up exactly. An
 * open card past its expiry is closed as expired when the next stamp comes, and a new card starts. A card
 * that fills issues a voucher for the programme's reward and the stamps left over go on the next card
 * (several cards may fill in one sale). A reward retired or sold out meanwhile: the card is filled all
 * the same, no voucher is issued, the log warns the owner and the customer is told to ask at the counter.
 */
import { STAMP_PROGRAMS_MAX, type StampCardsData, type StampProgram, type StampProgramFields, type StampProgramsData, type StampsAdded } from '#contract/stamps';
import type { RuleStatus } from '#contract/loyalty-earn';
import { to } from '#contract/routes';
import type { Database } from '../../db';
import { DAY } from '../../lib/clock';
import { lockCustomer } from '../accounts/accounts.repo';
import type { ProviderContext } from '../context';
import { AppError, notFound, validation } from '../http/errors';
import type { StaffOfRequest } from '../http/staff-session';
import { notify } from '../notifications/notify';
import { withArticle } from '../rewards/reward-words';
import { findActiveRewardById } from '../rewards/rewards.repo';
import { cancelUnusedVoucher, giftVoucher } from '../rewards/vouchers.repo';
import { insertAudit } from '../staff/staff.repo';
import { existingTargets } from './loyalty.repo';
import {
  cardsByIds,
  cardsOfCustomer,
  closeOpenCards,
  countProgramsNotEnded,
  deleteEmptyCards,
  deleteEventsOf,
  eventsOf,
  eventsOfEarns,
  insertCard,
  insertEvent,
  insertProgram,
  listPrograms,
  lockProgram,
  lockProgramEdits,
  moveEvents,
  namesOf,
  openCard,
  orderLines,
  programsOf,
  setProgramStatus,
  updateCard,
  updateProgram,
  type CardRow,
  type ProgramRow,
  type Sale,
} from './stamps.repo';

// ---------------------------------------------------------------------------------------------
// The owner's programmes
// ---------------------------------------------------------------------------------------------

type ListedProgram = Awaited<ReturnType<typeof listPrograms>>[number];

function programOf(r: ListedProgram): StampProgram {
  return {
    id: r.id,
    name: r.name,
    product_ids: r.product_ids,
    category_ids: r.category_ids,
    per: r.per,
    stamps_needed: r.stamps_needed,
    reward_id: r.reward_id,
    reward_title: r.reward_title,
    expiry_days: r.expiry_days,
    status: r.status,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
    cards_in_progress: r.cards_in_progress,
    cards_filled: r.cards_filled,
    customers: r.customers,
  };
}

/** `merchant/loyalty/stamps`: every programme, newest first, with its figures. */
export async function stampPrograms(ctx: ProviderContext): Promise<StampProgramsData> {
  return { programs: (await listPrograms(ctx.db, ctx.clock.now())).map(programOf) };
}

async function answerProgram(ctx: ProviderContext, id: number): Promise<StampProgram> {
  return programOf((await listPrograms(ctx.db, ctx.clock.now())).find((r) => r.id === id)!);
}

/** The fields as the audit keeps them. */
const fieldsOf = (r: ProgramRow): StampProgramFields => ({
  name: r.name,
  product_ids: r.product_ids,
  category_ids: r.category_ids,
  per: r.per,
  stamps_needed: r.stamps_needed,
  reward_id: r.reward_id,
  expiry_days: r.expiry_days,
});

/** Its products and categories must exist, its reward be offered: 400 naming the field, nothing saved. */
async function checkProgram(db: Database, p: StampProgramFields, prefix = ''): Promise<void> {
  const found = await existingTargets(db, p.product_ids, p.category_ids);
  const problems: Record<string, string> = {};
  const say = (what: string, ids: number[]) => `must be ${what} of the menu (${ids.join(', ')} ${ids.length === 1 ? 'is' : 'are'} not)`;
  const products = p.product_ids.filter((id) => !found.products.has(id));
  const categories = p.category_ids.filter((id) => !found.categories.has(id));
  if (products.length) problems[`${prefix}product_ids`] = say('products', products);
  if (categories.length) problems[`${prefix}category_ids`] = say('categories', categories);
  if (!(await findActiveRewardById(db, p.reward_id))) problems[`${prefix}reward_id`] = 'must be a reward of the catalogue that is offered';
  if (Object.keys(problems).length) throw validation(problems);
}

/** `merchant/loyalty/stamps/create`: active at once; at most STAMP_PROGRAMS_MAX not ended. Audited. */
export async function createProgram(ctx: ProviderContext, staff: StaffOfRequest, p: StampProgramFields): Promise<StampProgram> {
  const now = ctx.clock.now();
  const row = await ctx.db.transaction().execute(async (trx) => {
    await lockProgramEdits(trx);
    await checkProgram(trx, p);
    if ((await countProgramsNotEnded(trx)) >= STAMP_PROGRAMS_MAX) {
      throw new AppError('LIMIT_REACHED', `You have ${STAMP_PROGRAMS_MAX} stamp cards already: end one you no longer need to add another.`, undefined, { max: STAMP_PROGRAMS_MAX });
    }
    const row = await insertProgram(trx, p, now);
    await insertAudit(trx, { staffId: staff.id, action: 'loyalty.stamps.create', target: `stamp_program:${row.id}`, before: null, after: p, now });
    return row;
  });
  return answerProgram(ctx, row.id);
}

/** `merchant/loyalty/stamps/update`: its fields, whole; not an ended one (409). Cards keep their stamps. Audited. */
export async function changeProgram(ctx: ProviderContext, staff: StaffOfRequest, body: { id: number; program: StampProgramFields }): Promise<StampProgram> {
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const row = await lockProgram(trx, body.id);
    if (!row) throw notFound('That stamp card');
    if (row.status === 'ended') throw new AppError('INVALID_TRANSITION', `${row.name} has ended: it cannot change any more.`, undefined, { status: row.status });
    await checkProgram(trx, body.program, 'program.');
    const before = fieldsOf(row);
    if (JSON.stringify(before) === JSON.stringify(fieldsOf({ ...row, ...body.program }))) return;
    await updateProgram(trx, row.id, body.program, now);
    await insertAudit(trx, { staffId: staff.id, action: 'loyalty.stamps.update', target: `stamp_program:${row.id}`, before, after: body.program, now });
  });
  return answerProgram(ctx, body.id);
}

/** `merchant/loyalty/stamps/status`: pause, resume or end (its open cards closed); an ended one stays ended (409). Audited. */
export async function setProgramState(ctx: ProviderContext, staff: StaffOfRequest, body: { id: number; status: RuleStatus }): Promise<StampProgram> {
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const row = await lockProgram(trx, body.id);
    if (!row) throw notFound('That stamp card');
    if (row.status === body.status) return;
    if (row.status === 'ended') throw new AppError('INVALID_TRANSITION', `${row.name} has ended: it cannot be resumed. Add a new stamp card instead.`, undefined, { status: row.status });
    await setProgramStatus(trx, row.id, body.status, now);
    if (body.status === 'ended') await closeOpenCards(trx, row.id);
    await insertAudit(trx, { staffId: staff.id, action: 'loyalty.stamps.status', target: `stamp_program:${row.id}`, before: { name: row.name, status: row.status }, after: { name: row.name, status: body.status }, now });
  });
  return answerProgram(ctx, body.id);
}

// ---------------------------------------------------------------------------------------------
// The customer's cards
// ---------------------------------------------------------------------------------------------

const live = (c: CardRow | undefined, now: Date): CardRow | undefined => (c && (c.expires_at === null || c.expires_at > now) ? c : undefined);

/** `stamp/cards`: the active programmes, and the paused ones with stamps on the current card, in the order they were made. */
export async function customerStampCards(ctx: ProviderContext, customerId: number): Promise<StampCardsData> {
  const now = ctx.clock.now();
  const programs = await programsOf(ctx.db, ['active', 'paused']);
  const { open, filled } = await cardsOfCustomer(ctx.db, customerId);
  const names = await namesOf(ctx.db, programs.flatMap((p) => p.product_ids), programs.flatMap((p) => p.category_ids), programs.map((p) => p.reward_id));
  const cards = programs.flatMap((p) => {
    const card = live(open.get(p.id), now);
    const stamps = card?.stamps ?? 0;
    if (p.status === 'paused' && stamps === 0) return [];
    const reward = names.rewards.get(p.reward_id);
    return [
      {
        program_id: p.id,
        name: p.name,
        status: p.status === 'paused' ? ('paused' as const) : ('active' as const),
        per: p.per,
        stamps,
        stamps_needed: p.stamps_needed,
        reward_title: reward?.title ?? '',
        reward_image: reward?.image ?? '',
        qualifying: [...p.product_ids.flatMap((id) => names.products.get(id) ?? []), ...p.category_ids.flatMap((id) => names.categories.get(id) ?? [])],
        expires_at: stamps > 0 && card?.expires_at ? card.expires_at.toISOString() : null,
        cards_filled: filled.get(p.id) ?? 0,
      },
    ];
  });
  return { cards };
}

// ---------------------------------------------------------------------------------------------
// Giving stamps
// ---------------------------------------------------------------------------------------------

/** A sale's line, with its product's category. */
export interface StampLine {
  product_id: number;
  category_id: number | null;
  qty: number;
}

/** "Coffee card", whatever the owner called it ("Coffee" or "Coffee card"). */
const cardName = (name: string) => (/\bcard$/i.test(name.trim()) ? name.trim() : `${name.trim()} card`);
/** "A Free latte", "An Iced latte": a sentence's start */

/** How many stamps a programme gives for these lines. */
function stampsFor(p: Pick<ProgramRow, 'per' | 'product_ids' | 'category_ids'>, lines: readonly StampLine[]): number {
  const products = new Set(p.product_ids);
  const categories = new Set(p.category_ids);
  const units = lines.filter((l) => products.has(l.product_id) || (l.category_id !== null && categories.has(l.category_id))).reduce((s, l) => s + l.qty, 0);
  return p.per === 'visit' ? Math.min(units, 1) : units;
}

/** A full card's voucher, when its reward can still be given (offered, in stock); else null, and the owner's log says so. */
async function fillCard(trx: Database, ctx: ProviderContext, p: ProgramRow, customerId: number, cardId: number): Promise<number | null> {
  const voucherId = await giftVoucher(trx, ctx.clock, customerId, await findActiveRewardById(trx, p.reward_id), 'stamps');
  const { rewards } = await namesOf(trx, [], [], [p.reward_id]);
  const title = rewards.get(p.reward_id)?.title ?? 'reward';
  if (voucherId === null) {
    ctx.logger.warn({ program: p.id, card: cardId, customer: customerId, reward: p.reward_id }, 'stamp card filled, no voucher: its reward is retired or sold out');
    await notify(trx, ctx.clock, customerId, { type: 'reward', title: `Your ${cardName(p.name)} is full`, body: `Ask at the counter for your ${title}.`, link: to.rewardStorage() });
    return null;
  }
  await notify(trx, ctx.clock, customerId, {
    type: 'reward',
    title: `Your ${cardName(p.name)} is full`,
    body: `${withArticle(title)} voucher is waiting in your vouchers. Open it to show its QR code at the counter.`,
    link: to.voucher(voucherId),
  });
  return voucherId;
}

/**
 * The stamps a sale gives, in its transaction, under the customer's row lock (taken here if the caller
 * has not): each active programme's count for the lines, on the customer's open card (a new one when
 * there is none or it expired), filling as many cards as they make, each full card's voucher issued.
 * A sale gives stamps once: one that has some already gives none again.
 */
export async function giveStamps(trx: Database, ctx: ProviderContext, g: { customerId: number; lines: readonly StampLine[]; source: Sale; now: Date }): Promise<StampsAdded[]> {
  if (g.lines.length === 0) return [];
  const programs = (await programsOf(trx, ['active'])).map((p) => ({ p, count: stampsFor(p, g.lines) })).filter((x) => x.count > 0);
  if (programs.length === 0) return [];
  await lockCustomer(trx, g.customerId);
  if ((await eventsOf(trx, g.source)).length > 0) return [];
  const out: StampsAdded[] = [];
  for (const { p, count } of programs) {
    let card: CardRow | undefined = await openCard(trx, p.id, g.customerId);
    if (card && card.expires_at !== null && card.expires_at <= g.now) {
      await updateCard(trx, card.id, { status: 'expired' });
      card = undefined;
    }
    let remaining = count;
    let filled = 0;
    while (remaining > 0) {
      card ??= await insertCard(trx, p.id, g.customerId, g.now);
      // a card with as many stamps as needed or more (the owner lowered the number) fills with the next one
      const take = Math.min(remaining, Math.max(1, p.stamps_needed - card.stamps));
      const stamps = card.stamps + take;
      const started = card.started_at ?? g.now;
      const expires = card.started_at ? card.expires_at : p.expiry_days > 0 ? new Date(g.now.getTime() + p.expiry_days * DAY) : null;
      const full = stamps >= p.stamps_needed;
      const voucherId = full ? await fillCard(trx, ctx, p, g.customerId, card.id) : null;
      await updateCard(trx, card.id, { stamps, started_at: started, expires_at: expires, ...(full ? { status: 'filled', filled_at: g.now, voucher_id: voucherId } : {}) });
      await insertEvent(trx, {
        card_id: card.id,
        program_id: p.id,
        customer_id: g.customerId,
        order_id: 'order_id' in g.source ? g.source.order_id : null,
        earn_id: 'earn_id' in g.source ? g.source.earn_id : null,
        stamps: take,
        stamps_after: stamps,
        filled: full,
        voucher_id: voucherId,
        created_at: g.now,
      });
      remaining -= take;
      if (full) {
        filled++;
        card = undefined;
      } else {
        card = { ...card, stamps, started_at: started, expires_at: expires };
      }
    }
    out.push({ program_id: p.id, name: p.name, added: count, stamps: card?.stamps ?? 0, stamps_needed: p.stamps_needed, filled });
  }
  return out;
}

/** What a completed order's notice adds: " You collected 2 stamps on your Coffee card: 7 of 10." */
export function stampsSentence(added: readonly StampsAdded[]): string {
  return added
    .map((a) => {
      const what = `You collected ${a.added} ${a.added === 1 ? 'stamp' : 'stamps'} on your ${cardName(a.name)}`;
      if (a.filled === 0) return ` ${what}: ${a.stamps} of ${a.stamps_needed}.`;
      const full = a.filled === 1 ? 'it is full' : `${a.filled} cards are full`;
      return ` ${what}: ${full}${a.stamps > 0 ? `, and ${a.stamps} of ${a.stamps_needed} on the next` : ''}.`;
    })
    .join('');
}

/** A completed order's stamps (orders/lifecycle.ts, in the completion's transaction): its lines with their products' categories. */
export async function giveOrderStamps(trx: Database, ctx: ProviderContext, order: { id: number; customer_id: number }): Promise<StampsAdded[]> {
  return giveStamps(trx, ctx, { customerId: order.customer_id, lines: await orderLines(trx, order.id), source: { order_id: order.id }, now: ctx.clock.now() });
}

/** What each of these counter earns gave, by programme (the earns' list and a fresh earn's answer). */
export async function stampsOfEarns(db: Database, earnIds: readonly number[]): Promise<Map<number, StampsAdded[]>> {
  const out = new Map<number, StampsAdded[]>();
  for (const e of await eventsOfEarns(db, earnIds)) {
    const list = out.get(e.earn_id!) ?? [];
    let a = list.find((x) => x.program_id === e.program_id);
    if (!a) {
      a = { program_id: e.program_id, name: e.name, added: 0, stamps: 0, stamps_needed: e.stamps_needed, filled: 0 };
      list.push(a);
    }
    a.added += e.stamps;
    a.filled += e.filled ? 1 : 0;
    a.stamps = e.filled ? 0 : e.stamps_after;
    out.set(e.earn_id!, list);
  }
  return out;
}

/**
 * An undone counter earn's stamps taken back, in the undo's transaction under the customer's row lock.
 * Each voucher its stamps issued is cancelled (its unit of stock back) while unused; a used one, or a
 * card of its stamps that another sale filled since, refuses the undo (409 CONFLICT: the transaction
 * rolls back, nothing changed). A card it filled reopens with its stamps (and a newer card's, folded
 * back into it); a card it started and left empty goes. Answers the stamps taken back.
 */
export async function takeBackStamps(trx: Database, earnId: number, now: Date): Promise<number> {
  const events = await eventsOf(trx, { earn_id: earnId });
  if (events.length === 0) return 0;
  const refuse = () => new AppError('CONFLICT', 'The voucher these stamps filled a card for has been used already: the sale cannot be undone.');
  for (const e of events) if (e.voucher_id !== null && !(await cancelUnusedVoucher(trx, e.voucher_id, now))) throw refuse();
  const cards = new Map((await cardsByIds(trx, [...new Set(events.map((e) => e.card_id))])).map((c) => [c.id, c]));
  const filledByEarn = new Set(events.filter((e) => e.filled).map((e) => e.card_id));
  for (const c of cards.values()) {
    if (c.status === 'filled' && !filledByEarn.has(c.id)) throw new AppError('CONFLICT', 'A stamp card these stamps went on has filled since, with another sale: the sale cannot be undone.');
  }
  await deleteEventsOf(trx, { earn_id: earnId });
  for (const programId of new Set(events.map((e) => e.program_id))) {
    const mine = events.filter((e) => e.program_id === programId);
    const ids = [...new Set(mine.map((e) => e.card_id))];
    const taken = mine.reduce((s, e) => s + e.stamps, 0);
    const first = cards.get(ids[0]!)!;
    if (!ids.some((id) => filledByEarn.has(id))) {
      const stamps = Math.max(0, first.stamps - taken);
      await updateCard(trx, first.id, { stamps, ...(stamps === 0 ? { started_at: null, expires_at: null } : {}) });
    } else {
      // the cards it filled, and the open card its leftovers went on (other sales' stamps may be on it since)
      const open = ids.map((id) => cards.get(id)!).find((c) => c.status === 'open');
      const pool = ids.reduce((s, id) => s + (filledByEarn.has(id) ? cards.get(id)!.stamps : 0), 0) + (open?.stamps ?? 0) - taken;
      for (const id of ids.slice(1)) {
        await moveEvents(trx, id, first.id);
        await updateCard(trx, id, { stamps: 0, status: 'closed' });
      }
      const another = await openCard(trx, programId, first.customer_id);
      const status = (await programsOf(trx, ['ended'])).some((p) => p.id === programId) ? 'closed' : another && !ids.includes(another.id) ? 'expired' : 'open';
      await updateCard(trx, first.id, { stamps: Math.max(0, pool), status, filled_at: null, voucher_id: null, ...(pool <= 0 ? { started_at: null, expires_at: null } : {}) });
    }
    await deleteEmptyCards(trx, ids);
  }
  return events.reduce((s, e) => s + e.stamps, 0);
}
