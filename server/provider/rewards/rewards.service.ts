import type { EditorReward, RewardFields, RewardUpdateInput, Reward, StorageData, Voucher, VoucherCodeData, VoucherTab } from '#contract';
import { emitRewardRedeemed } from '../events/events.service';
import { CODE_STEP_SECONDS } from '#contract';
import type { Database } from '../../db';
import type { ProviderContext } from '../context';
import { AppError, notFound, validation, said } from '../http/errors';
import type { StaffOfRequest } from '../http/staff-session';
import { lockCustomer } from '../accounts/accounts.repo';
import { burnPoints } from '../points/points.ledger';
import { notify } from '../notifications/notify';
import { languageOfCustomer } from '../accounts/language';
import { pointsReason, voucher as voucherWords } from '../i18n/messages';
import { reasonOf } from '../points/reasons';
import { sayIn } from '../i18n/translate';
import { getMerchant } from '../settings/settings.service';
import { findProducts } from '../shop/shop.repo';
import { insertAudit } from '../staff/staff.repo';
import {
  countRedemptions,
  findActiveReward,
  givenBy,
  insertReward,
  issuedOf,
  listActiveRewards,
  listEditorRewards,
  lockRewardByName,
  lockRewardCreation,
  onTheWheel,
  redemptionCounts,
  rewardNameTaken,
  takeStock,
  toReward,
  updateRewardRow,
  type NewReward,
  type RewardRow,
} from './rewards.repo';
import { codesFor } from './voucher-codes';
import { expireVouchers, findOwnVoucher, issueVoucher, loadVouchers } from './vouchers.repo';
import { to } from '#contract/routes';
import type { Language } from '#contract/languages';
import { inLanguage } from '#contract/translations';
import { errors } from '../i18n/errors';

/** The active rewards, in the merchant's order; those a tier redeems early say which and whether this customer's tier can (a guest: null). */
/** A reward as a reader of `language` sees it: its title and description in that language where the owner wrote them (translations.ts). */
const rewardIn = (row: RewardRow, language: Language | undefined): Reward => inLanguage(toReward(row), row.translations, language, ['title', 'description']);

export async function listRewards(ctx: ProviderContext, customerId: number | null = null, language?: Language): Promise<Reward[]> {
  const [rows, early, redeemed] = await Promise.all([
    listActiveRewards(ctx.db),
    ctx.tiers.earlyAccess(ctx.db, customerId),
    customerId === null ? new Map<number, number>() : redemptionCounts(ctx.db, customerId),
  ]);
  return rows.map((r) => {
    const access = early.get(r.id);
    // a signed-in customer's count against a per-customer limit: "Limit reached" shows before a try
    const mine = customerId !== null && r.per_customer_limit !== null ? { redeemed: redeemed.get(r.id) ?? 0 } : {};
    return { ...rewardIn(r, language), ...(access ? { early_access: access } : {}), ...mine };
  });
}

export async function getReward(ctx: ProviderContext, name: string, language?: Language): Promise<Reward> {
  const row = await findActiveReward(ctx.db, name);
  if (!row) throw notFound('Reward');
  return rewardIn(row, language);
}

/**
 * What a customer can have now, by the checks spendOnReward makes (active, in stock, within the
 * per-customer limit, their tier's if a tier redeems it early): the rewards their points afford, and the
 * cheapest they cannot afford yet.
 */
export async function rewardsInReach(ctx: ProviderContext, customerId: number, points: number): Promise<{ affordable: Reward[]; next: Reward | null }> {
  const [rows, redeemed, early] = await Promise.all([
    listActiveRewards(ctx.db),
    redemptionCounts(ctx.db, customerId),
    ctx.tiers.earlyAccess(ctx.db, customerId),
  ]);
  // in stock, within the per-customer limit, and not a reward a higher tier redeems early
  const open = rows.filter(
    (r) =>
      (r.stock === null || r.stock > 0) &&
      (r.per_customer_limit === null || (redeemed.get(r.id) ?? 0) < r.per_customer_limit) &&
      early.get(r.id)?.unlocked !== false,
  );
  const dear = open.filter((r) => r.points_cost > points).sort((a, b) => a.points_cost - b.points_cost);
  return { affordable: open.filter((r) => r.points_cost <= points).map(toReward), next: dear[0] ? toReward(dear[0]) : null };
}

