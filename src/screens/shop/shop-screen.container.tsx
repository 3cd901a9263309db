import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useCatalog } from '../../api/shop';
import { useLanguage } from '../../i18n/language';
import { useCheckout } from '../../app/checkout';
import { messageOf } from '../../shared/errors';
import { AppNav } from '../../app/nav';
import { paths } from '#contract/routes';
import { useOrdering } from '../../app/ordering';
import { useSite } from '../../app/settings';
import { addLine, setLineQty } from './cart-lines';
import { ShopScreen } from './shop-screen';

/** Router state from "Edit cart" on the confirmation page: open the cart sheet at once. */
export interface ShopState {
  openCart?: boolean;
}

export default function ShopPage() {
  const { settings } = useSite();
  const navigate = useNavigate();
  const { state } = useLocation();
  const { checkout, setCart } = useCheckout();
  const { data, error, isLoading, mutate } = useCatalog(useLanguage());
  const { ordering, location } = useOrdering();

  // A product the merchant took off the menu cannot be ordered: drop it from a cart kept from before.
  useEffect(() => {
    if (!data) return;
    const onMenu = new Set(data.categories.flatMap((c) => c.products.map((p) => p.id)));
    if (checkout.cart.some((l) => !onMenu.has(l.product_id))) setCart((c) => c.filter((l) => onMenu.has(l.product_id)));
  }, [data, checkout.cart, setCart]);

  return (
    <ShopScreen
      categories={data?.categories}
      cart={checkout.cart}
      onChangeQty={(key, qty) => setCart((c) => setLineQty(c, key, qty))}
      onAdd={(line) => setCart((c) => addLine(c, line))}
      onCheckout={() => {
        // at a table there is nothing to choose: straight to the checkout
        if (checkout.cart.length > 0) void navigate(checkout.table ? paths.orderConfirmation : paths.delivery);
      }}
      minOrder={settings.min_order ?? 0}
      loading={isLoading}
      error={error && !data ? messageOf(error) : null}
      onRetry={() => void mutate()}
      defaultCartOpen={(state as ShopState | null)?.openCart === true}
      nav={<AppNav />}
      currency={settings.currency}
      locale={settings.locale}
      ordering={ordering}
      unavailableProductIds={location?.unavailable_product_ids}
      table={checkout.fulfilment === 'dine_in' && checkout.table ? { label: checkout.table.label, location: checkout.table.locationName } : null}
    />
  );
}
