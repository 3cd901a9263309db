/**
 * The commit-msg hook kept in the repository (.githooks/commit-msg: a subject of at most 72 characters, a
 * blank second line before a body) and its wiring by `npm install` (package.json's prepare runs
 * scripts/git-hooks.sh, which sets core.hooksPath where it may and leaves everything else alone).
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');
const HOOK = join(ROOT, '.githooks', 'commit-msg');
const INSTALL = join(ROOT, 'scripts', 'git-hooks.sh');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const tmp = mkdtempSync(join(tmpdir(), 'commit-msg-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** git as a person's machine would run it, but with no global or system settings of this machine's own. */
const gitEnv: NodeJS.ProcessEnv = {
  ...process.env,
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_AUTHOR_NAME: 'Test',
  GIT_AUTHOR_EMAIL: 'test@example.com',
  GIT_COMMITTER_NAME: 'Test',
  GIT_COMMITTER_EMAIL: 'test@example.com',
};

const run = (cmd: string, args: string[], cwd: string, env = gitEnv): SpawnSyncReturns<string> => spawnSync(cmd, args, { cwd, env, encoding: 'utf8' });

let n = 0;
/** Runs the hook on `message` as git would: the message in a file, its path the one argument. */
function check(message: string): { status: number | null; stderr: string } {
  const file = join(tmp, `COMMIT_EDITMSG-${n++}`);
  writeFileSync(file, message);
  const r = run('sh', [HOOK, file], tmp);
  return { status: r.status, stderr: r.stderr };
}

const subject = (length: number) => 'S'.repeat(length);
/** what `git commit` puts under the message for the editor */
const EDITOR_COMMENTS =
  "\n# Please enter the commit message for your changes. Lines starting\n# with '#' will be ignored, and an empty message aborts the commit.\n#\n# On branch main\n";

describe('the commit-msg hook', () => {
  it.each([
    ['a one-line message', 'Fix the wallet total\n'],
    ['a subject of exactly 72 characters', `${subject(72)}\n`],
    ['a subject and a body after a blank line', 'Fix the wallet total\n\nThe total left out the delivery fee.\nIt is in now.\n'],
    ['72 characters written in more than 72 bytes', `${'é→'.repeat(36)}\n`],
    ["the editor's comments under a body", `Fix the wallet total\n\nWhy.\n${EDITOR_COMMENTS}`],
    [
      'the diff of `git commit -v` below the scissors line',
      `Fix it\n\nWhy.\n# ------------------------ >8 ------------------------\n# Do not modify or remove the line above.\ndiff --git a/x b/x\n+${subject(200)}\n`,
    ],
    ['blank lines before the subject (git drops them)', `\n\nFix the wallet total\n\nWhy.\n`],
    ['a fixup of a 72-character subject', `fixup! ${subject(72)}\n`],
    ['an empty message (git aborts it itself)', EDITOR_COMMENTS],
  ])('accepts %s', (_name, message) => {
    expect(check(message)).toEqual({ status: 0, stderr: '' });
  });

  it('refuses a subject over 72 characters, saying how long it is', () => {
    const r = check(`${subject(73)}\n\nWhy.\n`);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('commit-msg: the subject is 73 characters; keep it to 72 and put the rest in the body, after a blank line.');
    expect(r.stderr).toMatch(/the message is kept in .*COMMIT_EDITMSG/);
  });

  it('counts characters, not bytes: 73 of them over two bytes each are refused', () => {
    const r = check(`${'é'.repeat(73)}\n`);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('the subject is 73 characters');
  });

  it('refuses a body that starts on the second line', () => {
    const r = check('Fix the wallet total\nThe total left out the delivery fee.\n');
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('commit-msg: the second line must be blank: the subject is one line, then a blank line, then the body.');
    expect(r.stderr).not.toContain('characters');
  });

  it('says every problem at once', () => {
    const r = check(`${subject(80)}\nand more\n`);
    expect(r.status).toBe(1);
    expect(r.stderr.split('\n').filter((l) => l.startsWith('commit-msg: the'))).toHaveLength(3);
  });
});

