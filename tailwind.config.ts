/**
 * Semantic design tokens → CSS variables. Loaded by `src/styles.css` through `@config`.
 * Components use only these names (`bg-brand`, `text-muted`); the values come from the
 * merchant's settings at run time (see src/ui/theme/theme.ts), defaults live in
 * src/ui/theme/tokens.css.
 */
const token = (name: string) => `var(--color-${name})`;

export const semanticColors = [
  'brand',
  'brand-contrast',
  'brand-ink',
  'accent',
  'accent-contrast',
  'surface',
  'surface-raised',
  'ink',
  'muted',
  'border',
  'danger',
  'danger-contrast',
  'success',
  'warning',
  'focus',
] as const;

export default {
  theme: {
    extend: {
      colors: Object.fromEntries(semanticColors.map((name) => [name, token(name)])),
    },
  },
};
