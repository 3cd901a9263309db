import type { Router } from 'express';
import { sql } from 'kysely';
import type { z } from 'zod';
import { wheelPublishBody, type WheelEditorData, type WheelVersion } from '#contract/editors';
import { publishedOdds } from '#contract/wheel-odds';
import type { Database } from '../../db';
import type { ProviderContext } from '../context';
import { apiRouter } from '../http/api-router';
import { send } from '../http/envelope';
import { validation } from '../http/errors';
import { requireStaff, staffOf, type StaffOfRequest } from '../http/staff-session';
import { parse } from '../http/validate';
import { clearMerchantCache, getMerchant } from '../settings/settings.service';
import { insertAudit } from '../staff/staff.repo';

/**
 * The owner's wheel (merchant/wheel…): a configuration is published whole, as a new odds version; the
 * versions before it stay (segments and all), so every spin, which names its version, can be explained
 * by the odds of its time. A spin reads the newest version when it starts and draws from that, so one
 * in flight while a new version is published keeps its own odds. The chances shown are the contract's
 * publishedOdds, the very numbers customers are shown.
 */

const HISTORY = 50;

async function versions(db: Database, rules: { spin_cost_points: number; free_spins_per_day: number }): Promise<WheelVersion[]> {
  const segs = await db
    .selectFrom('wheel_segments as s')
    .leftJoin('rewards as r', 'r.id', 's.reward_id')
    .select(['s.id', 's.label', 's.weight', 's.prize_type', 's.prize_points', 's.color', 's.odds_version', 'r.name as reward_name', 'r.title as reward_title', 'r.active as reward_active'])
    .where('s.active', '=', true)
    .orderBy('s.odds_version', 'desc')
    .orderBy('s.position')
    .orderBy('s.id')
    .execute();
  const numbers = [...new Set(segs.map((s) => s.odds_version))].slice(0, HISTORY);
  if (numbers.length === 0) return [];
  const meta = await db
    .selectFrom('wheel_versions as v')
    .leftJoin('staff', 'staff.id', 'v.published_by')
    .select(['v.version', 'v.spin_cost_points', 'v.free_spins_per_day', 'v.published_at', 'staff.name as staff_name'])
    .where('v.version', 'in', numbers)
    .execute();
  const spins = await db.selectFrom('wheel_spins').select(['odds_version', (eb) => eb.fn.countAll<number>().as('n')]).where('odds_version', 'in', numbers).groupBy('odds_version').execute();
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
      spins: Number(spins.find((x) => x.odds_version === version)?.n ?? 0),
    };
  });
}

export async function wheelEditor(ctx: ProviderContext): Promise<WheelEditorData> {
  const { rules } = await getMerchant(ctx.db, ctx.merchantId);
  const all = await versions(ctx.db, rules);
  return { current: all[0]!, versions: all };
}

async function publish(ctx: ProviderContext, staff: StaffOfRequest, body: z.infer<typeof wheelPublishBody>): Promise<WheelEditorData> {
  await ctx.db.transaction().execute(async (trx) => {
    // one publication at a time (instances included): each gets the next version number
    await sql`select pg_advisory_xact_lock(hashtext('wheel-publish'))`.execute(trx);
    const names = [...new Set(body.segments.flatMap((s) => (s.prize_type === 'voucher' && s.reward ? [s.reward] : [])))];
    // held until commit: a reward retired meanwhile waits, then finds itself on the wheel and is refused
    const rewards = names.length ? await trx.selectFrom('rewards').select(['id', 'name', 'active']).where('name', 'in', names).forShare().execute() : [];
    const problems: Record<string, string> = {};
    body.segments.forEach((s, i) => {
      if (s.prize_type !== 'voucher') return;
      const r = rewards.find((x) => x.name === s.reward);
      if (!r) problems[`segments.${i}.reward`] = 'is not a reward of this shop';
      else if (!r.active) problems[`segments.${i}.reward`] = 'is retired: pick an active reward';
    });
    if (Object.keys(problems).length) throw validation(problems, 'A voucher prize must be one of the active rewards.');
    const { max } = await trx.selectFrom('wheel_segments').select(sql<number>`coalesce(max(odds_version), 0)`.as('max')).executeTakeFirstOrThrow();
    const version = Number(max) + 1;
    const before = await trx.selectFrom('wheel_segments').select(['label', 'weight', 'prize_type', 'prize_points', 'reward_id']).where('odds_version', '=', Number(max)).orderBy('position').execute();
    await trx
      .insertInto('wheel_segments')
      .values(
        body.segments.map((s, position) => ({
          label: s.label,
          weight: s.weight,
          prize_type: s.prize_type,
          prize_points: s.prize_type === 'points' ? s.points! : 0,
          reward_id: s.prize_type === 'voucher' ? rewards.find((r) => r.name === s.reward)!.id : null,
          color: s.color ?? null,
          odds_version: version,
          position,
        })),
      )
      .execute();
    const now = ctx.clock.now();
    await trx.insertInto('wheel_versions').values({ version, spin_cost_points: body.spin_cost_points, free_spins_per_day: body.free_spins_per_day, published_at: now, published_by: staff.id }).execute();
    await trx
      .updateTable('merchants')
      .set({ rules: sql`rules || ${JSON.stringify({ spin_cost_points: body.spin_cost_points, free_spins_per_day: body.free_spins_per_day })}::jsonb` })
      .where('id', '=', ctx.merchantId)
      .execute();
    await insertAudit(trx, { staffId: staff.id, action: 'wheel.publish', target: `wheel:${version}`, before, after: body, now });
  });
  clearMerchantCache();
  return wheelEditor(ctx);
}

export function wheelEditorRoutes(ctx: ProviderContext): Router {
  const r = apiRouter();
  const owner = requireStaff(ctx, 'owner');

  r.get('/merchant/wheel', owner, async (_req, res) => {
    send(res, 200, 'The wheel.', await wheelEditor(ctx));
  });

  r.post('/merchant/wheel/publish', owner, async (req, res) => {
    const body = parse(wheelPublishBody, req.body);
    send(res, 201, 'Published: the next spin uses these odds.', await publish(ctx, staffOf(res), body));
  });

  return r;
}
