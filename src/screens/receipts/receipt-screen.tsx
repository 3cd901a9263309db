import type { ReactNode } from 'react';
import type { PurchaseReceipt, Receipt } from '#contract/receipts';
import { optionWords, paymentWords, purchaseWords, receiptTotals } from '#contract/receipt-rules';
import { formatMoney } from '#contract/money';
import { AppShell, Button, EmptyState, ErrorState, ReceiptIcon, Skeleton, SkeletonGroup, TopBar, cardClass, cx } from '../../ui';
import { formatDateTime } from '../../ui/lib/dates';
import { fulfilmentWords } from '../orders/format';

export interface ReceiptScreenProps {
  /** An order's receipt behind the link; absent while loading or when it could not be read. */
  receipt?: Receipt;
  /** Or a wallet top-up's or a gift card's receipt. */
  purchase?: PurchaseReceipt;
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
  /** a guest's order: join and claim its points (orders/guest-claim-card.tsx) */
  claimCard?: ReactNode;
}

const money = (r: { currency: string; locale: string }) => (n: number) => formatMoney(n, r.currency, r.locale);

/** Any receipt's card: the shop in its brand, what it is and when, then its own rows, how it was paid, the shop's tax number and Print. */
function ReceiptCard({
  shop,
  heading,
  children,
  paidWith,
  after,
  onPrint,
}: {
  shop: Receipt['shop'];
  heading: ReactNode;
  children: ReactNode;
  paidWith: 'wallet' | 'gateway' | 'counter';
  /** what it says after how it was paid and the tax number (an order's points) */
  after?: ReactNode;
  onPrint?: () => void;
}) {
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
          {heading}
        </div>
      </header>
      {children}
      <p className="text-sm">Paid with: {paymentWords(paidWith)}</p>
      {shop.tax_number && <p className="text-sm">Tax number: {shop.tax_number}</p>}
      {after}
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

const muted = 'text-sm text-muted print:text-black';

/** An order's receipt: its lines, totals and points; black on white when printed. */
function ReceiptBody({ receipt, onPrint }: { receipt: Receipt; onPrint?: () => void }) {
  const { shop, order } = receipt;
  const m = money(receipt);
  const when = formatDateTime(order.completed_at ?? order.placed_at, receipt.locale, receipt.timezone);
  const heading = (
    <>
      <p className={muted}>
        Receipt for order {order.name} · {when}
      </p>
      <p className={muted}>{fulfilmentWords(order, order.location)}</p>
    </>
  );
  const points = order.points_earned > 0 && (
    <p className="text-sm">
      {order.points_earned} {order.points_earned === 1 ? 'point' : 'points'} earned
    </p>
  );
  return (
    <ReceiptCard shop={shop} heading={heading} paidWith={order.payment_method} after={points} {...(onPrint ? { onPrint } : {})}>
      <ul aria-label="Items" className="flex flex-col gap-2">
        {order.lines.map((line, i) => (
          <li key={i} className="flex justify-between gap-3">
            <div>
              <p>
                {line.qty} × {line.name}
              </p>
              {line.options.map((o, j) => (
                <p key={j} className={muted}>
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
    </ReceiptCard>
  );
}

/** A wallet top-up's or a gift card's receipt: what, how much, and the new balance or the card's masked number. */
function PurchaseBody({ receipt, onPrint }: { receipt: PurchaseReceipt; onPrint?: () => void }) {
  const { shop, purchase } = receipt;
  const m = money(receipt);
  const when = formatDateTime(purchase.paid_at, receipt.locale, receipt.timezone);
  const heading = (
    <p className={muted}>
      Receipt {purchase.reference} · {when}
    </p>
  );
  return (
    <ReceiptCard shop={shop} heading={heading} paidWith={purchase.payment_method} {...(onPrint ? { onPrint } : {})}>
      <dl className="flex flex-col gap-1">
        <div className="flex justify-between gap-3">
          <dt>{purchaseWords(purchase)}</dt>
          <dd className="whitespace-nowrap tabular-nums">{m(purchase.amount)}</dd>
        </div>
        <div className="flex justify-between gap-3 border-t border-border pt-3 text-lg font-bold print:border-black">
          <dt>Total</dt>
          <dd className="whitespace-nowrap tabular-nums">{m(purchase.amount)}</dd>
        </div>
      </dl>
      {purchase.balance !== null && <p className="text-sm">Wallet balance after this top-up: {m(purchase.balance)}</p>}
    </ReceiptCard>
  );
}

/** /receipt/:token: an order's, a top-up's or a gift card's receipt from its signed link, signed in or not; prints cleanly. */
export function ReceiptScreen({ receipt, purchase, loading = false, notFound = false, error, onRetry, onPrint, onBack, nav, claimCard }: ReceiptScreenProps) {
  let body: ReactNode;
  const shown = receipt ?? purchase;
  if (notFound && !shown) {
    body = (
      <EmptyState
        icon={<ReceiptIcon size={40} />}
        title="We couldn't find this receipt"
        description="The link may be mistyped or cut short. Open it again from your e-mail or text message."
      />
    );
  } else if (error && !shown) {
    body = <ErrorState title="We couldn't open this receipt" message={error} onRetry={onRetry} />;
  } else if (purchase && !loading) {
    body = <PurchaseBody receipt={purchase} {...(onPrint ? { onPrint } : {})} />;
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
      {claimCard && <div className="mx-auto mb-4 w-full max-w-xl print:hidden">{claimCard}</div>}
      {body}
    </AppShell>
  );
}
