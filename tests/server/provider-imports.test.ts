import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROVIDER_COMPOSITION, PROVIDER_LAYERS } from '../../eslint.config.js';

/**
 * The provider's areas (server/provider/<area>/) depend on each other one way only, and nothing in an area
 * reaches back into the files that put the provider together. ESLint says so (eslint.config.js:
 * PROVIDER_LAYERS as import-x/no-restricted-paths zones, the root files' rules, import-x/no-cycle) and
 * `npm run lint` holds the real tree to it. This proves the rules bite: it lints planted imports, as
 * files inside the areas, with the project's own config, and expects each forbidden one reported and each
 * allowed one not.
 */

const ROOT = resolve(__dirname, '../..');
const PROVIDER = join(ROOT, 'server', 'provider');
/** the rules that say who may import whom */
const IMPORT_RULES = ['import-x/no-restricted-paths', 'import-x/no-cycle', '@typescript-eslint/no-restricted-imports', 'no-restricted-syntax'];

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT, overrideConfigFile: join(ROOT, 'eslint.config.js') });
});

/** What the import rules say about `code` as the file `file` (relative to server/provider): "rule: message" lines. */
async function reported(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(PROVIDER, file) });
  return (result?.messages ?? []).filter((m) => IMPORT_RULES.includes(m.ruleId ?? '')).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('imports between provider areas', () => {
  it('puts every area of server/provider in exactly one layer', () => {
    const areas = readdirSync(PROVIDER, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
    const layered = PROVIDER_LAYERS.flat();
    expect([...layered].sort()).toEqual(areas);
    expect(new Set(layered).size).toBe(layered.length);
  });

  it.each([
    ['payments → orders', 'payments/planted.ts', "import '../orders/orders.repo';"],
    ['payments → wallet', 'payments/planted.ts', "import '../wallet/wallet.repo';"],
    ['auth → accounts', 'auth/planted.ts', "import '../accounts/accounts.repo';"],
    ['counter → orders', 'counter/planted.ts', "import '../orders/orders.repo';"],
    ["members → counter (the card's latest earn)", 'members/planted.ts', "import '../counter/earns.repo';"],
    ['an area → http', 'orders/planted.ts', "import { AppError } from '../http/errors';\nexport const e = AppError;"],
    ['the composition → an area', 'app.ts', "import './payments/payments.routes';"],
    ['a shared root file → a type of an area', 'context.ts', "import type { MessageSender } from './auth/sender';\nexport type S = MessageSender;"],
    ['a shared root file → http', 'payment-port.ts', "import './http/errors';"],
    ['the gateway → server/lib (the catalogue both word refusals from)', '../gateway/planted.ts', "import '../lib/catalogue';"],
  ])('allows %s', async (_name, file, code) => {
    expect(await reported(file, code)).toEqual([]);
  });

  it.each([
    ['orders → payments', 'orders/planted.ts', "import '../payments/payments.routes';", 'import-x/no-restricted-paths'],
    [
      'orders → payments, a type only',
      'orders/planted.ts',
      "import type { X } from '../payments/payments.routes';\nexport type Y = X;",
      'import-x/no-restricted-paths',
    ],
    [
      'orders → payments, loaded later',
      'orders/planted.ts',
      "export const load = () => import('../payments/payments.routes');",
      'import-x/no-restricted-paths',
    ],
    ['orders → payments, an inline type', 'orders/planted.ts', "export type Y = import('../payments/payments.routes').X;", 'no-restricted-syntax'],
    ['wallet → payments', 'wallet/planted.ts', "import '../payments/payments.routes';", 'import-x/no-restricted-paths'],
    ['accounts → auth', 'accounts/planted.ts', "import '../auth/auth.service';", 'import-x/no-restricted-paths'],
    ['orders → counter', 'orders/planted.ts', "import '../counter/counter.service';", 'import-x/no-restricted-paths'],
    ['counter → members', 'counter/planted.ts', "import '../members/members.service';", 'import-x/no-restricted-paths'],
    ['two areas of one layer (payments → counter)', 'payments/planted.ts', "import '../counter/counter.service';", 'import-x/no-restricted-paths'],
    ['http → an area', 'http/planted.ts', "import '../accounts/accounts.repo';", 'import-x/no-restricted-paths'],
    ...PROVIDER_COMPOSITION.map((f) => [`an area → ${f}`, 'orders/planted.ts', `import '../${f.replace(/\.ts$/, '')}';`, 'import-x/no-restricted-paths']),
    [
      'a shared root file → an area at run time',
      'context.ts',
      "import { x } from './auth/sender';\nexport const y = x;",
      '@typescript-eslint/no-restricted-imports',
    ],
    ['a shared root file → an area, loaded later', 'context.ts', "export const load = () => import('./auth/sender');", 'no-restricted-syntax'],
    [
      'a shared root file → payments, a type only',
      'payment-port.ts',
      "import type { X } from './payments/payments.routes';\nexport type Y = X;",
      'import-x/no-restricted-paths',
    ],
    [
      'a shared root file → orders, a type only',
      'payment-port.ts',
      "import type { X } from './orders/orders.repo';\nexport type Y = X;",
      'import-x/no-restricted-paths',
    ],
    // a gateway may front another provider: it imports nothing of the embedded one
    ['the gateway → the provider', '../gateway/planted.ts', "import '../provider/i18n/translate';", 'import-x/no-restricted-paths'],
    // orders.service imports orders.repo: a repo that imported its service back closes a cycle
    ['a cycle inside an area', 'orders/orders.repo.ts', "import '../orders/orders.service';", 'import-x/no-cycle'],
  ])('refuses %s', async (_name, file, code, rule) => {
    const found = await reported(file, code);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(new RegExp(`^${rule.replace(/[/\\]/g, '\\$&')}: `));
  });

  it('says which areas an area may import', async () => {
    expect(await reported('orders/planted.ts', "import '../payments/payments.routes';")).toEqual([
      'import-x/no-restricted-paths: Unexpected path "../payments/payments.routes" imported in restricted zone. Provider areas depend one way: orders/ imports only loyalty, referrals, offers, gift-cards, tables, receipts, tiers, rewards, privacy, addresses, api-keys, locations, points, shop, wallet, webhooks, staff, auth, accounts, notifications, settings, push, consents, events, http, i18n (PROVIDER_LAYERS in eslint.config.js).',
    ]);
  });
});
