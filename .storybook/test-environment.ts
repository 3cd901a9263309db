/**
 * The Storybook runner's jest environment: the test runner's own (a Playwright page per test file), plus what
 * the tests use from Node's own realm, loaded here once per worker and handed to each test file's sandbox.
 *
 * Why: jest runs each test file inside a `node:vm` context of its own, and there
 * - pixelmatch's loop is 10 to 20 times slower than in Node's realm (a desktop shot: 230 against 14 ms;
 *   `node:vm` alone shows it), while a function made outside the sandbox runs at full speed when the sandbox
 *   calls it. `comparePngs` as imported here is such a function. It is synchronous, as in the sandbox, and
 *   uses no thread: a worker thread did the same work (5950676) and was taken out after runs hung.
 * - every module a test file imports is compiled and run again, file after file. The test-runner's own
 *   setup file imports the whole `@storybook/test-runner` (its CLI's transforms, Babel and Storybook's
 *   node internals: about a third of a second of CPU a file) for three small functions; `.storybook/test-setup.ts` takes
 *   its place and uses the two of them it needs from here (`setupPage`, `getStoryContext`).
 * This module is loaded by jest itself, outside the sandbox.
 */
import { getStoryContext, setupPage } from '@storybook/test-runner';
import StorybookEnvironment from '@storybook/test-runner/playwright/custom-environment.js';
import { comparePngs } from '../tests/visual/compare';

/** What the runner's tests take from Node's own realm (.storybook/test-runner.ts, test-setup.ts) */
export interface OutsideSandbox {
  /** what the runner compares screenshots with */
  comparePngs: typeof comparePngs;
  getStoryContext: typeof getStoryContext;
  /** the test-runner's own: a page made again after a navigation (its retry) is set up with it */
  setupPage: typeof setupPage;
}

declare global {
  var runnerOutsideSandbox: OutsideSandbox | undefined;
}

export default class VisualEnvironment extends StorybookEnvironment {
  constructor(...args: ConstructorParameters<typeof StorybookEnvironment>) {
    super(...args);
    this.global.runnerOutsideSandbox = { comparePngs, getStoryContext, setupPage };
  }
}
