/** "Order again"'s changes in words (issue 51), in the language spoken: the checkout's notice calls useLingui. */
import { t } from '@lingui/core/macro';
import type { ReorderChange } from '#contract';

/** A change in words, for the checkout: "Iced Latte is sold out right now, so it was left out." */
export function reorderChangeText(c: ReorderChange, money: (minor: number) => string): string {
  const name = c.name;
  switch (c.kind) {
    case 'gone':
      return t`${name} is no longer on the menu, so it was left out.`;
    case 'sold_out':
      return t`${name} is sold out right now, so it was left out.`;
    case 'reward':
      return t`${name} was free with a reward last time, so it was left out.`;
    case 'option_gone': {
      const option = c.option;
      return option ? t`${option} is no longer offered for ${name}, so it was left out.` : t`An option is no longer offered for ${name}, so it was left out.`;
    }
    case 'choose_options': {
      const group = c.group;
      return group
        ? t`${name} needs a choice of ${group} now, so it was left out. Add it from the menu.`
        : t`${name} needs a choice of options now, so it was left out. Add it from the menu.`;
    }
    case 'price_changed': {
      const now = money(c.now ?? 0);
      const was = money(c.was ?? 0);
      return t`${name} now costs ${now} (was ${was}).`;
    }
  }
}
