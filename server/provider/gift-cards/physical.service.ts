/**
 * Physical gift cards (issue 49): the owner makes batches of numbers to print (each card inactive until
 * sold) and downloads them as CSV; at the counter, staff sell and activate a card with an amount paid at
 * the till, check what is left on a card, spend part of it for a walk-in, or add it to a member's wallet
 * as gift money (the customer's own claim, gift-cards.service.ts). Every number is looked up under the
 * limit on guessing, counted for the member of staff and their address; every movement of a card's value
 * is written in `gift_card_ledger` under the card's row lock.
 */
import { formatGiftCardNumber } from '#contract/gift-cards';
import type { CounterGiftCard, GiftCardBatch, CounterGiftCardAddData, CounterGiftCardData, CounterGiftCardSpendData } from '#contract/gift-cards-physical';
import { formatMoney, moneyInput } from '#contract/money';
import type { Database } from '../../db';
import { firstName } from '../accounts/accounts.service';
import type { ProviderContext } from '../context';
import { Plain, line, type OpenCsv } from '../http/csv';
import { notFound } from '../http/errors';
import type { StaffOfRequest } from '../http/staff-session';
import { getMerchant } from '../settings/settings.service';
import { insertAudit } from '../staff/staff.repo';
import { walletBalances } from '../wallet/wallet.repo';
import { lockCardByNumber, type GiftCardRow } from './gift-cards.repo';
import { assertOffered, claimInto, expired, expiryFrom, findCard, leftOn, loadSettings, newCardNumber, refusal, type Seeker } from './gift-cards.service';
import { addSpent, batchCardsPage, batches, insertBatch, insertBatchCards, insertCardEntry, liveMember, markActivated } from './physical.repo';

// ---------------------------------------------------------------------------------------------
// The owner's batches
// ---------------------------------------------------------------------------------------------

const batchOf = (b: Awaited<ReturnType<typeof batches>>[number]): GiftCardBatch => ({
  id: b.id,
  label: b.label,
  count: b.count,
  activated: Number(b.activated ?? 0),
  created_at: b.created_at.toISOString(),
});

export async function giftCardBatches(ctx: ProviderContext): Promise<{ batches: GiftCardBatch[] }> {
  return { batches: (await batches(ctx.db)).map(batchOf) };
}

/**
 * `merchant/gift-cards/batches/create`: `count` printed cards under `label`, each inactive (no value,
 * no buyer, no contact) until sold at the counter; their numbers drawn as eGifts' are. Audited.
 */
export async function createBatch(ctx: ProviderContext, staff: StaffOfRequest, body: { label: string; count: number }): Promise<GiftCardBatch> {
  const now = ctx.clock.now();
  const { settings: shop } = await getMerchant(ctx.db, ctx.merchantId);
  const id = await ctx.db.transaction().execute(async (trx) => {
    const batchId = await insertBatch(trx, { label: body.label, count: body.count, staffId: staff.id, now });
    const numbers = new Set<string>();
    while (numbers.size < body.count) numbers.add(newCardNumber());
    await insertBatchCards(
      trx,
      [...numbers].map((number) => ({
        number,
        batch_id: batchId,
        status: 'inactive' as const,
        amount: 0,
        design: 'celebrate',
        message: '',
        // as the card reads in the app: "For you, from Kopi Senja"
        from_name: shop.setting_company,
        to_name: 'you',
        deliver_at: now,
        paid_with: 'till' as const,
        paid_gift: 0,
        created_at: now,
      })),
    );
    await insertAudit(trx, { staffId: staff.id, action: 'gift_cards.batch', target: `gift_card_batch:${batchId}`, before: null, after: body, now });
    return batchId;
  });
  const [batch] = await batches(ctx.db, id);
  return batchOf(batch!);
}

const PAGE = 1000;

/**
 * `merchant/gift-cards/batches.csv`: a batch's numbers in full, as printed (groups of four), with where
 * each stands; 404 before anything is written when there is no such batch. Audited: the numbers are the
 * cards' value once sold.
 */
export async function exportBatch(ctx: ProviderContext, staff: StaffOfRequest, batchId: number, open: OpenCsv): Promise<void> {
  const [batch] = await batches(ctx.db, batchId);
  if (!batch) throw notFound('That batch of gift cards');
  const { rules } = await getMerchant(ctx.db, ctx.merchantId);
  const now = ctx.clock.now();
  await insertAudit(ctx.db, {
    staffId: staff.id,
    action: 'export.gift_card_batch',
    target: `gift_card_batch:${batch.id}`,
    before: null,
    after: { batch_id: batch.id },
    now,
  });
  const res = open(`gift-cards-batch-${batch.id}.csv`);
  // amounts in the currency's major unit, as the dashboard's exports write them
  const major = (n: number) => new Plain(moneyInput(n, rules.currency, rules.locale));
  res.write(line(['number', 'batch', 'status', 'currency', 'amount', 'balance', `activated_at (${rules.timezone})`]));
  let after = 0;
  for (;;) {
    const rows = await batchCardsPage(ctx.db, batch.id, after, PAGE, rules.timezone);
    for (const r of rows)
      res.write(
        line([
          formatGiftCardNumber(r.number),
          batch.label,
          counterState(r, now),
          rules.currency,
          major(r.amount),
          major(r.status === 'active' ? leftOn(r) : 0),
          r.activated_local,
        ]),
      );
    if (rows.length < PAGE) break;
    after = rows.at(-1)!.id;
  }
  res.end();
}

// ---------------------------------------------------------------------------------------------
// The counter
// ---------------------------------------------------------------------------------------------

/** A member of staff's look-ups, as the limit on guessing counts them. */
export const staffSeeker = (staff: StaffOfRequest, clientKey: string): Seeker => ({ who: `staff:${staff.id}`, clientKey });

