export { themeFromSettings, applyTheme, DEFAULT_BRAND, DEFAULT_ACCENT, SURFACE, SURFACE_RAISED } from './theme';
export type { Theme } from './theme';
export { contrastRatio, parseColor, luminance, bestTextOn, shadeForContrast, toHex } from './color';
