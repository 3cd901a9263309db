/**
 * Bench and resilience set-up, straight in the database: customers with a live session and funded
 * wallet and points, so load runs need neither the OTP flow (its per-address rate limit would stop
 * a load test after 20 sign-ins) nor the payment sandbox. Wallets are funded with ledger entries of
 * type 'adjust' through the real ledger code, so balance = sum of ledger holds from the start.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '../../server/db';
import { systemClock } from '../../server/lib/clock';
import { sha256Hex } from '../../server/lib/signature';
import { postWalletEntry } from '../../server/provider/wallet/wallet.ledger';
import { earnPoints } from '../../server/provider/points/points.ledger';

export interface SeededCustomer {
  id: number;
  name: string;
  phone: string;
  /** the session token, which the gateway keeps in the `sid` cookie */
  token: string;
}

/**
 * Every location's pickup slots take the most orders the contract allows (1,000 a slot). A load run
 * measures throughput and durability, not a café's cap: the demo's 10 orders a quarter hour are gone in
 * seconds at 100 connections, and every later pickup order is then a 409 SLOT_FULL.
 */
export async function liftSlotCaps(db: Database): Promise<void> {
  await db.updateTable('locations').set({ slot_capacity: 1000 }).execute();
}

export async function seedCustomers(db: Database, count: number, opts: { wallet?: number; points?: number; prefix?: string } = {}): Promise<SeededCustomer[]> {
  const out: SeededCustomer[] = [];
  const now = systemClock.now();
  // a run-specific block of numbers, so seeding twice into one database never collides
  const block = randomBytes(3).readUIntBE(0, 3) % 9000;
  for (let i = 0; i < count; i++) {
    const phone = `+639${String(block).padStart(4, '0')}${String(i).padStart(5, '0')}`;
    const name = `${opts.prefix ?? 'Bench'} Customer ${i + 1}`;
    const token = randomBytes(32).toString('base64url');
    const customer = await db.insertInto('customers').values({ phone, name, email: null, created_at: now }).returning('id').executeTakeFirstOrThrow();
    await db
      .insertInto('sessions')
      .values({ token_hash: sha256Hex(token), customer_id: customer.id, created_at: now, expires_at: new Date(now.getTime() + 30 * 86400_000) })
      .execute();
    await db.transaction().execute(async (trx) => {
      if (opts.wallet) await postWalletEntry(trx, systemClock, customer.id, { type: 'adjust', amount: opts.wallet, reason: 'Load test funding' });
      if (opts.points) await earnPoints(trx, systemClock, customer.id, opts.points, { reason: 'Load test grant' });
    });
    out.push({ id: customer.id, name, phone, token });
  }
  return out;
}

/** An available product priced at least `min` (one of it makes a valid order above the minimum). */
export async function orderableProduct(db: Database, min: number): Promise<{ id: number; price: number }> {
  const p = await db
    .selectFrom('products')
    .select(['id', 'price'])
    .where('available', '=', true)
    .where('price', '>=', min)
    .orderBy('price')
    .executeTakeFirstOrThrow();
  return p;
}
