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
import {
  STAMP_PROGRAMS_MAX,
  type StampCardsData,
  type StampProgram,
  type StampProgramFields,
  type StampProgramsData,
  type StampsAdded,
} from '#contract/stamps';
import type { RuleStatus } from '#contract/loyalty-earn';
import { to } from '#contract/routes';
import type { Database } from '../../db';
import { DAY } from '../../lib/clock';
import { lockCustomer } from '../accounts/accounts.repo';
import type { ProviderContext } from '../context';
import { AppError, notFound, validation } from '../http/errors';
import type { StaffOfRequest } from '../http/staff-session';
import { notify } from '../notifications/notify';
import { stampCard as stampCardWords, stamps as stampWords } from '../i18n/messages';
import { sayIn, type Say } from '../i18n/translate';
import { languageOfCustomer } from '../accounts/language';
import { getMerchant } from '../settings/settings.service';
import { titleIn } from '#contract/translations';
import { voucherWords } from '#contract/reward-words';
import { findActiveRewardById } from '../rewards/rewards.repo';
import { takeBackVouchers } from '../rewards/reversals';
import { giftVouchers } from '../rewards/vouchers.repo';
import { insertAudit } from '../staff/staff.repo';
import { targetProblems } from '../shop/menu-targets';
import {
  cardsByIds,
  cardsOfCustomer,
  closeOpenCards,
  countProgramsNotEnded,
  deleteEmptyCards,
  deleteEventsOf,
  eventsOf,
  eventsOfEarns,
  insertCards,
  insertEvents,
  insertProgram,
  listPrograms,
  lockProgram,
  lockProgramEdits,
  foldCards,
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
import { emitStampCardsCompleted } from '../events/events.service';

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

/**
 * Its products and categories must exist, a category be on the menu unless the saved programme already
 * counted it (`kept`), its reward be offered: 400 naming the field, nothing saved.
 */
async function checkProgram(db: Database, p: StampProgramFields, kept: readonly number[] = [], prefix = ''): Promise<void> {
  const problems = await targetProblems(db, p, kept, prefix);
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
      throw new AppError('LIMIT_REACHED', `You have ${STAMP_PROGRAMS_MAX} stamp cards already: end one you no longer need to add another.`, undefined, {
        max: STAMP_PROGRAMS_MAX,
      });
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
    if (row.status === 'ended')
      throw new AppError('INVALID_TRANSITION', `${row.name} has ended: it cannot change any more.`, undefined, { status: row.status });
    await checkProgram(trx, body.program, row.category_ids, 'program.');
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
    if (row.status === 'ended')
      throw new AppError('INVALID_TRANSITION', `${row.name} has ended: it cannot be resumed. Add a new stamp card instead.`, undefined, { status: row.status });
    await setProgramStatus(trx, row.id, body.status, now);
    if (body.status === 'ended') await closeOpenCards(trx, row.id);
    await insertAudit(trx, {
      staffId: staff.id,
      action: 'loyalty.stamps.status',
      target: `stamp_program:${row.id}`,
      before: { name: row.name, status: row.status },
      after: { name: row.name, status: body.status },
      now,
    });
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
  const names = await namesOf(
    ctx.db,
    programs.flatMap((p) => p.product_ids),
    programs.flatMap((p) => p.category_ids),
    programs.map((p) => p.reward_id),
  );
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
        qualifying_categories: p.category_ids.flatMap((id) => names.categories.get(id) ?? []),
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

/** How many stamps the active programmes give for these lines, all together (the counter's daily caps count them). */
export async function stampsToGive(db: Database, lines: readonly StampLine[]): Promise<number> {
  if (lines.length === 0) return 0;
  return (await programsOf(db, ['active'])).reduce((s, p) => s + stampsFor(p, lines), 0);
}

/**
 * Where `count` stamps go for a customer whose open card has `had` (0: none): the first card takes what
 * fills it (at least one: a card with as many as needed or more, the owner having lowered the number,
 * fills with the next), then whole cards of `needed`, then what is left on a new open card.
 */
export function stampPlan(had: number, count: number, needed: number): { take: number; firstFull: boolean; wholeCards: number; left: number } {
  const take = Math.min(count, Math.max(1, needed - had));
  const firstFull = had + take >= needed;
  const rest = count - take;
  return { take, firstFull, wholeCards: Math.floor(rest / needed), left: rest % needed };
}

/**
 * The vouchers of `fills` full cards, at once (giftVouchers: two statements however many), and the
 * customer's one notice of them. Fewer than `fills` (a reward retired or sold out): the cards without
 * one are filled all the same, the owner's log warns and the customer is told to ask at the counter.
 */
async function fillCards(trx: Database, ctx: ProviderContext, p: ProgramRow, customerId: number, fills: number): Promise<number[]> {
  const reward = await findActiveRewardById(trx, p.reward_id);
  const ids = await giftVouchers(trx, ctx.clock, customerId, reward, 'stamps', fills);
  if (ids.length < fills)
    ctx.logger.warn(
      { program: p.id, customer: customerId, reward: p.reward_id, filled: fills, vouchers: ids.length },
      'stamp card filled, no voucher: its reward is retired or sold out',
    );
  // in the customer's language, the reward by its title in it where the owner wrote one
  const language = await languageOfCustomer(trx, (await getMerchant(trx, ctx.merchantId)).rules, customerId);
  const say = sayIn(language);
  const title = reward ? titleIn(reward, language) : ((await namesOf(trx, [], [], [p.reward_id])).rewards.get(p.reward_id)?.title ?? 'reward');
  const missing = fills - ids.length;
  const words = {
    card: cardName(p.name),
    filled: fills,
    vouchers: ids.length,
    missing,
    reward: title,
    voucher: ids.length === 1 ? voucherWords(title, { start: true }) : voucherWords(title, { count: ids.length }),
  };
  const full = say(stampCardWords.fullTitle, words);
  const body = say(missing === 0 ? stampCardWords.waiting : ids.length === 0 ? stampCardWords.ask : stampCardWords.waitingAsk, words);
  await notify(trx, ctx.clock, customerId, {
    type: 'reward',
    title: full,
    body,
    link: ids.length === 1 && missing === 0 ? to.voucher(ids[0]!) : to.rewardStorage(),
  });
  return ids;
}

/**
 * One programme's stamps for a sale (giveStamps), in a bounded number of statements however many cards
 * they fill (stampPlan): the open card updated (or a new one), the whole cards and the leftover's new
 * card written in one insert, the vouchers in fillCards, the sale's stamps on each card in one insert.
 */
async function stampProgramme(
  trx: Database,
  ctx: ProviderContext,
  p: ProgramRow,
  count: number,
  g: { customerId: number; source: Sale; now: Date },
): Promise<StampsAdded> {
  let card: CardRow | undefined = await openCard(trx, p.id, g.customerId);
  if (card && card.expires_at !== null && card.expires_at <= g.now) {
    await updateCard(trx, card.id, { status: 'expired' });
    card = undefined;
  }
  const needed = p.stamps_needed;
  const plan = stampPlan(card?.stamps ?? 0, count, needed);
  const fills = (plan.firstFull ? 1 : 0) + plan.wholeCards;
  const vouchers = fills > 0 ? await fillCards(trx, ctx, p, g.customerId, fills) : [];
  const voucherOf = (i: number) => vouchers[i] ?? null;
  const freshExpiry = p.expiry_days > 0 ? new Date(g.now.getTime() + p.expiry_days * DAY) : null;
  const firstStamps = (card?.stamps ?? 0) + plan.take;
  const first = {
    stamps: firstStamps,
    started_at: card?.started_at ?? g.now,
    expires_at: card?.started_at ? card.expires_at : freshExpiry,
    ...(plan.firstFull ? { status: 'filled' as const, filled_at: g.now, voucher_id: voucherOf(0) } : {}),
  };
  const base = { program_id: p.id, customer_id: g.customerId, created_at: g.now };
  // the first card before the new ones: a filled open card frees the customer's one open card of the programme
  let firstId: number;
  if (card) {
    await updateCard(trx, card.id, first);
    firstId = card.id;
  } else {
    firstId = (await insertCards(trx, [{ ...base, ...first }]))[0]!;
  }
  const fresh = { ...base, started_at: g.now, expires_at: freshExpiry };
  const more: Array<typeof fresh & { stamps: number; status: 'filled' | 'open'; filled_at: Date | null; voucher_id: number | null }> = Array.from(
    { length: plan.wholeCards },
    (_, i) => ({ ...fresh, stamps: needed, status: 'filled', filled_at: g.now, voucher_id: voucherOf(1 + i) }),
  );
  if (plan.left > 0) more.push({ ...fresh, stamps: plan.left, status: 'open', filled_at: null, voucher_id: null });
  const moreIds = await insertCards(trx, more);
  const sale = { order_id: 'order_id' in g.source ? g.source.order_id : null, earn_id: 'earn_id' in g.source ? g.source.earn_id : null };
  const event = { program_id: p.id, customer_id: g.customerId, ...sale, created_at: g.now };
  await insertEvents(trx, [
    { ...event, card_id: firstId, stamps: plan.take, stamps_after: firstStamps, filled: plan.firstFull, voucher_id: plan.firstFull ? voucherOf(0) : null },
    ...more.map((c, i) => ({
      ...event,
      card_id: moreIds[i]!,
      stamps: c.stamps,
      stamps_after: c.stamps,
      filled: c.status === 'filled',
      voucher_id: c.voucher_id,
    })),
  ]);
  // every card filled, told in one statement (none filled: no statement)
  const filled = [
    ...(plan.firstFull ? [{ card_id: firstId, voucher_id: voucherOf(0) }] : []),
    ...more.flatMap((c, i) => (c.status === 'filled' ? [{ card_id: moreIds[i]!, voucher_id: c.voucher_id }] : [])),
  ];
  await emitStampCardsCompleted(
    trx,
    filled.map((f) => ({ customer_id: g.customerId, program_id: p.id, program: p.name, ...f })),
    g.now,
  );
  const onOpen = plan.left > 0 ? plan.left : plan.firstFull ? 0 : firstStamps;
  return { program_id: p.id, name: p.name, added: count, stamps: onOpen, stamps_needed: needed, filled: fills };
}

/**
 * The stamps a sale gives, in its transaction, under the customer's row lock (taken here if the caller
 * has not): each active programme's count for the lines, on the customer's open card (a new one when
 * there is none or it expired), filling as many cards as they make, each full card's voucher issued
 * (stampProgramme: a bounded number of statements per programme, at most STAMP_PROGRAMS_MAX of them).
 * A sale gives stamps once: one that has some already gives none again.
 */
export async function giveStamps(
  trx: Database,
  ctx: ProviderContext,
  g: { customerId: number; lines: readonly StampLine[]; source: Sale; now: Date },
): Promise<StampsAdded[]> {
  if (g.lines.length === 0) return [];
  const programs = (await programsOf(trx, ['active'])).map((p) => ({ p, count: stampsFor(p, g.lines) })).filter((x) => x.count > 0);
  if (programs.length === 0) return [];
  await lockCustomer(trx, g.customerId);
  if ((await eventsOf(trx, g.source)).length > 0) return [];
  const out: StampsAdded[] = [];
  for (const { p, count } of programs) out.push(await stampProgramme(trx, ctx, p, count, g));
  return out;
}

/** What a completed order's notice adds, in the customer's language: " You collected 2 stamps on your Coffee card: 7 of 10." */
export function stampsSentence(say: Say, added: readonly StampsAdded[]): string {
  return added
    .map((a) => {
      const words = { added: a.added, card: cardName(a.name), stamps: a.stamps, needed: a.stamps_needed, filled: a.filled };
      if (a.filled === 0) return ` ${say(stampWords.progress, words)}`;
      const next = a.stamps > 0;
      if (a.filled === 1) return ` ${say(next ? stampWords.fullNext : stampWords.full, words)}`;
      return ` ${say(next ? stampWords.fullManyNext : stampWords.fullMany, words)}`;
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
 * A sale's stamps taken back (an undone counter earn, a completed order refunded at the payment
 * gateway), in the caller's transaction under the customer's row lock.
 * Each voucher its stamps issued is cancelled (its unit of stock back) while unused; a used one, or a
 * card of its stamps that another sale filled since, refuses the undo (409 CONFLICT: the transaction
 * rolls back, nothing changed). A card it filled reopens with its stamps (and a newer card's, folded
 * back into it); a card it started and left empty goes. Answers the stamps taken back.
 */
export async function takeBackStamps(trx: Database, sale: Sale, now: Date): Promise<number> {
  const events = await eventsOf(trx, sale);
  if (events.length === 0) return 0;
  await takeBackVouchers(
    trx,
    events.flatMap((e) => (e.voucher_id === null ? [] : [e.voucher_id])),
    now,
    'that these stamps filled a card for',
  );
  const cards = new Map((await cardsByIds(trx, [...new Set(events.map((e) => e.card_id))])).map((c) => [c.id, c]));
  const filledByEarn = new Set(events.filter((e) => e.filled).map((e) => e.card_id));
  for (const c of cards.values()) {
    if (c.status === 'filled' && !filledByEarn.has(c.id))
      throw new AppError('CONFLICT', 'A stamp card these stamps went on has filled since, with another sale: the sale cannot be undone.');
  }
  await deleteEventsOf(trx, sale);
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
      await foldCards(trx, ids.slice(1), first.id);
      const another = await openCard(trx, programId, first.customer_id);
      const status = (await programsOf(trx, ['ended'])).some((p) => p.id === programId) ? 'closed' : another && !ids.includes(another.id) ? 'expired' : 'open';
      await updateCard(trx, first.id, {
        stamps: Math.max(0, pool),
        status,
        filled_at: null,
        voucher_id: null,
        ...(pool <= 0 ? { started_at: null, expires_at: null } : {}),
      });
    }
    await deleteEmptyCards(trx, ids);
  }
  return events.reduce((s, e) => s + e.stamps, 0);
}
