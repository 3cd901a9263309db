/**
 * The Storybook runner's jest environment: the test runner's own (a Playwright page per test file), plus the
 * pixel comparison of screenshots loaded here, in Node's own realm, and handed to the tests' sandbox.
 *
 * Why: jest runs each test file inside a `node:vm` context, and there pixelmatch's loop is 10 to 20 times
 * slower than in Node's realm (a desktop shot: 230 against 14 ms; `node:vm` alone shows it), while a function
 * made outside the sandbox runs at full speed when the sandbox calls it. This module is loaded by jest itself,
 * outside the sandbox, so `comparePngs` as imported here is such a function. It is synchronous, as in the
 * sandbox, and uses no thread: a worker thread did the same work (5950676) and was taken out after runs hung.
 */
import StorybookEnvironment from '@storybook/test-runner/playwright/custom-environment.js';
import { comparePngs } from '../tests/visual/compare';

declare global {
  /** comparePngs as loaded in Node's own realm, outside the sandbox: what the runner compares screenshots with */
  var comparePngsOutsideSandbox: typeof comparePngs | undefined;
}

export default class VisualEnvironment extends StorybookEnvironment {
  constructor(...args: ConstructorParameters<typeof StorybookEnvironment>) {
    super(...args);
    this.global.comparePngsOutsideSandbox = comparePngs;
  }
}
