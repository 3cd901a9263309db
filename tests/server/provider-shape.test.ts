import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The provider's one shape (CONVENTIONS.md): routes translate HTTP, services hold the rules, repos hold
 * the SQL. A query site is a Kysely query begun (`.selectFrom(`, `.insertInto(`, `.updateTable(`,
 * `.deleteFrom(`) or a raw `sql` template. They live in `<area>/*.repo.ts`; the ledgers
 * (`*.ledger.ts`, and points.pending.ts, the points ledger's waiting room) and http/ (the HTTP
 * plumbing's own tables: idempotency keys, use limits, sessions, devices) write their own rows. What
 * else queries is named below with its count, so a new query outside a repo fails here until it moves
 * into one (or is named, with a reason, in review).
 */

const ROOT = resolve(__dirname, '../..');
const PROVIDER = join(ROOT, 'server', 'provider');
const QUERY_SITE = /\.(?:selectFrom|insertInto|updateTable|deleteFrom)\(|\bsql(?:<[^`\n]*>)?`/g;

/** Files outside the repos and ledgers that still query, with how many sites each has (only ever fewer). */
const ALLOWED_ELSEWHERE: Record<string, number> = {
  'accounts/referral-rows.ts': 2,
  'consents/consents.ts': 2,
  'counter/order-link.ts': 4,
  'orders/holds.ts': 2,
  // a jsonb_set of the stored idempotent answer, and its guard, handed to the idempotency helper
  'orders/orders.service.ts': 2,
  'orders/pricing.ts': 1,
  'passes/pass-content.ts': 1,
  'shop-settings/backups.routes.ts': 1,
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

const isRepo = (file: string) => file.endsWith('.repo.ts');
const isLedger = (file: string) => file.endsWith('.ledger.ts') || file === 'points/points.pending.ts' || file.startsWith('http/');

function querySites(): Map<string, number> {
  const sites = new Map<string, number>();
  for (const path of sourceFiles(PROVIDER)) {
    const n = readFileSync(path, 'utf8').match(QUERY_SITE)?.length ?? 0;
    if (n > 0) sites.set(relative(PROVIDER, path).split('\\').join('/'), n);
  }
  return sites;
}

describe('where the provider keeps its SQL', () => {
  const sites = querySites();
  const outside = [...sites].filter(([file]) => !isRepo(file) && !isLedger(file));

  it('finds query sites in the repos (the count itself can fail)', () => {
    const inRepos = [...sites].filter(([file]) => isRepo(file)).reduce((s, [, n]) => s + n, 0);
    expect(inRepos).toBeGreaterThan(400);
  });

  it('queries outside the repos and ledgers only in the files named, and no more than counted', () => {
    const over = outside
      .filter(([file, n]) => n > (ALLOWED_ELSEWHERE[file] ?? 0))
      .map(([file, n]) => `${file}: ${n} (allowed ${ALLOWED_ELSEWHERE[file] ?? 0})`);
    expect(over).toEqual([]);
  });

  it('keeps at least 95 % of the query sites in repos or ledgers', () => {
    const total = [...sites.values()].reduce((s, n) => s + n, 0);
    const elsewhere = outside.reduce((s, [, n]) => s + n, 0);
    expect(elsewhere / total).toBeLessThanOrEqual(0.05);
  });

  it('names no file that no longer queries outside a repo (the list shrinks as they move)', () => {
    const stale = Object.entries(ALLOWED_ELSEWHERE)
      .filter(([file, n]) => (sites.get(file) ?? 0) < n)
      .map(([file]) => file);
    expect(stale).toEqual([]);
  });
});

describe('where the provider speaks HTTP', () => {
  /** The files that may know Express: the HTTP plumbing, each area's routes, the apps, the published document. */
  const speaksHttp = (file: string) => file.startsWith('http/') || file.endsWith('.routes.ts') || file === 'app.ts' || file === 'openapi.ts';

  it('imports Express only in http/, the routes, app.ts and openapi.ts: services take and answer plain data', () => {
    const files = sourceFiles(PROVIDER).map((path) => ({ file: relative(PROVIDER, path).split('\\').join('/'), text: readFileSync(path, 'utf8') }));
    const importers = files.filter((f) => /from 'express'/.test(f.text)).map((f) => f.file);
    // the check itself can fail: the routes import it
    expect(importers).toContain('staff/staff.routes.ts');
    expect(importers.filter((file) => !speaksHttp(file))).toEqual([]);
  });
});
