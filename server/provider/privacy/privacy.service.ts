import { formatGiftCardNumber } from '#contract/gift-card-rules';
import { DATA_EXPORT_FORMAT, DATA_EXPORT_VERSION, type CustomerDataExport, type DeletionData, type DeletionStatusData } from '#contract/privacy';
import { deleteCustomerDeliveries } from '../webhooks/webhooks.repo';
import { emitCustomerErased } from '../events/events.service';
import type { Database } from '../../db';
import { lockCustomer } from '../accounts/accounts.repo';
import type { ProviderContext } from '../context';
import { AppError, notFound } from '../http/errors';
import type { StaffOfRequest } from '../http/staff-session';
import { adjustPoints } from '../points/points.ledger';
import { getMerchant } from '../settings/settings.service';
import { insertAudit } from '../staff/staff.repo';
import { postWalletEntry } from '../wallet/wallet.ledger';
import {
  accountsDueForErasure,
  clearDeletion,
  deletionRow,
  eraseCustomerRows,
  savedCardRef,
  eraseGiftCardContacts,
  exportRows,
  markDeletionRequested,
  refundUnsentGiftCards,
  revokeSessions,
} from './privacy.repo';
import { isoTime } from '../../lib/clock';
import { errors } from '../i18n/errors';

/**
 * Each customer's data is theirs (issue 45; docs/customer-data.md).
 * - The export: everything the shop holds on one customer, as the documented JSON format.
 * - A deletion: asked for by the customer (who is signed out everywhere) or by an owner for them; it waits
 *   out the shop's cooling-off period, and signing in again before it ends cancels it. Then the hourly
 *   job erases the person: every personal field emptied, their sessions, addresses, notifications,
 *   devices, push subscriptions, wallet cards and consents removed; what they held (points, wallet
 *   money, unused vouchers, open stamp cards) ends with ledger entries that say so, so every balance
 *   still equals its ledger; orders, payments and ledgers stay for the accounts, with nobody's name.
 *   Gift cards they bought and were never sent are refunded to the wallet first; every card they bought
 *   loses its recipient's contact and message (and their name as sender), every card they claimed
 *   the contact it was sent to; the cards' amounts and states stay, so the gift-card liability adds up.
 */

const isoNow = (d: Date | string): string => new Date(d).toISOString();

/** The name an erased customer's row keeps: orders and ledgers still point at it. */
export { ERASED_NAME } from './privacy.repo';

export async function exportCustomerData(ctx: ProviderContext, customerId: number): Promise<CustomerDataExport> {
  const { settings } = await getMerchant(ctx.db, ctx.merchantId);
  const rows = await exportRows(ctx.db, customerId);
  const c = rows.customer;
  return {
    format: DATA_EXPORT_FORMAT,
    version: DATA_EXPORT_VERSION,
    exported_at: ctx.clock.now().toISOString(),
    shop: { name: settings.setting_company },
    profile: {
      id: c.id,
      name: c.name,
      phone: c.phone,
      email: c.email,
      email_verified_at: isoTime(c.email_verified_at),
      google_linked: c.google_sub !== null,
      birthday: c.birth_day !== null && c.birth_month !== null ? { day: c.birth_day, month: c.birth_month, year: c.birth_year } : null,
      referral_code: c.referral_code,
      receipts: c.receipts,
      points: c.points,
      wallet_balance: c.wallet_balance,
      tier: rows.tier,
      created_at: isoNow(c.created_at),
      deletion_requested_at: isoTime(c.deletion_requested_at),
      erase_after: isoTime(c.erase_after),
    },
    addresses: rows.addresses.map((a) => ({ ...a, created_at: isoNow(a.created_at) })),
    orders: rows.orders.map((o) => ({
      name: o.name,
      status: o.status,
      fulfilment: o.fulfilment,
      payment_method: o.payment_method,
      subtotal: o.subtotal,
      discount: o.discount,
      delivery_fee: o.delivery_fee,
      // only with a tip (issue 51): an order without one is exported as it always was
      ...(o.tip > 0 ? { tip: o.tip } : {}),
      total: o.total,
      points_earned: o.points_earned,
      address: o.address,
      items: rows.items.filter((i) => i.order_id === o.id).map(({ name, price, qty }) => ({ name, price, qty })),
      created_at: isoNow(o.created_at),
      paid_at: isoTime(o.paid_at),
    })),
    points_ledger: rows.points.map((p) => ({ ...p, expires_at: isoTime(p.expires_at), created_at: isoNow(p.created_at) })),
    pending_points: rows.pending.map((p) => ({ ...p, available_at: isoTime(p.available_at), created_at: isoNow(p.created_at) })),
    wallet_ledger: rows.wallet.map((w) => ({ ...w, created_at: isoNow(w.created_at) })),
    vouchers: rows.vouchers.map((v) => ({ ...v, created_at: isoNow(v.created_at), expires_at: isoNow(v.expires_at), used_at: isoTime(v.used_at) })),
    stamp_cards: rows.stampCards.map((s) => ({ ...s, started_at: isoTime(s.started_at), filled_at: isoTime(s.filled_at), created_at: isoNow(s.created_at) })),
    referrals: rows.referrals.map((r) => ({
      role: r.referrer_id === customerId ? ('referrer' as const) : ('friend' as const),
      status: r.status,
      signed_up_at: isoNow(r.signed_up_at),
      rewarded_at: isoTime(r.rewarded_at),
    })),
    notifications: rows.notifications.map((n) => ({ ...n, read_at: isoTime(n.read_at), created_at: isoNow(n.created_at) })),
    wheel_spins: rows.spins.map((s) => ({ ...s, created_at: isoNow(s.created_at) })),
    devices: rows.devices.map((d) => ({ kind: d.kind, first_seen_at: isoNow(d.first_seen_at), last_seen_at: isoNow(d.last_seen_at) })),
    push_subscriptions: rows.pushSubscriptions.map((p) => ({
      service: hostOf(p.endpoint),
      created_at: isoNow(p.created_at),
      last_success_at: isoTime(p.last_success_at),
    })),
    wallet_cards: rows.walletPasses.map((p) => ({ created_at: isoNow(p.created_at), turned_off: p.revocations })),
    offers: rows.offers.map(({ created_at, given_back_at, offer, ...u }) => ({
      ...u,
      // the order's snapshot of the offer (kept since the order was placed)
      offer: offer ?? '',
      used_at: isoNow(created_at),
      given_back_at: isoTime(given_back_at),
    })),
    feedback: rows.feedback.map((f) => ({ ...f, created_at: isoNow(f.created_at) })),
    consents: rows.consents.map((k) => ({ ...k, created_at: isoNow(k.created_at) })),
    gift_cards_sent: rows.giftCardsSent.map(({ to_phone, to_email, ...g }) => ({
      ...g,
      number: formatGiftCardNumber(g.number),
      // a card with a buyer is an eGift: only a printed card (no buyer, gift_cards_physical) is ever inactive
      status: g.status as Exclude<typeof g.status, 'inactive'>,
      to: to_phone ?? to_email ?? '',
      deliver_at: isoNow(g.deliver_at),
      delivered_at: isoTime(g.delivered_at),
      claimed_at: isoTime(g.claimed_at),
      refunded_at: isoTime(g.refunded_at),
      expires_at: isoTime(g.expires_at),
      created_at: isoNow(g.created_at),
    })),
    gift_cards_received: rows.giftCardsReceived.map((g) => ({ ...g, claimed_at: isoNow(g.claimed_at!) })),
    saved_card: savedCardOf(rows.savedCard),
  };
}

