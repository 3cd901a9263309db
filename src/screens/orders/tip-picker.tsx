import { useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatMoney, moneyDigits } from '#contract/money';
import { tipPresetAmounts, type TipSettings } from '#contract/tips-rules';
import { TextField } from '../../ui';
import { ChoiceCard } from './choice-card';

/** What the customer chose: a preset (by its place), an amount of their own, or none (null). */
export type TipChoice = { preset: number } | { custom: number } | null;
/** The shop's tips as the app reads them (settings `tips`). */
export type TipOffer = Omit<TipSettings, 'enabled'>;

/** The presets' amounts on items that come to `base` after discounts (tips-rules.ts: the provider's own rule). */
const amountsOf = (offer: TipOffer, base: number) => tipPresetAmounts({ ...offer, enabled: true }, base);

/** The tip a choice makes on items that come to `base` after discounts (null: not priced yet). */
export function tipOf(offer: TipOffer | undefined, base: number | null, choice: TipChoice): number {
  if (!offer || !choice) return 0;
  return 'custom' in choice ? choice.custom : base === null ? 0 : (amountsOf(offer, base)[choice.preset] ?? 0);
}

/**
 * The tip at checkout (issue 51): none, the shop's presets (a percentage shows its amount on these items)
 * or an amount of the customer's own when the shop allows it, as radio buttons (arrow keys move between
 * them). An amount that cannot be read, or is over the most, is said under its field and not sent; the
 * provider's refusal of a tip is the total's error.
 */
export function TipPicker(p: {
  offer: TipOffer;
  /** the items' subtotal after discounts (null: not priced yet) */
  base: number | null;
  choice: TipChoice;
  onChoose: (choice: TipChoice) => void;
  money: (amount: number) => ReactNode;
  currency: string;
  locale: string;
}) {
  const { offer, choice } = p;
  const { t } = useLingui();
  const [text, setText] = useState<string | null>(null);
  const digits = moneyDigits(p.currency, p.locale);
  // an amount as typed ("50", "50.5") in minor units; 0 when it is none
  const read = (typed: string) => (/^\d{1,9}(\.\d*)?$/.test(typed.trim()) ? Math.round(Number(typed) * 10 ** digits) : 0);
  const allowed = (n: number): TipChoice => (n > 0 && n <= offer.max ? { custom: n } : null);
  const most = formatMoney(offer.max, p.currency, p.locale);
  const amounts = p.base === null ? null : amountsOf(offer, p.base);
  const pick = (next: TipChoice, own: string | null = null) => {
    setText(own);
    p.onChoose(next);
  };
  // each choice: its value, its title and what it comes to, whether it is the one chosen, and choosing it
  const items: Array<[string, ReactNode, ReactNode, boolean, () => void]> = [
    ['none', t`No tip`, null, text === null && !choice, () => pick(null)],
    ...offer.presets.map((v, i): [string, ReactNode, ReactNode, boolean, () => void] => [
      String(i),
      offer.kind === 'percent' ? `${v}%` : p.money(v),
      offer.kind === 'percent' && amounts && p.money(amounts[i]!),
      text === null && !!choice && 'preset' in choice && choice.preset === i,
      () => pick({ preset: i }),
    ]),
  ];
  if (offer.custom) items.push(['custom', t`Other amount`, null, text !== null, () => pick(allowed(read(text ?? '')), text ?? '')]);
  return (
    <fieldset className="m-0 flex min-w-0 flex-col gap-3 border-0 p-0">
      <legend className="sr-only">
        <Trans>Choose a tip</Trans>
      </legend>
      <div className="grid grid-cols-2 gap-2">
        {items.map(([value, title, amount, checked, onPick]) => (
          <ChoiceCard key={value} name="tip" value={value} checked={checked} onChange={onPick} title={title}>
            {amount}
          </ChoiceCard>
        ))}
      </div>
      {text !== null && (
        <TextField
          label={t`Tip amount`}
          inputMode="decimal"
          value={text}
          onChange={(e) => pick(allowed(read(e.target.value)), e.target.value)}
          hint={t`A tip earns no points.`}
          error={text.trim() && !allowed(read(text)) ? t`Enter an amount up to ${most}.` : undefined}
        />
      )}
    </fieldset>
  );
}
