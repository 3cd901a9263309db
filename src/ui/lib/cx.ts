/** Joins class names, skipping falsy ones. */
export function cx(...parts: Array<string | false | null | undefined>): string {
  return parts.filter(Boolean).join(' ');
}

/** The one focus ring every control uses: visible on keyboard focus only, in --color-focus. */
export const focusRing =
  'outline-none focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-focus';
