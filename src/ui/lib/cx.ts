/** Joins class names, skipping falsy ones. */
export function cx(...parts: Array<string | false | null | undefined>): string {
  return parts.filter(Boolean).join(' ');
}

/**
 * The one focus ring every control uses: visible on keyboard focus only, in --color-focus. Tailwind 4's
 * `outline-3` draws in `var(--tw-outline-style)`, which `outline-none` sets to none on the element itself,
 * so the ring names its style (`outline-solid`) under `focus-visible` too; the Storybook run checks that a
 * focused control draws something (`invisibleFocus` in .storybook/test-runner.ts).
 */
export const focusRing = 'outline-none focus-visible:outline-solid focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-focus';
