/**
 * Feedback on orders (issue 51): a customer rates a completed order of their own once (the order's unique
 * feedback decides between two at once), a low rating tells the owners at once by e-mail (after the rating
 * is written, never holding it up) and waits on the console's Feedback page, where staff answer it and
 * the customer is notified; a high rating is offered the owner's review link.
 */
import {
  FEEDBACK_HIGH_AT_LEAST,
  FEEDBACK_REASON_LABELS,
  isLowRating,
  type ConsoleFeedback,
  type Feedback,
  type FeedbackData,
  type FeedbackFields,
  type FeedbackListData,
  type FeedbackReason,
} from '#contract/feedback';
import { to } from '#contract/routes';
import { DAY, isoTime } from '../../lib/clock';
import type { ProviderContext } from '../context';
import { AppError, notFound } from '../http/errors';
import type { StaffOfRequest } from '../http/staff-session';
import { emitFeedbackReceived } from '../events/events.service';
import { notify } from '../notifications/notify';
import { sayToCustomer } from '../accounts/language';
import { feedback as feedbackWords } from '../i18n/messages';
import { findCustomerOrder } from '../orders/orders.repo';
import { getMerchant } from '../settings/settings.service';
import { insertAudit, ownerEmails } from '../staff/staff.repo';
import {
  feedbackOfOrder,
  feedbackSummary,
  insertFeedback,
  listedFeedback,
  listFeedback,
  reviewUrl,
  saveReviewUrl,
  setReply,
  type FeedbackRow,
  type ListedFeedbackRow,
} from './feedback.repo';
import { errors } from '../i18n/errors';

export const FEEDBACK_PER_PAGE = 20;

function feedbackOf(r: FeedbackRow): Feedback {
  return {
    rating: r.rating,
    reasons: r.reasons as FeedbackReason[],
    comment: r.comment,
    reply: r.reply,
    replied_at: isoTime(r.replied_at),
    created_at: r.created_at.toISOString(),
  };
}

function consoleFeedbackOf(r: ListedFeedbackRow): ConsoleFeedback {
  return {
    ...feedbackOf(r),
    id: r.id,
    order_name: r.order_name,
    order_total: Number(r.order_total),
    customer_id: r.customer_id,
    customer_name: r.customer_name,
    replied_by: r.replied_by_name ?? null,
  };
}

/** The review link, after a high rating. */
const reviewFor = async (ctx: ProviderContext, f: FeedbackRow | undefined) => (f && f.rating >= FEEDBACK_HIGH_AT_LEAST ? reviewUrl(ctx.db) : null);

async function ownOrder(ctx: ProviderContext, customerId: number, name: string) {
  const order = await findCustomerOrder(ctx.db, customerId, name);
  if (!order) throw notFound('Order');
  return order;
}

export async function getFeedback(ctx: ProviderContext, customerId: number, name: string): Promise<FeedbackData> {
  const order = await ownOrder(ctx, customerId, name);
  const f = await feedbackOfOrder(ctx.db, order.id);
  return { feedback: f ? feedbackOf(f) : null, review_url: await reviewFor(ctx, f) };
}

export async function giveFeedback(ctx: ProviderContext, customerId: number, body: FeedbackFields): Promise<FeedbackData> {
  const order = await ownOrder(ctx, customerId, body.name);
  if (order.status !== 'completed') throw new AppError('CONFLICT', errors.rateWhenCompleted);
  const now = ctx.clock.now();
  // the rating and its webhook event in one transaction: sent if and only if it was written
  const row = await ctx.db.transaction().execute(async (trx) => {
    const written = await insertFeedback(trx, {
      order_id: order.id,
      customer_id: customerId,
      rating: body.rating,
      reasons: body.reasons ?? [],
      comment: body.comment ?? '',
      created_at: now,
    });
    if (!written) throw new AppError('CONFLICT', errors.ratedAlready);
    await emitFeedbackReceived(
      trx,
      {
        customer_id: customerId,
        order_name: order.name,
        rating: written.rating,
        reasons: written.reasons,
        comment: written.comment,
        created_at: now.toISOString(),
      },
      now,
    );
    return written;
  });
  if (isLowRating(row.rating)) await tellOwners(ctx, row, order.name);
  return { feedback: feedbackOf(row), review_url: await reviewFor(ctx, row) };
}