/** A reward bought with points: its voucher (issued, active) and the reward's row. */
export interface RewardSpent {
  voucherId: number;
  reward: RewardRow;
}

/**
 * Spends a customer's points on a reward, in the caller's transaction: under the customer's row lock,
 * the per-customer limit, the points burn (`reason` in the points history), one unit of stock and the
 * voucher. Any refusal (404 NOT_FOUND, 403 TIER_REQUIRED, 409 LIMIT_REACHED, INSUFFICIENT_POINTS, OUT_OF_STOCK) rolls all of
 * it back. The app's redemption (below) and the counter's from the member card (counter/member-redeem)
 * both buy through here; each tells the customer in its own words.
 */
export async function spendOnReward(
  ctx: ProviderContext,
  trx: Database,
  customerId: number,
  name: string,
  reason?: (title: string) => string,
): Promise<RewardSpent> {
  const reward = await findActiveReward(trx, name);
  if (!reward) throw notFound('Reward');
  // every per-customer check and every balance change for this customer takes turns behind this lock
  await lockCustomer(trx, customerId);
  // a reward a tier redeems early: that tier or above only (tiers/ through the port; tiers off: anyone)
  const early = (await ctx.tiers.earlyAccess(trx, customerId)).get(reward.id);
  if (early && !early.unlocked)
    throw new AppError('TIER_REQUIRED', said(errors.tierRequired, { reward: reward.title, tier: early.tier }), undefined, { tier: early.tier });
  if (reward.per_customer_limit !== null) {
    const used = await countRedemptions(trx, customerId, reward.id);
    if (used >= reward.per_customer_limit) {
      throw new AppError(
        'LIMIT_REACHED',
        reward.per_customer_limit === 1
          ? said(errors.redeemedAlready, { reward: reward.title })
          : said(errors.redeemedMost, { reward: reward.title, times: reward.per_customer_limit }),
        undefined,
        { limit: reward.per_customer_limit, redeemed: used },
      );
    }
  }
  const outOfStock = () => new AppError('OUT_OF_STOCK', said(errors.outOfStock, { reward: reward.title }), undefined, { stock: 0 });
  // a cheap early answer; takeStock below is the check that counts
  if (reward.stock !== null && reward.stock <= 0) throw outOfStock();
  await burnPoints(trx, ctx.clock, customerId, reward.points_cost, {
    ...(reason ? { reason: reason(reward.title) } : reasonOf(pointsReason.redeemed, { reward: reward.title, reward_name: reward.name })),
    ref: `reward:${reward.name}`,
  });
  // last, so the reward's row lock is held for as short a time as possible
  if (reward.stock !== null && !(await takeStock(trx, reward.id))) throw outOfStock();
  const voucherId = await issueVoucher(trx, ctx.clock, customerId, reward, 'redeem', reward.points_cost);
  await emitRewardRedeemed(
    trx,
    { customer_id: customerId, reward: reward.name, title: reward.title, points_cost: reward.points_cost, voucher_id: voucherId },
    ctx.clock.now(),
  );
  return { voucherId, reward };
}

/**
 * Redeems a reward in the app, in the transaction that runs once per idempotency key (the route's):
 * the points spent (spendOnReward) and the voucher's notification. The voucher answered is in `lang` (the app's
 * language spoken, as voucherStorage); the notice in the customer's language.
 */
