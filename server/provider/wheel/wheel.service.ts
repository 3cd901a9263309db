import type { Prize, SpinData, WheelConfig, WheelConfigData, WheelEditorData, WheelVersion } from '#contract';
import type { Database } from '../../db';
import type { ProviderContext } from '../context';
import { AppError, validation, said } from '../http/errors';
import type { StaffOfRequest } from '../http/staff-session';
import { getCustomer, lockCustomer } from '../accounts/accounts.repo';
import { clearMerchantCache, getMerchant, type MerchantRules } from '../settings/settings.service';
import { burnPoints, earnPoints } from '../points/points.ledger';
import { notify } from '../notifications/notify';
import { languageOfCustomer, sayToCustomer } from '../accounts/language';
import { sayIn } from '../i18n/translate';
import type { Language } from '#contract/languages';
import { titleIn } from '#contract/translations';
import { pointsReason, wheel as wheelWords } from '../i18n/messages';
import { reasonOf } from '../points/reasons';
import { findRewardById, shareRewardsByName } from '../rewards/rewards.repo';
import { giftVoucher, loadVouchers } from '../rewards/vouchers.repo';
import { insertAudit } from '../staff/staff.repo';
import { publishedOdds } from '#contract/wheel-odds';
import { spinsLeftToday } from '#contract/wheel-spins';
import { drawSegment } from './draw';
import {
  activeSegments,
  countSpinsByVersion,
  freeSpinsOn,
  insertSpin,
  insertVersion,
  latestVersion,
  listAllSegments,
  listVersionRecords,
  lockPublication,
  setSpinPrize,
  type SegmentRow,
} from './wheel.repo';
import { paths, to } from '#contract/routes';
import { errors } from '../i18n/errors';

/**
 * The schema keeps at most one free spin per customer per merchant day (the unique partial index
 * `wheel_spins_one_free_a_day`), so a rule asking for more is capped here rather than promised and refused.
 */
export const MAX_FREE_SPINS_PER_DAY = 1;

