/**
 * The Storybook runner's jest set-up (test-runner-jest.config.js): its own environment, and its own setup file
 * in the place of the test-runner's, which imported the whole test-runner into every test file's sandbox
 * (docs/testing.md, "Keeping the run fast"). `.storybook/test-setup.ts` does what the test-runner's file does;
 * an upgrade that changes that file fails here, so that what it now does is carried over by hand. And the
 * browser it drives (scripts/lib/chromium.ts).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import config from '../../test-runner-jest.config.js';
import { CHROMIUM_PATH, HEADLESS_SHELL_PATH, TEXT_HINTING_SWITCH, testBrowserPath } from '../../scripts/lib/chromium';

const theirs = fileURLToPath(import.meta.resolve('@storybook/test-runner/playwright/jest-setup.js'));

it('runs with its own environment and setup file, and without the test-runner setup file', () => {
  expect(config.testEnvironment).toBe('<rootDir>/.storybook/test-environment.ts');
  expect(config.setupFilesAfterEnv).toContain('<rootDir>/.storybook/test-setup.ts');
  expect(config.setupFilesAfterEnv.filter((file: string) => file.endsWith('jest-setup.js'))).toEqual([]);
});

it("mirrors the test-runner's setup file as it is in the installed version", () => {
  // what .storybook/test-setup.ts repeats: the hooks (setup, preVisit or preRender, postVisit or postRender),
  // __sbSetupPage and __sbCollectCoverage. A new digest means a changed file: read it, carry over what is new.
  const digest = createHash('sha256').update(readFileSync(theirs)).digest('hex');
  expect(digest, `${theirs} changed: bring .storybook/test-setup.ts in line with it, then update this digest`).toBe(
    'bb90b0770f8a56ac3a769214864964d6ed9ebb69bc8be0b4b6947b6208ab363d',
  );
});

it('drives the test browser with the text hinting switch the baselines need', () => {
  const launch = config.testEnvironmentOptions['jest-playwright'].launchOptions;
  expect(launch.executablePath).toBe(testBrowserPath());
  expect(launch.args).toContain(TEXT_HINTING_SWITCH);
});

it("takes TEST_BROWSER_PATH, else Debian's headless shell when installed, else CHROME_PATH, else Debian's Chromium", () => {
  const shell = (path: string) => path === HEADLESS_SHELL_PATH;
  const none = () => false;
  expect(testBrowserPath({ TEST_BROWSER_PATH: '/opt/chrome', CHROME_PATH: '/usr/bin/x' }, shell)).toBe('/opt/chrome');
  expect(testBrowserPath({ CHROME_PATH: '/usr/bin/x' }, shell)).toBe(HEADLESS_SHELL_PATH);
  expect(testBrowserPath({ CHROME_PATH: '/usr/bin/x' }, none)).toBe('/usr/bin/x');
  expect(testBrowserPath({}, none)).toBe(CHROMIUM_PATH);
});
