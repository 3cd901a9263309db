import { getJestConfig } from '@storybook/test-runner';
const base = getJestConfig();
export default {
  ...base,
  // the runner's environment with the pixel comparison outside the sandbox (.storybook/test-environment.ts)
  testEnvironment: '<rootDir>/.storybook/test-environment.ts',
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
