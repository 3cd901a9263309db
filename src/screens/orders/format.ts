/** Order wording shared by the order screens (dates: src/ui/lib/dates.ts). */

/** Items in an order or cart: "3 items". */
export function itemCount(lines: Array<{ qty: number }>): string {
  const n = lines.reduce((sum, l) => sum + l.qty, 0);
  return `${n} ${n === 1 ? 'item' : 'items'}`;
}

/** An order line's options in words: "Large · Oat milk · Extra shot"; "" for none. */
export const optionWords = (options: readonly { name: string }[] | undefined): string => (options ?? []).map((o) => o.name).join(' · ');
