import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

/** e2e files that measure load or time a page: alone on the machine, after the others */
const E2E_ALONE = ['tests/e2e/resilience.test.ts', 'tests/e2e/page-load.test.ts'];
/** read after every other e2e file: the logs their apps wrote */
const E2E_LAST = 'tests/e2e/log-privacy.test.ts';
const e2e = {
  include: ['tests/e2e/**/*.test.ts'],
  environment: 'node' as const,
  testTimeout: 180_000,
  hookTimeout: 300_000,
  // what a person waits for on a loaded CI host: vitest's default of 1 s for expect.poll made a
  // list that follows a change a few hundred milliseconds late fail (addresses, making one default)
  expect: { poll: { timeout: 10_000 } },
};

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      // vitest's default is one worker fewer than the cores: on CI's 2 cores, one. The provider suites
      // wait on PostgreSQL and child processes as much as they compute: two workers left the cores 86 %
      // busy, three keep them 96 % busy and take the unit stage a quarter less time (326 -> 249 s)
      maxWorkers: 3,
      // server and security: the server is built once for the run (tests/support/server-build.ts), and the
      // suites that start it as a process start that build. They run without vitest's isolation: each worker
      // imports the provider once, not once per file (the security files: 123 s -> 87 s, a third less CPU), and
      // no suite keeps state in a module (each starts its own provider on its own database; no vi.mock)
      projects: [
        {
          extends: true,
          test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'node' },
        },
        {
          test: {
            name: 'server',
            include: ['tests/server/**/*.test.ts'],
            environment: 'node',
            isolate: false,
            globalSetup: ['tests/support/server-build.ts', 'tests/support/db-templates.ts'],
            testTimeout: 60_000,
            hookTimeout: 120_000,
          },
        },
        {
          test: {
            name: 'security',
            include: ['tests/security/**/*.test.ts'],
            environment: 'node',
            isolate: false,
            globalSetup: ['tests/support/server-build.ts', 'tests/support/db-templates.ts'],
            testTimeout: 60_000,
            hookTimeout: 120_000,
          },
        },
        // e2e: each file starts its own app on a free port and data folder, so three files run at once: much of
        // an e2e file's time is waiting (a 60 s resend cooldown, a code going stale, a status change), which the
        // other files' work fills (two at once left the cores 65 to 73 % busy; three: 81 %, the stage a fifth
        // shorter). The files that measure load or speed (E2E_ALONE) run after, one at a time.
        {
          test: {
            ...e2e,
            name: 'e2e',
            exclude: [...E2E_ALONE, E2E_LAST],
            globalSetup: ['tests/e2e/support/log-dir.ts', 'tests/e2e/support/data-template.ts'],
            maxWorkers: 3,
            sequence: { groupOrder: 1 },
          },
        },
        {
          test: {
            ...e2e,
            name: 'e2e-alone',
            include: E2E_ALONE,
            globalSetup: ['tests/e2e/support/data-template.ts'],
            fileParallelism: false,
            sequence: { groupOrder: 2 },
          },
        },
        // last: what every app of the run wrote to its log, read for personal data (tests/e2e/support/log-dir.ts)
        {
          test: {
            ...e2e,
            name: 'e2e-last',
            include: [E2E_LAST],
            sequence: { groupOrder: 3 },
          },
        },
      ],
    },
  }),
);
