/**
 * Sends the receipts queued when orders completed, top-ups were paid and gift cards bought (receipt_sends;
 * queueReceipts and queuePurchaseReceipts in the transaction that made them so). The job runner calls
 * sendDueReceipts every few seconds (jobs.ts): each receipt is taken by the statement that leases it to
 * this run, so two runs or two instances never send one at once; it is sent outside any transaction (a
 * sender may write rows of its own, such as the development outbox), then marked sent. A send that fails
 * is due again after a backoff; a run that dies mid-way leaves its lease to run out, and a later run sends
 * it: at least once, and one row per thing and channel, so never one receipt twice from two completions
 * or settlements.
 */
import { formatMoney } from '#contract/money';
import type { PurchaseReceipt, Receipt } from '#contract/receipts';
import { MINUTE } from '../../lib/clock';
import { firstName } from '../accounts/accounts.service';
import { languageOfCustomer } from '../accounts/language';
import { receipt as receiptWords, sms } from '../i18n/messages';
import { sayIn, type Say } from '../i18n/translate';
import type { ProviderContext } from '../context';
import { getMerchant, type Merchant } from '../settings/settings.service';
import { tierStatus } from '../tiers/tiers.service';
import { renderPurchaseEmail, renderReceiptEmail } from './receipt-email';
import { dueReceiptIds, markReceiptSent, putBackReceipt, readReceiptOrder, takeDueReceipt } from './receipts.repo';
import { purchaseToken, readPurchaseReceipt, receiptLink, receiptToken, toReceipt, type PurchaseThing } from './receipts.service';

const BATCH = 20;
/** How long a run holds a receipt it is sending: far longer than a text or an e-mail takes. */
const RECEIPT_LEASE_MS = 5 * MINUTE;
/** After a failed send: 1, 2, 4 … minutes, at most an hour. */
const backoff = (tries: number) => Math.min(60, 2 ** Math.max(0, tries - 1)) * MINUTE;
/** A receipt still failing after this many tries is given up (logged): a day of backoffs. */
const MAX_TRIES = 30;

type Taken = NonNullable<Awaited<ReturnType<typeof takeDueReceipt>>>;

/** "Gold member: 120 more points to Platinum.", when the shop has tiers. */
async function tierWords(ctx: ProviderContext, say: Say, customerId: number): Promise<string | null> {
  const status = await tierStatus(ctx, customerId);
  if (!status.enabled || !status.tier) return null;
  if (!status.next) return say(receiptWords.tierTop, { tier: status.tier.name });
  const words = { tier: status.tier.name, remaining: status.next.remaining, next: status.next.name };
  return say(status.basis === 'visits' ? receiptWords.tierVisits : receiptWords.tierPoints, words);
}

/** An order's text message, in the customer's language: short, the total and the link. */
function receiptText(say: Say, receipt: Receipt, link: string): string {
  const words = { shop: receipt.shop.name, order: receipt.order.name, amount: formatMoney(receipt.order.total, receipt.currency, receipt.locale), link };
  const points = receipt.order.points_earned;
  return points > 0 ? say(sms.receiptPoints, { ...words, points }) : say(sms.receipt, words);
}

/** A top-up's or a gift card's text message, in the customer's language: what, how much, the new balance, and the link. */
function purchaseText(say: Say, receipt: PurchaseReceipt, link: string): string {
  const money = (n: number) => formatMoney(n, receipt.currency, receipt.locale);
  const { purchase } = receipt;
  const what = purchase.kind === 'topup' ? say(receiptWords.topup) : say(receiptWords.giftCard, { last4: purchase.card_last4 ?? '' });
  const words = { shop: receipt.shop.name, what, amount: money(purchase.amount), link };
  return purchase.balance !== null ? say(receiptWords.purchaseTextBalance, { ...words, balance: money(purchase.balance) }) : say(receiptWords.purchaseText, words);
}

type Message = { text: string; email: (firstName: string | null) => Promise<{ subject: string; html: string; text: string }> };

/** What a taken receipt says, by text and by e-mail; undefined when what it is of is gone. */
async function messageOf(ctx: ProviderContext, merchant: Merchant, taken: Taken): Promise<Message | undefined> {
  if (taken.order_id !== null) {
    const read = await readReceiptOrder(ctx.db, { id: taken.order_id });
    if (!read) return undefined;
    const receipt = toReceipt(read, merchant);
    const link = receiptLink(ctx, receiptToken(ctx.secret, read.order));
    const language = await languageOfCustomer(ctx.db, merchant.rules, read.order.customer_id);
    const say = sayIn(language);
    const tier = () => tierWords(ctx, say, read.order.customer_id);
    return {
      text: receiptText(say, receipt, link),
      email: async (firstName) => renderReceiptEmail({ receipt, link, firstName, tier: await tier(), language }),
    };
  }
  const thing: PurchaseThing = taken.payment_id !== null ? { kind: 'topup', id: taken.payment_id } : { kind: 'gift_card', id: taken.gift_card_id! };
  const read = await readPurchaseReceipt(ctx.db, thing, merchant);
  if (!read) return undefined;
  const link = receiptLink(ctx, purchaseToken(ctx.secret, thing));
  const language = await languageOfCustomer(ctx.db, merchant.rules, taken.customer_id);
  return {
    text: purchaseText(sayIn(language), read.receipt, link),
    email: (firstName) => renderPurchaseEmail({ receipt: read.receipt, link, firstName, language }),
  };
}

async function send(ctx: ProviderContext, merchant: Merchant, taken: Taken): Promise<'sent' | 'nowhere'> {
  // erased, gone, or the address gone or unverified since: nothing to send to
  if (taken.erased_at !== null) return 'nowhere';
  const message = await messageOf(ctx, merchant, taken);
  if (!message) return 'nowhere';
  if (taken.channel === 'sms') {
    if (!taken.phone) return 'nowhere';
    await ctx.sender.send(taken.phone, message.text);
    return 'sent';
  }
  if (!taken.email || !taken.email_verified_at) return 'nowhere';
  if (!ctx.mailer) throw new Error('e-mail is not set up');
  const mail = await message.email(firstName(taken.customer_name, '') || null);
  await ctx.mailer.sendEmail(taken.email, mail.subject, mail.text, { html: mail.html });
  return 'sent';
}

/** Sends the receipts due now (or only `onlyId`); answers how many were sent. */
export async function sendDueReceipts(ctx: ProviderContext, onlyId?: number): Promise<number> {
  const now = ctx.clock.now();
  const ids = onlyId === undefined ? await dueReceiptIds(ctx.db, now, BATCH) : [onlyId];
  if (ids.length === 0) return 0;
  const merchant = await getMerchant(ctx.db, ctx.merchantId);
  let sent = 0;
  for (const id of ids) {
    const taken = await takeDueReceipt(ctx.db, id, now, new Date(now.getTime() + RECEIPT_LEASE_MS));
    if (!taken) continue;
    try {
      const done = await send(ctx, merchant, taken);
      if (done === 'sent') sent++;
    } catch (err) {
      if (taken.tries < MAX_TRIES) {
        await putBackReceipt(ctx.db, taken.id, new Date(ctx.clock.now().getTime() + backoff(taken.tries)));
        ctx.logger.warn({ err, receipt: id }, 'a receipt could not be sent: tried again later');
        continue;
      }
      ctx.logger.error({ err, receipt: id }, 'a receipt could not be sent after many tries: given up');
    }
    // sent, nowhere to send it, or given up: done with
    await markReceiptSent(ctx.db, taken.id, ctx.clock.now());
  }
  return sent;
}
