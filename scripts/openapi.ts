#!/usr/bin/env node
/**
 * Writes the OpenAPI 3.1 document of the provider's API v2 (server/provider/openapi.ts, generated from
 * the contract's schemas) to docs/openapi.json, so a diff shows every change of the contract.
 *
 *   npm run openapi             write docs/openapi.json
 *   npm run openapi -- --check  exit 1 when docs/openapi.json is not what the contract generates
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openApiJson } from '../server/provider/openapi.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const OPENAPI_FILE = resolve(root, 'docs/openapi.json');

const fresh = openApiJson();
const name = relative(root, OPENAPI_FILE);
if (process.argv.includes('--check')) {
  const committed = existsSync(OPENAPI_FILE) ? readFileSync(OPENAPI_FILE, 'utf8') : '';
  if (committed !== fresh) {
    console.error(`${name} is not what the contract generates: run npm run openapi and commit it.`);
    process.exit(1);
  }
  console.log(`${name} is up to date.`);
} else {
  const before = existsSync(OPENAPI_FILE) ? readFileSync(OPENAPI_FILE, 'utf8') : '';
  writeFileSync(OPENAPI_FILE, fresh);
  console.log(before === fresh ? `${name} is up to date.` : `Wrote ${name} (${fresh.length} bytes).`);
}
