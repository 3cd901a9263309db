/**
 * Tiers (issue 30): a customer's tier by what they earned (or their visits) over the last 365 days
 * (tiers.repo.ts tierValue, the one definition), reached at once and held for 12 months; its benefits:
 * the earn multiplier (orders and the counter pass earnTier to the earning rules), a welcome reward
 * given once ever, a birthday reward of its own (customers/birthdays.service.ts), early access to chosen
 * rewards (rewards/ through the port, tiers-port.ts). The nightly run (runTiers, in the hourly job)
 * renews or drops a tier at the end of its 12 months, and sends the 30 days' notice once.
 *
 * Locks: placeCustomer runs in the transaction of what changed the customer's points or visits, under
 * the customer's row lock (taken first, as every earn takes it), so concurrent earns place one after the
 * other; a welcome is a row of tier_welcomes, unique by customer and tier, the last guard.
 */
import type { Logger } from 'pino';
import { paths, to } from '#contract/routes';
import {
  nextTier,
  TIER_NOTICE_DAYS,
  TIER_PERIOD_MONTHS,
  tierFor,
  type TierInfo,
  type TierProgramFields,
  type TiersConsoleData,
  type TierStatusData,
} from '#contract/tiers';
import type { Database } from '../../db';
import type { EarnTierRise } from '../../db/schema';
import { type Clock, DAY } from '../../lib/clock';
import { lockCustomer } from '../accounts/accounts.repo';
import type { ProviderContext } from '../context';
import { validation } from '../http/errors';
import type { StaffOfRequest } from '../http/staff-session';
import { localDate } from '../locations/hours';
import { notify } from '../notifications/notify';
import { sayToCustomer } from '../accounts/language';
import { tier as tierWords } from '../i18n/messages';
import { voucherWords } from '#contract/reward-words';
import { findActiveRewardById } from '../rewards/rewards.repo';
import { takeBackVouchers } from '../rewards/reversals';
import { giftVoucher } from '../rewards/vouchers.repo';
import { getMerchant, type MerchantRules } from '../settings/settings.service';
import { insertAudit } from '../staff/staff.repo';
import type { TierPort } from '../tiers-port';
import {
  countCustomers,
  countsByPosition,
  customersDue,
  customersToPlace,
  customerTierOf,
  deleteWelcomes,
  earnTierOf,
  lockCustomerTierSkip,
  lockProgramme,
  markChecked,
  markNoticeSent,
  placedBelow,
  programmeSwitch,
  readProgramme,
  recordWelcome,
  rewardsByIds,
  saveCustomerTier,
  setWelcomeVoucher,
  tierValue,
  tierValues,
  writeProgramme,
  type CustomerTierRow,
  type Programme,
  type TierRow,
} from './tiers.repo';
import { emitTierChanged } from '../events/events.service';

/** What placing a customer needs: the clock, and a logger for a welcome reward that could not be given. */
export interface TierCtx {
  clock: Clock;
  logger?: Logger | undefined;
  /** the shop, for the language of the customer's notices */
  merchantId: string;
}

const BATCH = 200;

/** `from` plus whole months (UTC): the end of a tier's period. */
export function addMonths(from: Date, months: number): Date {
  const d = new Date(from);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d;
}

/** A welcome recorded for a customer (tier_welcomes' row): its voucher, null when none could be given. */
interface Welcome {
  id: number;
  position: number;
  voucherId: number | null;
  title: string;
}

/** A tier's welcome reward, once ever per customer and tier: the welcome recorded, or null (given before, or none to give). */
async function giveWelcome(trx: Database, ctx: TierCtx, customerId: number, tier: TierRow): Promise<Welcome | null> {
  if (tier.welcome_reward_id === null) return null;
  const now = ctx.clock.now();
  const welcome = await recordWelcome(trx, customerId, tier.name, now);
  if (welcome === null) return null;
  const reward = await findActiveRewardById(trx, tier.welcome_reward_id);
  const voucherId = await giftVoucher(trx, ctx.clock, customerId, reward, 'tier');
  if (!reward || voucherId === null) {
    // the moment has passed: recorded without a voucher, so it is not given later either
    ctx.logger?.warn(
      { customer: customerId, tier: tier.name, reward: tier.welcome_reward_id },
      'tier welcome reward not given: the reward is retired or sold out',
    );
    return { id: welcome, position: tier.position, voucherId: null, title: '' };
  }
  await setWelcomeVoucher(trx, welcome, voucherId);
  return { id: welcome, position: tier.position, voucherId, title: reward.title };
}

