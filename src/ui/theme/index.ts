export { themeFromSettings, applyTheme } from './theme';
export type { Theme } from './theme';
export { CONSOLE_THEME } from './console-theme';
