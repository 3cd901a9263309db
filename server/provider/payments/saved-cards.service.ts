import { randomUUID } from 'node:crypto';
import { PAUSE_REASONS, type AutoReloadBody, type AutoReloadData, type CardSetupData } from '#contract/saved-card';
import { formatMoney } from '#contract/money';
import { paths } from '#contract/routes';
import type { ProviderContext } from '../context';
import type { Database } from '../../db';
import { AppError, notFound, validation } from '../http/errors';
import { PAYMENTS_UNAVAILABLE_MESSAGE } from '../payment-port';
import type { CardDetails, CardGateway, CardSetupEvent } from '../payment-gateway';
import type { StoredAnswer } from '../http/idempotency';
import { getMerchant } from '../settings/settings.service';
import type { SandboxCompleteBody, SandboxCompleteData, WebhookData } from '#contract/payments';
import { sandboxCard } from './sandbox';
import { walletBalance } from '../wallet/wallet.repo';
import {
  cancelOpenRuns,
  deleteSavedCard,
  findAutoReload,
  findCustomerSetup,
  findSavedCard,
  findSetup,
  insertCardSetup,
  knownGatewayCustomer,
  lockCustomerSetup,
  putAutoReload,
  queueRun,
  putSavedCard,
  setSetupStatus,
  turnAutoReloadOff,
} from './saved-cards.repo';
import { errors } from '../i18n/errors';

/**
 * A saved card and wallet auto-reload (issue 49), the customer's side: the card is saved on the payment
 * gateway's own page (Stripe: a Checkout Session in setup mode; the sandbox: its page), and only its
 * references and what it shows are kept here. The reloads themselves: auto-reload.ts.
 */

function cardGateway(ctx: ProviderContext): CardGateway {
  const cards = ctx.paymentGateway?.cards;
  if (!cards) throw new AppError('PAYMENTS_UNAVAILABLE', PAYMENTS_UNAVAILABLE_MESSAGE);
  return cards;
}

/** The shop's bounds: a reload is a top-up (its limits); the line lies between 1 and the largest top-up. */
async function limitsOf(ctx: ProviderContext) {
  const { rules } = await getMerchant(ctx.db, ctx.merchantId);
  return { threshold_min: 1, threshold_max: rules.topup_max, amount_min: rules.topup_min, amount_max: rules.topup_max };
}

export async function autoReloadStatus(ctx: ProviderContext, customerId: number, db: Database = ctx.db): Promise<AutoReloadData> {
  const [card, settings, limits] = await Promise.all([findSavedCard(db, customerId), findAutoReload(db, customerId), limitsOf(ctx)]);
  return {
    available: Boolean(ctx.paymentGateway?.cards),
    card: card ? { brand: card.brand, last4: card.last4, exp_month: card.exp_month, exp_year: card.exp_year } : null,
    enabled: settings?.enabled ?? false,
    threshold: settings?.threshold ?? null,
    amount: settings?.amount ?? null,
    paused: settings?.enabled ? (settings.paused ?? null) : null,
    paused_reason: settings?.enabled && settings.paused ? PAUSE_REASONS[settings.paused] : null,
    limits,
  };
}

/**
 * On or off, with the line and the amount, within the shop's bounds. On needs a saved card; turning it
 * on (again) clears a pause, and below the line already queues one reload at once. Off drops a reload
 * still waiting.
 */
