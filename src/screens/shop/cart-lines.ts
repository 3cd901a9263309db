/**
 * The cart's lines: a product and the options chosen for it. The same product with other options is a
 * line of its own; the same combination adds to its line. A line saved by a version of the app before
 * options (no `options`) is a line of the product as it comes (its defaults, for the provider).
 */
export interface CartLine {
  product_id: number;
  qty: number;
  /** the chosen options' ids; absent: none chosen here (the provider takes the product's defaults) */
  options?: number[];
}

/** One line per product and set of options, whatever order they were chosen in: "7" or "7:3,12". */
export const lineKey = (l: Pick<CartLine, 'product_id' | 'options'>) =>
  l.options?.length ? `${l.product_id}:${[...l.options].sort((a, b) => a - b).join(',')}` : String(l.product_id);

/** Sets a line's quantity (at most `max`); 0 removes it. */
export function setLineQty(cart: readonly CartLine[], key: string, qty: number, max = 99): CartLine[] {
  return qty > 0 ? cart.map((l) => (lineKey(l) === key ? { ...l, qty: Math.min(qty, max) } : l)) : cart.filter((l) => lineKey(l) !== key);
}

/** Adds a line, or its quantity to the line with the same product and options (at most `max`). */
export function addLine(cart: readonly CartLine[], line: CartLine, max = 99): CartLine[] {
  const key = lineKey(line);
  const same = cart.find((l) => lineKey(l) === key);
  if (same) return setLineQty(cart, key, same.qty + line.qty, max);
  return [...cart, { ...line, qty: Math.min(line.qty, max) }].sort((a, b) => a.product_id - b.product_id);
}
