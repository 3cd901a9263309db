import type { Preview } from '@storybook/react-vite';
import '../src/styles.css';
import '../src/console/console.css';
import { withTheme } from './decorators/theme';
import { VIEWPORTS } from './viewports';

const preview: Preview = {
  decorators: [withTheme],
  tags: ['autodocs'],
  globalTypes: {
    theme: {
      description: 'Merchant settings the theme is built from',
      toolbar: {
        title: 'Theme',
        icon: 'paintbrush',
        dynamicTitle: true,
        items: [
          { value: 'full', title: 'Kopi Senja (Full)' },
          { value: 'lite', title: 'Teh Lite (Lite)' },
          { value: 'contrast', title: 'High-contrast brand (yellow)' },
        ],
      },
    },
  },
  initialGlobals: {
    theme: 'full',
    viewport: { value: 'phone', isRotated: false },
  },
  parameters: {
    layout: 'padded',
    viewport: { options: VIEWPORTS },
    controls: { matchers: { color: /(background|color)$/i } },
    a11y: {
      // Fail the story (in the UI's test panel and in test-storybook) on any violation.
      test: 'error',
      options: { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa'] } },
    },
  },
};

export default preview;
