import type { ChangeEmailData, Customer } from '#contract';
import type { ProviderContext } from '../context';
import { getCustomer, setCustomerEmail } from './customers.repo';
import { offerEmailCode } from './email-verification.service';

/** The signed-in customer's own profile. */
export async function getProfile(ctx: ProviderContext, customerId: number): Promise<Customer> {
  return getCustomer(ctx.db, customerId);
}

/**
 * Changes the customer's e-mail (already trimmed and lowercased by the contract's schema). A new address
 * is unverified, whoever else typed or verified it: it links nothing until its code is entered, and a
 * code goes out when an e-mail service exists.
 */
export async function changeEmail(ctx: ProviderContext, customerId: number, email: string): Promise<ChangeEmailData> {
  await setCustomerEmail(ctx.db, customerId, email);
  const customer = await getCustomer(ctx.db, customerId);
  const verification = customer.email_verified ? null : await offerEmailCode(ctx, customerId);
  return { customer, verification };
}