/** The saved card as the export shows it: what the gateway shows, and the auto-reload settings. */
function savedCardOf(c: Awaited<ReturnType<typeof exportRows>>['savedCard']): CustomerDataExport['saved_card'] {
  if (!c) return null;
  const { created_at, enabled, threshold, amount, paused, ...card } = c;
  const autoReload = enabled === null || threshold === null || amount === null ? null : { enabled, threshold, amount, paused };
  return { ...card, saved_at: isoNow(created_at), auto_reload: autoReload };
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}

/** The owner's download of a customer's data, audited (who, whose, when). */
export async function exportForOwner(ctx: ProviderContext, staff: StaffOfRequest, customerId: number): Promise<CustomerDataExport> {
  const data = await exportCustomerData(ctx, customerId);
  await insertAudit(ctx.db, {
    staffId: staff.id,
    action: 'customer.data_export',
    target: `customer:${customerId}`,
    before: null,
    after: { customer: data.profile.name },
    now: ctx.clock.now(),
  });
  return data;
}

type DeletionRow = {
  deletion_requested_at: Date | string | null;
  erase_after: Date | string | null;
  deletion_requested_by: string | null;
  erased_at: Date | string | null;
};

function deletionOf(row: DeletionRow): DeletionData['deletion'] {
  if (row.deletion_requested_at === null || row.erase_after === null || row.erased_at !== null) return null;
  return {
    requested_at: isoNow(row.deletion_requested_at),
    erase_after: isoNow(row.erase_after),
    requested_by: row.deletion_requested_by?.startsWith('owner') ? 'owner' : 'customer',
  };
}

async function coolingOffDays(db: Database, merchantId: string): Promise<number> {
  const { rules } = await getMerchant(db, merchantId);
  return rules.deletion_cooling_off_days;
}

export async function deletionStatus(ctx: ProviderContext, customerId: number): Promise<DeletionStatusData> {
  const row = await deletionRow(ctx.db, customerId);
  if (!row) throw notFound('Customer');
  return { deletion: deletionOf(row), cooling_off_days: await coolingOffDays(ctx.db, ctx.merchantId), wallet_balance: row.wallet_balance, points: row.points };
}

/**
 * Asks for the account's deletion (again: the first request stands), ending every session the customer
 * has; `by` null: the customer, else the owner (audited).
 */
