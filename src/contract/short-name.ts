/**
 * The shop's name under its icon on a home screen: the web app manifest's `short_name` (app-install.ts)
 * and the install offer on Home use the same. No zod here: the app's Home code imports it.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import type { SiteSettings } from './settings';

/** At most this many characters under the icon on a home screen. */
export const SHORT_NAME_MAX = 12;

/**
 * The short name the owner set (Shop settings), else the shop's name when it fits, else as many of its
 * first words as fit, else its first characters.
 */
export function appShortName(s: Pick<SiteSettings, 'setting_company' | 'short_name'>): string {
  const set = s.short_name?.trim();
  if (set) return [...set].slice(0, SHORT_NAME_MAX).join('').trim();
  const name = s.setting_company.trim().replace(/\s+/g, ' ') || 'Rewards';
  if ([...name].length <= SHORT_NAME_MAX) return name;
  let out = '';
  for (const word of name.split(' ')) {
    const next = out ? `${out} ${word}` : word;
    if ([...next].length > SHORT_NAME_MAX) break;
    out = next;
  }
  return out || [...name].slice(0, SHORT_NAME_MAX).join('').trim();
}
