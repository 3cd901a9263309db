import type { Customer } from '#contract';
import type { ProviderContext } from '../context';
import { getCustomer } from './customers.repo';

/**
 * The customer's profile. Changing and verifying the e-mail address live with the other identity
 * proofs in auth/ (email-verification.service.ts): they share its code rules, and auth already
 * depends on customers, so the dependency runs auth → customers only.
 */

/** The signed-in customer's own profile. */
export async function getProfile(ctx: ProviderContext, customerId: number): Promise<Customer> {
  return getCustomer(ctx.db, customerId);
}

/** The first word of a customer's name: all the counter and the orders board show staff of who it is. */
export const firstName = (name: string) => name.trim().split(/\s+/)[0] || 'Customer';
