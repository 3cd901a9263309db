/** Order wording shared by the order screens (dates: src/ui/lib/dates.ts). */
import { plural, t } from '@lingui/core/macro';
import { isBasePart } from '#contract/loyalty-earn';
import type { Fulfilment } from '#contract/order-lifecycle';

/** Items in an order or cart: "3 items". */
export function itemCount(lines: Array<{ qty: number }>): string {
  const n = lines.reduce((sum, l) => sum + l.qty, 0);
  return plural(n, { one: '# item', other: '# items' });
}

/**
 * How an order reaches the customer, in words: "Dine in · Table 12", "Pickup", "Delivery"; with `place`
 * (the location's name) "Dine in · Table 12 at Kopi Senja Makati", "Pickup at …". A table without a
 * label reads "Dine in".
 */
export function fulfilmentWords(order: { fulfilment: Fulfilment; table_label?: string | null }, place?: string | null): string {
  const table = order.table_label;
  if (order.fulfilment === 'delivery') return t`Delivery`;
  if (order.fulfilment === 'dine_in') {
    if (table) return place ? t`Dine in · Table ${table} at ${place}` : t`Dine in · Table ${table}`;
    return place ? t`Dine in at ${place}` : t`Dine in`;
  }
  return place ? t`Pickup at ${place}` : t`Pickup`;
}

/** An order line's options in words: "Large · Oat milk · Extra shot"; "" for none. */
export const optionWords = (options: readonly { name: string }[] | undefined): string => (options ?? []).map((o) => o.name).join(' · ');

/** A points breakdown worth showing part by part: one with an earning rule's points beside the base; else none. */
export const namedParts = <P extends { rule_id: number | null; label: string }>(parts: readonly P[] | undefined): readonly P[] =>
  parts?.some((p) => !isBasePart(p)) ? parts : [];

/** One named part of the points: "+25 Double points Tuesday"; the base part in the language spoken ("+33 Points for your purchase"). */
export function partWords(p: { rule_id: number | null; label: string; points: number }, locale: string): string {
  const label = isBasePart(p) ? t`Points for your purchase` : p.label;
  return `+${p.points.toLocaleString(locale)} ${label}`;
}
