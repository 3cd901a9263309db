import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  stories: ['../stories/**/*.mdx', '../stories/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-a11y', '@storybook/addon-docs'],
  framework: { name: '@storybook/react-vite', options: {} },
  // TypeScript 7 has no JS compiler API, so react-docgen-typescript cannot run.
  typescript: { reactDocgen: 'react-docgen' },
  // Fixture images ship with the stories; nothing is fetched from outside.
  staticDirs: [{ from: '../stories/fixtures/assets', to: '/fixtures' }],
  core: { disableTelemetry: true },
};

export default config;
