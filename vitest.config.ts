import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      // vitest's default is one worker fewer than the cores: on CI's 2 cores, one. The provider suites
      // wait on PostgreSQL and child processes as much as they compute, so both cores stay busy with two.
      maxWorkers: 2,
      // server and security: the server is built once for the run (tests/support/server-build.ts), and the
      // suites that start it as a process start that build
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
            globalSetup: ['tests/support/server-build.ts'],
            testTimeout: 60_000,
            hookTimeout: 120_000,
          },
        },
        {
          test: {
            name: 'security',
            include: ['tests/security/**/*.test.ts'],
            environment: 'node',
            globalSetup: ['tests/support/server-build.ts'],
            testTimeout: 60_000,
            hookTimeout: 120_000,
          },
        },
        {
          test: {
            name: 'e2e',
            include: ['tests/e2e/**/*.test.ts'],
            environment: 'node',
            testTimeout: 180_000,
            hookTimeout: 300_000,
            // what a person waits for on a loaded CI host: vitest's default of 1 s for expect.poll made a
            // list that follows a change a few hundred milliseconds late fail (addresses, making one default)
            expect: { poll: { timeout: 10_000 } },
            fileParallelism: false,
          },
        },
      ],
    },
  }),
);
