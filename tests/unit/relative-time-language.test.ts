/**
 * "8 minutes ago" is words, said in the language the app speaks: a walk-through in Filipino saw the
 * notifications' times stay English while the rest of the page was Filipino.
 */
import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import { formatRelative } from '../../src/ui/lib/dates';

const NOW = '2026-11-20T06:08:00Z';
const before = i18n.locale;
afterEach(() => i18n.activate(before || 'en'));

describe('a relative time', () => {
  it('is said in the active language, not the shop’s locale', () => {
    i18n.load('fil', {});
    i18n.activate('fil');
    expect(formatRelative('2026-11-20T06:00:00Z', NOW, 'en-PH')).toBe(new Intl.RelativeTimeFormat('fil', { numeric: 'auto' }).format(-8, 'minute'));
    expect(formatRelative('2026-11-20T06:00:00Z', NOW, 'en-PH')).not.toBe('8 minutes ago');
    i18n.load('en', {});
    i18n.activate('en');
    expect(formatRelative('2026-11-20T06:00:00Z', NOW, 'en-PH')).toBe('8 minutes ago');
  });
});
