import type { Database } from '../db';

/**
 * How auth gives the points of the owner's `action` earning rules (sign-up, verified e-mail, completed
 * profile): auth creates accounts and proves addresses below the areas that move points by rules, so it
 * calls this port, which loyalty/ implements (loyalty.actions.ts) and embedded.ts puts in the context;
 * auth never imports loyalty/, and the dependency runs one way.
 */
export interface ActionPoints {
  /**
   * In the caller's transaction, after `event` happened to the customer: each active action rule it now
   * earns gives its points, once per customer (a sign-up: sign-up, and with an address already proved the
   * verified e-mail; an address proved: verified e-mail; either, or a birth date added: the completed
   * profile once the name, a verified e-mail and a birth date are all there).
   */
  award(trx: Database, customerId: number, event: 'signed_up' | 'email_verified' | 'birthday_added'): Promise<void>;
}
