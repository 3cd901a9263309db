/** A guest at a table (server/provider/tables/guests.ts), made directly in the database: its id and session token. */
import { sha256Hex } from '../../server/lib/signature';
import { newSecretToken } from '../../server/provider/auth/sessions';
import { insertGuest, insertGuestSession } from '../../server/provider/tables/tables.repo';
import type { TestProvider } from './support/provider';

export async function newGuest(p: TestProvider, name = 'Ana'): Promise<{ id: number; token: string; locationId: number }> {
  const { id: locationId } = await p.db.selectFrom('locations').select('id').orderBy('position').orderBy('id').executeTakeFirstOrThrow();
  const token = newSecretToken();
  const now = p.clock.now();
  const id = await p.db.transaction().execute(async (trx) => {
    const customerId = await insertGuest(trx, { name, locationId, now });
    await insertGuestSession(trx, { tokenHash: sha256Hex(token), customerId, locationId, now, expiresAt: new Date(now.getTime() + 3_600_000) });
    return customerId;
  });
  return { id, token, locationId };
}
