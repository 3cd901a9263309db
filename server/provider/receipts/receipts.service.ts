/**
 * Receipts (issue 51): the customer's choice of how they reach them, the signed link that opens one
 * without signing in, and the receipt itself. The link's token is `r1.<order number>.<mac>`: an HMAC
 * (a key derived from the provider's secret for this purpose alone) over the version, the order's id and
 * its number, compared in constant time. Another order's token, altered to name this one, does not
 * verify (the mac covers the id and the number); a forged or altered one answers 404, never saying why,
 * and counts against the client's allowance of wrong codes (like the other open look-ups).
 */
import { receiptChannels, type Receipt, type ReceiptChoice, type ReceiptData, type ReceiptSettingsData } from '#contract/receipts';
import { to } from '#contract/routes';
import { digestsEqual, purposeMac } from '../../lib/signature';
import { countCodeTry } from '../auth/codes';
import type { ProviderContext } from '../context';
import { AppError, notFound } from '../http/errors';
import { getMerchant, type Merchant } from '../settings/settings.service';
import type { Database } from '../../db';
import { insertReceiptSends, readReceiptChoice, readReceiptOrder, writeReceiptChoice, type ReceiptOrderRead } from './receipts.repo';

const TOKEN_VERSION = 'r1';

const mac = (secret: string, orderId: number, name: string) =>
  purposeMac(secret, 'receipt-link', `${TOKEN_VERSION}\n${orderId}\n${name}`).subarray(0, 24).toString('base64url');

/** The token of an order's receipt link. */
export const receiptToken = (secret: string, order: { id: number; name: string }) => `${TOKEN_VERSION}.${order.name}.${mac(secret, order.id, order.name)}`;

/** The receipt page's address: the shop's public origin and the app's page (the path alone when the origin is unknown). */
export function receiptLink(ctx: ProviderContext, order: { id: number; name: string }): string {
  const path = to.receipt(receiptToken(ctx.secret, order));
  const origin = ctx.publicUrl();
  return origin ? new URL(path, origin).href : path;
}

/**
 * An order just completed: its receipts queued for the job runner (receipts.send.ts), in the completion's
 * transaction, one per channel the customer chose; never sent here.
 */
export async function queueReceipts(trx: Database, ctx: ProviderContext, order: { id: number; customer_id: number }): Promise<void> {
  await insertReceiptSends(trx, order.id, order.customer_id, ctx.clock.now());
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
    throw new AppError('VALIDATION', 'Verify your e-mail address first, then receipts can go there.', { receipts: 'needs a verified e-mail address' });
  if (channels.includes('sms') && row.phone === null)
    throw new AppError('VALIDATION', 'Add a phone number first, then receipts can go there by text.', { receipts: 'needs a phone number' });
  await writeReceiptChoice(ctx.db, customerId, choice);
  return getReceiptSettings(ctx, customerId);
}

/** The receipt answer from an order's read. */
export function toReceipt(read: ReceiptOrderRead, merchant: Merchant): Receipt {
  const { order, items, options } = read;
  const { settings, rules } = merchant;
  return {
    shop: { name: settings.setting_company, logo: settings.post_file, brand_color: settings.brand_color ?? '#1f2937', tax_number: rules.tax_number },
    currency: rules.currency,
    locale: rules.locale,
    timezone: rules.timezone,
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

const TOKEN = /^r1\.([A-Z0-9-]{4,40})\.([A-Za-z0-9_-]{32})$/;

/** The order a token names, when its mac is right and the order completed; else undefined. */
async function verifiedOrder(ctx: ProviderContext, token: string): Promise<ReceiptOrderRead | undefined> {
  const m = TOKEN.exec(token);
  if (!m) return undefined;
  const read = await readReceiptOrder(ctx.db, m[1]!);
  // the mac is computed either way, so a wrong number takes as long as a wrong mac
  const expected = mac(ctx.secret, read?.order.id ?? 0, m[1]!);
  if (!digestsEqual(expected, m[2]!) || !read || read.order.status !== 'completed') return undefined;
  return read;
}

/** `receipt?token=`: a completed order's receipt by its signed link; anything else 404. */
export async function viewReceipt(ctx: ProviderContext, token: string, clientKey: string): Promise<ReceiptData> {
  const merchant = await getMerchant(ctx.db, ctx.merchantId);
  const counted = await countCodeTry(ctx, merchant.rules, clientKey);
  const read = await verifiedOrder(ctx, token);
  if (!read) throw new AppError('NOT_FOUND', 'We could not find this receipt. Check the link in your e-mail or text.');
  await counted.release();
  return { receipt: toReceipt(read, merchant) };
}
