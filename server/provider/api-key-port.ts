import type { ApiKeyScope } from '#contract/api-key-rules';
import type { Database } from '../db';

/** Who made a merchant call: an owner's API key (its id and name), or the configuration's merchant key. */
export type KeyCaller = { kind: 'key'; id: number; name: string } | { kind: 'legacy' };

/**
 * How the merchant calls' guard (http/merchant-key.ts, the bottom layer) checks a key against the owner's
 * scoped API keys (issue 52), which api-keys/ keeps and implements this port with (api-keys.service.ts
 * merchantKeyPort); embedded.ts puts it in the context.
 */
export interface MerchantKeyPort {
  /**
   * The caller `given` names, allowed `scope`: an API key that is not revoked (its current secret, or the
   * one before a rotation within its overlap) and has the scope, or the configuration's merchant key while
   * it is on. 403 FORBIDDEN otherwise, saying which; 429 RATE_LIMITED past a key's calls per minute.
   */
  authorize(db: Database, given: string, scope: ApiKeyScope | undefined): Promise<KeyCaller>;
  /** After the call answered: its line in Activity (which key, which call, its status). */
  record(db: Database, caller: KeyCaller, call: { method: string; path: string; status: number }): Promise<void>;
}
