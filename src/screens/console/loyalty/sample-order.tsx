import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { QuoteData } from '#contract';
import { formatMoney } from '#contract/money';
import { Button, Card, Notice, TextField } from '../../../ui';
import { SelectField } from '../shared/editor-fields';
import type { RuleMenu } from './loyalty-words';

/** A line of the sample order. */
export interface SampleLine {
  product_id: number;
  qty: number;
}

/** What the sample order's pricing answered: the quote, or why it could not be priced (a code that does not apply). */
export type SamplePrice = { quote: QuoteData } | { error: string };

export interface SampleOrderProps {
  /** the menu, to choose the order's products; undefined while it loads */
  menu: RuleMenu | undefined;
  /** the offers with a code that are not archived, to try one */
  codes: ReadonlyArray<{ code: string; title: string }>;
  /** the order priced as checkout prices it (merchant/pricing/try); `code` null: the automatic offers */
  onPrice: (lines: SampleLine[], code: string | null) => Promise<SamplePrice>;
  locale: string;
  currency: string;
}

/** The offer choice: the automatic offers, one of the codes, or a code typed (a single-use code). */
const AUTOMATIC = '';
const TYPED = '*typed';

/** The sample order as priced: subtotal, offer, total, and the points earned in their named parts. */
function SampleQuote({ quote, money, locale }: { quote: QuoteData; money: (n: number) => string; locale: string }) {
  const { t } = useLingui();
  const offerTitle = quote.offer?.title;
  return (
    <dl aria-label={t`The sample order priced`} className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
      <dt>{t`Subtotal`}</dt>
      <dd className="text-right">{money(quote.subtotal)}</dd>
      <dt>{offerTitle !== undefined ? t`Offer: ${offerTitle}` : t`Offer`}</dt>
      <dd className="text-right">{quote.offer ? `−${money(quote.offer.discount)}` : t`None applies`}</dd>
      <dt className="font-semibold">{t`Total`}</dt>
      <dd className="text-right font-semibold">{money(quote.total)}</dd>
      <dt className="font-semibold">{t`Points earned`}</dt>
      <dd className="text-right font-semibold">{quote.points_to_earn.toLocaleString(locale)}</dd>
      {quote.points_breakdown.map((p, i) => (
        <div key={i} className="col-span-2 grid grid-cols-subgrid text-sm text-muted">
          <dt>{p.label}</dt>
          <dd className="text-right">{`+${p.points.toLocaleString(locale)}`}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * "Try a sample order" on the loyalty page: a basket of the menu's products and an offer (its code, or
 * the automatic offers), priced by the provider as checkout prices it for a customer's first order: the
 * subtotal, what the offer takes off, the total, and the points then earned, in their named parts.
 */
export function SampleOrder({ menu, codes, onPrice, locale, currency }: SampleOrderProps) {
  const products = (menu?.categories ?? []).flatMap((c) => c.products);
  const [lines, setLines] = useState<SampleLine[]>([]);
  const [product, setProduct] = useState('');
  const [qty, setQty] = useState('1');
  const [offer, setOffer] = useState(AUTOMATIC);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<SamplePrice | null>(null);
  const { t } = useLingui();
  const money = (n: number) => formatMoney(n, currency, locale);
  const name = (id: number) => products.find((p) => p.id === id)?.name ?? t`Product ${id}`;
  const count = Number(qty);
  const qtyProblem = /^\d+$/.test(qty.trim()) && count >= 1 && count <= 99 ? undefined : t`The quantity must be a whole number from 1 to 99.`;

  const add = () => {
    if (product === '' || qtyProblem) return;
    const id = Number(product);
    setLines((ls) =>
      ls.some((l) => l.product_id === id)
        ? ls.map((l) => (l.product_id === id ? { ...l, qty: Math.min(99, l.qty + count) } : l))
        : [...ls, { product_id: id, qty: count }],
    );
    setAnswer(null);
  };
  const price = async () => {
    setBusy(true);
    const code = offer === AUTOMATIC ? null : offer === TYPED ? typed.trim() || null : offer;
    setAnswer(await onPrice(lines, code));
    setBusy(false);
  };
  const quote = answer && 'quote' in answer ? answer.quote : null;
  const removeLabel = (product: string) => t`Remove ${product}`;

  return (
    <Card as="section" title={t`Try a sample order`} headingLevel={2} className="flex flex-col gap-3">
      <p className="text-muted">{t`Priced as checkout prices it, for a customer’s first order: the earning rules running now, and an offer.`}</p>
      <div className="flex flex-wrap items-start gap-3">
        <SelectField label={t`Product`} value={product} onChange={(e) => setProduct(e.target.value)} disabled={!menu}>
          <option value="">{menu ? t`Choose a product` : t`Loading the menu…`}</option>
          {products.map((p) => (
            <option key={p.id} value={p.id}>
              {`${p.name} (${money(p.price)})`}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t`Quantity`}
          inputMode="numeric"
          value={qty}
          onChange={(e) => setQty(e.target.value)}
          error={qty.trim() === '' ? undefined : qtyProblem}
        />
        <Button variant="secondary" className="mt-6" onClick={add} disabled={product === '' || qtyProblem !== undefined}>
          {t`Add to the order`}
        </Button>
      </div>
      {lines.length > 0 ? (
        <ul aria-label={t`The sample order`} className="flex flex-col gap-1">
          {lines.map((l) => (
            <li key={l.product_id} className="flex items-center justify-between gap-2">
              <span>{`${l.qty} × ${name(l.product_id)}`}</span>
              <Button
                variant="ghost"
                size="sm"
                aria-label={removeLabel(name(l.product_id))}
                onClick={() => {
                  setLines((ls) => ls.filter((x) => x.product_id !== l.product_id));
                  setAnswer(null);
                }}
              >
                {t`Remove`}
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">{t`Add a product or two to price the order.`}</p>
      )}
      <div className="flex flex-wrap items-start gap-3">
        <SelectField label={t`Offer`} value={offer} onChange={(e) => setOffer(e.target.value)}>
          <option value={AUTOMATIC}>{t`The offers that apply by themselves`}</option>
          {codes.map((c) => (
            <option key={c.code} value={c.code}>
              {`${c.code}: ${c.title}`}
            </option>
          ))}
          <option value={TYPED}>{t`Another code (a single-use code)`}</option>
        </SelectField>
        {offer === TYPED && (
          <TextField label={t`Code`} autoComplete="off" spellCheck={false} value={typed} onChange={(e) => setTyped(e.target.value.toUpperCase())} />
        )}
      </div>
      <Button className="self-start" onClick={() => void price()} loading={busy} disabled={lines.length === 0}>
        {t`Price it`}
      </Button>
      <div aria-live="polite" className="flex flex-col gap-2">
        {answer && 'error' in answer && <Notice tone="danger">{answer.error}</Notice>}
        {quote && <SampleQuote quote={quote} money={money} locale={locale} />}
      </div>
    </Card>
  );
}
