import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import type { Category, Product } from '#contract';
import {
  AppShell,
  Badge,
  BottomSheet,
  Button,
  Card,
  EmptyState,
  ErrorState,
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

import { lineKey, type CartLine } from './cart-lines';
import { Stepper } from './stepper';
import { itemCount, optionWords } from '../orders/format';
import { chosenOptions, defaultsOf, groupsOf, startPrice, unitPrice } from './option-rules';
import { OrderingNotice, type Ordering } from './ordering-notice';
import { ProductPicture } from './product-picture';

// The option sheet's form is a chunk of its own: only a product with options, on the shop, needs it.
const OptionChoices = lazy(() => import('./option-sheet'));

export interface ShopScreenProps {
  categories?: Category[];
  /** The cart, kept by the container. */
  cart: CartLine[];
  /** Sets a line's quantity (the line by its `lineKey`); 0 removes it. */
  onChangeQty?: (key: string, qty: number) => void;
  /** Adds a line: a product without options at once, one with options from the option sheet. */
  onAdd?: (line: CartLine) => void;
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
  /** Whether the shop takes orders now: a notice when it does not (the menu stays open). */
  ordering?: Ordering | null;
  /** Products the place the order is made at does not sell: shown as not available there. */
  unavailableProductIds?: number[];
  /** Ordering at a table (issue 54, its QR code scanned): its label and where it is, said above the menu. */
  table?: { label: string; location: string } | null;
}

/** A product on the menu: sold out, a stepper for its line, or Add (the option sheet, for a product with options). */
function ProductCard({
  product,
  qty,
  onChange,
  onPick,
  max,
  money,
  notHere,
}: {
  product: Product;
  qty: number;
  onChange: (qty: number) => void;
  onPick: (opener: HTMLElement) => void;
  max: number;
  money: MoneyOf;
  notHere: boolean;
}) {
  const { t } = useLingui();
  const options = groupsOf(product).length > 0;
  const out = notHere ? t`Not available` : t`Sold out`;
  const name = product.name;
  return (
    <Card as="li" padding="sm" className={cx('flex gap-3', !product.available && 'bg-surface')}>
      <ProductPicture
        src={product.image}
        name={product.name}
        size={96}
        lazy
        className={cx('size-24 shrink-0 rounded-xl bg-surface object-cover', !product.available && 'opacity-50 grayscale')}
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="leading-snug font-semibold">{product.name}</h3>
          {!product.available && <Badge>{out}</Badge>}
        </div>
        <p className="line-clamp-2 text-sm text-muted">{product.description}</p>
        <div className="mt-auto flex items-center justify-between gap-2 pt-1">
          <span className="flex flex-col">
            {money(options ? startPrice(product) : product.price, 'font-semibold')}
            {options && <span className="text-sm text-muted">{qty > 0 ? t`Options · ${qty} in cart` : t`Options`}</span>}
          </span>
          {!product.available ? (
            <Button size="sm" variant="secondary" disabled aria-label={notHere ? t`${name} is not available` : t`${name} is sold out`}>
              {out}
            </Button>
          ) : qty > 0 && !options ? (
            <Stepper name={product.name} qty={qty} onChange={onChange} max={max} />
          ) : (
            <Button
              size="sm"
              onClick={(e) => (options ? onPick(e.currentTarget) : onChange(1))}
              icon={<PlusIcon size={18} />}
              aria-label={t`Add ${name}`}
              aria-haspopup={options ? 'dialog' : undefined}
            >
              <Trans>Add</Trans>
            </Button>
          )}
        </div>
      </div>
    </Card>
  );
}

/** The option sheet of a product: its form (a chunk of its own) arrives on first use, a skeleton until then. */
export function OptionSheet({
  product,
  onClose,
  onAdd,
  maxQty = 99,
  currency,
  locale,
  children,
}: {
  product: Product;
  onClose: () => void;
  onAdd?: (line: CartLine) => void;
  maxQty?: number;
  currency: string;
  locale: string;
  /** in place of the options form */
  children?: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <BottomSheet open onOpenChange={(open) => !open && onClose()} title={product.name} description={product.description}>
      <Suspense
        fallback={
          <SkeletonGroup label={t`Loading the options`}>
            <Skeleton height="20rem" />
          </SkeletonGroup>
        }
      >
        {children ?? (
          <OptionChoices
            product={product}
            maxQty={maxQty}
            currency={currency}
            locale={locale}
            onAdd={(line) => {
              onAdd?.(line);
              onClose();
            }}
          />
        )}
      </Suspense>
    </BottomSheet>
  );
}

type MoneyOf = (amount: number, className?: string) => ReactNode;
/** A cart line as the shop shows it: its product, its options in words, the price of one, whether it can be had. */
type Line = { key: string; product: Product; qty: number; words: string; price: number; available: boolean };

/** The cart's lines with their products; a line of a product with options it no longer has, or sold out, cannot be had. */
function linesOf(cart: CartLine[], products: Map<number, Product>): Line[] {
  return cart.flatMap((l) => {
    const product = products.get(l.product_id);
    if (!product || l.qty <= 0) return [];
    // a line saved before options takes the product's defaults, as the provider does
    const ids = l.options ?? defaultsOf(product);
    const chosen = chosenOptions(product, ids);
    const available = product.available && chosen.length === ids.length && chosen.every((o) => o.available);
    return [{ key: lineKey(l), product, qty: l.qty, words: optionWords(chosen), price: unitPrice(product, ids), available }];
  });
}

/** The bar at the foot of the page while the cart holds something: its count and subtotal, and Checkout. */
function CartBar({
  count,
  subtotal,
  blocker,
  canCheckout,
  onOpen,
  onCheckout,
  withNav,
  money,
}: {
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
  const { t } = useLingui();
  return (
    <>
      {/* Room for the cart bar, so it never covers the last product. */}
      <div aria-hidden="true" className="h-28" />
      <section
        aria-label={t`Cart`}
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
              <span className="text-sm text-muted">{plural(count, { one: 'View cart · # item', other: 'View cart · # items' })}</span>
              {money(subtotal, 'text-lg font-bold')}
            </button>
            <Button size="lg" onClick={onCheckout} disabled={!canCheckout}>
              <Trans>Checkout</Trans>
            </Button>
          </div>
        </div>
      </section>
    </>
  );
}

/** The cart's lines with their steppers, the subtotal, and what stands in the way of checking out. */
function CartLines({
  lines,
  subtotal,
  soldOut,
  short,
  minOrder,
  change,
  maxQty,
  money,
}: {
  lines: Line[];
  subtotal: number;
  soldOut: Line[];
  short: number;
  minOrder: number;
  change: (key: string) => (qty: number) => void;
  maxQty: number;
  money: MoneyOf;
}) {
  const { t } = useLingui();
  const items = soldOut.map((l) => (l.words ? `${l.product.name} (${l.words})` : l.product.name)).join(', ');
  const least = money(minOrder);
  const more = money(short, 'font-semibold');
  return (
    <>
      <ul className="flex flex-col divide-y divide-border">
        {lines.map(({ key, product, qty, words, price, available }) => {
          const each = money(price);
          return (
            <li key={key} className="flex items-center gap-3 py-3">
              <ProductPicture src={product.image} name={product.name} size={48} className="size-12 shrink-0 rounded-lg bg-surface object-cover" />
              <div className="flex min-w-0 flex-1 flex-col">
                <span className="font-medium text-ink">{product.name}</span>
                {words && <span className="text-sm text-ink">{words}</span>}
                <span className="text-sm text-muted">{available ? <Trans>{each} each</Trans> : <Trans>{each} each · sold out</Trans>}</span>
              </div>
              <Stepper name={words ? `${product.name}, ${words}` : product.name} qty={qty} onChange={change(key)} max={maxQty} canAdd={available} />
            </li>
          );
        })}
      </ul>
      <div className="flex items-center justify-between border-t border-border pt-3 text-ink">
        <span className="font-medium">
          <Trans>Subtotal</Trans>
        </span>
        {money(subtotal, 'text-lg font-bold')}
      </div>
      {soldOut.length > 0 && (
        <Notice tone="danger" title={t`Some items sold out`}>
          {soldOut.length === 1 ? t`${items} is no longer available. Remove it to check out.` : t`${items} are no longer available. Remove them to check out.`}
        </Notice>
      )}
      {short > 0 && soldOut.length === 0 && (
        <Notice tone="warning" title={t`Below the minimum order`}>
          <Trans>
            The minimum order is {least}. Add {more} more to check out.
          </Trans>
        </Notice>
      )}
    </>
  );
}

/** Which product's option sheet is open. It has no trigger of its own: closed, it gives the focus back to the Add that opened it. */
function useOptionSheet() {
  const [picking, setPicking] = useState<Product | null>(null);
  const opener = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!picking) opener.current?.focus();
  }, [picking]);
  const pick = (p: Product) => (el: HTMLElement) => {
    opener.current = el;
    setPicking(p);
  };
  return { picking, pick, close: () => setPicking(null) };
}

