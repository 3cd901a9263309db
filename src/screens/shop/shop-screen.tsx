import { useState, type ReactNode } from 'react';
import type { Category, Product } from '#contract';
import {
  AppShell,
  Badge,
  BottomSheet,
  Button,
  Card,
  EmptyState,
  ErrorState,
  MinusIcon,
  Money,
  Notice,
  PlusIcon,
  ShopIcon,
  Skeleton,
  SkeletonGroup,
  Tabs,
  TopBar,
  cx,
  focusRing,
} from '../../ui';

export interface CartLine {
  product_id: number;
  qty: number;
}

export interface ShopScreenProps {
  categories?: Category[];
  /** The cart, kept by the container. */
  cart: CartLine[];
  /** Sets a product's quantity; 0 removes it. */
  onChangeQty?: (productId: number, qty: number) => void;
  onCheckout?: () => void;
  /** The merchant's minimum order subtotal (minor units); 0 or unset: none. */
  minOrder?: number;
  /** Most of one product a cart may hold (the API allows 99). */
  maxQty?: number;
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  /** Opens the cart sheet at first (stories, and coming back from checkout). */
  defaultCartOpen?: boolean;
  nav?: ReactNode;
  currency: string;
  locale: string;
}

function Stepper({
  product,
  qty,
  onChange,
  max,
  compact,
}: {
  product: Product;
  qty: number;
  onChange: (qty: number) => void;
  max: number;
  compact?: boolean;
}) {
  const btn = cx(
    'inline-flex size-11 items-center justify-center rounded-full border border-brand-ink text-brand-ink hover:bg-surface disabled:opacity-50',
    focusRing,
  );
  return (
    <div role="group" aria-label={`Quantity of ${product.name}`} className={cx('flex items-center', compact ? 'gap-1' : 'gap-2')}>
      <button type="button" className={btn} onClick={() => onChange(qty - 1)} aria-label={qty === 1 ? `Remove ${product.name}` : `One less ${product.name}`}>
        <MinusIcon size={18} />
      </button>
      <span className="min-w-6 text-center font-semibold tabular-nums text-ink" aria-live="polite">
        {qty}
      </span>
      <button
        type="button"
        className={btn}
        onClick={() => onChange(qty + 1)}
        disabled={qty >= max || !product.available}
        aria-label={`One more ${product.name}`}
      >
        <PlusIcon size={18} />
      </button>
    </div>
  );
}

function ProductCard({
  product,
  qty,
  onChange,
  max,
  currency,
  locale,
}: {
  product: Product;
  qty: number;
  onChange: (qty: number) => void;
  max: number;
  currency: string;
  locale: string;
}) {
  return (
    <Card as="li" padding="sm" className={cx('flex gap-3', !product.available && 'bg-surface')}>
      <img
        src={product.image}
        alt=""
        width={96}
        height={96}
        loading="lazy"
        className={cx('size-24 shrink-0 rounded-xl bg-surface object-cover', !product.available && 'opacity-50 grayscale')}
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="leading-snug font-semibold">
            {product.name}
          </h3>
          {!product.available && <Badge>Sold out</Badge>}
        </div>
        <p className="line-clamp-2 text-sm text-muted">{product.description}</p>
        <div className="mt-auto flex items-center justify-between gap-2 pt-1">
          <Money amount={product.price} currency={currency} locale={locale} className="font-semibold" />
          {!product.available ? (
            <Button size="sm" variant="secondary" disabled aria-label={`${product.name} is sold out`}>
              Sold out
            </Button>
          ) : qty > 0 ? (
            <Stepper product={product} qty={qty} onChange={onChange} max={max} compact />
          ) : (
            <Button size="sm" onClick={() => onChange(1)} icon={<PlusIcon size={18} />} aria-label={`Add ${product.name}`}>
              Add
            </Button>
          )}
        </div>
      </div>
    </Card>
  );
}

