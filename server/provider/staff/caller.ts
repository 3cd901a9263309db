import { rateLimited } from '../auth/codes';
import { HashBusy, type HashTurn } from './password';

/**
 * Who asks a staff call that hashes a password (sign-in, a link's new account, a new password), and the
 * hashing pool's refusals in words.
 */

const busy = () => rateLimited(3, 'Many people are signing in right now. Please try again in a few seconds.');
/** Who is asking, for the limits and the log: the client's address (its key: an IPv6 /64 as one) and its request's signal. */
export interface Caller {
  clientKey: string;
  address: string;
  signal?: AbortSignal | undefined;
}
export const turnOf = (c: Caller): HashTurn => ({ client: c.clientKey, signal: c.signal });

/** A hash through the pool, its refusals in words: the pool is full (429), the client has gone (nothing to answer). */
export async function hashed<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof HashBusy) throw busy();
    throw err;
  }
}