export async function redeemReward(
  ctx: ProviderContext,
  trx: Database,
  customerId: number,
  name: string,
  lang?: Language,
): Promise<{ voucher: Voucher; title: string }> {
  const { voucherId, reward } = await spendOnReward(ctx, trx, customerId, name);
  const [voucher] = await loadVouchers(trx, { customerId, ids: [voucherId], language: lang });
  // in the customer's language, the reward by its title in it where the owner wrote one
  const language = await languageOfCustomer(trx, (await getMerchant(trx, ctx.merchantId)).rules, customerId);
  const say = sayIn(language);
  await notify(trx, ctx.clock, customerId, {
    type: 'reward',
    title: say(voucherWords.redeemedTitle),
    // the counter takes the voucher's rotating QR code (or the short code under it), never its reference
    body: say(voucherWords.redeemedBody, { reward: rewardIn(reward, language).title }),
    link: to.voucher(voucherId),
  });
  return { voucher: voucher!, title: reward.title };
}

/**
 * The customer's vouchers of one tab; those past their date are moved to `expired` first. The expired
 * tab lists cancelled vouchers too: neither can be used any more. In `language`: each reward's title and
 * description in it where the owner wrote them.
 */
export async function voucherStorage(ctx: ProviderContext, customerId: number, tab: VoucherTab, language?: Language): Promise<StorageData> {
  await expireVouchers(ctx.db, ctx.clock, customerId);
  return { vouchers: await loadVouchers(ctx.db, { customerId, status: tab === 'expired' ? ['expired', 'cancelled'] : tab, language }) };
}

/** One of the customer's own vouchers (in `language`, as voucherStorage); anyone else's is answered as not found. */
export async function getVoucher(ctx: ProviderContext, customerId: number, voucherId: number, language?: Language): Promise<Voucher> {
  await expireVouchers(ctx.db, ctx.clock, customerId);
  const [voucher] = await loadVouchers(ctx.db, { customerId, ids: [voucherId], language });
  if (!voucher) throw notFound('Voucher');
  return voucher;
}

/** The customer's voucher's codes for the counter (its status too: the phone asks every few seconds). */
export async function voucherCode(ctx: ProviderContext, customerId: number, voucherId: number): Promise<VoucherCodeData> {
  await expireVouchers(ctx.db, ctx.clock, customerId);
  const v = await findOwnVoucher(ctx.db, customerId, voucherId);
  if (!v) throw notFound('Voucher');
  const base = { voucher_id: v.id, status: v.status, used_at: v.used_at ? v.used_at.toISOString() : null, step_seconds: CODE_STEP_SECONDS };
  if (v.status !== 'active') return { ...base, seconds_left: 0, current: null, next: null };
  return { ...base, ...(await codesFor(ctx, v.id)) };
}

// ---------------------------------------------------------------------------------------------
// The owner's reward catalogue (merchant/rewards…): add, change, retire
// ---------------------------------------------------------------------------------------------
//
// The owner sets a reward's total stock (those already redeemed included); the row keeps what is left,
// so redeeming stays one atomic `stock - 1`. A total below what was already redeemed is refused.
// Changing a reward takes its row lock, which a redemption takes too: the count of what was redeemed
// cannot move meanwhile. Retiring hides it from customers; vouchers already issued stay valid until
// their end.

/** Every reward, retired ones too, with how many were redeemed and used. */
export function editorRewards(ctx: ProviderContext): Promise<EditorReward[]> {
  return listEditorRewards(ctx.db);
}

async function editorReward(trx: Database, id: number): Promise<EditorReward> {
  const [reward] = await listEditorRewards(trx, [id]);
  return reward!;
}

/** A name (the reward's slug in links) from its title, unique in the catalogue. */
async function slugFor(trx: Database, title: string): Promise<string> {
  const base =
    title
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 56) || 'reward';
  for (let i = 1; ; i++) {
    const name = i === 1 ? base : `${base}-${i}`;
    if (!(await rewardNameTaken(trx, name))) return name;
  }
}

function stockLeft(total: number | null, issued: number, title: string): number | null {
  if (total === null) return null;
  if (total < issued) {
    throw new AppError(
      'CONFLICT',
      `${issued} of ${title} ${issued === 1 ? 'was' : 'were'} already redeemed: the stock cannot be lower than ${issued}.`,
      { stock_total: `must be at least ${issued}` },
      { issued },
    );
  }
  return total - issued;
}

/**
 * A free product must be on the menu (not archived) when the owner chooses it, and comes without an
 * amount off. `productId`/`discount` are what the reward will have once changed.
 */
