import { useLayoutEffect, useMemo } from 'react';
import type { Decorator } from '@storybook/react-vite';
import { applyTheme, themeFromSettings } from '../../src/ui/theme/theme';
import { CONSOLE_THEME } from '../../src/ui/theme/console-theme';
import { themeSettings, type ThemeName } from '../../stories/fixtures/settings';

/**
 * Applies the selected merchant's tokens (toolbar global `theme`) to the document, so portalled
 * content (dialogs, toasts) is themed too. `parameters.landing: true` paints the merchant's
 * landing background (image on Full, colour only on Lite) behind the story. The merchant console's
 * stories (`parameters.console: true`) always wear the console's own neutral theme.
 * Keyed by the story's id: each story mounts afresh, as a page does when it loads, so nothing (the focus,
 * a screen's own state) carries over from the story shown before it; a new theme keeps the story mounted.
 */
export const withTheme: Decorator = (Story, context) => {
  const isConsole = context.parameters.console === true;
  const name = isConsole ? 'console' : ((context.globals.theme as ThemeName | undefined) ?? 'full');
  const settings = themeSettings[name as ThemeName] ?? themeSettings.full;
  const theme = useMemo(() => (isConsole ? CONSOLE_THEME : themeFromSettings(settings)), [isConsole, settings]);

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
    <div key={context.id} data-theme={name} style={{ ...theme.vars, ...style }} className={landing ? 'min-h-dvh' : undefined}>
      <Story />
    </div>
  );
};
