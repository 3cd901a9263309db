import { useState, type ReactNode } from 'react';
import { moneyProblem, parseMoney } from '#contract/money';
import { tipPresetAmounts, type TipSettings } from '#contract/tips-rules';
import { TextField, cx } from '../../ui';

/** What the customer chose: a preset (by its place), an amount of their own, or none (null). */
export type TipChoice = { preset: number } | { custom: number } | null;
/** The shop's tips as the app reads them (settings `tips`). */
export type TipOffer = Omit<TipSettings, 'enabled'>;

/** The tip a choice makes on items that come to `base` after discounts (tips-rules.ts: the provider's own rule). */
export function tipOf(offer: TipOffer | undefined, base: number | null, choice: TipChoice): number {
  if (!offer || choice === null) return 0;
  if ('custom' in choice) return choice.custom;
  return base === null ? 0 : (tipPresetAmounts({ ...offer, enabled: true }, base)[choice.preset] ?? 0);
}

const chip = cx(
  'flex min-h-11 cursor-pointer items-center gap-2 rounded-full border bg-surface-raised px-4 py-2 text-sm font-semibold text-ink',
  'has-[input:focus-visible]:outline-3 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-focus',
  'has-[input:checked]:border-brand-ink has-[input:checked]:ring-1 has-[input:checked]:ring-brand-ink',
);

function Chip({ value, checked, onPick, children }: { value: string; checked: boolean; onPick: () => void; children: ReactNode }) {
  return (
    <label className={cx(chip, !checked && 'border-border hover:bg-surface')}>
      <input type="radio" name="tip" value={value} checked={checked} onChange={onPick} className="size-4 accent-brand outline-none" />
      {children}
    </label>
  );
}

/**
 * The tip at checkout (issue 51): none, the shop's presets (a percentage shows its amount on these items)
 * or an amount of the customer's own when the shop allows it, as radio buttons (arrow keys move between
 * them). An amount that cannot be read, or is over the most, is said under its field and not sent.
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
  /** the provider's refusal of the tip */
  error?: string | null;
  /** the amount of one's own as first typed (stories) */
  initialText?: string;
}) {
  const { offer, choice } = p;
  const [own, setOwn] = useState(p.initialText !== undefined);
  const [text, setText] = useState(p.initialText ?? '');
  const amounts = p.base === null ? null : tipPresetAmounts({ ...offer, enabled: true }, p.base);
  const parsed = parseMoney(text, p.currency, p.locale);
  const problem =
    text.trim() === ''
      ? null
      : parsed === null
        ? moneyProblem(text, p.currency, p.locale, 5_000)
        : parsed > offer.max
          ? 'is more than we can take as a tip'
          : null;
  const typed = (value: string) => {
    setText(value);
    const n = parseMoney(value, p.currency, p.locale);
    p.onChoose(n !== null && n > 0 && n <= offer.max ? { custom: n } : null);
  };
  const pick = (next: TipChoice, typing = false) => {
    setOwn(typing);
    p.onChoose(next);
  };
  return (
    <fieldset className="m-0 flex min-w-0 flex-col gap-3 border-0 p-0">
      <legend className="sr-only">Choose a tip</legend>
      <div className="flex flex-wrap gap-2">
        <Chip value="none" checked={!own && choice === null} onPick={() => pick(null)}>
          No tip
        </Chip>
        {offer.presets.map((v, i) => (
          <Chip key={v} value={String(i)} checked={!own && choice !== null && 'preset' in choice && choice.preset === i} onPick={() => pick({ preset: i })}>
            {offer.kind === 'percent' ? `${v}%` : p.money(v)}
            {offer.kind === 'percent' && amounts && <span className="font-normal text-muted">{p.money(amounts[i]!)}</span>}
          </Chip>
        ))}
        {offer.custom && (
          <Chip value="custom" checked={own} onPick={() => pick(parsed !== null && parsed > 0 && parsed <= offer.max ? { custom: parsed } : null, true)}>
            Other amount
          </Chip>
        )}
      </div>
      {own && (
        <TextField
          label="Tip amount"
          inputMode="decimal"
          autoComplete="off"
          value={text}
          onChange={(e) => typed(e.target.value)}
          hint={<>Up to {p.money(offer.max)}. A tip earns no points.</>}
          error={problem ? `Tip amount ${problem}.` : (p.error ?? undefined)}
        />
      )}
      {!own && p.error && <p className="text-sm text-danger">{p.error}</p>}
    </fieldset>
  );
}
