import type { Customer } from '../../../src/api/contract';
import type { ProviderContext } from '../context';
import { getCustomer, setCustomerEmail } from './customers.repo';

/** The signed-in customer's own profile. */
export async function getProfile(ctx: ProviderContext, customerId: number): Promise<Customer> {
  return getCustomer(ctx.db, customerId);
}

/** Changes the customer's e-mail (already trimmed and lowercased by the contract's schema). */
export async function changeEmail(ctx: ProviderContext, customerId: number, email: string): Promise<Customer> {
  await setCustomerEmail(ctx.db, customerId, email);
  return getCustomer(ctx.db, customerId);
}