/** A low rating, e-mailed to every owner at once (when the shop sends e-mail); a failed e-mail is logged, the rating stays. */
async function tellOwners(ctx: ProviderContext, f: FeedbackRow, orderName: string): Promise<void> {
  const mailer = ctx.mailer;
  if (!mailer) return;
  const { settings } = await getMerchant(ctx.db, ctx.merchantId);
  const shop = settings.setting_company;
  const reasons = (f.reasons as FeedbackReason[]).map((r) => FEEDBACK_REASON_LABELS[r]).join(', ');
  const text = [
    `A customer rated order ${orderName} ${f.rating} out of 5.`,
    ...(reasons ? [`What they picked: ${reasons}.`] : []),
    ...(f.comment ? ['', `"${f.comment}"`] : []),
    '',
    'Answer them from the Feedback page of the merchant console: they get your reply as a notification.',
  ].join('\n');
  for (const email of await ownerEmails(ctx.db)) {
    await mailer
      .sendEmail(email, `${shop}: a ${f.rating}-star rating for order ${orderName}`, text)
      .catch((err: unknown) => ctx.logger.error({ err }, 'feedback: an owner could not be e-mailed about a low rating'));
  }
}

export async function consoleFeedback(ctx: ProviderContext, q: { page?: number | undefined; low?: 'true' | 'false' | undefined }): Promise<FeedbackListData> {
  const page = q.page ?? 1;
  const rows = await listFeedback(ctx.db, { low: q.low === 'true', limit: FEEDBACK_PER_PAGE + 1, offset: (page - 1) * FEEDBACK_PER_PAGE });
  const summary = await feedbackSummary(ctx.db, new Date(ctx.clock.now().getTime() - 30 * DAY));
  return {
    items: rows.slice(0, FEEDBACK_PER_PAGE).map(consoleFeedbackOf),
    next_page: rows.length > FEEDBACK_PER_PAGE ? page + 1 : null,
    average: summary.average,
    low_unanswered: summary.lowUnanswered,
    review_url: await reviewUrl(ctx.db),
  };
}

/** Staff answer a feedback: the customer is notified in the same transaction; audited. */
export async function replyToFeedback(ctx: ProviderContext, staff: StaffOfRequest, body: { id: number; reply: string }): Promise<ConsoleFeedback> {
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const before = await listedFeedback(trx, body.id);
    if (!before) throw notFound('Feedback');
    await setReply(trx, body.id, body.reply, staff.id, now);
    const { settings, rules } = await getMerchant(trx, ctx.merchantId);
    const say = await sayToCustomer(trx, rules, before.customer_id);
    await notify(trx, ctx.clock, before.customer_id, {
      type: 'order',
      title: say(feedbackWords.answeredTitle, { shop: settings.setting_company }),
      body: body.reply,
      link: to.order(before.order_name),
    });
    await insertAudit(trx, {
      staffId: staff.id,
      action: 'feedback.reply',
      target: `order:${before.order_name}`,
      before: { reply: before.reply },
      after: { reply: body.reply, rating: before.rating },
      now,
    });
    return consoleFeedbackOf((await listedFeedback(trx, body.id))!);
  });
}

/** The owner's review link (empty: none); audited. */
export async function saveFeedbackSettings(ctx: ProviderContext, staff: StaffOfRequest, body: { review_url: string }): Promise<{ review_url: string | null }> {
  const now = ctx.clock.now();
  const url = body.review_url === '' ? null : body.review_url;
  return ctx.db.transaction().execute(async (trx) => {
    const before = await reviewUrl(trx);
    await saveReviewUrl(trx, url, now);
    await insertAudit(trx, {
      staffId: staff.id,
      action: 'feedback.settings',
      target: 'feedback',
      before: { review_url: before },
      after: { review_url: url },
      now,
    });
    return { review_url: url };
  });
}
