import type { ReactNode } from 'react';
import type { Receipt } from '#contract/receipts';
import { optionWords, paymentWords, receiptTotals } from '#contract/receipt-rules';
import { formatMoney } from '#contract/money';
import { AppShell, Button, EmptyState, ErrorState, ReceiptIcon, Skeleton, SkeletonGroup, TopBar, cardClass, cx } from '../../ui';
import { formatDateTime } from '../../ui/lib/dates';

export interface ReceiptScreenProps {
  /** The receipt behind the link; absent while loading or when it could not be read. */
  receipt?: Receipt;
  loading?: boolean;
  /** The link is not a receipt's (mistyped, cut short, or not ours). */
  notFound?: boolean;
  /** Why it could not be read otherwise (offline, too many tries). */
  error?: string | null;
  onRetry?: () => void;
  /** Opens the browser's print dialog. */
  onPrint?: () => void;
  /** Signed in: back to the app; signed out: none. */
  onBack?: () => void;
  nav?: ReactNode;
}

const money = (r: Receipt) => (n: number) => formatMoney(n, r.currency, r.locale);

/** The receipt itself: the shop, the order, its lines and totals; black on white when printed. */
function ReceiptBody({ receipt, onPrint }: { receipt: Receipt; onPrint?: () => void }) {
  const { shop, order } = receipt;
  const m = money(receipt);
  const when = formatDateTime(order.completed_at ?? order.placed_at, receipt.locale, receipt.timezone);
  return (
    <article
      aria-labelledby="receipt-title"
      className={cx(cardClass(), 'flex flex-col gap-4 print:border-0 print:bg-white print:p-0 print:text-black print:shadow-none')}
    >
      <header className="flex items-center gap-3 border-b-4 pb-3" style={{ borderColor: shop.brand_color }}>
        {shop.logo && <img src={shop.logo} alt="" width={48} height={48} className="h-12 w-12 rounded-lg object-contain" />}
        <div>
          <h2 id="receipt-title" className="text-lg font-bold">
            {shop.name}
          </h2>
          <p className="text-sm text-muted print:text-black">
            Receipt for order {order.name} · {when}
          </p>
          <p className="text-sm text-muted print:text-black">
            {order.fulfilment === 'delivery'
              ? 'Delivery'
              : order.fulfilment === 'dine_in'
                ? `Dine in${order.table_label ? ` · Table ${order.table_label}` : ''}${order.location ? ` at ${order.location}` : ''}`
                : `Pickup${order.location ? ` at ${order.location}` : ''}`}
          </p>
        </div>
      </header>
      <ul aria-label="Items" className="flex flex-col gap-2">
        {order.lines.map((line, i) => (
          <li key={i} className="flex justify-between gap-3">
            <div>
              <p>
                {line.qty} × {line.name}
              </p>
              {line.options.map((o, j) => (
                <p key={j} className="text-sm text-muted print:text-black">
                  {optionWords(o, m)}
                </p>
              ))}
            </div>
            <span className="whitespace-nowrap tabular-nums">{m(line.total)}</span>
          </li>
        ))}
      </ul>
      <dl className="flex flex-col gap-1 border-t border-border pt-3 print:border-black">
        {receiptTotals(order).map((t) => (
          <div key={t.label} className={cx('flex justify-between gap-3', t.total && 'text-lg font-bold')}>
            <dt>{t.label}</dt>
            <dd className="whitespace-nowrap tabular-nums">{t.amount < 0 ? `−${m(-t.amount)}` : m(t.amount)}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm">Paid with: {paymentWords(order.payment_method)}</p>
      {shop.tax_number && <p className="text-sm">Tax number: {shop.tax_number}</p>}
      {order.points_earned > 0 && (
        <p className="text-sm">
          {order.points_earned} {order.points_earned === 1 ? 'point' : 'points'} earned
        </p>
      )}
      {onPrint && (
        <div className="print:hidden">
          <Button variant="secondary" icon={<ReceiptIcon size={18} />} onClick={onPrint}>
            Print receipt
          </Button>
        </div>
      )}
    </article>
  );
}

/** /receipt/:token: an order's receipt from its signed link, signed in or not; prints cleanly. */
export function ReceiptScreen({ receipt, loading = false, notFound = false, error, onRetry, onPrint, onBack, nav }: ReceiptScreenProps) {
  let body: ReactNode;
  if (notFound && !receipt) {
    body = (
      <EmptyState
        icon={<ReceiptIcon size={40} />}
        title="We couldn't find this receipt"
        description="The link may be mistyped or cut short. Open it again from your e-mail or text message."
      />
    );
  } else if (error && !receipt) {
    body = <ErrorState title="We couldn't open this receipt" message={error} onRetry={onRetry} />;
  } else if (loading || !receipt) {
    body = (
      <SkeletonGroup label="Opening your receipt" className="flex flex-col gap-3">
        <Skeleton height="4rem" />
        <Skeleton height="10rem" />
        <Skeleton height="5rem" />
      </SkeletonGroup>
    );
  } else {
    body = <ReceiptBody receipt={receipt} {...(onPrint ? { onPrint } : {})} />;
  }
  return (
    <AppShell
      className="print:bg-white print:text-black"
      header={
        <div className="print:hidden">
          <TopBar title="Receipt" onBack={onBack} />
        </div>
      }
      nav={nav ? <div className="print:hidden">{nav}</div> : undefined}
    >
      {body}
    </AppShell>
  );
}
