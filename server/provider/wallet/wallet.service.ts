import { randomUUID } from 'node:crypto';
import type { TopupBody, TopupData, TopupStatusData, WalletBalanceData, WalletHistoryData } from '#contract';
import { formatMoney } from '#contract/money';
import { to } from '#contract/routes';
import type { ProviderContext } from '../context';
import type { Database } from '../../db';
import { notFound, validation, said } from '../http/errors';
import { getMerchant } from '../settings/settings.service';
import { availablePayments, type PaymentStarter } from '../payment-port';
import { findCustomerTopup, walletBalance, walletBalances, walletEntries } from './wallet.repo';
import { errors } from '../i18n/errors';

export const WALLET_ENTRIES_PER_PAGE = 20;

export async function getBalance(ctx: ProviderContext, customerId: number): Promise<WalletBalanceData> {
  const { rules } = await getMerchant(ctx.db, ctx.merchantId);
  return { ...(await walletBalances(ctx.db, customerId)), currency: rules.currency };
}

export async function getHistory(ctx: ProviderContext, customerId: number, page = 1): Promise<WalletHistoryData> {
  const rows = await walletEntries(ctx.db, customerId, WALLET_ENTRIES_PER_PAGE + 1, (page - 1) * WALLET_ENTRIES_PER_PAGE);
  return { items: rows.slice(0, WALLET_ENTRIES_PER_PAGE), next_page: rows.length > WALLET_ENTRIES_PER_PAGE ? page + 1 : null };
}

/** Where the customer lands after the hosted payment page: app paths carrying only the top-up id. */
export function topupReturnPaths(topupId: string, returnTo: string | null): { successPath: string; failPath: string } {
  return {
    successPath: to.topUpSuccess(topupId, returnTo === 'order'),
    failPath: to.topUpFail(topupId),
  };
}

/** What a top-up needs before its transaction: the payment gateway and the merchant's money. */
export interface TopupSetup {
  payments: PaymentStarter;
  currency: string;
  company: string;
  money: (n: number) => string;
}

/**
 * Checks a top-up before anything is written: without a payment gateway, or outside the merchant's own
 * limits (the contract's schema holds the defaults), it is refused with no payment and no stored answer.
 */
export async function topupSetup(ctx: ProviderContext, body: TopupBody): Promise<TopupSetup> {
  const payments = availablePayments(ctx);
  const { rules, settings } = await getMerchant(ctx.db, ctx.merchantId);
  const money = (n: number) => formatMoney(n, rules.currency, rules.locale);
  if (body.amount < rules.topup_min)
    throw validation({ amount: `must be at least ${rules.topup_min}` }, said(errors.topUpMin, { amount: money(rules.topup_min) }));
  if (body.amount > rules.topup_max)
    throw validation({ amount: `must be at most ${rules.topup_max}` }, said(errors.topUpMax, { amount: money(rules.topup_max) }));
  return { payments, currency: rules.currency, company: settings.setting_company, money };
}

/**
 * Opens a top-up (run once per idempotency key, in its transaction): a pending payment and the
 * gateway's page for it, started through the payment port (payment-port.ts). The balance changes only
 * when the gateway's signed webhook says the payment succeeded: payments/ credits the wallet then.
 */
export async function startTopup(
  trx: Database,
  ctx: ProviderContext,
  setup: TopupSetup,
  customerId: number,
  body: TopupBody,
): Promise<{ message: string; data: TopupData }> {
  const id = randomUUID();
  const returnTo = body.return_to ?? 'profile';
  const { paymentUrl } = await setup.payments.start(trx, {
    id,
    customerId,
    kind: 'topup',
    amount: body.amount,
    currency: setup.currency,
    description: `Wallet top-up at ${setup.company}`,
    returnTo,
    ...topupReturnPaths(id, returnTo),
    at: ctx.clock.now(),
  });
  return {
    message: `Top-up of ${setup.money(body.amount)} started. Complete the payment to add it to your wallet.`,
    data: { topup_id: id, payment_url: paymentUrl },
  };
}

/** One of the customer's own top-ups and the balance now; anyone else's is answered as not found. */
export async function topupStatus(ctx: ProviderContext, customerId: number, topupId: string): Promise<TopupStatusData> {
  const p = await findCustomerTopup(ctx.db, customerId, topupId);
  if (!p) throw notFound('Top-up');
  return {
    topup: { id: p.id, amount: p.amount, status: p.status, created_at: p.created_at.toISOString() },
    balance: await walletBalance(ctx.db, customerId),
  };
}