describe('npm install wires it', () => {
  /** A fresh git repository holding the hook and its installer, as a clone of this project would. */
  function clone(name: string): string {
    const dir = join(tmp, name);
    mkdirSync(join(dir, '.githooks'), { recursive: true });
    mkdirSync(join(dir, 'scripts'), { recursive: true });
    copyFileSync(HOOK, join(dir, '.githooks', 'commit-msg'));
    copyFileSync(INSTALL, join(dir, 'scripts', 'git-hooks.sh'));
    expect(run('git', ['init', '-q', '-b', 'main', dir], tmp).status).toBe(0);
    return dir;
  }
  /** package.json's own prepare command, in `dir`, as npm runs it (sh). */
  const prepare = (dir: string, env = gitEnv) => run('sh', ['-c', pkg.scripts.prepare], dir, env);
  const hooksPath = (dir: string) => run('git', ['config', '--get', 'core.hooksPath'], dir).stdout.trim();

  it('points git at .githooks, and then git refuses a bad message and takes a good one', () => {
    const dir = clone('repo');
    const r = prepare(dir);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toBe('');
    expect(hooksPath(dir)).toBe('.githooks');

    const bad = run('git', ['commit', '--allow-empty', '-q', '-m', subject(73)], dir);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('the subject is 73 characters');
    expect(run('git', ['rev-parse', '--verify', '-q', 'HEAD'], dir).status).not.toBe(0);

    const good = run('git', ['commit', '--allow-empty', '-q', '-m', 'Fix the wallet total', '-m', 'Why it was wrong.'], dir);
    expect(good.status, good.stderr).toBe(0);
    expect(run('git', ['log', '--format=%s'], dir).stdout.trim()).toBe('Fix the wallet total');
    // run again, it changes nothing and says nothing
    expect(prepare(dir)).toMatchObject({ status: 0, stdout: '' });
  });

  it('does nothing without the installer (the Docker build installs from package.json alone)', () => {
    const dir = join(tmp, 'package-only');
    mkdirSync(dir);
    expect(run('git', ['init', '-q', dir], tmp).status).toBe(0);
    expect(prepare(dir)).toMatchObject({ status: 0, stdout: '', stderr: '' });
    expect(hooksPath(dir)).toBe('');
  });

  it('does nothing without git on PATH', () => {
    const dir = clone('no-git');
    // a PATH with the shell and what the installer needs before it looks for git, and no git
    const bin = join(tmp, 'bin-without-git');
    mkdirSync(bin);
    for (const tool of ['sh', 'dirname']) symlinkSync(run('sh', ['-c', `command -v ${tool}`], tmp).stdout.trim(), join(bin, tool));
    const r = prepare(dir, { ...gitEnv, PATH: bin });
    expect(r).toMatchObject({ status: 0, stdout: '', stderr: '' });
    expect(hooksPath(dir)).toBe('');
  });

  it('changes no repository it is not the top of (a tarball unpacked inside another one)', () => {
    const outer = clone('outer');
    rmSync(join(outer, 'scripts'), { recursive: true });
    const inner = join(outer, 'vendor', 'loyalty-app');
    mkdirSync(join(inner, 'scripts'), { recursive: true });
    copyFileSync(INSTALL, join(inner, 'scripts', 'git-hooks.sh'));
    expect(prepare(inner)).toMatchObject({ status: 0, stdout: '', stderr: '' });
    expect(hooksPath(outer)).toBe('');
  });

  it('leaves a hooks path of its own, or hooks of its own in .git/hooks, and says so', () => {
    const set = clone('own-path');
    run('git', ['config', 'core.hooksPath', '.husky'], set);
    expect(prepare(set)).toMatchObject({ status: 0, stdout: expect.stringContaining('core.hooksPath is .husky here') });
    expect(hooksPath(set)).toBe('.husky');

    const own = clone('own-hooks');
    mkdirSync(join(own, '.git', 'hooks'), { recursive: true });
    writeFileSync(join(own, '.git', 'hooks', 'pre-commit'), '#!/bin/sh\nexit 0\n', { mode: 0o755 });
    writeFileSync(join(own, '.git', 'hooks', 'commit-msg.sample'), '#!/bin/sh\nexit 0\n', { mode: 0o755 });
    expect(prepare(own)).toMatchObject({ status: 0, stdout: expect.stringContaining('has hooks of its own') });
    expect(hooksPath(own)).toBe('');
  });
});
