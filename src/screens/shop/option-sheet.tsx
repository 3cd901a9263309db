import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useRef, useState, type FormEvent } from 'react';
import type { OptionGroup, Product } from '#contract';
import { formatMoney } from '#contract/money';
import { Button, cx } from '../../ui';
import type { CartLine } from './cart-lines';
import { Stepper } from './stepper';
import { defaultsOf, groupsOf, isFull, isOneOf, missingGroup, missingText, ruleText, toggle, unitPrice } from './option-rules';

export interface OptionChoicesProps {
  product: Product;
  /** Adds the line: the product, its chosen options and how many. */
  onAdd: (line: CartLine) => void;
  maxQty?: number;
  currency: string;
  locale: string;
}

/** One group: its name and rule, a radio or a box per option with its price, and why no more can be ticked. */
function Group({ group, chosen, onPick, price }: { group: OptionGroup; chosen: number[]; onPick: (id: number) => void; price: (n: number) => string }) {
  const { t } = useLingui();
  const fullId = useId();
  const full = isFull(group, chosen);
  const groupName = group.name;
  return (
    <fieldset className="m-0 flex min-w-0 flex-col gap-2 border-0 p-0">
      <legend className="mb-2 flex w-full items-baseline justify-between gap-2">
        <span className="font-semibold">{group.name}</span>
        <span className="text-sm text-muted">{ruleText(group)}</span>
      </legend>
      {group.options.map((o) => {
        const on = chosen.includes(o.id);
        const off = !o.available || (full && !on);
        return (
          <label
            key={o.id}
            className={cx(
              'flex min-h-12 items-center gap-3 rounded-xl border px-3 has-[input:focus-visible]:outline-3 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-focus',
              on ? 'border-brand-ink ring-1 ring-brand-ink' : 'border-border',
              off ? 'cursor-not-allowed text-muted' : 'cursor-pointer hover:bg-surface',
            )}
          >
            <input
              type={isOneOf(group) ? 'radio' : 'checkbox'}
              name={`group-${group.id}`}
              checked={on}
              disabled={off}
              onChange={() => onPick(o.id)}
              aria-describedby={off && o.available ? fullId : undefined}
              className="size-5 shrink-0 accent-brand outline-none"
            />
            <span className="flex-1">{o.name}</span>
            <span className="text-sm tabular-nums">{o.available ? (o.price_delta ? `+${price(o.price_delta)}` : '') : t`Sold out`}</span>
          </label>
        );
      })}
      {full && (
        <p id={fullId} role="status" className="text-sm text-muted">
          <Trans>That is the most for {groupName}. Untick one to choose another.</Trans>
        </p>
      )}
    </fieldset>
  );
}

/** The option sheet's form (loaded on first use): the groups, how many, and "Add to order · ₱185.00". */
export default function OptionChoices({ product, onAdd, maxQty = 99, currency, locale }: OptionChoicesProps) {
  // at first: the product's defaults that are not sold out
  const [chosen, setChosen] = useState(() => defaultsOf(product));
  const [qty, setQty] = useState(1);
  const [error, setError] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const price = (n: number) => formatMoney(n, currency, locale);
  const total = price(unitPrice(product, chosen) * qty);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const missing = missingGroup(product, chosen);
    if (!missing) return onAdd({ product_id: product.id, qty, options: chosen });
    setError(missingText(missing));
    // to the group that needs a choice
    form.current?.querySelector<HTMLInputElement>(`[name="group-${missing.id}"]:not(:disabled)`)?.focus();
  };
  return (
    <form ref={form} onSubmit={submit} noValidate className="flex flex-col gap-5">
      {groupsOf(product).map((g) => (
        <Group
          key={g.id}
          group={g}
          chosen={chosen}
          price={price}
          onPick={(id) => {
            setChosen((c) => toggle(product, c, id));
            setError(null);
          }}
        />
      ))}
      <div className="flex items-center justify-between gap-3">
        <span className="font-semibold">
          <Trans>How many</Trans>
        </span>
        <Stepper name={product.name} qty={qty} onChange={setQty} max={maxQty} min={1} />
      </div>
      {/* the price and Add stay in view at the foot of a long sheet */}
      <div className="sticky -bottom-5 -mx-5 -mb-5 flex flex-col gap-2 border-t border-border bg-surface-raised px-5 pt-3 pb-5">
        {error && (
          <p role="alert" className="font-medium text-danger">
            {error}
          </p>
        )}
        <Button type="submit" size="lg" fullWidth>
          <Trans>Add to order · {total}</Trans>
        </Button>
      </div>
    </form>
  );
}
