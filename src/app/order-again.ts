import { useState } from 'react';
import { t } from '@lingui/core/macro';
import { useNavigate } from 'react-router-dom';
import type { Order } from '#contract';
import { paths } from '#contract/routes';
import { readOrderAgain } from '../api/orders';
import { messageOf } from '../shared/errors';
import { toast } from '../ui/toast/toast';
import { addLine } from '../screens/shop/cart-lines';
import { useCheckout } from './checkout';

/**
 * "Order again" (issue 51), from the order's page and Home: the provider gives the order's lines on today's
 * menu (`order/again`); they are added to the cart (beside what is in it already), taken the same way as
 * that order (pickup at its place, or delivery), and the checkout opens saying what changed since. When
 * nothing of the order can be had now, the cart stays as it is and a message says why.
 */
export function useOrderAgain(): { orderAgain: (order: Order) => void; busy: string | null } {
  const navigate = useNavigate();
  const { update, setCart } = useCheckout();
  const [busy, setBusy] = useState<string | null>(null);
  const orderAgain = (order: Order) => {
    if (busy) return;
    setBusy(order.name);
    readOrderAgain(order.name)
      .then(({ lines, changes }) => {
        if (lines.length === 0) {
          const name = order.name;
          toast.warn(t`Nothing from order ${name} can be ordered right now: it is no longer on the menu or sold out.`);
          return;
        }
        setCart((cart) => lines.reduce((c, line) => addLine(c, line), cart));
        update({
          // an order at a table is ordered again for pickup: the table was that visit's
          fulfilment: order.fulfilment === 'dine_in' ? 'pickup' : order.fulfilment,
          ...(order.location ? { locationId: order.location.id } : {}),
          pickupAt: null,
          reorderChanges: changes.length ? changes : null,
        });
        void navigate(paths.orderConfirmation);
      })
      .catch((err: unknown) => toast.error(messageOf(err)))
      .finally(() => setBusy(null));
  };
  return { orderAgain, busy };
}