export async function updateAutoReload(ctx: ProviderContext, customerId: number, body: AutoReloadBody): Promise<AutoReloadData> {
  const { rules } = await getMerchant(ctx.db, ctx.merchantId);
  const money = (n: number) => formatMoney(n, rules.currency, rules.locale);
  const limits = await limitsOf(ctx);
  const fields: Record<string, string> = {};
  if (body.amount < limits.amount_min) fields.amount = `must be at least ${limits.amount_min}`;
  else if (body.amount > limits.amount_max) fields.amount = `must be at most ${limits.amount_max}`;
  if (body.threshold > limits.threshold_max) fields.threshold = `must be at most ${limits.threshold_max}`;
  if (Object.keys(fields).length > 0) {
    throw validation(
      fields,
      fields.amount
        ? `Each reload must be between ${money(limits.amount_min)} and ${money(limits.amount_max)}.`
        : `The balance to reload at must be at most ${money(limits.threshold_max)}.`,
    );
  }
  return ctx.db.transaction().execute(async (trx) => {
    const now = ctx.clock.now();
    if (body.enabled && !(await findSavedCard(trx, customerId))) throw new AppError('CONFLICT', errors.cardFirst);
    await putAutoReload(trx, {
      customer_id: customerId,
      enabled: body.enabled,
      threshold: body.threshold,
      amount: body.amount,
      paused: null,
      paused_at: null,
      updated_at: now,
    });
    if (!body.enabled) await cancelOpenRuns(trx, customerId, now);
    // turned on (or resumed) below the line: the reload the customer expects now, once
    else if ((await walletBalance(trx, customerId)) < body.threshold) await queueRun(trx, customerId, `turned-on:${now.getTime()}`, body.amount, now);
    return autoReloadStatus(ctx, customerId, trx);
  });
}

/** Where the gateway's page brings the customer back: the wallet, with the setup to confirm. */
const returnPaths = (setupId: string) => ({
  successPath: `${paths.profileWallet}?card_setup=${setupId}`,
  failPath: `${paths.profileWallet}?card_setup=${setupId}&cancelled=1`,
});

/** Opens the gateway's page to save a card (the gateway's customer made once per member and kept). */
export async function startCardSetup(ctx: ProviderContext, customerId: number): Promise<CardSetupData> {
  const cards = cardGateway(ctx);
  const gateway = ctx.paymentGateway!.name;
  const id = randomUUID();
  const known = await knownGatewayCustomer(ctx.db, customerId, gateway);
  const { rules } = await getMerchant(ctx.db, ctx.merchantId);
  const started = await cards.startSetup({
    setupId: id,
    customerRef: known,
    customerLabel: `customer ${customerId}`,
    currency: rules.currency,
    ...returnPaths(id),
  });
  await insertCardSetup(ctx.db, {
    id,
    customer_id: customerId,
    gateway,
    setup_ref: started.setupRef,
    customer_ref: started.customerRef,
    created_at: ctx.clock.now(),
  });
  return { setup_id: id, setup_url: started.url };
}

/**
 * Keeps the card of a setup saved at the gateway (asked of the gateway, never taken from the browser):
 * it replaces a card saved before, which is detached at the gateway. A setup still open answers 409.
 */
export async function confirmCardSetup(ctx: ProviderContext, customerId: number, setupId: string): Promise<AutoReloadData> {
  const cards = cardGateway(ctx);
  const first = await findCustomerSetup(ctx.db, customerId, setupId);
  if (!first) throw notFound('Card setup');
  if (first.status === 'saved') return autoReloadStatus(ctx, customerId);
  const read = first.setup_ref ? await cards.readSetup(first.setup_ref) : null;
  if (read?.status !== 'saved') {
    if (read?.status === 'failed' || first.status === 'failed') {
      await setSetupStatus(ctx.db, setupId, 'failed');
      throw new AppError('CONFLICT', errors.cardNotSaved);
    }
    throw new AppError('CONFLICT', errors.cardNotYetSaved);
  }
  await keepCard(ctx, customerId, setupId, read.methodRef, read.card);
  return autoReloadStatus(ctx, customerId);
}

/**
 * The gateway's signed word that a card was saved on its page (Stripe: `checkout.session.completed` of
 * a setup-mode session), so the card is kept even if the customer never comes back to the wallet. The
 * setup must be ours and opened at that very session; the card is read back from the gateway, as on the
 * way back. A replay, or the customer's return racing it, keeps the card once (keepCard locks the setup).
 * The gateway out of reach answers 503, and the gateway sends the event again later.
 */