type MoneyOf = (amount: number, className?: string) => ReactNode;
type Line = { product: Product; qty: number };

/** The bar at the foot of the page while the cart holds something: its count and subtotal, and Checkout. */
function CartBar({ count, subtotal, blocker, canCheckout, onOpen, onCheckout, withNav, money }: {
  count: number;
  subtotal: number;
  blocker: ReactNode;
  canCheckout: boolean;
  onOpen: () => void;
  onCheckout?: () => void;
  /** the page has the bottom navigation: the bar sits above it on a phone */
  withNav: boolean;
  money: MoneyOf;
}) {
  return (
    <>
      {/* Room for the cart bar, so it never covers the last product. */}
      <div aria-hidden="true" className="h-28" />
      <section
        aria-label="Cart"
        className={cx(
          'fixed inset-x-0 z-20 border-t border-border bg-surface-raised shadow-lg',
          withNav ? 'bottom-[calc(3.5rem+env(safe-area-inset-bottom))] md:bottom-0' : 'bottom-0',
        )}
      >
        <div className="mx-auto flex max-w-3xl flex-col gap-2 px-4 py-3 md:px-6">
          {blocker && <p className="text-sm text-warning">{blocker}</p>}
          <div className="flex items-center gap-3">
            <button
              type="button"
              onClick={onOpen}
              aria-haspopup="dialog"
              className={cx('flex min-h-11 flex-1 flex-col items-start rounded-xl px-1 text-left text-ink hover:bg-surface', focusRing)}
            >
              <span className="text-sm text-muted">
                View cart · {count} {count === 1 ? 'item' : 'items'}
              </span>
              {money(subtotal, 'text-lg font-bold')}
            </button>
            <Button size="lg" onClick={onCheckout} disabled={!canCheckout}>
              Checkout
            </Button>
          </div>
        </div>
      </section>
    </>
  );
}

/** The cart's lines with their steppers, the subtotal, and what stands in the way of checking out. */
function CartLines({ lines, subtotal, soldOut, short, minOrder, change, maxQty, money }: {
  lines: Line[];
  subtotal: number;
  soldOut: Line[];
  short: number;
  minOrder: number;
  change: (id: number) => (qty: number) => void;
  maxQty: number;
  money: MoneyOf;
}) {
  return (
    <>
      <ul className="flex flex-col divide-y divide-border">
        {lines.map(({ product, qty }) => (
          <li key={product.id} className="flex items-center gap-3 py-3">
            <img src={product.image} alt="" width={48} height={48} className="size-12 shrink-0 rounded-lg bg-surface object-cover" />
            <div className="flex min-w-0 flex-1 flex-col">
              <span className="font-medium text-ink">{product.name}</span>
              <span className="text-sm text-muted">
                {money(product.price)} each{!product.available && ' · sold out'}
              </span>
            </div>
            <Stepper product={product} qty={qty} onChange={change(product.id)} max={maxQty} compact />
          </li>
        ))}
      </ul>
      <div className="flex items-center justify-between border-t border-border pt-3 text-ink">
        <span className="font-medium">Subtotal</span>
        {money(subtotal, 'text-lg font-bold')}
      </div>
      {soldOut.length > 0 && (
        <Notice tone="danger" title="Some items sold out">
          {soldOut.map((l) => l.product.name).join(', ')} {soldOut.length === 1 ? 'is' : 'are'} no longer available. Remove{' '}
          {soldOut.length === 1 ? 'it' : 'them'} to check out.
        </Notice>
      )}
      {short > 0 && soldOut.length === 0 && (
        <Notice tone="warning" title="Below the minimum order">
          The minimum order is {money(minOrder)}. Add {money(short, 'font-semibold')} more to check out.
        </Notice>
      )}
    </>
  );
}