/** The menu by category (one tab each), or its loading, error or empty state. */
function Menu({
  categories,
  loading,
  error,
  onRetry,
  card,
}: {
  categories: Category[];
  loading: boolean;
  error?: string | null;
  onRetry?: () => void;
  card: (p: Product) => ReactNode;
}) {
  const { t } = useLingui();
  if (error) return <ErrorState title={t`We couldn't load the menu`} message={error} onRetry={onRetry} />;
  if (loading)
    return (
      <SkeletonGroup label={t`Loading the menu`} className="flex flex-col gap-4">
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
  if (categories.every((c) => c.products.length === 0))
    return <EmptyState icon={<ShopIcon size={40} />} title={t`The menu is empty for now`} description={t`Please check back soon.`} />;
  return (
    <Tabs
      label={t`Menu categories`}
      items={categories
        .filter((c) => c.products.length > 0)
        .map((c) => ({
          value: String(c.id),
          label: c.name,
          content: (
            <div>
              <h2 className="sr-only">{c.name}</h2>
              <ul className="grid gap-3 md:grid-cols-2">{c.products.map(card)}</ul>
            </div>
          ),
        }))}
    />
  );
}

/** /shop: the menu by category, add to cart, and a cart bar with the subtotal and checkout. */
export function ShopScreen({
  categories = [],
  cart,
  onChangeQty,
  onAdd,
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
  ordering,
  unavailableProductIds = [],
  table = null,
}: ShopScreenProps) {
  const { t } = useLingui();
  const [cartOpen, setCartOpen] = useState(defaultCartOpen);
  const { picking, pick, close } = useOptionSheet();
  // a product this place does not sell is like one sold out: it cannot be added, a line of it stops checkout
  const notHere = new Set(unavailableProductIds);
  const products = new Map(categories.flatMap((c) => c.products).map((p) => [p.id, notHere.has(p.id) ? { ...p, available: false } : p]));
  const lines = linesOf(cart, products);
  // a product with options: all its lines
  const qtyOf = (id: number) => lines.reduce((n, l) => n + (l.product.id === id ? l.qty : 0), 0);
  const count = lines.reduce((n, l) => n + l.qty, 0);
  const subtotal = lines.reduce((sum, l) => sum + l.price * l.qty, 0);
  const soldOutInCart = lines.filter((l) => !l.available);
  const short = minOrder > 0 ? Math.max(0, minOrder - subtotal) : 0;
  const canCheckout = count > 0 && short === 0 && soldOutInCart.length === 0;
  const change = (key: string) => (qty: number) => onChangeQty?.(key, Math.max(0, Math.min(maxQty, qty)));
  const money: MoneyOf = (amount, className) => <Money amount={amount} currency={currency} locale={locale} className={className} />;

  const more = money(short, 'font-semibold');
  const blocker =
    soldOutInCart.length > 0 ? (
      <Trans>Remove sold-out items to check out.</Trans>
    ) : short > 0 ? (
      <Trans>Below the minimum order: add {more} more to check out.</Trans>
    ) : null;

  const tableLabel = table?.label;
  const place = table?.location;
  const body = (
    <Menu
      categories={categories}
      loading={loading}
      error={error}
      onRetry={onRetry}
      card={(p) => (
        <ProductCard
          key={p.id}
          product={products.get(p.id)!}
          notHere={notHere.has(p.id)}
          qty={qtyOf(p.id)}
          onChange={(qty) => (qty === 1 && qtyOf(p.id) === 0 ? onAdd?.({ product_id: p.id, qty }) : change(String(p.id))(qty))}
          onPick={pick(p)}
          max={maxQty}
          money={money}
        />
      )}
    />
  );

  return (
    <AppShell header={<TopBar title={t`Shop`} />} nav={nav}>
      <OrderingNotice ordering={ordering} locale={locale} className="mb-4" />
      {table && (
        <Notice tone="info" title={t`Table ${tableLabel}`} className="mb-4">
          <Trans>You are ordering at {place}. We bring your order to your table.</Trans>
        </Notice>
      )}
      {body}
      {count > 0 && !error && (
        <CartBar
          count={count}
          subtotal={subtotal}
          blocker={blocker}
          canCheckout={canCheckout}
          onOpen={() => setCartOpen(true)}
          onCheckout={onCheckout}
          withNav={!!nav}
          money={money}
        />
      )}
      <BottomSheet
        open={cartOpen && count > 0}
        onOpenChange={setCartOpen}
        title={t`Your cart`}
        description={itemCount(lines)}
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
            <Trans>Checkout</Trans>
          </Button>
        }
      >
        <CartLines lines={lines} subtotal={subtotal} soldOut={soldOutInCart} short={short} minOrder={minOrder} change={change} maxQty={maxQty} money={money} />
      </BottomSheet>
      {picking && <OptionSheet product={picking} onClose={close} onAdd={onAdd} maxQty={maxQty} currency={currency} locale={locale} />}
    </AppShell>
  );
}