export async function cardSetupCompleted(ctx: ProviderContext, event: CardSetupEvent): Promise<StoredAnswer<WebhookData>> {
  const done = (applied: boolean, message: string): StoredAnswer<WebhookData> => ({ status: 200, message, data: { event_id: event.id, applied } });
  const setup = await findSetup(ctx.db, event.setup_id);
  if (!setup || setup.setup_ref !== event.setup_ref || setup.gateway !== ctx.paymentGateway?.name) {
    ctx.logger.warn({ event_id: event.id, setup_id: event.setup_id, setup_ref: event.setup_ref }, 'webhook for an unknown card setup');
    return done(false, 'Unknown card setup; the event was ignored.');
  }
  if (setup.status !== 'open') return done(false, `The card setup is ${setup.status} already; nothing changed.`);
  const read = await cardGateway(ctx).readSetup(event.setup_ref);
  if (read.status !== 'saved') return done(false, 'The gateway has no saved card for this setup; nothing changed.');
  const kept = await keepCard(ctx, setup.customer_id, setup.id, read.methodRef, read.card);
  if (kept)
    ctx.logger.info({ event_id: event.id, setup_id: setup.id, customer_id: setup.customer_id }, 'a card saved at the gateway was kept from its webhook');
  return done(kept, kept ? 'Card saved.' : 'The card was saved already; nothing changed.');
}

/** The card of one of the customer's setups kept (once: a setup saved already changes nothing); answers whether this call kept it. */
export async function keepCard(ctx: ProviderContext, customerId: number, setupId: string, methodRef: string, card: CardDetails): Promise<boolean> {
  const kept = await ctx.db.transaction().execute(async (trx) => {
    const setup = await lockCustomerSetup(trx, customerId, setupId);
    if (!setup) throw notFound('Card setup');
    if (setup.status !== 'open') return null;
    await setSetupStatus(trx, setupId, 'saved');
    const replaced = await putSavedCard(trx, {
      customer_id: customerId,
      gateway: setup.gateway,
      customer_ref: setup.customer_ref ?? '',
      method_ref: methodRef,
      brand: card.brand,
      last4: card.last4,
      exp_month: card.exp_month,
      exp_year: card.exp_year,
      created_at: ctx.clock.now(),
    });
    return { replaced };
  });
  if (kept?.replaced && kept.replaced.method_ref !== methodRef) await detachQuietly(ctx, kept.replaced.method_ref);
  return kept !== null;
}

/** Removes the card: auto-reload off, a reload still waiting dropped, the card taken off the gateway. */
export async function removeCard(ctx: ProviderContext, customerId: number): Promise<AutoReloadData> {
  const removed = await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.clock.now();
    await turnAutoReloadOff(trx, customerId, now);
    await cancelOpenRuns(trx, customerId, now);
    return deleteSavedCard(trx, customerId);
  });
  if (removed) await detachQuietly(ctx, removed.method_ref);
  return autoReloadStatus(ctx, customerId);
}

/** Forgotten here whatever the gateway says: a failure to detach is logged for the shop to finish. */
async function detachQuietly(ctx: ProviderContext, methodRef: string): Promise<void> {
  try {
    await ctx.paymentGateway?.cards?.detach(methodRef);
  } catch (err) {
    ctx.logger.warn({ err: String(err) }, 'a removed card could not be detached at the payment gateway; it is no longer used here');
  }
}

/** One of the customer's own card setups at the sandbox (its page), or none. */
export async function sandboxCardSetup(ctx: ProviderContext, customerId: number, id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  return findCustomerSetup(ctx.db, customerId, id);
}

/** The sandbox page's choice for a card being saved: one of its test cards kept, or the setup cancelled. */
export async function completeSandboxCardSetup(
  ctx: ProviderContext,
  customerId: number,
  id: string,
  outcome: SandboxCompleteBody['outcome'],
): Promise<SandboxCompleteData> {
  const setup = await sandboxCardSetup(ctx, customerId, id);
  if (!setup || outcome === 'pay') throw notFound('Payment');
  const back = returnPaths(id);
  if (setup.status === 'open' && outcome !== 'decline') {
    const { methodRef, card } = sandboxCard(outcome, ctx.clock.now());
    await keepCard(ctx, customerId, id, methodRef, card);
  } else if (setup.status === 'open') await setSetupStatus(ctx.db, id, 'failed');
  const now = await sandboxCardSetup(ctx, customerId, id);
  return now?.status === 'saved' ? { status: 'saved', redirect: back.successPath } : { status: 'failed', redirect: back.failPath };
}
