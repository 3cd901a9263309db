import type { Router } from 'express';
import { sql } from 'kysely';
import type { z } from 'zod';
import { rewardCreateBody, rewardUpdateBody, type EditorReward } from '#contract/editors';
import type { Database } from '../../db';
import type { ProviderContext } from '../context';
import { apiRouter } from '../http/api-router';
import { send } from '../http/envelope';
import { AppError, notFound } from '../http/errors';
import { requireStaff, staffOf, type StaffOfRequest } from '../http/staff-session';
import { parse } from '../http/validate';
import { insertAudit } from '../staff/staff.repo';

/**
 * The owner's reward catalogue (merchant/rewards…): add, change, retire. The owner sets a reward's
 * total stock (those already redeemed included); the row keeps what is left, so redeeming stays one
 * atomic `stock - 1`. A total below what was already redeemed is refused. Changing a reward takes its
 * row lock, which a redemption takes too: the count of what was redeemed cannot move meanwhile.
 * Retiring hides it from customers; vouchers already issued stay valid until their end.
 */

const COLUMNS = ['id', 'name', 'title', 'description', 'image', 'points_cost', 'stock', 'valid_days', 'per_customer_limit', 'discount_amount', 'active'] as const;

async function editorRewards(db: Database, ids?: number[]): Promise<EditorReward[]> {
  let q = db
    .selectFrom('rewards as r')
    .select(COLUMNS.map((c) => `r.${c}` as const))
    .select((eb) => [
      eb.selectFrom('vouchers as v').select(eb.fn.countAll<number>().as('n')).whereRef('v.reward_id', '=', 'r.id').where('v.source', '=', 'redeem').where('v.status', '<>', 'cancelled').as('issued'),
      eb.selectFrom('vouchers as v').select(eb.fn.countAll<number>().as('n')).whereRef('v.reward_id', '=', 'r.id').where('v.source', '=', 'redeem').where('v.status', '=', 'used').as('used'),
    ])
    .orderBy('r.position')
    .orderBy('r.id');
  if (ids) q = q.where('r.id', 'in', ids);
  const rows = await q.execute();
  return rows.map((r) => {
    const issued = Number(r.issued ?? 0);
    return {
      name: r.name,
      title: r.title,
      description: r.description,
      image: r.image,
      points_cost: r.points_cost,
      stock_total: r.stock === null ? null : r.stock + issued,
      stock_left: r.stock,
      issued,
      used: Number(r.used ?? 0),
      valid_days: r.valid_days,
      per_customer_limit: r.per_customer_limit,
      discount_amount: r.discount_amount,
      active: r.active,
    };
  });
}

const LOCK_REWARD_CREATE = 73_001;

/** A name (the reward's slug in links) from its title, unique in the catalogue. */
async function slugFor(trx: Database, title: string): Promise<string> {
  const base = title.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 56) || 'reward';
  for (let i = 1; ; i++) {
    const name = i === 1 ? base : `${base}-${i}`;
    if (!(await trx.selectFrom('rewards').select('id').where('name', '=', name).executeTakeFirst())) return name;
  }
}

/** Whether the wheel in use gives this reward's voucher as a prize. */
async function onTheWheel(trx: Database, rewardId: number): Promise<boolean> {
  const row = await trx
    .selectFrom('wheel_segments')
    .select('id')
    .where('reward_id', '=', rewardId)
    .where('active', '=', true)
    .where('odds_version', '=', (eb) => eb.selectFrom('wheel_segments').select(sql<number>`max(odds_version)`.as('v')).where('active', '=', true))
    .executeTakeFirst();
  return row !== undefined;
}

async function issuedOf(trx: Database, rewardId: number): Promise<number> {
  // a voucher cancelled with its order gave its unit back to the stock: it is not redeemed
  const { n } = await trx.selectFrom('vouchers').select((eb) => eb.fn.countAll<number>().as('n')).where('reward_id', '=', rewardId).where('source', '=', 'redeem').where('status', '<>', 'cancelled').executeTakeFirstOrThrow();
  return Number(n);
}

function stockLeft(total: number | null, issued: number, title: string): number | null {
  if (total === null) return null;
  if (total < issued) {
    throw new AppError('CONFLICT', `${issued} of ${title} ${issued === 1 ? 'was' : 'were'} already redeemed: the stock cannot be lower than ${issued}.`, { stock_total: `must be at least ${issued}` }, { issued });
  }
  return total - issued;
}

async function createReward(ctx: ProviderContext, staff: StaffOfRequest, body: z.infer<typeof rewardCreateBody>): Promise<EditorReward> {
  const { stock_total, ...fields } = body;
  return ctx.db.transaction().execute(async (trx) => {
    // one creation at a time (instances included): each finds the next free name and position
    await sql`select pg_advisory_xact_lock(${LOCK_REWARD_CREATE}::int4, 0)`.execute(trx);
    const { next } = await trx.selectFrom('rewards').select(sql<number>`coalesce(max(position), -1) + 1`.as('next')).executeTakeFirstOrThrow();
    const row = await trx
      .insertInto('rewards')
      .values({ ...fields, name: await slugFor(trx, body.title), stock: stock_total, position: next })
      .returning('id')
      .executeTakeFirstOrThrow();
    const [reward] = await editorRewards(trx, [row.id]);
    await insertAudit(trx, { staffId: staff.id, action: 'reward.create', target: `reward:${reward!.name}`, before: null, after: reward, now: ctx.clock.now() });
    return reward!;
  });
}

async function updateReward(ctx: ProviderContext, staff: StaffOfRequest, body: z.infer<typeof rewardUpdateBody>): Promise<EditorReward> {
  const { name, stock_total, ...fields } = body;
  return ctx.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('rewards').select(['id', 'title']).where('name', '=', name).forUpdate().executeTakeFirst();
    if (!row) throw notFound('Reward');
    const [before] = await editorRewards(trx, [row.id]);
    if (fields.active === false && before!.active && (await onTheWheel(trx, row.id))) {
      throw new AppError('CONFLICT', `The wheel gives ${row.title} as a prize: publish a wheel without it first, then retire it.`, { active: 'is a prize on the wheel' });
    }
    const patch: Record<string, unknown> = { ...fields };
    if (stock_total !== undefined) patch.stock = stockLeft(stock_total, await issuedOf(trx, row.id), fields.title ?? row.title);
    if (Object.keys(patch).length > 0) await trx.updateTable('rewards').set(patch).where('id', '=', row.id).execute();
    const [reward] = await editorRewards(trx, [row.id]);
    await insertAudit(trx, { staffId: staff.id, action: fields.active === false && before!.active ? 'reward.retire' : 'reward.update', target: `reward:${name}`, before, after: reward, now: ctx.clock.now() });
    return reward!;
  });
}

export function rewardsEditorRoutes(ctx: ProviderContext): Router {
  const r = apiRouter();
  const owner = requireStaff(ctx, 'owner');

  r.get('/merchant/rewards', owner, async (_req, res) => {
    send(res, 200, 'The reward catalogue.', { rewards: await editorRewards(ctx.db) });
  });

  r.post('/merchant/rewards/create', owner, async (req, res) => {
    const body = parse(rewardCreateBody, req.body);
    send(res, 201, `${body.title} is in the catalogue.`, { reward: await createReward(ctx, staffOf(res), body) });
  });

  r.post('/merchant/rewards/update', owner, async (req, res) => {
    const body = parse(rewardUpdateBody, req.body);
    send(res, 200, 'Saved. Customers see it at once.', { reward: await updateReward(ctx, staffOf(res), body) });
  });

  return r;
}
