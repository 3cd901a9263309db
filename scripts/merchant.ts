#!/usr/bin/env node
/**
 * Operator commands for the merchant console, on the database the server opens (DATABASE_URL, else the
 * PGlite folder DATA_DIR/pglite). Run with tsx, like the other scripts that import the server's code (the
 * server's own imports name no file extension, which Node's type stripping needs).
 *
 *   npm run merchant -- owner-link [--base https://shop.example]
 *       prints a one-time link that creates the shop's owner: <base>/merchant/setup#<token>, valid
 *       24 hours, usable once. <base>: --base, else PUBLIC_URL, else http://HOST:PORT.
 *
 * With PGlite (no DATABASE_URL), stop the server first: one PGlite folder takes one process at a time.
 * (A development `npm start` prints a link by itself while the shop has no owner.)
 */
import { join, resolve } from 'node:path';
import { type Config, ConfigError, loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/index.ts';
import { systemClock } from '../server/lib/clock.ts';
import { createOwnerSetupLink, ownerSetupUrl } from '../server/provider/staff/staff.service.ts';

const USAGE = 'usage: npm run merchant -- owner-link [--base https://shop.example]';

function option(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i === -1 ? undefined : process.argv[i + 1];
}

async function main() {
  const command = process.argv[2];
  if (command !== 'owner-link') {
    console.error(USAGE);
    process.exit(2);
  }
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    for (const problem of err.problems) console.error(`Configuration error: ${problem}`);
    process.exit(1);
  }
  if (config.providerApiBase) {
    console.error('PROVIDER_API_BASE is set: this server has no embedded provider, so its merchant console accounts live elsewhere.');
    process.exit(1);
  }
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  const base = option('--base') ?? process.env.PUBLIC_URL ?? `http://${host}:${config.port}`;
  if (!/^https?:\/\/[^\s/]+/.test(base)) {
    console.error(`--base must be an http:// or https:// origin, such as https://shop.example (got ${base})`);
    process.exit(2);
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: join(resolve(config.dataDir), 'pglite'), poolSize: 1 });
  try {
    const token = await createOwnerSetupLink(database.db, systemClock);
    console.log(`Open this link to create the shop's owner (valid 24 hours, once):\n${ownerSetupUrl(base, token)}`);
  } finally {
    await database.close();
  }
}

await main();