/**
 * Places a customer, in the caller's transaction, after their points or visits changed: under the
 * customer's row lock, the tier their value gives; higher than the one they hold, they rise at once
 * (held for 12 months from now), are told, and get each welcome reward of the tiers reached (once ever);
 * lower, they keep theirs until its period ends (the nightly run). Nothing when tiers are off.
 * Returns the customer's tier row as it is now (null: tiers off).
 */
export async function placeCustomer(trx: Database, ctx: TierCtx, customerId: number): Promise<CustomerTierRow | null> {
  return (await place(trx, ctx, customerId))?.row ?? null;
}

/**
 * Places a customer after an earn (placeCustomer), and answers what its undo needs to put back
 * (undoTierRise): the tier row before the rise and the welcomes it gave; null when it did not rise.
 */
export async function placeAfterEarn(trx: Database, ctx: TierCtx, customerId: number): Promise<TierRise | null> {
  return (await place(trx, ctx, customerId))?.rise ?? null;
}

async function place(trx: Database, ctx: TierCtx, customerId: number): Promise<{ row: CustomerTierRow | null; rise: TierRise | null } | null> {
  const prog = await readProgramme(trx);
  if (!prog.enabled) return null;
  await lockCustomer(trx, customerId);
  const now = ctx.clock.now();
  const value = await tierValue(trx, prog.basis, customerId, now);
  const target = tierFor(prog.tiers, value);
  const row = await customerTierOf(trx, customerId);
  const held = row?.position ?? -1;
  if (row && target <= held) return { row, rise: null };
  const heldUntil = target > 0 ? addMonths(now, TIER_PERIOD_MONTHS) : null;
  await saveCustomerTier(trx, { customer_id: customerId, position: target, reached_at: now, held_until: heldUntil, notice_sent_at: null, updated_at: now });
  // a first placement at the first tier is no change to tell
  if (target > Math.max(held, 0)) await tierChanged(trx, prog, customerId, held, target, now);
  const welcomes: Welcome[] = [];
  for (let p = held + 1; p <= target; p++) {
    const welcome = await giveWelcome(trx, ctx, customerId, prog.tiers[p]!);
    if (welcome) welcomes.push(welcome);
  }
  const given = welcomes.flatMap((w) => (w.voucherId === null ? [] : [{ voucherId: w.voucherId, title: w.title }]));
  const tier = prog.tiers[target]!;
  // in the customer's language (docs/app.md, "What the shop sends"), its sentences joined by a space
  const say = target > 0 || given.length > 0 ? await sayToCustomer(trx, (await getMerchant(trx, ctx.merchantId)).rules, customerId) : null;
  const waiting = (title: string) => say!(tierWords.voucherWaiting, { voucher: voucherWords(title, { start: true }), reward: title });
  if (target > 0) {
    const parts = [
      tier.multiplier > 1 ? say!(tierWords.multiplier, { multiplier: tier.multiplier }) : '',
      ...given.map((g) => waiting(g.title)),
      say!(tierWords.keep, { tier: tier.name, months: TIER_PERIOD_MONTHS }),
    ];
    await notify(trx, ctx.clock, customerId, {
      type: 'reward',
      title: say!(tierWords.welcomeTitle, { tier: tier.name }),
      body: parts.filter(Boolean).join(' '),
      link: given.length === 1 ? to.voucher(given[0]!.voucherId) : paths.home,
    });
  } else if (given.length > 0) {
    await notify(trx, ctx.clock, customerId, {
      type: 'reward',
      title: say!(tierWords.welcomeTitle, { tier: tier.name }),
      body: waiting(given[0]!.title),
      link: to.voucher(given[0]!.voucherId),
    });
  }
  const before = row ? { position: row.position, reached_at: row.reached_at, held_until: row.held_until, notice_sent_at: row.notice_sent_at } : null;
  // a first placement at the first tier, welcoming to nothing, is no rise to put back
  const rose = target > Math.max(held, 0) || welcomes.length > 0;
  return {
    row: (await customerTierOf(trx, customerId)) ?? null,
    rise: rose ? { before, welcomes: welcomes.map((w) => ({ id: w.id, position: w.position, voucher_id: w.voucherId })) } : null,
  };
}

