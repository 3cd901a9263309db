import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useOffers } from '../../api/offers';
import { useCheckout } from '../../app/checkout';
import { useGoBack } from '../../app/go-back';
import { AppNav } from '../../app/nav';
import { useSite } from '../../app/settings';
import { paths } from '#contract/routes';
import { messageOf } from '../../shared/errors';
import { OffersScreen } from './offers-screen';

/**
 * /offers (issue 50): the customer's offers. Copy puts a code on the clipboard; with something in the
 * cart, "Use at checkout" puts it on the order (the checkout's quote checks it, and says why if it does
 * not apply) and opens checkout.
 */
export default function OffersPage() {
  const { settings } = useSite();
  const navigate = useNavigate();
  const back = useGoBack(paths.home);
  const offers = useOffers();
  const { checkout, update } = useCheckout();
  const [copied, setCopied] = useState<{ code: string; ok: boolean } | null>(null);
  const copy = async (code: string) => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied({ code, ok: true });
    } catch {
      setCopied({ code, ok: false });
    }
  };

  return (
    <OffersScreen
      offers={offers.data?.offers}
      loading={offers.isLoading}
      error={offers.error ? messageOf(offers.error) : null}
      onRetry={() => void offers.mutate()}
      onCopy={(code) => void copy(code)}
      copied={copied}
      {...(checkout.cart.length > 0
        ? {
            onUse: (code: string) => {
              update({ promoCode: code });
              void navigate(paths.orderConfirmation);
            },
          }
        : {})}
      onBack={back}
      nav={<AppNav />}
      currency={settings.currency}
      locale={settings.locale}
      timeZone={settings.timezone}
    />
  );
}
