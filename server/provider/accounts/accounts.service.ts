/** What every area may say of a customer's account, beyond its rows (accounts.repo.ts). */

/**
 * The first word of a customer's name: all the counter and the orders board show staff of who it is, and
 * how a notice greets them. `none`: what stands in for an empty name.
 */
export const firstName = (name: string, none = 'Customer') => name.trim().split(/\s+/)[0] || none;