export async function requestDeletion(ctx: ProviderContext, customerId: number, by: StaffOfRequest | null): Promise<DeletionData> {
  const days = await coolingOffDays(ctx.db, ctx.merchantId);
  return ctx.db.transaction().execute(async (trx) => {
    const row = await lockCustomer(trx, customerId);
    if (row.erased_at !== null) throw notFound('Customer');
    const now = ctx.clock.now();
    let current = deletionOf(row);
    if (!current) {
      const updated = await markDeletionRequested(trx, customerId, {
        at: now,
        eraseAfter: new Date(now.getTime() + days * 86_400_000),
        by: by ? `owner:${by.id}` : 'customer',
      });
      current = deletionOf(updated);
    }
    await revokeSessions(trx, customerId, now);
    if (by) {
      await insertAudit(trx, {
        staffId: by.id,
        action: 'customer.deletion',
        target: `customer:${customerId}`,
        before: null,
        after: { customer: row.name, erase_after: current?.erase_after },
        now,
      });
    }
    return { deletion: current };
  });
}

/** The owner's cancel of a deletion not yet carried out (audited); an erased account cannot come back. */
export async function cancelDeletionForOwner(ctx: ProviderContext, staff: StaffOfRequest, customerId: number): Promise<DeletionData> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await lockCustomer(trx, customerId);
    if (row.erased_at !== null) throw new AppError('CONFLICT', errors.accountDeleted);
    const before = deletionOf(row);
    if (before) {
      await clearDeletion(trx, customerId);
      await insertAudit(trx, {
        staffId: staff.id,
        action: 'customer.deletion_cancelled',
        target: `customer:${customerId}`,
        before,
        after: { customer: row.name },
        now: ctx.clock.now(),
      });
    }
    return { deletion: null };
  });
}

/**
 * Erases every account whose cooling-off period has ended, each in its own transaction (the hourly job;
 * any instance, any number of times: a row erased is never erased again). Answers how many.
 */
export async function eraseDueAccounts(ctx: ProviderContext): Promise<number> {
  const now = ctx.clock.now();
  const due = await accountsDueForErasure(ctx.db, now, 500);
  const { rules } = await getMerchant(ctx.db, ctx.merchantId);
  let erased = 0;
  for (const { id } of due) {
    if (await ctx.db.transaction().execute((trx) => eraseAccount(trx, ctx, id, rules.points_expiry_days))) erased++;
  }
  if (erased > 0) ctx.logger.info({ erased }, 'accounts erased after their cooling-off period');
  return erased;
}

/** The erased customer's saved card detached at the payment gateway; a failure is logged, the card forgotten here anyway. */
async function detachSavedCard(trx: Database, ctx: ProviderContext, customerId: number): Promise<void> {
  const ref = await savedCardRef(trx, customerId);
  if (!ref) return;
  try {
    await ctx.paymentGateway?.cards?.detach(ref);
  } catch (err) {
    ctx.logger.warn({ err: String(err), customer_id: customerId }, 'an erased account’s saved card could not be detached at the payment gateway');
  }
}

async function eraseAccount(trx: Database, ctx: ProviderContext, customerId: number, pointsExpiryDays: number): Promise<boolean> {
  const row = await lockCustomer(trx, customerId);
  const now = ctx.clock.now();
  // signed in again (cancelled), or erased by another instance meanwhile
  if (row.erased_at !== null || row.erase_after === null || new Date(row.erase_after).getTime() > now.getTime()) return false;
  // gift cards they bought and were never sent go back to their wallet (nobody can be sent them now)
  let walletBalance = row.wallet_balance;
  for (const card of await refundUnsentGiftCards(trx, customerId, now)) {
    walletBalance = await postWalletEntry(trx, ctx.clock, customerId, {
      type: 'refund',
      amount: card.amount,
      reason: 'Gift card not sent: refunded as the account was deleted',
      ref: `gift-card:${card.id}`,
      gift: card.paid_gift,
    });
  }
  await eraseGiftCardContacts(trx, customerId, now);
  // what they held ends with entries that say so: every balance still equals its ledger
  if (walletBalance > 0) {
    await postWalletEntry(trx, ctx.clock, customerId, {
      type: 'adjust',
      amount: -walletBalance,
      reason: 'Account deleted: the balance was not paid out',
      ref: 'account:deleted',
    });
  }
  if (row.points > 0) await adjustPoints(trx, ctx.clock, customerId, -row.points, { reason: 'Account deleted', ref: 'account:deleted' }, pointsExpiryDays);
  // a saved card (issue 49) is taken off the payment gateway too; its rows go with the others below
  await detachSavedCard(trx, ctx, customerId);
  await eraseCustomerRows(trx, { id: customerId, phone: row.phone, email: row.email }, now);
  await deleteCustomerDeliveries(trx, customerId);
  // after the deliveries about them went: this one says only that the account (its number) is gone
  await emitCustomerErased(trx, customerId, now);
  await insertAudit(trx, {
    staffId: null,
    actor: 'operator',
    action: 'customer.erased',
    target: `customer:${customerId}`,
    before: { requested_by: row.deletion_requested_by, requested_at: isoTime(row.deletion_requested_at) },
    after: { wallet_written_off: walletBalance, points_ended: row.points },
    now,
  });
  return true;
}
