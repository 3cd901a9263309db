import { useLayoutEffect, useMemo } from 'react';
import type { Decorator } from '@storybook/react-vite';
import { applyTheme, themeFromSettings } from '../../src/ui/theme/theme';
import { CONSOLE_THEME } from '../../src/ui/theme/console-theme';
import { settingsFor, THEME_NAMES, type ThemeName } from '../../stories/fixtures/settings';

/**
 * Applies the toolbar's merchant (global `merchant`) in the toolbar's theme (global `theme`: that merchant's
 * Full, Lite or high-contrast look) to the document, so portalled content (dialogs, toasts) is themed too.
 * A story that stands for one theme whatever the toolbar says (the high-contrast shots) names it in
 * `parameters.theme`. `parameters.landing: true` paints the merchant's landing background (image on Full,
 * colour only on Lite) behind the story. The merchant console's stories (`parameters.console: true`)
 * always wear the console's own neutral theme.
 * Keyed by the story's id: each story mounts afresh, as a page does when it loads, so nothing (the focus,
 * a screen's own state) carries over from the story shown before it; a new theme keeps the story mounted.
 */
export const withTheme: Decorator = (Story, context) => {
  const isConsole = context.parameters.console === true;
  const forced = context.parameters.theme as ThemeName | undefined;
  const chosen = forced ?? (context.globals.theme as ThemeName | undefined);
  const themeName: ThemeName = chosen && THEME_NAMES.includes(chosen) ? chosen : 'full';
  const merchant = context.globals.merchant as string | undefined;
  const theme = useMemo(() => (isConsole ? CONSOLE_THEME : themeFromSettings(settingsFor(merchant, themeName))), [isConsole, merchant, themeName]);

  useLayoutEffect(() => {
    applyTheme(theme.vars, document.documentElement);
  }, [theme]);

  const landing = context.parameters.landing === true;
  const style = landing
    ? {
        backgroundColor: theme.landing.color,
        backgroundImage: theme.landing.image ? `url("${theme.landing.image}")` : undefined,
        backgroundSize: 'cover',
        backgroundPosition: 'center',
      }
    : undefined;

  return (
    <div key={context.id} data-theme={isConsole ? 'console' : themeName} style={{ ...theme.vars, ...style }} className={landing ? 'min-h-dvh' : undefined}>
      <Story />
    </div>
  );
};
