import { getJestConfig } from '@storybook/test-runner';
import { CHROMIUM_SWITCHES, TEXT_HINTING_SWITCH, testBrowserPath } from './scripts/lib/chromium.ts';
const base = getJestConfig();
export default {
  ...base,
  // the runner's environment: the pixel comparison and the test-runner's module outside the sandbox
  // (.storybook/test-environment.ts), and a setup file that does not load that module again for every file
  testEnvironment: '<rootDir>/.storybook/test-environment.ts',
  setupFilesAfterEnv: base.setupFilesAfterEnv.map((file) => {
    if (!file.endsWith('playwright/jest-setup.js')) return file;
    return '<rootDir>/.storybook/test-setup.ts';
  }),
  testEnvironmentOptions: {
    'jest-playwright': {
      ...base.testEnvironmentOptions['jest-playwright'],
      browsers: ['chromium'],
      launchOptions: {
        // Debian's headless shell when installed, else its Chromium (scripts/lib/chromium.ts)
        executablePath: testBrowserPath(),
        headless: true,
        args: [...CHROMIUM_SWITCHES, TEXT_HINTING_SWITCH],
      },
    },
  },
};
