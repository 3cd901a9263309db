import type { Preview } from '@storybook/react-vite';
import '../src/styles.css';
import '../src/console/console.css';
import { speak, storyLanguage, withLanguage } from './decorators/language';
import { withTheme } from './decorators/theme';
import { VIEWPORTS } from './viewports';

const preview: Preview = {
  // the language outside the theme: the theme's keyed box re-renders, the story stays mounted
  decorators: [withTheme, withLanguage],
  // each story mounts in its own language, never the one the story before it left
  beforeEach: ({ parameters, globals }) => speak(storyLanguage(parameters, globals)),
  tags: ['autodocs'],
  globalTypes: {
    // the same merchant in each of its looks: switching changes only what Lite and Full change
    theme: {
      description: 'The merchant’s version: Full, Lite, or Full with a high-contrast (bright yellow) brand',
      toolbar: {
        title: 'Theme',
        icon: 'paintbrush',
        dynamicTitle: true,
        items: [
          { value: 'full', title: 'Full (landing picture)' },
          { value: 'lite', title: 'Lite (colour only)' },
          { value: 'contrast', title: 'High contrast (bright yellow brand)' },
        ],
      },
    },
    language: {
      description: 'The language the app speaks, or the pseudo-locale (text 40 % longer) that shows what clips',
      toolbar: {
        title: 'Language',
        icon: 'globe',
        dynamicTitle: true,
        items: [
          { value: 'en', title: 'English' },
          { value: 'fil', title: 'Filipino' },
          { value: 'id', title: 'Bahasa Indonesia' },
          { value: 'pseudo', title: 'Pseudo (40 % longer)' },
        ],
      },
    },
    merchant: {
      description: 'Whose settings the theme is built from: name, logo and colours',
      toolbar: {
        title: 'Merchant',
        icon: 'home',
        dynamicTitle: true,
        items: [
          { value: 'kopi-senja', title: 'Kopi Senja (brown)' },
          { value: 'teh-lite', title: 'Teh Lite (green)' },
        ],
      },
    },
  },
  initialGlobals: {
    theme: 'full',
    merchant: 'kopi-senja',
    language: 'en',
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
