/**
 * Test helpers for the merchant console: staff members with live sessions made directly in the
 * database (a password hash is made once per password: scrypt takes ~100 ms), and the list of every
 * merchant console call from the contract's table.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, beforeEach } from 'vitest';
import { ENDPOINTS } from '#contract/endpoints';
import type { StaffRole } from '#contract/staff';
import type { Database } from '../../server/db';
import { DAY, type Clock } from '../../server/lib/clock';
import { sha256Hex } from '../../server/lib/signature';
import { hashPassword } from '../../server/provider/staff/password';
import { useTestProvider, type TestProvider } from './support/provider';
import type { Call } from '#contract/api';
import { callApi } from '../support/calls';

export const STAFF_PASSWORD = 'correct horse battery staple';
const hashes = new Map<string, Promise<string>>();

export interface TestStaff {
  id: number;
  email: string;
  password: string;
  token: string;
  sessionId: number;
}

export function newStaffEmail(): string {
  return `staff-${randomBytes(5).toString('hex')}@example.com`;
}

/** A staff member (owner or staff) with one live session. */
export async function newStaff(db: Database, clock: Clock, o: { role?: StaffRole; email?: string; password?: string; name?: string } = {}): Promise<TestStaff> {
  const password = o.password ?? STAFF_PASSWORD;
  if (!hashes.has(password)) hashes.set(password, hashPassword(password));
  const email = o.email ?? newStaffEmail();
  const now = clock.now();
  const row = await db
    .insertInto('staff')
    .values({ email, name: o.name ?? 'Test Staff', role: o.role ?? 'staff', password_hash: await hashes.get(password)!, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { token, sessionId } = await newStaffSession(db, clock, row.id);
  return { id: row.id, email, password, token, sessionId };
}

/** Another live session for a staff member. */
export async function newStaffSession(db: Database, clock: Clock, staffId: number): Promise<{ token: string; sessionId: number }> {
  const token = randomBytes(32).toString('base64url');
  const s = await db
    .insertInto('staff_sessions')
    .values({ token_hash: sha256Hex(token), staff_id: staffId, created_at: clock.now(), last_seen_at: clock.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { token, sessionId: s.id };
}

/** Every merchant console call of the contract's table (auth staff or owner), for the role matrix. */
export const CONSOLE_CALLS = ENDPOINTS.filter((e) => e.auth === 'staff' || e.auth === 'owner');
/** The console's public calls (sign-in): no session needed. */
export const CONSOLE_SIGN_IN_CALLS = ENDPOINTS.filter((e) => e.path.startsWith('merchant/auth/') && e.auth === 'none');

/**
 * For a describe block of races on PostgreSQL: a provider with a pool of 10 connections and an owner,
 * made before its tests and closed after them (read them inside a test: `const { p, owner } = on`).
 */
export function ownerOnPostgres(): { readonly p: TestProvider; readonly owner: TestStaff } {
  const p = useTestProvider('postgres', { poolSize: 10 });
  const on = { p } as { p: TestProvider; owner: TestStaff };
  beforeAll(async () => {
    on.owner = await newStaff(p.db, p.clock, { role: 'owner' });
  });
  return on;
}

/**
 * For a describe block of the owner's editors: an owner and a member of staff, made before its tests
 * (read them inside a test: `team.owner.token`), and `post(declaration, body, token?)` for a console call as the
 * owner (or as whoever's token is given).
 */
export function ownerAndStaff(p: TestProvider): {
  readonly owner: TestStaff;
  readonly staff: TestStaff;
  post: (declaration: Call<any, any>, body: unknown, token?: string) => ReturnType<TestProvider['call']>;
} {
  const team = {
    post: (declaration: Call<any, any>, body: unknown, token?: string) => callApi(p, declaration, { token: token ?? team.owner.token, body }),
  } as { owner: TestStaff; staff: TestStaff; post: (declaration: Call<any, any>, body: unknown, token?: string) => ReturnType<TestProvider['call']> };
  beforeAll(async () => {
    team.owner = await newStaff(p.db, p.clock, { role: 'owner' });
    team.staff = await newStaff(p.db, p.clock, { role: 'staff' });
  });
  return team;
}

/**
 * For the counter's describe blocks: a member of staff (Ben Santos) and an owner (Rosa Dela Cruz), made
 * at `start`; before each test the clock moves 3 days on from the last (10:00 again in Manila: a shop's
 * day of its own, as the counter's daily caps count) and both sign in again (an idle session ends;
 * `team.signInAgain()` after a test moves the clock itself). Read them inside a test: `team.staff.token`.
 */
export function counterTeam(
  p: TestProvider,
  start: Date,
): { readonly staff: TestStaff; readonly owner: TestStaff; readonly day: number; signInAgain: () => Promise<void> } {
  const team = {
    day: 0,
    signInAgain: async () => {
      for (const member of [team.staff, team.owner]) member.token = (await newStaffSession(p.db, p.clock, member.id)).token;
    },
  } as { staff: TestStaff; owner: TestStaff; day: number; signInAgain: () => Promise<void> };
  beforeAll(async () => {
    p.clock.set(start);
    team.staff = await newStaff(p.db, p.clock, { role: 'staff', name: 'Ben Santos' });
    team.owner = await newStaff(p.db, p.clock, { role: 'owner', name: 'Rosa Dela Cruz' });
  });
  beforeEach(async () => {
    p.clock.set(start.getTime() + (team.day += 3) * DAY);
    await team.signInAgain();
  });
  return team;
}
