/**
 * Receipts (issue 51): the customer's choice of how they reach them, the signed link that opens one
 * without signing in, and the receipt itself: of a completed order, a paid wallet top-up, or an eGift card
 * the customer bought. The link's token is `r1.<order number>.<mac>` for an order, `r1.t.<payment id>.<mac>`
 * for a top-up and `r1.g.<card id>.<mac>` for a gift card: an HMAC (a key derived from the provider's
 * secret for this purpose alone) over the version, the kind and what it names (an order: its id and its
 * number), compared in constant time. The kind is inside the mac (an order's line is its numeric id, never
 * `topup` or `gift_card`), so a top-up's token does not open an order's receipt nor another top-up's;
 * another order's token altered to name this one does not verify either; a forged or altered one answers
 * 404, never saying why, and counts against the client's allowance of wrong codes (like the other open
 * look-ups).
 */
import { receiptChannels, type PurchaseReceipt, type Receipt, type ReceiptChoice, type ReceiptData, type ReceiptSettingsData } from '#contract/receipts';
import { to } from '#contract/routes';
import { digestsEqual, purposeMac } from '../../lib/signature';
import { claimOffer } from './guest-claim';
import { countCodeTry } from '../auth/codes';
import type { ProviderContext } from '../context';
import { AppError, notFound } from '../http/errors';
import { getMerchant, type Merchant } from '../settings/settings.service';
import type { Database } from '../../db';
import {
  insertReceiptSends,
  readGiftCardReceipt,
  readReceiptChoice,
  readReceiptOrder,
  readTopupReceipt,
  writeReceiptChoice,
  type ReceiptOrderRead,
  type ReceiptThing,
} from './receipts.repo';
import { errors } from '../i18n/errors';

/** A top-up or a gift card bought: what a purchase receipt is of. */
export type PurchaseThing = Exclude<ReceiptThing, { kind: 'order' }>;

const TOKEN_VERSION = 'r1';

const sign = (secret: string, message: string) => purposeMac(secret, 'receipt-link', `${TOKEN_VERSION}\n${message}`).subarray(0, 24).toString('base64url');
const orderMac = (secret: string, orderId: number, name: string) => sign(secret, `${orderId}\n${name}`);
const purchaseMac = (secret: string, kind: 'topup' | 'gift_card', id: string | number) => sign(secret, `${kind}\n${id}`);

/** The token of an order's receipt link. */
export const receiptToken = (secret: string, order: { id: number; name: string }) => `${TOKEN_VERSION}.${order.name}.${orderMac(secret, order.id, order.name)}`;

/** The token of a top-up's or a gift card's receipt link. */
export const purchaseToken = (secret: string, thing: PurchaseThing) =>
  `${TOKEN_VERSION}.${thing.kind === 'topup' ? 't' : 'g'}.${thing.id}.${purchaseMac(secret, thing.kind, thing.id)}`;

/** The receipt page's address: the shop's public origin and the app's page (the path alone when the origin is unknown). */
export function receiptLink(ctx: ProviderContext, token: string): string {
  const path = to.receipt(token);
  const origin = ctx.publicUrl();
  return origin ? new URL(path, origin).href : path;
}

/**
 * An order just completed: its receipts queued for the job runner (receipts.send.ts), in the completion's
 * transaction, one per channel the customer chose; never sent here.
 */
export async function queueReceipts(trx: Database, ctx: ProviderContext, order: { id: number; customer_id: number }): Promise<void> {
  await insertReceiptSends(trx, { kind: 'order', id: order.id }, order.customer_id, ctx.clock.now());
}

/**
 * A top-up was just paid, or a gift card bought and paid: its receipts queued like an order's, in the
 * transaction that made it paid (payments.service.ts settleTopup; gift-cards.service.ts when a card is sold).
 */
export async function queuePurchaseReceipts(trx: Database, ctx: ProviderContext, thing: PurchaseThing, customerId: number): Promise<void> {
  await insertReceiptSends(trx, thing, customerId, ctx.clock.now());
}

/** The choice in force: never chosen, e-mail once the address is verified, else none. */
export function choiceOf(row: { receipts: ReceiptChoice | null; email_verified: boolean }): ReceiptChoice {
  return row.receipts ?? (row.email_verified ? 'email' : 'none');
}

export async function getReceiptSettings(ctx: ProviderContext, customerId: number): Promise<ReceiptSettingsData> {
  const row = await readReceiptChoice(ctx.db, customerId);
  if (!row) throw notFound('Customer');
  return { receipts: choiceOf(row), chosen: row.receipts !== null, email: row.email_verified, sms: row.phone !== null };
}

export async function chooseReceipts(ctx: ProviderContext, customerId: number, choice: ReceiptChoice): Promise<ReceiptSettingsData> {
  const row = await readReceiptChoice(ctx.db, customerId);
  if (!row) throw notFound('Customer');
  const channels = receiptChannels(choice);
  if (channels.includes('email') && !row.email_verified)
    throw new AppError('VALIDATION', errors.receiptEmailFirst, { receipts: 'needs a verified e-mail address' });
  if (channels.includes('sms') && row.phone === null) throw new AppError('VALIDATION', errors.receiptPhoneFirst, { receipts: 'needs a phone number' });
  await writeReceiptChoice(ctx.db, customerId, choice);
  return getReceiptSettings(ctx, customerId);
}

