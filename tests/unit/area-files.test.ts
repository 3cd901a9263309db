/**
 * One area, one name, one shape (issue 26): every provider area that serves calls has its contract
 * (`src/contract/<area>.ts`), its zod-free declarations (`src/contract/<area>.calls.ts`), its spec
 * (`src/contract/<area>.spec.ts`: the declarations joined to the schemas and their words) and its client
 * (`src/api/<area>.ts`) of the same name, and every call it declares is a row of the documented table
 * with the same method and who may make it.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Call } from '#contract/api';
import { ENDPOINTS } from '#contract/endpoints';

const root = join(import.meta.dirname, '..', '..');
const PROVIDER = join(root, 'server', 'provider');

/** Areas whose calls no browser makes, so they have no client: said why, and held to it. */
const NO_CLIENT: Record<string, string> = {
  payments: 'a payment gateway posts the webhooks, and the sandbox page (served by the provider) posts Pay or Decline',
};

const servingAreas = readdirSync(PROVIDER, { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join(PROVIDER, d.name, `${d.name}.routes.ts`)))
  .map((d) => d.name)
  .sort();

const isCall = (v: unknown): v is Call<unknown, unknown> => typeof v === 'object' && v !== null && 'path' in v && 'auth' in v && 'method' in v;

describe('provider areas and their files', () => {
  it('finds the areas that serve calls', () => {
    expect(servingAreas.length).toBeGreaterThanOrEqual(19);
    expect(servingAreas).toEqual(expect.arrayContaining(['addresses', 'orders', 'wallet', 'counter', 'board', 'staff']));
  });

  it.each(servingAreas)('%s has its contract, its declarations, its spec and its client of the same name', (area) => {
    expect(existsSync(join(root, 'src', 'contract', `${area}.ts`)), `src/contract/${area}.ts`).toBe(true);
    expect(existsSync(join(root, 'src', 'contract', `${area}.calls.ts`)), `src/contract/${area}.calls.ts`).toBe(true);
    expect(existsSync(join(root, 'src', 'contract', `${area}.spec.ts`)), `src/contract/${area}.spec.ts`).toBe(true);
    expect(existsSync(join(root, 'src', 'api', `${area}.ts`)), `src/api/${area}.ts`).toBe(!(area in NO_CLIENT));
  });

  it.each(servingAreas)('every call %s declares is a documented row with the same method and auth', async (area) => {
    const mod = (await import(join(root, 'src', 'contract', `${area}.calls.ts`))) as Record<string, unknown>;
    const calls = Object.values(mod).flatMap((v) => (isCall(v) ? [v] : typeof v === 'object' && v !== null ? Object.values(v).filter(isCall) : []));
    expect(calls.length, `calls declared in src/contract/${area}.calls.ts`).toBeGreaterThan(0);
    for (const c of calls) {
      const row = ENDPOINTS.find((e) => e.path === c.path && e.method === c.method);
      expect(row, `${c.method.toUpperCase()} ${c.path} in the table`).toBeDefined();
      expect(row!.auth, c.path).toBe(c.auth);
    }
  });

  it('keeps the areas without a client real', () => {
    for (const area of Object.keys(NO_CLIENT)) expect(servingAreas).toContain(area);
  });
});
