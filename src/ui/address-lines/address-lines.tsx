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
  return (
    <>
      <span className="text-sm text-muted">{addressLine(address)}</span>
      {address.note && <span className="text-sm text-muted">Note: {address.note}</span>}
    </>
  );
}
