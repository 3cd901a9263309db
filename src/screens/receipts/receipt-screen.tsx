import type { ReactNode } from 'react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PurchaseReceipt, Receipt } from '#contract/receipts';
import { optionWords, paymentWords, receiptTotals, type ReceiptTotalWords } from '#contract/receipt-rules';
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

/** The totals' words in the language spoken, for the contract's receiptTotals. */
function useTotalWords(): ReceiptTotalWords {
  const { t } = useLingui();
  return {
    subtotal: t`Subtotal`,
    discount: (label) => (label ? t`Discount (${label})` : t`Discount`),
    deliveryFee: t`Delivery fee`,
    tip: t`Tip`,
    total: t`Total`,
    tax: (tax, rate, included) => (included ? t`Includes ${tax} ${rate}` : `${tax} ${rate}`),
  };
}

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
  const { t } = useLingui();
  const method = paymentWords(paidWith, { wallet: t`Wallet`, gateway: t`Card (online payment)`, counter: t`At the counter` });
  const taxNumber = shop.tax_number;
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
      <p className="text-sm">
        <Trans>Paid with: {method}</Trans>
      </p>
      {taxNumber && (
        <p className="text-sm">
          <Trans>Tax number: {taxNumber}</Trans>
        </p>
      )}
      {after}
      {onPrint && (
        <div className="print:hidden">
          <Button variant="secondary" icon={<ReceiptIcon size={18} />} onClick={onPrint}>
            <Trans>Print receipt</Trans>
          </Button>
        </div>
      )}
    </article>
  );
}

const muted = 'text-sm text-muted print:text-black';

/** An order's receipt: its lines, totals and points; black on white when printed. */
function ReceiptBody({ receipt, onPrint }: { receipt: Receipt; onPrint?: () => void }) {
  const { t } = useLingui();
  const totalWords = useTotalWords();
  const { shop, order } = receipt;
  const name = order.name;
  const earned = order.points_earned;
  const count = String(earned);
  const m = money(receipt);
  const when = formatDateTime(order.completed_at ?? order.placed_at, receipt.locale, receipt.timezone);
  const heading = (
    <>
      <p className={muted}>
        <Trans>
          Receipt for order {name} · {when}
        </Trans>
      </p>
      <p className={muted}>{fulfilmentWords(order, order.location)}</p>
    </>
  );
  const points = earned > 0 && <p className="text-sm">{plural(earned, { one: `${count} point earned`, other: `${count} points earned` })}</p>;
  return (
    <ReceiptCard shop={shop} heading={heading} paidWith={order.payment_method} after={points} {...(onPrint ? { onPrint } : {})}>
      <ul aria-label={t`Items`} className="flex flex-col gap-2">
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
        {receiptTotals(order, totalWords).map((row) => (
          <div key={row.label} className={cx('flex justify-between gap-3', row.total && 'text-lg font-bold')}>
            <dt>{row.label}</dt>
            <dd className="whitespace-nowrap tabular-nums">{row.amount < 0 ? `−${m(-row.amount)}` : m(row.amount)}</dd>
          </div>
        ))}
      </dl>
    </ReceiptCard>
  );
}

/** A wallet top-up's or a gift card's receipt: what, how much, and the new balance or the card's masked number. */
function PurchaseBody({ receipt, onPrint }: { receipt: PurchaseReceipt; onPrint?: () => void }) {
  const { t } = useLingui();
  const { shop, purchase } = receipt;
  const reference = purchase.reference;
  const last4 = purchase.card_last4 ?? '';
  const what = purchase.kind === 'topup' ? t`Wallet top-up` : t`Gift card …${last4}`;
  const balance = purchase.balance === null ? null : money(receipt)(purchase.balance);
  const m = money(receipt);
  const when = formatDateTime(purchase.paid_at, receipt.locale, receipt.timezone);
  const heading = (
    <p className={muted}>
      <Trans>
        Receipt {reference} · {when}
      </Trans>
    </p>
  );
  return (
    <ReceiptCard shop={shop} heading={heading} paidWith={purchase.payment_method} {...(onPrint ? { onPrint } : {})}>
      <dl className="flex flex-col gap-1">
        <div className="flex justify-between gap-3">
          <dt>{what}</dt>
          <dd className="whitespace-nowrap tabular-nums">{m(purchase.amount)}</dd>
        </div>
        <div className="flex justify-between gap-3 border-t border-border pt-3 text-lg font-bold print:border-black">
          <dt>
            <Trans>Total</Trans>
          </dt>
          <dd className="whitespace-nowrap tabular-nums">{m(purchase.amount)}</dd>
        </div>
      </dl>
      {balance !== null && (
        <p className="text-sm">
          <Trans>Wallet balance after this top-up: {balance}</Trans>
        </p>
      )}
    </ReceiptCard>
  );
}

/** /receipt/:token: an order's, a top-up's or a gift card's receipt from its signed link, signed in or not; prints cleanly. */
export function ReceiptScreen({ receipt, purchase, loading = false, notFound = false, error, onRetry, onPrint, onBack, nav, claimCard }: ReceiptScreenProps) {
  const { t } = useLingui();
  let body: ReactNode;
  const shown = receipt ?? purchase;
  if (notFound && !shown) {
    body = (
      <EmptyState
        icon={<ReceiptIcon size={40} />}
        title={t`We couldn't find this receipt`}
        description={t`The link may be mistyped or cut short. Open it again from your e-mail or text message.`}
      />
    );
  } else if (error && !shown) {
    body = <ErrorState title={t`We couldn't open this receipt`} message={error} onRetry={onRetry} />;
  } else if (purchase && !loading) {
    body = <PurchaseBody receipt={purchase} {...(onPrint ? { onPrint } : {})} />;
  } else if (loading || !receipt) {
    body = (
      <SkeletonGroup label={t`Opening your receipt`} className="flex flex-col gap-3">
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
          <TopBar title={t`Receipt`} onBack={onBack} />
        </div>
      }
      nav={nav ? <div className="print:hidden">{nav}</div> : undefined}
    >
      {claimCard && <div className="mx-auto mb-4 w-full max-w-xl print:hidden">{claimCard}</div>}
      {body}
    </AppShell>
  );
}