/** Who sold it, and the money's format: the same on every kind of receipt. */
function shopOf({ settings, rules }: Merchant): Pick<Receipt, 'shop' | 'currency' | 'locale' | 'timezone'> {
  return {
    shop: { name: settings.setting_company, logo: settings.post_file, brand_color: settings.brand_color ?? '#1f2937', tax_number: rules.tax_number },
    currency: rules.currency,
    locale: rules.locale,
    timezone: rules.timezone,
  };
}

/** The receipt answer from an order's read. */
export function toReceipt(read: ReceiptOrderRead, merchant: Merchant): Receipt {
  const { order, items, options } = read;
  return {
    ...shopOf(merchant),
    order: {
      name: order.name,
      status: order.status,
      fulfilment: order.fulfilment,
      location: order.location,
      // only at a table
      ...(order.table_label !== null ? { table_label: order.table_label } : {}),
      placed_at: order.created_at.toISOString(),
      completed_at: order.completed_at ? new Date(order.completed_at).toISOString() : null,
      lines: items.map((i) => ({
        name: i.name,
        qty: i.qty,
        price: i.price,
        options: options.filter((o) => o.order_item_id === i.id).map((o) => ({ group: o.group_name, name: o.name, price_delta: o.price_delta })),
        total: i.price * i.qty,
      })),
      subtotal: order.subtotal,
      discount: order.discount,
      discount_label: order.voucher_title ?? (order.offer_code ? `Code ${order.offer_code}` : order.offer_title),
      delivery_fee: order.delivery_fee,
      tip: order.tip > 0 ? order.tip : null,
      taxes: order.taxes,
      total: order.total,
      payment_method: order.payment_method,
      points_earned: order.points_earned,
    },
  };
}

/** A top-up's or a gift card's receipt, read; undefined when it is not one (not paid, not bought by a customer, gone). */
export async function readPurchaseReceipt(
  db: Database,
  thing: PurchaseThing,
  merchant: Merchant,
): Promise<{ receipt: PurchaseReceipt; customerId: number } | undefined> {
  if (thing.kind === 'topup') {
    const t = await readTopupReceipt(db, thing.id);
    if (!t) return undefined;
    const purchase = {
      kind: 'topup' as const,
      reference: `TU-${t.id.slice(0, 8).toUpperCase()}`,
      paid_at: (t.settled_at ?? new Date(0)).toISOString(),
      amount: t.amount,
      payment_method: 'gateway' as const,
      balance: t.balance_after,
      card_last4: null,
    };
    return { receipt: { ...shopOf(merchant), purchase }, customerId: t.customer_id };
  }
  const g = await readGiftCardReceipt(db, thing.id);
  if (!g || g.buyer_id === null || g.paid_with === 'till') return undefined;
  const purchase = {
    kind: 'gift_card' as const,
    reference: `GC-${g.id}`,
    paid_at: (g.settled_at ?? g.created_at).toISOString(),
    amount: g.amount,
    payment_method: g.paid_with,
    balance: null,
    card_last4: g.number.slice(-4),
  };
  return { receipt: { ...shopOf(merchant), purchase }, customerId: g.buyer_id };
}

const ORDER_TOKEN = /^r1\.([A-Z0-9-]{4,40})\.([A-Za-z0-9_-]{32})$/;
const PURCHASE_TOKEN = /^r1\.(?:t\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})|g\.([1-9][0-9]{0,9}))\.([A-Za-z0-9_-]{32})$/;

/** The receipt a token names, when its mac is right and the order completed (the purchase paid); else undefined. */
async function verifiedReceipt(ctx: ProviderContext, token: string, merchant: Merchant): Promise<ReceiptData | undefined> {
  const o = ORDER_TOKEN.exec(token);
  if (o) {
    const read = await readReceiptOrder(ctx.db, { name: o[1]! });
    // the mac is computed either way, so a wrong number takes as long as a wrong mac
    const expected = orderMac(ctx.secret, read?.order.id ?? 0, o[1]!);
    if (!digestsEqual(expected, o[2]!) || !read || read.order.status !== 'completed') return undefined;
    // a guest's order: the offer to join and claim its points, within its day (guest-claim.ts)
    const claim = claimOffer(ctx.secret, read.order, ctx.clock.now());
    return { kind: 'order', receipt: { ...toReceipt(read, merchant), ...(claim ? { guest_claim: claim } : {}) } };
  }
  const m = PURCHASE_TOKEN.exec(token);
  if (!m) return undefined;
  const thing: PurchaseThing = m[1] ? { kind: 'topup', id: m[1] } : { kind: 'gift_card', id: Number(m[2]) };
  // checked before reading anything: the mac needs nothing from the database
  if (!digestsEqual(purchaseMac(ctx.secret, thing.kind, thing.id), m[3]!)) return undefined;
  const read = await readPurchaseReceipt(ctx.db, thing, merchant);
  return read && { kind: 'purchase', purchase: read.receipt };
}

/** `receipt?token=`: a completed order's, a paid top-up's or a bought gift card's receipt by its signed link; anything else 404. */
export async function viewReceipt(ctx: ProviderContext, token: string, clientKey: string): Promise<ReceiptData> {
  const merchant = await getMerchant(ctx.db, ctx.merchantId);
  const counted = await countCodeTry(ctx, merchant.rules, clientKey);
  const data = await verifiedReceipt(ctx, token, merchant);
  if (!data) throw new AppError('NOT_FOUND', errors.receiptUnknown);
  await counted.release();
  return data;
}