/** The merchant's calendar date ('YYYY-MM-DD') at an instant: free spins reset at local midnight. */
export function merchantDay(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

export function freeSpinsPerDay(rules: MerchantRules): number {
  return Math.max(0, Math.min(rules.free_spins_per_day, MAX_FREE_SPINS_PER_DAY));
}

async function segmentsOrClosed(db: ProviderContext['db']): Promise<SegmentRow[]> {
  const segments = await activeSegments(db);
  if (segments.length === 0) throw new AppError('CONFLICT', errors.wheelClosed);
  return segments;
}

/** The wheel as the customer sees it: segments with their disclosed odds, and what they can spin today. */
export async function wheelConfig(ctx: ProviderContext, customerId: number): Promise<WheelConfigData> {
  const rules = await wheelRules(ctx);
  const segments = await segmentsOrClosed(ctx.db);
  const customer = await getCustomer(ctx.db, customerId);
  const used = await freeSpinsOn(ctx.db, customerId, merchantDay(ctx.clock.now(), rules.timezone));
  const freeLeft = Math.max(0, freeSpinsPerDay(rules) - used);
  return {
    segments: publishedOdds(segments).map((s) => ({
      id: s.id,
      label: s.label,
      probability: s.probability,
      prize_type: s.prize_type,
      ...(s.color ? { color: s.color } : {}),
    })),
    spins_left: spinsLeftToday({ free_spins_left: freeLeft, points: customer.points, spin_cost_points: rules.spin_cost_points }),
    spin_cost_points: rules.spin_cost_points,
    free_spins_left: freeLeft,
    points: customer.points,
    odds_version: segments[0]!.odds_version,
  };
}

/** The merchant's rules of the wheel: read before a spin's transaction (PGlite has one connection, which the transaction holds). */
export async function wheelRules(ctx: ProviderContext): Promise<MerchantRules> {
  return (await getMerchant(ctx.db, ctx.merchantId)).rules;
}

/**
 * One spin, in the transaction that runs once per idempotency key (the route's), under the customer's
 * row lock: take today's free spin or pay for the spin, draw on the server, credit the prize, record
 * the spin, notify. Paying comes before crediting, so a prize can never pay for the spin that won it.
 */
export async function spinWheel(
  ctx: ProviderContext,
  trx: Database,
  customerId: number,
  rules: MerchantRules,
  lang?: Language,
): Promise<{ data: SpinData; message: string }> {
  const segments = await segmentsOrClosed(trx);
  await lockCustomer(trx, customerId);
  const now = ctx.clock.now();
  const day = merchantDay(now, rules.timezone);
  const perDay = freeSpinsPerDay(rules);
  const usedBefore = await freeSpinsOn(trx, customerId, day);

  const drawnId = drawSegment(segments);
  const segment = segments.find((s) => s.id === drawnId)!;
  const spin = { customerId, segmentId: segment.id, oddsVersion: segment.odds_version, day, at: now };
  const drawn: Record<string, unknown> = { type: segment.prize_type, label: segment.label, points: segment.prize_points, reward_id: segment.reward_id };

  let spinId: number | null = null;
  let free = usedBefore < perDay;
  if (free) {
    spinId = await insertSpin(trx, { ...spin, free: true, costPoints: 0, prize: drawn });
    // the index says today's free spin is already taken: pay instead
    if (spinId === null) free = false;
  }
  if (!free) {
    const cost = rules.spin_cost_points;
    if (cost <= 0) throw new AppError('NO_SPINS_LEFT', errors.spunToday, undefined, { spin_cost_points: cost });
    try {
      await burnPoints(trx, ctx.clock, customerId, cost, { ...reasonOf(pointsReason.spin), ref: `wheel:${day}` });
    } catch (err) {
      if (err instanceof AppError && err.code === 'INSUFFICIENT_POINTS') {
        const have = (err.data as { points?: number } | null)?.points ?? 0;
        throw new AppError('NO_SPINS_LEFT', said(errors.spinCost, { cost, have }), undefined, {
          spin_cost_points: cost,
          points: have,
        });
      }
      throw err;
    }
    spinId = await insertSpin(trx, { ...spin, free: false, costPoints: cost, prize: drawn });
  }

  const prize = await creditPrize(ctx, trx, { customerId, segment, spinId: spinId!, lang }, rules);
  await setSpinPrize(trx, spinId!, {
    type: prize.type,
    label: prize.label,
    ...(prize.points ? { points: prize.points } : {}),
    ...(prize.voucher ? { voucher_id: prize.voucher.id, reward_id: segment.reward_id } : {}),
  });

  const freeLeft = Math.max(0, perDay - usedBefore - (free ? 1 : 0));
  const customer = await getCustomer(trx, customerId);
  const message = prize.type === 'none' ? 'No prize this time. Better luck next spin!' : `You won ${prize.label}!`;
  return {
    message,
    data: {
      segment_id: segment.id,
      prize,
      spins_left: spinsLeftToday({ free_spins_left: freeLeft, points: customer.points, spin_cost_points: rules.spin_cost_points }),
      free_spins_left: freeLeft,
      points: customer.points,
    },
  };
}

/**
 * Credits the drawn prize in the spin's transaction and notifies the customer of it (in their language). A voucher won
 * is answered in `lang`, the app's language spoken (its reward's title and description in it where written).
 */
async function creditPrize(
  ctx: ProviderContext,
  trx: ProviderContext['db'],
  won: { customerId: number; segment: SegmentRow; spinId: number; lang?: Language },
  rules: MerchantRules,
): Promise<Prize> {
  const { customerId, segment, spinId } = won;
  if (segment.prize_type === 'points' && segment.prize_points > 0) {
    await earnPoints(trx, ctx.clock, customerId, segment.prize_points, { ...reasonOf(pointsReason.spinWon), ref: `spin:${spinId}` }, rules.points_expiry_days);
    const say = await sayToCustomer(trx, rules, customerId);
    await notify(trx, ctx.clock, customerId, {
      type: 'wheel',
      title: say(wheelWords.wonTitle),
      body: say(wheelWords.wonPoints, { points: segment.prize_points }),
      link: paths.profilePoint,
    });
    return { type: 'points', label: segment.label, points: segment.prize_points };
  }
  if (segment.prize_type === 'voucher' && segment.reward_id !== null) {
    const reward = await findRewardById(trx, segment.reward_id);
    // a prize whose reward is gone or sold out pays nothing rather than overselling the stock
    const voucherId = await giftVoucher(trx, ctx.clock, customerId, reward, 'wheel');
    if (reward && voucherId !== null) {
      const [voucher] = await loadVouchers(trx, { customerId, ids: [voucherId], language: won.lang });
      const language = await languageOfCustomer(trx, rules, customerId);
      const say = sayIn(language);
      await notify(trx, ctx.clock, customerId, {
        type: 'wheel',
        title: say(wheelWords.wonTitle),
        body: say(wheelWords.wonVoucher, { reward: titleIn(reward, language) }),
        link: to.voucher(voucherId),
      });
      return { type: 'voucher', label: segment.label, voucher: voucher! };
    }
  }
  return { type: 'none', label: segment.prize_type === 'none' ? segment.label : 'Try again' };
}

// ---------------------------------------------------------------------------------------------
// The owner's wheel (merchant/wheel…)
// ---------------------------------------------------------------------------------------------
//
// A configuration is published whole, as a new odds version; the versions before it stay (segments and
// all), so every spin, which names its version, can be explained by the odds of its time. A spin reads
// the newest version when it starts and draws from that, so one in flight while a new version is
// published keeps its own odds. The chances shown are the contract's publishedOdds, the very numbers
// customers are shown.

const HISTORY = 50;

async function versions(db: Database, rules: { spin_cost_points: number; free_spins_per_day: number }): Promise<WheelVersion[]> {
  const segs = await listAllSegments(db);
  const numbers = [...new Set(segs.map((s) => s.odds_version))].slice(0, HISTORY);
  if (numbers.length === 0) return [];
  const meta = await listVersionRecords(db, numbers);
  const spins = await countSpinsByVersion(db, numbers);
  return numbers.map((version, i) => {
    const m = meta.find((x) => x.version === version);
    const own = segs.filter((s) => s.odds_version === version);
    return {
      version,
      segments: publishedOdds(own).map((s) => ({
        label: s.label,
        prize_type: s.prize_type,
        points: s.prize_type === 'points' ? s.prize_points : null,
        reward: s.reward_name ? { name: s.reward_name, title: s.reward_title!, active: s.reward_active! } : null,
        weight: s.weight,
        color: s.color,
        probability: s.probability,
      })),
      // the first version has no record: the rules of today were its rules
      spin_cost_points: m?.spin_cost_points ?? (i === 0 ? rules.spin_cost_points : 0),
      free_spins_per_day: m?.free_spins_per_day ?? (i === 0 ? rules.free_spins_per_day : 0),
      published_at: m ? m.published_at.toISOString() : null,
      published_by: m?.staff_name ?? null,
      spins: spins.get(version) ?? 0,
    };
  });
}

export async function wheelEditor(ctx: ProviderContext): Promise<WheelEditorData> {
  const all = await versions(ctx.db, await wheelRules(ctx));
  return { current: all[0]!, versions: all };
}

export async function publishWheel(ctx: ProviderContext, staff: StaffOfRequest, body: WheelConfig): Promise<WheelEditorData> {
  await ctx.db.transaction().execute(async (trx) => {
    // one publication at a time (instances included): each gets the next version number
    await lockPublication(trx);
    const names = [...new Set(body.segments.flatMap((s) => (s.prize_type === 'voucher' && s.reward ? [s.reward] : [])))];
    // held until commit: a reward retired meanwhile waits, then finds itself on the wheel and is refused
    const rewards = names.length ? await shareRewardsByName(trx, names) : [];
    const problems: Record<string, string> = {};
    body.segments.forEach((s, i) => {
      if (s.prize_type !== 'voucher') return;
      const r = rewards.find((x) => x.name === s.reward);
      if (!r) problems[`segments.${i}.reward`] = 'is not a reward of this shop';
      else if (!r.active) problems[`segments.${i}.reward`] = 'is retired: pick an active reward';
    });
    if (Object.keys(problems).length) throw validation(problems, 'A voucher prize must be one of the active rewards.');
    const latest = await latestVersion(trx);
    const version = latest.version + 1;
    const now = ctx.clock.now();
    await insertVersion(trx, ctx.merchantId, {
      version,
      segments: body.segments.map((s) => ({
        label: s.label,
        weight: s.weight,
        prize_type: s.prize_type,
        prize_points: s.prize_type === 'points' ? s.points! : 0,
        reward_id: s.prize_type === 'voucher' ? rewards.find((r) => r.name === s.reward)!.id : null,
        color: s.color ?? null,
      })),
      spin_cost_points: body.spin_cost_points,
      free_spins_per_day: body.free_spins_per_day,
      published_at: now,
      published_by: staff.id,
    });
    await insertAudit(trx, { staffId: staff.id, action: 'wheel.publish', target: `wheel:${version}`, before: latest.segments, after: body, now });
  });
  clearMerchantCache();
  return wheelEditor(ctx);
}
