#!/usr/bin/env node
/**
 * Operator commands for the merchant console, on the database the server opens (DATABASE_URL, else the
 * PGlite folder DATA_DIR/pglite). Run with tsx, like the other scripts that import the server's code (the
 * server's own imports name no file extension, which Node's type stripping needs); it loads the database
 * and the set-up link's few lines only, so it answers in seconds.
 *
 *   npm run merchant -- owner-link [--base https://shop.example]
 *       prints a one-time link that creates an owner: <base>/merchant/setup#<token>, valid 24 hours,
 *       usable once. <base>: --base, else PUBLIC_URL, else where the server last listened (DATA_DIR/
 *       server.json, written at each start), else http://HOST:PORT; the command says which it used. It
 *       says so when the shop already has an owner (the link then makes another one).
 *
 * With PGlite (no DATABASE_URL), stop the server first: one PGlite folder takes one process at a time.
 * (A development `npm start` prints a link by itself while the shop has no owner.)
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Config } from '../server/config.ts';
import { configOrExit } from './lib/script-config.ts';
import { openDatabase } from '../server/db/index.ts';
import { systemClock } from '../server/lib/clock.ts';
import { createOwnerSetupLink, LISTENING_FILE, ownerCount, ownerSetupUrl } from '../server/provider/staff/setup-link.ts';

const USAGE = 'usage: npm run merchant -- owner-link [--base https://shop.example]';

function option(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i === -1 ? undefined : process.argv[i + 1];
}

/** Where the server last said it listens, from DATA_DIR/server.json; undefined when it never started here. */
function lastListening(dataDir: string): string | undefined {
  try {
    const url = JSON.parse(readFileSync(join(dataDir, LISTENING_FILE), 'utf8')).url;
    return typeof url === 'string' && /^https?:\/\//.test(url) ? url : undefined;
  } catch {
    return undefined;
  }
}

/** The base of the link and where it came from, in words. */
function baseOf(config: Config): { base: string; from: string } {
  const given = option('--base');
  if (given) return { base: given, from: '--base' };
  if (process.env.PUBLIC_URL) return { base: process.env.PUBLIC_URL, from: 'PUBLIC_URL' };
  const listened = lastListening(resolve(config.dataDir));
  if (listened) return { base: listened, from: `where the server last listened (${join(config.dataDir, LISTENING_FILE)})` };
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  return { base: `http://${host}:${config.port}`, from: 'HOST and PORT' };
}

async function main() {
  const command = process.argv[2];
  if (command !== 'owner-link') {
    console.error(USAGE);
    process.exit(2);
  }
  const config = configOrExit();
  if (config.providerApiBase) {
    console.error('PROVIDER_API_BASE is set: this server has no embedded provider, so its merchant console accounts live elsewhere.');
    process.exit(1);
  }
  const { base, from } = baseOf(config);
  if (!/^https?:\/\/[^\s/]+/.test(base)) {
    console.error(`--base must be an http:// or https:// origin, such as https://shop.example (got ${base})`);
    process.exit(2);
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: join(resolve(config.dataDir), 'pglite'), poolSize: 1 });
  try {
    const owners = await ownerCount(database.db);
    if (owners > 0) {
      console.log(
        `The shop already has ${owners === 1 ? 'an owner' : `${owners} owners`}: this link makes another one. (A forgotten password: "Forgot your password?" on the sign-in page.)`,
      );
    }
    const token = await createOwnerSetupLink(database.db, systemClock);
    console.log(`Open this link to create the shop's owner (valid 24 hours, once):\n${ownerSetupUrl(base, token)}`);
    console.log(`(Its address comes from ${from}; --base https://your.shop to change it.)`);
  } finally {
    await database.close();
  }
}

await main();
