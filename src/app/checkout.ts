import { useMemo, useSyncExternalStore } from 'react';
import type { AddressInput, Fulfilment, PaymentMethod, ReorderChange } from '#contract';
import type { CartLine } from '../screens/shop/cart-lines';

/**
 * The order being put together, across /shop → /delivery → /set-location → /add-new-address →
 * /order-confirmation. Kept in session storage so a reload (or the payment page's return) keeps it;
 * logout clears all session storage, and so the cart. How the customer last took an order (pickup or
 * delivery) is remembered for the next one: through a placed order in this session, and in local
 * storage (`fulfilment`, nothing personal) for the next visit. A placed order takes its voucher and promo code
 * with it: the next one starts without. A line is a product and its chosen
 * options (cart-lines.ts: its key, adding, setting a quantity); a cart saved before options still loads.
 */
export interface Checkout {
  cart: CartLine[];
  fulfilment: Fulfilment;
  addressId: number | null;
  voucherId: number | null;
  /**
   * A promo code (issue 50), as the customer typed it: sent with the quote and the order as `promo_code`.
   * Beside the voucher, and dropped like one when the provider refuses it (the checkout says why).
   */
  promoCode: string | null;
  paymentMethod: PaymentMethod;
  /** coordinates chosen on /set-location for a new address */
  location: { lat: number; lng: number } | null;
  /** what the address form held when it went to /set-location, given back on return (cleared once saved) */
  addressDraft: Partial<AddressInput> | null;
  /** the draft's fields a map search result filled in (not typed by the customer: a later result may replace them) */
  addressFilled: Partial<Record<'line1' | 'city' | 'postal_code', string>> | null;
  /** pickup: where, when the shop has more than one place (null: the first, as the server takes it) */
  locationId: number | null;
  /** pickup: the time chosen (null: as soon as possible) */
  pickupAt: string | null;
  /** "Order again" (issue 51): what differed from the order repeated, said on the checkout until dismissed or placed */
  reorderChanges: ReorderChange[] | null;
  /**
   * Dine-in (issue 54): the table whose QR code was scanned (its signed code, sent as `table_code`), with
   * its label and place to show. Absent until a code is scanned; an order placed (clear) forgets it, and
   * the pages where pickup or delivery is chosen set it to null. Kept out of EMPTY and the provider's
   * logic here.
   */
  table?: { code: string; label: string; locationId: number; locationName: string } | null;
}

const KEY = 'checkout';
const FULFILMENT_KEY = 'fulfilment';
const EMPTY: Checkout = {
  cart: [],
  fulfilment: 'delivery',
  addressId: null,
  voucherId: null,
  promoCode: null,
  paymentMethod: 'wallet',
  location: null,
  addressDraft: null,
  addressFilled: null,
  locationId: null,
  pickupAt: null,
  reorderChanges: null,
};

function remembered(): Checkout {
  try {
    return localStorage.getItem(FULFILMENT_KEY) === 'pickup' ? { ...EMPTY, fulfilment: 'pickup' } : EMPTY;
  } catch {
    return EMPTY;
  }
}

function load(): Checkout {
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? { ...EMPTY, ...(JSON.parse(raw) as Partial<Checkout>) } : remembered();
  } catch {
    return EMPTY;
  }
}

function remember(fulfilment: Checkout['fulfilment']): void {
  try {
    localStorage.setItem(FULFILMENT_KEY, fulfilment);
  } catch {
    // storage full or refused: the choice is only not remembered
  }
}

interface CheckoutContextValue {
  checkout: Checkout;
  update(patch: Partial<Checkout>): void;
  /** changes the cart: `setCart((c) => addLine(c, line))`, `setCart((c) => setLineQty(c, key, 0))` */
  setCart(change: (cart: CartLine[]) => CartLine[]): void;
  clear(): void;
}

/*
 * One checkout per tab, kept here rather than in a React context: only the pages that read it (the shop, the
 * checkout, the order and home pages, all loaded late) load this module, so the app's first load (/login)
 * carries none of it.
 */
let current: Checkout | undefined;
const listeners = new Set<() => void>();
const read = (): Checkout => (current ??= load());
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
function save(next: Checkout): void {
  current = next;
  sessionStorage.setItem(KEY, JSON.stringify(next));
  for (const listener of listeners) listener();
}

function update(patch: Partial<Checkout>): void {
  if (patch.fulfilment) remember(patch.fulfilment);
  save({ ...read(), ...patch });
}
const setCart = (change: (cart: CartLine[]) => CartLine[]) => save({ ...read(), cart: change(read().cart) });
// an order was placed: a new, empty one that is taken the same way, to the same address or place, paid the same way
function clear(): void {
  const c = read();
  save({ ...EMPTY, fulfilment: c.fulfilment, addressId: c.addressId, locationId: c.locationId, paymentMethod: c.paymentMethod });
}

export function useCheckout(): CheckoutContextValue {
  const checkout = useSyncExternalStore(subscribe, read, read);
  return useMemo(() => ({ checkout, update, setCart, clear }), [checkout]);
}
