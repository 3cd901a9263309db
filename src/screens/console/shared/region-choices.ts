/**
 * The currencies and time zones an owner picks from (shop settings, a location's zone): the runtime's
 * current ISO 4217 codes (currencyCodes, the provider's check) and its canonical IANA zones, each with a
 * label people read ("PHP · Philippine Peso", "Manila (Asia) · GMT+8"), so the owner can type a name or
 * a code and the browser's suggestions narrow to it.
 */
import { currencyCodes } from '#contract/shop-settings';
import { dateTimeFormat } from '#contract/intl';

export interface Choice {
  value: string;
  label: string;
}

/** The runtime's list, with the value the shop has first when this browser does not list it (nothing is lost by opening the page). */
function withCurrent(values: readonly string[], current: string): string[] {
  return current === '' || values.includes(current) ? [...values] : [current, ...values];
}

/** A currency's name in `locale` ("Philippine Peso"), or null when the runtime has none. */
export function currencyName(code: string, locale: string): string | null {
  try {
    const name = new Intl.DisplayNames([locale, 'en'], { type: 'currency', fallback: 'none' }).of(code);
    return name && name !== code ? name : null;
  } catch {
    return null;
  }
}

/** The currencies a shop may price in, each labelled with its name in the shop's locale. */
export function currencyChoices(locale: string, current = ''): Choice[] {
  return withCurrent(currencyCodes(), current).map((code) => {
    const name = currencyName(code, locale);
    return { value: code, label: name ? `${code} · ${name}` : code };
  });
}

/** Whether `code` (as typed: any case, spaces around) is one of the currencies listed, or the shop's own. */
export function isCurrencyChoice(code: string, current: string): boolean {
  const typed = code.trim().toUpperCase();
  return typed === current || currencyCodes().includes(typed);
}

/** The zones Intl lists (one name for each zone, no aliases), UTC first: V8 leaves it out of the list. */
function zoneNames(): string[] {
  const all = Intl.supportedValuesOf('timeZone');
  return all.includes('UTC') ? [...all] : ['UTC', ...all];
}

/** "GMT+8" for Asia/Manila now, or '' when the runtime cannot say. */
function offsetOf(zone: string): string {
  try {
    const part = dateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortOffset' })
      .formatToParts(new Date())
      .find((p) => p.type === 'timeZoneName');
    return part?.value ?? '';
  } catch {
    return '';
  }
}

/** "Manila (Asia) · GMT+8" for Asia/Manila, "Buenos Aires (America, Argentina) · GMT-3", "UTC". */
export function zoneLabel(zone: string): string {
  const parts = zone.split('/').map((p) => p.replace(/_/g, ' '));
  const city = parts.pop()!;
  if (parts.length === 0) return city;
  const offset = offsetOf(zone);
  const where = `${city} (${parts.join(', ')})`;
  return offset ? `${where} · ${offset}` : where;
}

let zones: Choice[] | null = null;

/** The time zones, each labelled with its city, region and offset now; `current` first when not listed. */
export function zoneChoices(current = ''): Choice[] {
  zones ??= zoneNames().map((z) => ({ value: z, label: zoneLabel(z) }));
  return current === '' || zones.some((z) => z.value === current) ? zones : [{ value: current, label: zoneLabel(current) }, ...zones];
}

/** Whether `zone` (as typed) is one of the zones listed, or the value already saved. */
export function isZoneChoice(zone: string, current: string): boolean {
  const typed = zone.trim();
  return typed === current || zoneNames().includes(typed);
}
