import { expect } from 'vitest';
import { callApi } from '../support/calls';
import { paymentsApi } from '#contract/payments.calls';
import { savedCardApi } from '#contract/saved-card.calls';
import type { TestProvider } from './support/provider';

/** A card saved through the sandbox's page: 'save' works, 'save_declines' is declined, 'save_needs_customer' wants the customer. */
export async function saveCard(
  p: TestProvider,
  token: string,
  outcome: 'save' | 'save_declines' | 'save_needs_customer' = 'save',
): Promise<{ setupId: string; data: Record<string, unknown> }> {
  const setup = await callApi(p, savedCardApi.setup, { token }).expect(201);
  const setupId: string = setup.body.data.setup_id;
  const done = await callApi(p, paymentsApi.sandboxComplete, { token, params: { id: setupId }, body: { outcome } }).expect(200);
  expect(done.body.data).toEqual({ status: 'saved', redirect: `/profile/wallet?card_setup=${setupId}` });
  const confirmed = await callApi(p, savedCardApi.confirm, { token, body: { setup_id: setupId } }).expect(200);
  return { setupId, data: confirmed.body.data };
}

/** Auto-reload on: below `threshold`, add `amount`. */
export async function turnOn(p: TestProvider, token: string, threshold: number, amount: number) {
  return callApi(p, savedCardApi.update, { token, body: { enabled: true, threshold, amount } }).expect(200);
}

export async function runsOf(p: TestProvider, customerId: number) {
  return p.db.selectFrom('auto_reload_runs').selectAll().where('customer_id', '=', customerId).orderBy('id').execute();
}
