/**
 * The runner's setup file in each test file's sandbox, in the place of the test-runner's own
 * (`@storybook/test-runner/playwright/jest-setup.js`; test-runner-jest.config.js swaps them): it does what
 * that one does (the hooks of .storybook/test-runner.ts registered, the page's set-up for a retry, coverage
 * off) without importing the whole `@storybook/test-runner` into every file's sandbox, where it was about
 * a third of a second of CPU a file (.storybook/test-environment.ts says why).
 */
import config, { outsideSandbox } from './test-runner';

const outside = outsideSandbox();
config.setup?.();
const preVisit = config.preVisit ?? config.preRender;
const postVisit = config.postVisit ?? config.postRender;
Object.assign(globalThis, {
  ...(preVisit ? { __sbPreVisit: preVisit } : {}),
  ...(postVisit ? { __sbPostVisit: postVisit } : {}),
  __sbSetupPage: outside.setupPage,
  __sbCollectCoverage: process.env.STORYBOOK_COLLECT_COVERAGE === 'true',
});
