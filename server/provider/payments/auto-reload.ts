import { randomUUID } from 'node:crypto';
import { formatMoney } from '#contract/money';
import type { MessageDescriptor } from '@lingui/core';
import type { AutoReloadPause } from '#contract/saved-card';
import { paths } from '#contract/routes';
import type { ProviderContext } from '../context';
import type { CardChargeResult, CardGateway } from '../payment-gateway';
import { getMerchant } from '../settings/settings.service';
import { notify } from '../notifications/notify';
import { sayToCustomer } from '../accounts/language';
import { autoReload } from '../i18n/messages';
import { insertPayment, settlePayment } from './payments.repo';
import { applyPaymentEvent } from './payments.service';
import {
  claimDueRun,
  findAutoReload,
  findSavedCard,
  finishRun,
  lockRun,
  markRunCharging,
  pauseAutoReload,
  retryRunLater,
  type AutoReloadRunRow,
} from './saved-cards.repo';

/**
 * The wallet's auto-reloads (issue 49), run by the job runner every few seconds. A spend that crossed
 * the customer's line queued one run in its own statement (wallet.ledger.ts). Here each run is claimed
 * `for update skip locked` and given a pending top-up payment in one transaction; the saved card is then
 * charged off-session with an idempotency key of the run (a retry, after a crash, asks the gateway the
 * same question and gets the same answer, never a second charge); the money arrives only when the
 * gateway says it was taken, through the very path of a top-up's webhook (applyPaymentEvent: a `topup`
 * entry). A declined card, or one the bank wants the customer for (3-D Secure), pauses auto-reload and
 * tells the customer why. A gateway that cannot be reached is asked again, with the same key, after a
 * growing wait (RETRY_WAITS_MS); when the last wait is spent (about a day) auto-reload pauses the same way.
 */

/** A run claimed this long ago and still charging was left by a worker that died: it is taken again. */
const STALE_CLAIM_MS = 5 * 60_000;

/**
 * The waits before asking a gateway that could not be reached again: 5, 15 and 60 minutes, then 3, 6 and
 * 12 hours. The try after the last wait (the 7th, about 22 hours after the first) failing too pauses
 * auto-reload ('unreachable'), the customer told as after a decline.
 */
export const RETRY_WAITS_MS = [5, 15, 60, 180, 360, 720].map((minutes) => minutes * 60_000);

/** Runs the reloads due now (at most `limit`); answers how many were charged. */
export async function runDueReloads(ctx: ProviderContext, limit = 50): Promise<number> {
  const cards = ctx.paymentGateway?.cards;
  if (!cards) return 0;
  let charged = 0;
  for (let i = 0; i < limit; i++) {
    const claimed = await claimRun(ctx);
    if (claimed === null) break;
    if (claimed === 'skipped') continue;
    await chargeRun(ctx, cards, claimed);
    charged++;
  }
  return charged;
}

interface Claimed {
  run: AutoReloadRunRow;
  /** the card charged: the gateway's references */
  card: { customerRef: string; methodRef: string };
  paymentId: string;
}

/**
 * One due run, with its pending payment; 'skipped' when it no longer applies (off, paused, no card);
 * null when none is due. A run taken again after a crash charges the card it was charging, whatever the
 * settings now say (the gateway may have taken the money): the same question, the same answer.
 */
async function claimRun(ctx: ProviderContext): Promise<Claimed | 'skipped' | null> {
  return ctx.db.transaction().execute(async (trx) => {
    const now = ctx.clock.now();
    const run = await claimDueRun(trx, new Date(now.getTime() - STALE_CLAIM_MS), now);
    if (!run) return null;
    if (run.status === 'charging' && run.payment_id && run.customer_ref && run.method_ref) {
      await markRunCharging(trx, run.id, { paymentId: run.payment_id, customerRef: run.customer_ref, methodRef: run.method_ref }, now);
      return { run, card: { customerRef: run.customer_ref, methodRef: run.method_ref }, paymentId: run.payment_id };
    }
    const [card, settings] = await Promise.all([findSavedCard(trx, run.customer_id), findAutoReload(trx, run.customer_id)]);
    if (!card || !settings?.enabled || settings.paused !== null) {
      await finishRun(trx, run.id, 'cancelled', now);
      return 'skipped';
    }
    const paymentId = randomUUID();
    await insertPayment(trx, { id: paymentId, customerId: run.customer_id, kind: 'topup', amount: run.amount, returnTo: null, at: now });
    const charged = { customerRef: card.customer_ref, methodRef: card.method_ref };
    await markRunCharging(trx, run.id, { paymentId, ...charged }, now);
    return { run, card: charged, paymentId };
  });
}

