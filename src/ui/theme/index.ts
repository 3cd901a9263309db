export { themeFromSettings, applyTheme } from './theme';
export type { Theme } from './theme';