/** tier.changed's webhook: from the tier at `from` (-1: never placed, so in the first tier) to the one at `to`. */
async function tierChanged(trx: Database, prog: Programme, customerId: number, from: number, to: number, now: Date): Promise<void> {
  const name = prog.tiers[to]?.name;
  if (name === undefined || from === to) return;
  await emitTierChanged(
    trx,
    { customer_id: customerId, from: prog.tiers[Math.max(from, 0)]?.name ?? null, to: name, direction: to > from ? 'up' : 'down' },
    now,
  );
}

/**
 * An earn's rise, as its undo puts it back: the customer's tier row before (null: never placed), and
 * the welcomes the rise gave (tier_welcomes' rows, their vouchers). Kept with the earn as JSON.
 */
export interface TierRise {
  before: { position: number; reached_at: Date | string; held_until: Date | string | null; notice_sent_at: Date | string | null } | null;
  welcomes: Array<{ id: number; position: number; voucher_id: number | null }>;
}

const dateOf = (d: Date | string | null) => (d === null ? null : new Date(d));

/**
 * An undone earn's rise taken back, in the undo's transaction under the customer's row lock, after its
 * points (or its visit) stopped counting: the tier is placed again as if the earn never happened, the
 * higher of the tier held before it and the one the value now gives (another earn since may justify
 * the rise on its own: then it stays). A tier dropped to is the row as it was before (its date, its
 * period); the welcomes of the tiers dropped are taken back: their unused vouchers cancelled, a used one
 * refusing the undo (409 naming it: rewards/reversals.ts), their rows deleted so a tier reached for real
 * later welcomes again.
 */
export async function undoTierRise(trx: Database, ctx: TierCtx, customerId: number, rise: TierRise): Promise<void> {
  const prog = await readProgramme(trx);
  await lockCustomer(trx, customerId);
  const now = ctx.clock.now();
  const target = prog.enabled ? tierFor(prog.tiers, await tierValue(trx, prog.basis, customerId, now)) : 0;
  const keep = Math.max(rise.before?.position ?? 0, target);
  const dropped = rise.welcomes.filter((w) => w.position > keep);
  await takeBackVouchers(
    trx,
    dropped.flatMap((w) => (w.voucher_id === null ? [] : [w.voucher_id])),
    now,
    'that welcomed the customer to the tier this sale reached',
  );
  await deleteWelcomes(
    trx,
    dropped.map((w) => w.id),
  );
  const row = await customerTierOf(trx, customerId);
  if (!row || row.position <= keep) return;
  await tierChanged(trx, prog, customerId, row.position, keep, now);
  const b = rise.before;
  await saveCustomerTier(
    trx,
    b && b.position === keep
      ? {
          customer_id: customerId,
          position: keep,
          reached_at: new Date(b.reached_at),
          held_until: dateOf(b.held_until),
          notice_sent_at: dateOf(b.notice_sent_at),
          updated_at: now,
        }
      : {
          customer_id: customerId,
          position: keep,
          reached_at: row.reached_at,
          held_until: keep > 0 ? row.held_until : null,
          notice_sent_at: null,
          updated_at: now,
        },
  );
}

/** The customer's tier for the earning rules (its name and multiplier), or null when tiers are off. */
export async function earnTier(db: Database, customerId: number): Promise<{ name: string; multiplier: number } | null> {
  return earnTierOf(db, customerId);
}

/** The reward the customer's tier gives on their birthday instead of the shop's treat (its id), or null. */
export async function tierBirthdayReward(db: Database, customerId: number): Promise<number | null> {
  const prog = await readProgramme(db);
  if (!prog.enabled) return null;
  return prog.tiers[(await customerTierOf(db, customerId))?.position ?? 0]?.birthday_reward_id ?? null;
}

/** Whether any tier gives a birthday reward (the birthday run then looks even when the shop's treat is off). */
export async function tiersGiveBirthdays(db: Database): Promise<boolean> {
  const prog = await readProgramme(db);
  return prog.enabled && prog.tiers.some((t) => t.birthday_reward_id !== null);
}

/** The rewards tiers can redeem early, by reward id: the lowest tier's position that can. */
function earlyTiers(prog: Programme): Map<number, number> {
  const out = new Map<number, number>();
  if (!prog.enabled) return out;
  prog.tiers.forEach((t, i) => t.early_reward_ids.forEach((id) => out.has(id) || out.set(id, i)));
  return out;
}

