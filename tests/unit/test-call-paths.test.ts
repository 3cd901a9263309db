/**
 * Tests call the API by declaration (tests/support/calls.ts), never by a path spelt again: a string in a
 * test file that reads as a path of the documented table (`wallet/topup`, `/api/order/create`,
 * `${url}/api/v2/customer/profile`) fails here. A path no declaration has, on purpose (a made-up route, a
 * page or file beside the calls, another spelling a test probes), is written inside `rawCall(...)` or
 * `undeclared(...)`, which say so. Strings with spaces (test names, expected HTML), prefixes ending in `/`
 * and source file names are not paths. The files are read with TypeScript's own parser.
 *
 * DIRECTORIES lists the folders held to it; another folder joins by adding its line there.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { customersApi } from '#contract/customers.calls';
import { dashboardApi } from '#contract/dashboard.calls';
import { ENDPOINTS } from '#contract/endpoints';
import { ordersApi } from '#contract/orders.calls';
import { settingsApi } from '#contract/settings.calls';
import { walletApi } from '#contract/wallet.calls';
import { undeclared } from '../support/calls';

const ROOT = resolve(import.meta.dirname, '..', '..');
/** the folders whose test files may spell no API path */
const DIRECTORIES = ['tests/server', 'tests/security', 'tests/unit', 'tests/e2e'];
/** the calls that say a path is spelt on purpose */
const SAYS_SO = new Set(['rawCall', 'undeclared']);

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const firstSegments = [...new Set(ENDPOINTS.filter((e) => e.path.includes('/')).map((e) => e.path.split('/')[0]!))];
const wholePaths = ENDPOINTS.filter((e) => !e.path.includes('/')).map((e) => e.path);
/** a path of the table: at the start of the string or after `/api/` (`/api/v2/`); a one-segment path whole */
const API_PATH = new RegExp(`(^|/api/)(v2/)?((${firstSegments.map(escape).join('|')})/.|(${wholePaths.map(escape).join('|')})(\\?|$))`);

/** Whether a string's text (a template's parts joined by a stand-in for each `${…}`) reads as an API path. */
function readsAsApiPath(text: string): boolean {
  return API_PATH.test(text) && !/\s/.test(text) && !/\.tsx?$/.test(text) && !text.endsWith('/');
}

/** The strings of a file's source that read as API paths outside rawCall and undeclared: `line: text`. */
function spelledPaths(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node, onPurpose: boolean): void => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && SAYS_SO.has(node.expression.text)) onPurpose = true;
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    let text: string | undefined;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text;
    else if (ts.isTemplateExpression(node)) text = node.head.text + node.templateSpans.map((s) => `\u0000${s.literal.text}`).join('');
    if (text !== undefined && !onPurpose && readsAsApiPath(text)) {
      found.push(`${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${node.getText()}`);
    }
    node.forEachChild((child) => visit(child, onPurpose));
  };
  visit(file, false);
  return found;
}

describe('test files spell no API path', () => {
  it('tells a path from what is not one', () => {
    // this file is held to it too: its paths of the table come from their declarations
    for (const path of [
      walletApi.topup.path,
      `${dashboardApi.exportOrders.path}?from=2026-01-01`,
      `/api/${ordersApi.create.path}`,
      `/api/v2/${customersApi.profile.path}`,
      settingsApi.health.path,
      undeclared('openapi.json'),
    ])
      expect(readsAsApiPath(path), path).toBe(true);
    for (const text of ['order/create with the wallet', 'merchant/', 'auth/auth.service.ts', '/media/logo.png', 'wallet', 'payment/webhook (signed)'])
      expect(readsAsApiPath(text), text).toBe(false);
  });

  it('finds a path in a call, a template and a table row, and leaves rawCall and undeclared alone', () => {
    const source = [
      "await p.call('post', 'wallet/topup', { token });",
      'await fetch(`${gw.url}/api/customer/profile`);',
      "const rows = [['address/create', {}]];",
      "await rawCall(p, 'get', 'no/such/route');",
      "await rawCall(p, 'get', `payment/sandbox/${id}`);",
      "const page = `/api/${undeclared('app/icon')}?size=180`;",
      "describe('order/quote and order/create', () => {});",
    ].join('\n');
    expect(spelledPaths('example.test.ts', source)).toEqual(["1: 'wallet/topup'", '2: `${gw.url}/api/customer/profile`', "3: 'address/create'"]);
  });

  for (const dir of DIRECTORIES) {
    it(`${dir}: every call by its declaration (rawCall or undeclared for a path no declaration has)`, () => {
      const files = (readdirSync(join(ROOT, dir), { recursive: true }) as string[]).filter((f) => /\.tsx?$/.test(f)).sort();
      expect(files.length).toBeGreaterThan(0);
      const found = files.flatMap((f) =>
        spelledPaths(f, readFileSync(join(ROOT, dir, f), 'utf8')).map((hit) => `${relative(ROOT, join(ROOT, dir, f))}:${hit}`),
      );
      expect(found).toEqual([]);
    }, 120_000);
  }
});
