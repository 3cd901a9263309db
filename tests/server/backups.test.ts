import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/db';
import { BackupRefused, pruneBackups, restoreBackup, takeBackup, type BackupResult } from '../../server/db/backup';
import { HOUR } from '../../server/lib/clock';
import { newStaff, newStaffSession } from './merchant.helpers';
import { products } from './orders.helpers';
import { balanceProblems, fillShop, tableFingerprints } from './support/fill-shop';
import { createTestDatabase, describeEachDb, TEST_DATABASE_URL, useTestProvider } from './support/provider';
import { backupsApi } from '#contract/backups.calls';
import { ordersApi } from '#contract/orders.calls';
import { callApi } from '../support/calls';

/**
 * Backups (server/db/backup.ts) are proven by a restore: a filled shop (tests/server/support/fill-shop.ts)
 * is backed up, encrypted, while customers keep ordering; the backup is restored into an empty place
 * (a new DATA_DIR, a new PostgreSQL database) and every order acknowledged before the backup began is
 * there, every balance equals its ledger, and every table no order touches is exactly as it was. A
 * damaged file, a wrong key, a missing key, and a restore over a shop without --force are refused with
 * a plain sentence, and change nothing.
 */
const KEY = 'backup-test-key-0123456789abcdef';
const NOW = new Date();