/** The port the areas below tiers/ reach it through (tiers-port.ts). */
export function tierPort(ctx: TierCtx): TierPort {
  return {
    // kept as JSON, where its dates are strings (EarnTierRise is the stored form)
    place: async (trx, customerId) => (await placeAfterEarn(trx, ctx, customerId)) as EarnTierRise | null,
    earlyAccess: async (db, customerId) => {
      const prog = await readProgramme(db);
      const early = earlyTiers(prog);
      if (early.size === 0) return new Map();
      const position = customerId === null ? -1 : ((await customerTierOf(db, customerId))?.position ?? 0);
      return new Map([...early].map(([id, p]) => [id, { tier: prog.tiers[p]!.name, unlocked: position >= p }]));
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The customer's status
// ---------------------------------------------------------------------------------------------

async function infosOf(db: Database, prog: Programme): Promise<TierInfo[]> {
  const rewards = await rewardsByIds(db, [
    ...new Set(prog.tiers.flatMap((t) => [t.welcome_reward_id, t.birthday_reward_id, ...t.early_reward_ids].filter((id): id is number => id !== null))),
  ]);
  const title = (id: number | null) => (id === null ? null : (rewards.get(id)?.title ?? null));
  return prog.tiers.map((t, i) => ({
    index: i,
    name: t.name,
    threshold: t.threshold,
    multiplier: t.multiplier,
    welcome_reward: title(t.welcome_reward_id),
    birthday_reward: title(t.birthday_reward_id),
    early_rewards: t.early_reward_ids.flatMap((id) => title(id) ?? []),
  }));
}

/**
 * The notice of a drop: within 30 days of the period's end, when what will still count then (what was
 * earned within the 12 months before the end: `projected`) would give a lower tier.
 */
async function noticeOf(db: Database, prog: Programme, customerId: number, row: { position: number; held_until: Date | null }, now: Date) {
  if (!row.held_until || row.position === 0) return null;
  if (now.getTime() < row.held_until.getTime() - TIER_NOTICE_DAYS * DAY) return null;
  const value = await tierValue(db, prog.basis, customerId, now, row.held_until);
  const would = tierFor(prog.tiers, value);
  if (would >= row.position) return null;
  return { to: prog.tiers[would]!.name, on: row.held_until, remaining: prog.tiers[row.position]!.threshold - value };
}

/** `tier/status`: the tier now, the progress to the next, the notice, what each tier gives. A customer never placed is placed first. */
export async function tierStatus(ctx: ProviderContext, customerId: number): Promise<TierStatusData> {
  const prog = await readProgramme(ctx.db);
  if (!prog.enabled) return { enabled: false, basis: prog.basis, tier: null, value: 0, next: null, held_until: null, notice: null, tiers: [] };
  let row = await customerTierOf(ctx.db, customerId);
  if (!row) row = (await ctx.db.transaction().execute((trx) => placeCustomer(trx, ctx, customerId))) ?? undefined;
  const now = ctx.clock.now();
  const value = await tierValue(ctx.db, prog.basis, customerId, now);
  const index = Math.min(row?.position ?? 0, prog.tiers.length - 1);
  const tiers = await infosOf(ctx.db, prog);
  const next = nextTier(prog.tiers, index, value);
  const notice = row ? await noticeOf(ctx.db, prog, customerId, row, now) : null;
  return {
    enabled: true,
    basis: prog.basis,
    tier: tiers[index]!,
    value,
    next: next ? { name: next.name, threshold: next.threshold, remaining: next.remaining } : null,
    held_until: index > 0 ? (row?.held_until?.toISOString() ?? null) : null,
    notice: notice ? { ...notice, on: notice.on.toISOString() } : null,
    tiers,
  };
}

// ---------------------------------------------------------------------------------------------
// The console
// ---------------------------------------------------------------------------------------------

const CLOSE = 20;

/** `merchant/loyalty/tiers`: the programme, customers per tier, the 20 closest to their next tier. */
export async function tiersConsole(ctx: ProviderContext): Promise<TiersConsoleData> {
  const prog = await readProgramme(ctx.db);
  const program = await programmeSwitch(ctx.db);
  const rewards = await rewardsByIds(ctx.db, [
    ...new Set(prog.tiers.flatMap((t) => [t.welcome_reward_id, t.birthday_reward_id, ...t.early_reward_ids].filter((id): id is number => id !== null))),
  ]);
  const ref = (id: number | null) => (id === null ? null : { id, title: rewards.get(id)?.title ?? '' });
  const counts = await countsByPosition(ctx.db);
  const total = await countCustomers(ctx.db);
  const above = [...counts].filter(([p]) => p > 0).reduce((s, [, n]) => s + n, 0);
  const top = prog.tiers.length - 1;
  let close: TiersConsoleData['close'] = [];
  if (top > 0) {
    const values = await tierValues(ctx.db, prog.basis, ctx.clock.now(), null);
    close = (await placedBelow(ctx.db, top))
      .map((c) => {
        const value = values.get(c.id) ?? 0;
        const next = prog.tiers[c.position + 1]!;
        return { customer_id: c.id, name: c.name, tier: prog.tiers[c.position]!.name, next: next.name, value, remaining: Math.max(0, next.threshold - value) };
      })
      .sort((a, b) => a.remaining - b.remaining || a.customer_id - b.customer_id)
      .slice(0, CLOSE);
  }
  return {
    enabled: program?.enabled ?? false,
    basis: prog.basis,
    tiers: prog.tiers.map((t, i) => ({
      name: t.name,
      threshold: t.threshold,
      multiplier: t.multiplier,
      welcome_reward: ref(t.welcome_reward_id),
      birthday_reward: ref(t.birthday_reward_id),
      early_rewards: t.early_reward_ids.map((id) => ref(id)!),
      customers: i === 0 ? Math.max(0, total - above) : (counts.get(i) ?? 0),
    })),
    close,
  };
}

/** Places every customer with a tier or an earn in the window, each in a transaction of its own, in batches (`unplacedOnly`: those never placed). */
async function placeAll(ctx: ProviderContext, unplacedOnly: boolean): Promise<number> {
  let placed = 0;
  for (let after = 0; ;) {
    const ids = await customersToPlace(ctx.db, ctx.clock.now(), unplacedOnly, after, BATCH);
    for (const id of ids) {
      await ctx.db.transaction().execute((trx) => placeCustomer(trx, ctx, id));
      placed++;
    }
    if (ids.length < BATCH) return placed;
    after = ids.at(-1)!;
  }
}

/**
 * `merchant/loyalty/tiers/update` (owners): the whole programme; the rewards it names must exist and be
 * active (400 naming the field, e.g. `tiers.1.welcome_reward_id`). Audited. Then every customer is placed
 * again at once, in batches (a customer may rise; none drops before their 12 months end).
 */
export async function updateTiers(ctx: ProviderContext, staff: StaffOfRequest, body: TierProgramFields): Promise<TiersConsoleData> {
  const ids = [
    ...new Set(body.tiers.flatMap((t) => [t.welcome_reward_id, t.birthday_reward_id, ...t.early_reward_ids].filter((id): id is number => id !== null))),
  ];
  const rewards = await rewardsByIds(ctx.db, ids);
  const problems: Record<string, string> = {};
  const check = (id: number | null, field: string) => {
    if (id === null) return;
    const r = rewards.get(id);
    if (!r) problems[field] = `must be a reward of your catalogue: there is no reward ${id}`;
    else if (!r.active) problems[field] = `must be a reward customers can get: ${r.title} is retired`;
  };
  body.tiers.forEach((t, i) => {
    check(t.welcome_reward_id, `tiers.${i}.welcome_reward_id`);
    check(t.birthday_reward_id, `tiers.${i}.birthday_reward_id`);
    t.early_reward_ids.forEach((id, j) => check(id, `tiers.${i}.early_reward_ids.${j}`));
  });
  if (Object.keys(problems).length > 0) throw validation(problems);
  const next: Programme = {
    enabled: body.enabled,
    basis: body.basis,
    tiers: body.tiers.map((t, i) => ({
      position: i,
      name: t.name,
      threshold: t.threshold,
      multiplier: t.multiplier,
      welcome_reward_id: t.welcome_reward_id,
      birthday_reward_id: t.birthday_reward_id,
      early_reward_ids: [...new Set(t.early_reward_ids)],
    })),
  };
  await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.clock.now();
    await lockProgramme(trx, now);
    const before = (await programmeSwitch(trx))!;
    const beforeTiers = (await readProgramme(trx)).tiers;
    await writeProgramme(trx, next, now);
    const summary = (t: TierRow) => ({
      name: t.name,
      threshold: t.threshold,
      multiplier: t.multiplier,
      welcome_reward_id: t.welcome_reward_id,
      birthday_reward_id: t.birthday_reward_id,
      early_reward_ids: t.early_reward_ids,
    });
    await insertAudit(trx, {
      staffId: staff.id,
      action: 'loyalty.tiers.update',
      target: 'tiers',
      before: { enabled: before.enabled, basis: before.basis, tiers: beforeTiers.map(summary) },
      after: { enabled: next.enabled, basis: next.basis, tiers: next.tiers.map(summary) },
      now,
    });
  });
  if (next.enabled) await placeAll(ctx, false);
  return tiersConsole(ctx);
}

// ---------------------------------------------------------------------------------------------
// The nightly run
// ---------------------------------------------------------------------------------------------

export interface TiersRunResult {
  renewed: number;
  dropped: number;
  notices: number;
  placed: number;
}

/** One customer's day, in `trx`: renewed or dropped at the end of the period, or the notice within 30 days of it. */
async function settleOne(
  trx: Database,
  ctx: ProviderContext,
  prog: Programme,
  rules: MerchantRules,
  customerId: number,
  today: string,
  result: TiersRunResult,
): Promise<void> {
  await lockCustomer(trx, customerId);
  const row = await lockCustomerTierSkip(trx, customerId);
  // another run has it, or did it today
  if (!row || row.position === 0 || (row.checked_on !== null && row.checked_on >= today)) return;
  // a rise the value gives (the programme changed, or points came in) first
  const placed = (await placeCustomer(trx, ctx, customerId)) ?? row;
  const now = ctx.clock.now();
  const value = await tierValue(trx, prog.basis, customerId, now);
  const would = tierFor(prog.tiers, value);
  const tier = prog.tiers[placed.position]!;
  if (placed.held_until && now.getTime() >= placed.held_until.getTime()) {
    if (would >= placed.position) {
      // still qualifying: another 12 months
      await saveCustomerTier(trx, { ...placed, held_until: addMonths(placed.held_until, TIER_PERIOD_MONTHS), notice_sent_at: null, updated_at: now });
      result.renewed++;
    } else {
      const lower = prog.tiers[would]!;
      await saveCustomerTier(trx, {
        ...placed,
        position: would,
        reached_at: now,
        held_until: would > 0 ? addMonths(now, TIER_PERIOD_MONTHS) : null,
        notice_sent_at: null,
        updated_at: now,
      });
      await tierChanged(trx, prog, customerId, placed.position, would, now);
      const say = await sayToCustomer(trx, rules, customerId);
      await notify(trx, ctx.clock, customerId, {
        type: 'account',
        title: say(tierWords.droppedTitle, { tier: lower.name }),
        body: say(tierWords.droppedBody, { months: TIER_PERIOD_MONTHS, tier: tier.name }),
        link: paths.home,
      });
      result.dropped++;
    }
  } else {
    const notice = await noticeOf(trx, prog, customerId, placed, now);
    if (notice && placed.notice_sent_at === null) {
      const day = new Intl.DateTimeFormat(rules.locale, { timeZone: rules.timezone, month: 'short', day: 'numeric' }).format(notice.on);
      const say = await sayToCustomer(trx, rules, customerId);
      await notify(trx, ctx.clock, customerId, {
        type: 'points_expiring',
        title: say(prog.basis === 'points' ? tierWords.keepPoints : tierWords.keepVisits, { remaining: notice.remaining, day, tier: tier.name }),
        body: say(tierWords.otherwise, { tier: notice.to, day }),
        link: paths.home,
      });
      await markNoticeSent(trx, customerId, now);
      result.notices++;
    }
  }
  await markChecked(trx, customerId, today);
}

/**
 * The nightly part of the hourly job: once a day per customer (the shop's day, checked_on), the tiers
 * whose 12 months have ended are renewed (still qualifying) or dropped to the tier the value gives, and
 * those ending within 30 days that would drop get their notice once; customers who earned but were never
 * placed (before tiers) are placed. One transaction per customer, its tier row `for update skip locked`
 * and re-checked: two instances or a repeated run do each once.
 */
export async function runTiers(ctx: ProviderContext): Promise<TiersRunResult> {
  const result: TiersRunResult = { renewed: 0, dropped: 0, notices: 0, placed: 0 };
  const prog = await readProgramme(ctx.db);
  if (!prog.enabled) return result;
  const { rules } = await getMerchant(ctx.db, ctx.merchantId);
  const now = ctx.clock.now();
  const today = localDate(now, rules.timezone);
  for (let after = 0; ;) {
    const ids = await customersDue(ctx.db, now, TIER_NOTICE_DAYS, today, after, BATCH);
    for (const id of ids) await ctx.db.transaction().execute((trx) => settleOne(trx, ctx, prog, rules, id, today, result));
    if (ids.length < BATCH) break;
    after = ids.at(-1)!;
  }
  result.placed = await placeAll(ctx, true);
  return result;
}
