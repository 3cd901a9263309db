import type { AddressInput } from '#contract';
import type { MapPlace } from '#contract/map';

/** The address fields a search result can fill. */
export type FilledFields = Partial<Record<'line1' | 'city' | 'postal_code', string>>;
const FILLABLE = ['line1', 'city', 'postal_code'] as const;

/**
 * The form's draft after a search result was chosen: each of street, city and postal code takes the
 * place's value where the customer typed nothing, or where the field still holds what an earlier result
 * put there; what the customer typed is kept. Answers the draft and what was filled (to know next time).
 */
export function fillFromPlace(
  draft: Partial<AddressInput> | null,
  filled: FilledFields | null,
  place: MapPlace,
): { draft: Partial<AddressInput>; filled: FilledFields } {
  const next: Partial<AddressInput> = { ...draft };
  const nowFilled: FilledFields = {};
  for (const field of FILLABLE) {
    const current = (draft?.[field] ?? '').trim();
    const typedByCustomer = current !== '' && current !== (filled?.[field] ?? '').trim();
    if (typedByCustomer) continue;
    if (place[field]) {
      next[field] = place[field];
      nowFilled[field] = place[field];
    } else if (current) {
      nowFilled[field] = current; // still an earlier result's, which a later one may replace
    }
  }
  return { draft: next, filled: nowFilled };
}

/**
 * Where a new address's form starts: the customer's own name and number (when the profile is at hand), under
 * what was typed before going to the map (a draft that only a map search filled still starts from them).
 */
export function newAddressStart(
  customer: { name: string; phone: string | null } | undefined,
  draft: Partial<AddressInput> | null | undefined,
): Partial<AddressInput> | undefined {
  const own = customer ? { recipient: customer.name, phone: customer.phone ?? '' } : undefined;
  if (!draft) return own;
  return { ...own, ...Object.fromEntries(Object.entries(draft).filter(([, v]) => v !== '' && v !== undefined)) };
}