describeEachDb('backups', (kind) => {
  const p = useTestProvider(kind);
  const work = mkdtempSync(join(tmpdir(), 'backups-test-'));
  const dataDir = join(work, 'data');
  const dir = join(work, 'backups');
  const secrets = JSON.stringify({ provider_secret: 'kept-secret', merchant_api_key: 'kept-key' });
  let databaseUrl: string | undefined;
  let backup: BackupResult;
  let before: Record<string, string>;
  let after: Record<string, string>;
  const ackedBeforeBackup = new Map<string, number>();
  let ackedDuringBackup = 0;
  let restored: DatabaseHandle | undefined;
  let dropRestored: (() => Promise<void>) | undefined;
  let restoredUrl: string | undefined;

  beforeAll(async () => {
    const t0 = performance.now();
    const lap = (what: string) => console.info(`[${kind}] ${what} at ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(join(dataDir, 'secrets.json'), secrets);
    if (kind === 'postgres') {
      const name = (await sql<{ name: string }>`select current_database() as name`.execute(p.db)).rows[0]!.name;
      const url = new URL(TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      databaseUrl = url.toString();
    }
    await fillShop(p.db, { orders: 150, now: NOW });
    const buyers = await Promise.all(Array.from({ length: 6 }, () => p.newCustomer({ wallet: 50_000_000 })));
    lap('filled');
    before = await tableFingerprints(p.db);
    const { latte } = await products(p);

    // customers order without pause, before, during and after the backup
    let backingUp = false;
    let backedUp = false;
    let stop = false;
    const placed = async (token: string): Promise<void> => {
      while (!stop) {
        const started = { backingUp, backedUp };
        const res = await callApi(p, ordersApi.create, {
          token,
          body: { items: [{ product_id: latte.id, qty: 1 }], fulfilment: 'pickup', payment_method: 'wallet', idempotency_key: crypto.randomUUID() },
        });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        const order = res.body.data.order as { name: string; total: number };
        if (!started.backingUp && !started.backedUp && !backingUp) ackedBeforeBackup.set(order.name, order.total);
        else if (backingUp) ackedDuringBackup++;
      }
    };
    const load = Promise.all(buyers.map((b) => placed(b.token)));
    // a few orders acknowledged first (however slow the machine)
    for (let waited = 0; ackedBeforeBackup.size < 5 && waited < 60_000; waited += 100) await new Promise((r) => setTimeout(r, 100));
    backingUp = true;
    backup = await takeBackup(p.db, { dir, key: KEY, dataDir, databaseUrl, now: new Date() });
    backingUp = false;
    backedUp = true;
    lap('backed up');
    await new Promise((r) => setTimeout(r, 500));
    stop = true;
    await load;
    after = await tableFingerprints(p.db);
    lap('load stopped');

    const into = join(work, 'restored');
    if (kind === 'pglite') {
      await restoreBackup({ file: backup.file, key: KEY, dataDir: into });
      restored = await openDatabase({ dataDir: join(into, 'pglite') });
    } else {
      const target = await createTestDatabase();
      dropRestored = target.drop;
      restoredUrl = target.url;
      await restoreBackup({ file: backup.file, key: KEY, dataDir: into, databaseUrl: target.url });
      restored = await openDatabase({ databaseUrl: target.url, poolSize: 2 });
    }
    lap('restored');
  }, 240_000);

  afterAll(async () => {
    await restored?.close();
    await dropRestored?.();
    rmSync(work, { recursive: true, force: true });
  });

  it('writes one encrypted file, recorded, while orders keep arriving', async () => {
    expect(backup).toMatchObject({ encrypted: true, kind });
    expect(readdirSync(dir)).toEqual([backup.file.split('/').pop()]);
    expect(backup.bytes).toBeGreaterThan(10_000);
    // encrypted: not even the shop's name in the clear
    expect(readFileSync(backup.file).includes('Kopi Senja')).toBe(false);
    expect(ackedBeforeBackup.size).toBeGreaterThan(0);
    console.info(`[${kind}] backup ${backup.bytes} bytes; orders acknowledged before it ${ackedBeforeBackup.size}, during it ${ackedDuringBackup}`);
    const row = await p.db.selectFrom('backups').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ file: backup.file, bytes: backup.bytes, encrypted: true, kind });
  });

  it('restores every order acknowledged before the backup, every balance equal to its ledger, and the rest as it was', async () => {
    const db = restored!.db;
    const orders = await db
      .selectFrom('orders')
      .select(['name', 'total'])
      .where('name', 'in', [...ackedBeforeBackup.keys()])
      .execute();
    expect(new Map(orders.map((o) => [o.name, o.total]))).toEqual(ackedBeforeBackup);
    const problems = await balanceProblems(db);
    expect(problems).toEqual({ customers: problems.customers, wallet: 0, points: 0, vouchers: 0 });
    expect(problems.customers).toBeGreaterThanOrEqual(56);
    // every table the orders did not write to is exactly as it was: stamps, tiers, referrals, pushes, passes, campaigns, the menu …
    const restoredPrints = await tableFingerprints(db);
    const untouched = Object.keys(before).filter((t) => before[t] === after[t] && t !== 'backups');
    expect(untouched).toEqual(
      expect.arrayContaining([
        'stamp_cards',
        'stamp_events',
        'customer_tiers',
        'referrals',
        'push_subscriptions',
        'wallet_passes',
        'campaign_sends',
        'vouchers',
        'wheel_spins',
      ]),
    );
    for (const t of untouched) expect(restoredPrints[t], t).toBe(before[t]);
    // and its secrets.json
    expect(readFileSync(join(work, 'restored', 'secrets.json'), 'utf8')).toBe(secrets);
  });

  it('refuses a damaged backup, a wrong key and a missing key, changing nothing', async () => {
    const damaged = join(work, 'damaged.lbk');
    copyFileSync(backup.file, damaged);
    const bytes = readFileSync(damaged);
    bytes[Math.floor(bytes.length / 2)]! ^= 0xff;
    writeFileSync(damaged, bytes);
    const into = join(work, 'refused');
    const cases: Array<[string, string | undefined, RegExp]> = [
      [damaged, KEY, /could not be decrypted: BACKUP_KEY is not the key it was made with, or the file is damaged/],
      [backup.file, 'another-key-0123456789abcdef', /could not be decrypted: BACKUP_KEY is not the key/],
      [backup.file, undefined, /This backup is encrypted: set BACKUP_KEY/],
    ];
    for (const [file, key, message] of cases) {
      const refusal = restoreBackup({ file, key, dataDir: into, ...(kind === 'postgres' ? { databaseUrl: 'postgres://nobody@127.0.0.1:9/none' } : {}) });
      await expect(refusal).rejects.toThrow(BackupRefused);
      await expect(refusal).rejects.toThrow(message);
      expect(existsSync(into), 'nothing was made').toBe(false);
    }
    expect(
      readdirSync(work).filter((f) => f.startsWith('.restore-')),
      'no decrypted leftovers',
    ).toEqual([]);
  });

  it("shows the owner the last backup in the console's settings, and warns once it is two days old; staff are refused", async () => {
    const owner = await newStaff(p.db, p.clock, { role: 'owner' });
    const staff = await newStaff(p.db, p.clock, { role: 'staff' });
    const status = async (token: string) => callApi(p, backupsApi.status, { token });
    const fresh = await status(owner.token);
    expect(fresh.status).toBe(200);
    expect(fresh.body.data).toEqual({
      last: { taken_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), bytes: backup.bytes, encrypted: true },
      stale: false,
      schedule: null,
    });
    expect((await status(staff.token)).status).toBe(403);
    p.clock.advance(49 * HOUR);
    try {
      // a session of that day (the first one has expired by then)
      const later = await newStaffSession(p.db, p.clock, owner.id);
      expect((await status(later.token)).body.data).toMatchObject({ stale: true });
    } finally {
      p.clock.advance(-49 * HOUR);
    }
  });

  it('refuses to restore over a shop without --force', async () => {
    const into = join(work, 'restored');
    const target = restoredUrl ? { databaseUrl: restoredUrl } : {};
    const prints = await tableFingerprints(restored!.db);
    await expect(restoreBackup({ file: backup.file, key: KEY, dataDir: into, ...target })).rejects.toThrow(
      /already holds a shop: restore into an empty (DATA_DIR|database), or add --force/,
    );
    expect(await tableFingerprints(restored!.db)).toEqual(prints);
  });
});

it('keeps the newest backup of each of the last 7 days and 4 weeks', () => {
  const dir = mkdtempSync(join(tmpdir(), 'prune-test-'));
  try {
    // two a day for 40 days, ending on Wednesday 2026-12-02
    const names: string[] = [];
    for (let d = 0; d < 40; d++) {
      for (const hour of ['03', '15']) {
        const day = new Date(Date.UTC(2026, 11, 2 - d)).toISOString().slice(0, 10);
        const name = `backup-${day}T${hour}-00-00-000Z.lbk`;
        writeFileSync(join(dir, name), '');
        names.push(name);
      }
    }
    writeFileSync(join(dir, 'notes.txt'), 'not a backup');
    pruneBackups(dir, 7, 4);
    const kept = readdirSync(dir).sort();
    const daily = ['2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02'].map(
      (d) => `backup-${d}T15-00-00-000Z.lbk`,
    );
    // the newest of each of the last four weeks (Monday to Sunday): this week's and last week's are daily ones already
    const weekly = ['2026-11-15', '2026-11-22'].map((d) => `backup-${d}T15-00-00-000Z.lbk`);
    expect(kept).toEqual([...weekly, ...daily, 'notes.txt'].sort());
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
