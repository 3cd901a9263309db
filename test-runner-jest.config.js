import { getJestConfig } from '@storybook/test-runner';
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
        executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
        headless: true,
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-quic',
          '--no-first-run',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
        ],
      },
    },
  },
};