/** /shop: the menu by category, add to cart, and a cart bar with the subtotal and checkout. */
export function ShopScreen({
  categories = [],
  cart,
  onChangeQty,
  onCheckout,
  minOrder = 0,
  maxQty = 99,
  loading = false,
  error,
  onRetry,
  defaultCartOpen = false,
  nav,
  currency,
  locale,
}: ShopScreenProps) {
  const [cartOpen, setCartOpen] = useState(defaultCartOpen);
  const products = new Map(categories.flatMap((c) => c.products).map((p) => [p.id, p]));
  const qtyOf = (id: number) => cart.find((l) => l.product_id === id)?.qty ?? 0;
  const lines = cart.filter((l) => l.qty > 0).flatMap((l) => {
    const product = products.get(l.product_id);
    return product ? [{ product, qty: l.qty }] : [];
  });
  const count = lines.reduce((n, l) => n + l.qty, 0);
  const subtotal = lines.reduce((sum, l) => sum + l.product.price * l.qty, 0);
  const soldOutInCart = lines.filter((l) => !l.product.available);
  const short = minOrder > 0 ? Math.max(0, minOrder - subtotal) : 0;
  const canCheckout = count > 0 && short === 0 && soldOutInCart.length === 0;
  const change = (id: number) => (qty: number) => onChangeQty?.(id, Math.max(0, Math.min(maxQty, qty)));
  const money: MoneyOf = (amount, className) => <Money amount={amount} currency={currency} locale={locale} className={className} />;

  const blocker =
    soldOutInCart.length > 0 ? (
      <>Remove sold-out items to check out.</>
    ) : short > 0 ? (
      <>
        Below the minimum order: add {money(short, 'font-semibold')} more to check out.
      </>
    ) : null;

  let body: ReactNode;
  if (error) {
    body = <ErrorState title="We couldn't load the menu" message={error} onRetry={onRetry} />;
  } else if (loading) {
    body = (
      <SkeletonGroup label="Loading the menu" className="flex flex-col gap-4">
        <div className="flex gap-2">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} width="6rem" height="2.75rem" />
          ))}
        </div>
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} height="7.5rem" />
        ))}
      </SkeletonGroup>
    );
  } else if (categories.every((c) => c.products.length === 0)) {
    body = <EmptyState icon={<ShopIcon size={40} />} title="The menu is empty for now" description="Please check back soon." />;
  } else {
    body = (
      <Tabs
        label="Menu categories"
        items={categories
          .filter((c) => c.products.length > 0)
          .map((c) => ({
            value: String(c.id),
            label: c.name,
            content: (
              <div>
                <h2 className="sr-only">{c.name}</h2>
                <ul className="grid gap-3 md:grid-cols-2">
                  {c.products.map((p) => (
                    <ProductCard key={p.id} product={p} qty={qtyOf(p.id)} onChange={change(p.id)} max={maxQty} currency={currency} locale={locale} />
                  ))}
                </ul>
              </div>
            ),
          }))}
      />
    );
  }

  return (
    <AppShell header={<TopBar title="Shop" />} nav={nav}>
      {body}
      {count > 0 && !error && <CartBar count={count} subtotal={subtotal} blocker={blocker} canCheckout={canCheckout} onOpen={() => setCartOpen(true)} onCheckout={onCheckout} withNav={!!nav} money={money} />}
      <BottomSheet
        open={cartOpen && count > 0}
        onOpenChange={setCartOpen}
        title="Your cart"
        description={`${count} ${count === 1 ? 'item' : 'items'}`}
        footer={
          <Button
            size="lg"
            fullWidth
            disabled={!canCheckout}
            onClick={() => {
              setCartOpen(false);
              onCheckout?.();
            }}
          >
            Checkout
          </Button>
        }
      >
        <CartLines lines={lines} subtotal={subtotal} soldOut={soldOutInCart} short={short} minOrder={minOrder} change={change} maxQty={maxQty} money={money} />
      </BottomSheet>
    </AppShell>
  );
}