function counterState(c: Pick<GiftCardRow, 'status' | 'expires_at'>, now: Date): CounterGiftCard['state'] {
  if (c.status === 'awaiting_payment' || c.status === 'void') return 'unpaid';
  if (c.status === 'active' && expired({ ...c, delivered_at: null }, now)) return 'expired';
  return c.status;
}

function counterCard(c: GiftCardRow, now: Date): CounterGiftCard {
  const state = counterState(c, now);
  return {
    last4: c.number.slice(-4),
    kind: c.batch_id === null ? 'egift' : 'physical',
    state,
    amount: c.amount,
    balance: state === 'active' ? leftOn(c) : 0,
    activated_at: c.activated_at ? c.activated_at.toISOString() : null,
    expires_at: c.expires_at ? c.expires_at.toISOString() : null,
  };
}

async function shopMoney(ctx: ProviderContext) {
  const { rules } = await getMerchant(ctx.db, ctx.merchantId);
  return { rules, money: (n: number) => formatMoney(n, rules.currency, rules.locale) };
}

/** `merchant/counter/gift-card`: a card's balance, its number masked. */
export async function checkCard(ctx: ProviderContext, number: string, seeker: Seeker): Promise<CounterGiftCardData> {
  const card = await findCard(ctx, number, seeker);
  const { rules } = await shopMoney(ctx);
  return { card: counterCard(card, ctx.clock.now()), currency: rules.currency };
}

/** The card behind a number under its row lock, a physical one (an eGift: refused). */
async function lockPhysical(trx: Database, number: string, money: (n: number) => string): Promise<GiftCardRow> {
  const card = (await lockCardByNumber(trx, number))!;
  if (card.batch_id === null) throw refusal('egift', money, card);
  return card;
}

/**
 * `merchant/counter/gift-card/activate`: a printed card sold for `amount`, paid at the till; checked
 * against the owner's amounts and activated under its row lock, so a card is activated once. Returns the
 * effect for the call's idempotent transaction, after the reads it needs.
 */
export async function activateSetup(ctx: ProviderContext, staff: StaffOfRequest, body: { number: string; amount: number }, seeker: Seeker) {
  await findCard(ctx, body.number, seeker);
  const { rules, money } = await shopMoney(ctx);
  const settings = await loadSettings(ctx.db, rules.currency);
  assertOffered(settings, body.amount, money);
  return async (trx: Database): Promise<{ data: CounterGiftCardData; message: string }> => {
    const now = ctx.clock.now();
    const card = await lockPhysical(trx, body.number, money);
    if (card.status !== 'inactive') throw refusal(card.status === 'active' ? 'activated' : card.status === 'claimed' ? 'claimed' : 'refunded', money, card);
    const active = await markActivated(trx, card.id, { amount: body.amount, staffId: staff.id, now, expiresAt: expiryFrom(settings, now) });
    await insertCardEntry(trx, {
      gift_card_id: card.id,
      type: 'activate',
      amount: body.amount,
      balance_after: body.amount,
      staff_id: staff.id,
      created_at: now,
    });
    return {
      data: { card: counterCard(active, now), currency: rules.currency },
      message: `Gift card …${active.number.slice(-4)} is active with ${money(body.amount)}. Take the payment at the till.`,
    };
  };
}

/**
 * `merchant/counter/gift-card/spend`: `amount` off an active printed card for a walk-in, under its row
 * lock: the card keeps the rest, and a spend that would take it below zero is refused.
 */
export async function spendSetup(ctx: ProviderContext, staff: StaffOfRequest, body: { number: string; amount: number }, seeker: Seeker) {
  await findCard(ctx, body.number, seeker);
  const { rules, money } = await shopMoney(ctx);
  return async (trx: Database): Promise<{ data: CounterGiftCardSpendData; message: string }> => {
    const now = ctx.clock.now();
    const card = await lockPhysical(trx, body.number, money);
    if (card.status !== 'active') throw refusal(card.status === 'void' || card.status === 'awaiting_payment' ? 'unpaid' : card.status, money, card);
    if (expired(card, now)) throw refusal('expired', money, card);
    if (leftOn(card) <= 0) throw refusal('empty', money, card);
    if (leftOn(card) < body.amount) throw refusal('short', money, card);
    const after = await addSpent(trx, card.id, body.amount);
    await insertCardEntry(trx, {
      gift_card_id: card.id,
      type: 'spend',
      amount: -body.amount,
      balance_after: leftOn(after),
      staff_id: staff.id,
      created_at: now,
    });
    return {
      data: { card: counterCard(after, now), currency: rules.currency, spent: body.amount },
      message: `${money(body.amount)} taken off the gift card. ${money(leftOn(after))} is left on it.`,
    };
  };
}

/** `merchant/counter/gift-card/add`: what is left on a card into a member's wallet, as the customer's own claim does. */
export async function addToWallet(
  ctx: ProviderContext,
  staff: StaffOfRequest,
  body: { number: string; customer_id: number },
  seeker: Seeker,
): Promise<{ data: CounterGiftCardAddData; message: string }> {
  await findCard(ctx, body.number, seeker);
  const member = await liveMember(ctx.db, body.customer_id);
  if (!member) throw notFound('That member');
  const { rules, money } = await shopMoney(ctx);
  return ctx.db.transaction().execute(async (trx) => {
    const { amount } = await claimInto(trx, ctx, body.number, member.id, { rules, staffId: staff.id });
    const { balance } = await walletBalances(trx, member.id);
    const first = firstName(member.name);
    return {
      data: { amount, first_name: first, balance, currency: rules.currency },
      message: `${money(amount)} is in ${first}'s wallet now.`,
    };
  });
}