async function checkFreeProduct(trx: Database, productId: number | null, discount: number, chosen: boolean): Promise<void> {
  if (productId === null) return;
  if (discount > 0)
    throw validation(
      { discount_amount: 'must be 0 when the reward is a free product' },
      'A reward is either an amount off or a free product: set the amount off to 0.',
    );
  if (chosen && !(await findProducts(trx, [productId])).has(productId))
    throw validation({ product_id: 'is not on the menu' }, 'Choose a product that is on the menu.');
}

export async function createReward(ctx: ProviderContext, staff: StaffOfRequest, body: RewardFields): Promise<EditorReward> {
  const { stock_total, ...fields } = body;
  return ctx.db.transaction().execute(async (trx) => {
    await checkFreeProduct(trx, body.product_id, body.discount_amount, true);
    // one creation at a time (instances included): each finds the next free name and position
    await lockRewardCreation(trx);
    const id = await insertReward(trx, { ...fields, name: await slugFor(trx, body.title), stock: stock_total });
    const reward = await editorReward(trx, id);
    await insertAudit(trx, { staffId: staff.id, action: 'reward.create', target: `reward:${reward.name}`, before: null, after: reward, now: ctx.clock.now() });
    return reward;
  });
}

/** A reward a tier or a stamp card gives stays until they give another (else they would give nothing, and Save tiers would fail later): 409 naming them. */
async function refuseRetiringGiven(trx: Database, row: { id: number; title: string }): Promise<void> {
  const { tiers, stampCards } = await givenBy(trx, row.id);
  const list = (names: string[]) => names.join(', ');
  if (tiers.length > 0) {
    const who = tiers.length === 1 ? `The ${tiers[0]} tier gives` : `The ${list(tiers)} tiers give`;
    throw new AppError('CONFLICT', `${who} ${row.title}: choose another reward for ${tiers.length === 1 ? 'it' : 'them'} on Tiers first, then retire it.`, {
      active: 'is given by a tier',
    });
  }
  if (stampCards.length > 0) {
    const who = stampCards.length === 1 ? `The stamp card ${stampCards[0]} gives` : `The stamp cards ${list(stampCards)} give`;
    throw new AppError(
      'CONFLICT',
      `${who} ${row.title}: choose another reward for ${stampCards.length === 1 ? 'it' : 'them'} on Stamp cards first, then retire it.`,
      { active: 'is given by a stamp card' },
    );
  }
}

export async function updateReward(ctx: ProviderContext, staff: StaffOfRequest, body: RewardUpdateInput): Promise<EditorReward> {
  const { name, stock_total, ...fields } = body;
  return ctx.db.transaction().execute(async (trx) => {
    const row = await lockRewardByName(trx, name);
    if (!row) throw notFound('Reward');
    const before = await editorReward(trx, row.id);
    await checkFreeProduct(
      trx,
      fields.product_id === undefined ? row.product_id : fields.product_id,
      fields.discount_amount ?? row.discount_amount,
      fields.product_id !== undefined && fields.product_id !== row.product_id,
    );
    if (fields.active === false && before.active && (await onTheWheel(trx, row.id))) {
      throw new AppError('CONFLICT', `The wheel gives ${row.title} as a prize: publish a wheel without it first, then retire it.`, {
        active: 'is a prize on the wheel',
      });
    }
    if (fields.active === false && before.active) await refuseRetiringGiven(trx, row);
    const patch: Partial<NewReward> = { ...fields };
    if (stock_total !== undefined) patch.stock = stockLeft(stock_total, await issuedOf(trx, row.id), fields.title ?? row.title);
    if (Object.keys(patch).length > 0) await updateRewardRow(trx, row.id, patch);
    const reward = await editorReward(trx, row.id);
    await insertAudit(trx, {
      staffId: staff.id,
      action: fields.active === false && before.active ? 'reward.retire' : 'reward.update',
      target: `reward:${name}`,
      before,
      after: reward,
      now: ctx.clock.now(),
    });
    return reward;
  });
}
