/** Order wording shared by the order screens (dates: src/ui/lib/dates.ts). */
import { isBasePart } from '#contract/loyalty-earn';

/** Items in an order or cart: "3 items". */
export function itemCount(lines: Array<{ qty: number }>): string {
  const n = lines.reduce((sum, l) => sum + l.qty, 0);
  return `${n} ${n === 1 ? 'item' : 'items'}`;
}

/** An order line's options in words: "Large · Oat milk · Extra shot"; "" for none. */
export const optionWords = (options: readonly { name: string }[] | undefined): string => (options ?? []).map((o) => o.name).join(' · ');

/** A points breakdown worth showing part by part: one with an earning rule's points beside the base; else none. */
export const namedParts = <P extends { rule_id: number | null; label: string }>(parts: readonly P[] | undefined): readonly P[] =>
  parts?.some((p) => !isBasePart(p)) ? parts : [];

/** One named part of the points: "+25 Double points Tuesday". */
export const partWords = (p: { label: string; points: number }, locale: string) => `+${p.points.toLocaleString(locale)} ${p.label}`;