async function chargeRun(ctx: ProviderContext, cards: CardGateway, { run, card, paymentId }: Claimed): Promise<void> {
  const { rules, settings } = await getMerchant(ctx.db, ctx.merchantId);
  let result: CardChargeResult;
  try {
    result = await cards.charge({
      paymentId,
      customerRef: card.customerRef,
      methodRef: card.methodRef,
      amount: run.amount,
      currency: rules.currency,
      description: `Wallet auto-reload at ${settings.setting_company}`,
      idempotencyKey: `auto-reload-${run.id}`,
    });
  } catch (err) {
    await couldNotReach(ctx, run, paymentId, err);
    return;
  }
  if (result.status === 'succeeded') {
    // the same path as a top-up's webhook: the payment settled once, the wallet credited, the customer told
    await applyPaymentEvent(ctx, {
      id: `auto-reload:${run.id}`,
      type: 'payment.succeeded',
      payment_id: paymentId,
      amount: run.amount,
      currency: rules.currency,
      provider_ref: result.providerRef,
      created: Math.floor(ctx.clock.now().getTime() / 1000),
    });
    await ctx.db.transaction().execute((trx) => finishRun(trx, run.id, 'succeeded', ctx.clock.now()));
    ctx.logger.info({ run: run.id, customer_id: run.customer_id, amount: run.amount }, 'auto-reload: the wallet was reloaded');
    return;
  }
  await paused(ctx, run, paymentId, result.status, result.providerRef);
}

/**
 * The gateway could not be asked: the run stays charging (the same payment, the same key, so a charge the
 * gateway did take is answered again, never made twice) and is tried again after the next wait; with no
 * wait left, auto-reload pauses.
 */
async function couldNotReach(ctx: ProviderContext, run: AutoReloadRunRow, paymentId: string, err: unknown): Promise<void> {
  const now = ctx.clock.now();
  const next = await ctx.db.transaction().execute(async (trx) => {
    const locked = await lockRun(trx, run.id);
    if (locked?.status !== 'charging') return null;
    const wait = RETRY_WAITS_MS[locked.attempts];
    if (wait === undefined) return 'give up' as const;
    const retryAt = new Date(now.getTime() + wait);
    await retryRunLater(trx, run.id, locked.attempts + 1, retryAt);
    return { attempt: locked.attempts + 1, retryAt };
  });
  const log = { err: String(err), run: run.id, payment_id: paymentId };
  if (next === 'give up') {
    ctx.logger.warn(log, 'auto-reload: the payment gateway could not be reached for a day');
    await paused(ctx, run, paymentId, 'unreachable', null);
  } else if (next) {
    ctx.logger.warn({ ...log, attempt: next.attempt, retry_at: next.retryAt.toISOString() }, 'auto-reload: the charge could not be made; tried again later');
  }
}

/** Each pause's title and reason, in the customer's language (the reasons as the app's PAUSE_REASONS says them). */
const PAUSE_WORDS: Record<AutoReloadPause, { title: MessageDescriptor; reason: MessageDescriptor }> = {
  declined: { title: autoReload.declinedTitle, reason: autoReload.declined },
  needs_customer: { title: autoReload.needsCustomerTitle, reason: autoReload.needsCustomer },
  unreachable: { title: autoReload.unreachableTitle, reason: autoReload.unreachable },
};

/** Declined, the bank wants the customer, or the gateway out of reach for a day: the payment failed, auto-reload paused, the customer told why. */
async function paused(ctx: ProviderContext, run: AutoReloadRunRow, paymentId: string, why: AutoReloadPause, providerRef: string | null): Promise<void> {
  const { rules } = await getMerchant(ctx.db, ctx.merchantId);
  await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.clock.now();
    const locked = await lockRun(trx, run.id);
    if (locked?.status !== 'charging') return;
    await settlePayment(trx, paymentId, 'failed', now, providerRef);
    await finishRun(trx, run.id, why, now);
    await pauseAutoReload(trx, run.customer_id, why, now);
    const say = await sayToCustomer(trx, rules, run.customer_id);
    await notify(trx, ctx.clock, run.customer_id, {
      type: 'topup',
      title: say(PAUSE_WORDS[why].title),
      body: `${say(autoReload.failed, { amount: formatMoney(run.amount, rules.currency, rules.locale) })} ${say(PAUSE_WORDS[why].reason)}`,
      link: paths.profileWallet,
    });
  });
  ctx.logger.warn({ run: run.id, customer_id: run.customer_id, outcome: why }, 'auto-reload: paused');
}
