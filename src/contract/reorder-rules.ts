/**
 * "Order again" (issue 51): a past order's lines back as cart lines, on today's menu, with every way
 * today differs named, never dropped or repriced in silence. Pure (no React, no database): the provider's
 * `order/again` answers with it, the app's "Try again" after a declined payment uses it too.
 *
 * An order line names its options as they were ordered (group and option names), so each is looked for
 * again on today's menu by name. For each line:
 * - the product is gone from the menu: left out, named `gone`;
 * - it is sold out today: left out, named `sold_out`;
 * - the line was a reward's free item (0 where the product costs more): left out, named `reward`, since a
 *   voucher is used once;
 * - an option is no longer offered or sold out: left out of its line, named `option_gone`; a group that must
 *   be chosen and has nothing chosen any more (or is new) takes its defaults, and if it has none that can be
 *   had, the line is left out, named `choose_options`;
 * - the line's price of one now differs from what was paid: kept, named `price_changed` with both prices.
 * Lines of the same product and options are one cart line (their quantities added, at most 99).
 */
import type { OrderItem, ReorderChange, ReorderData } from './orders';
import type { Product } from './shop';

type ReorderLine = ReorderData['lines'][number];

const MAX_QTY = 99;

export function reorderOf(items: readonly OrderItem[], products: ReadonlyMap<number, Product>): ReorderData {
  const lines = new Map<string, ReorderLine>();
  const changes: ReorderChange[] = [];
  for (const item of items) {
    const p = products.get(item.product_id);
    if (!p) {
      changes.push({ kind: 'gone', name: item.name });
      continue;
    }
    if (item.price === 0 && p.price > 0) {
      changes.push({ kind: 'reward', name: item.name });
      continue;
    }
    if (!p.available) {
      changes.push({ kind: 'sold_out', name: p.name });
      continue;
    }
    const groups = p.option_groups ?? [];
    const chosen: number[] = [];
    for (const o of item.options ?? []) {
      const found = groups.find((g) => g.name === o.group)?.options.find((c) => c.name === o.name);
      if (found?.available) chosen.push(found.id);
      else changes.push({ kind: 'option_gone', name: p.name, option: `${o.group}: ${o.name}` });
    }
    let missing: string | undefined;
    for (const g of groups) {
      const count = g.options.filter((o) => chosen.includes(o.id)).length;
      if (count >= g.min_choices) continue;
      const defaults = g.options.filter((o) => o.is_default && o.available && !chosen.includes(o.id));
      chosen.push(...defaults.slice(0, g.min_choices - count).map((o) => o.id));
      if (count + defaults.length < g.min_choices) missing ??= g.name;
    }
    if (missing !== undefined) {
      changes.push({ kind: 'choose_options', name: p.name, group: missing });
      continue;
    }
    const now = groups.flatMap((g) => g.options).reduce((sum, o) => (chosen.includes(o.id) ? sum + o.price_delta : sum), p.price);
    if (now !== item.price) changes.push({ kind: 'price_changed', name: p.name, was: item.price, now });
    const options = [...chosen].sort((a, b) => a - b);
    const key = `${p.id}:${options.join(',')}`;
    const same = lines.get(key);
    if (same) same.qty = Math.min(MAX_QTY, same.qty + item.qty);
    else lines.set(key, { product_id: p.id, qty: Math.min(MAX_QTY, item.qty), ...(options.length ? { options } : {}) });
  }
  return { lines: [...lines.values()], changes };
}
