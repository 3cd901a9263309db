import { useLingui } from '@lingui/react/macro';
/** What an address line needs: the street, the city, the postal code, and the rider's note. */
export interface AddressText {
  line1: string;
  city: string;
  postal_code: string;
  note?: string | null;
}

/** The street, city and postal code on one line, as every page writes them. */
export const addressLine = (a: AddressText) => `${a.line1}, ${a.city} ${a.postal_code}`;

/**
 * An address under its first line (who receives it, which one it is: the page writes that): the
 * street, city and postal code, then the note for the rider, if any. Inside a column.
 */
export function AddressLines({ address }: { address: AddressText }) {
  const { t } = useLingui();
  const note = address.note;
  return (
    <>
      <span className="text-sm text-muted">{addressLine(address)}</span>
      {note && <span className="text-sm text-muted">{t`Note: ${note}`}</span>}
    </>
  );
}

/** Where a map shows `address`: Google Maps' search link, which needs no key and opens the maps app on a phone. */
export const mapSearchUrl = (address: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;

/** "Open in maps" for an address, in a new tab (said to screen readers too). */
export function MapLink({ address, children, className }: { address: string; children?: string; className?: string }) {
  const { t } = useLingui();
  return (
    <a
      href={mapSearchUrl(address)}
      target="_blank"
      rel="noreferrer"
      className={className ?? 'self-start text-sm font-medium text-brand-ink underline underline-offset-4'}
    >
      {children ?? t`Open in maps`}
      <span className="sr-only"> {t`(opens in a new tab)`}</span>
    </a>
  );
}
