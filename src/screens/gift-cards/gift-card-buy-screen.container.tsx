import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { SentGiftCard } from '#contract/gift-cards';
import { paths, to } from '#contract/routes';
import { ApiRequestError } from '../../api/client';
import { useProfile } from '../../api/customers';
import { useBuyGiftCard, useGiftCardOptions, useRefundGiftCard, useSentGiftCards } from '../../api/gift-cards';
import { useWalletBalance } from '../../api/wallet';
import { useGoBack } from '../../app/go-back';
import { usePaymentRedirect } from '../../app/use-payment-redirect';
import { AppNav } from '../../app/nav';
import { useSite } from '../../app/settings';
import { messageOf } from '../../shared/errors';
import { GiftCardBuyScreen, type GiftCardOrder } from './gift-card-buy-screen';

/**
 * /gift-cards: an eGift for someone, paid from the wallet or on the payment gateway's page (one
 * idempotency key per purchase shown, so a retry after a lost answer never pays twice), and the cards
 * sent with where each stands.
 */
export default function GiftCardBuyPage() {
  const { settings } = useSite();
  const navigate = useNavigate();
  const back = useGoBack(paths.profileWallet);
  const options = useGiftCardOptions();
  const sent = useSentGiftCards();
  const balance = useWalletBalance();
  const profile = useProfile();
  const buy = useBuyGiftCard();
  const refund = useRefundGiftCard();
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [buying, setBuying] = useState(false);
  const [buyError, setBuyError] = useState<{ message: string; fields?: Record<string, string> } | null>(null);
  const [bought, setBought] = useState<SentGiftCard | null>(null);
  const [refunding, setRefunding] = useState<number | null>(null);
  const { leaving, leave } = usePaymentRedirect();

  const onBuy = async (order: GiftCardOrder) => {
    if (buying) return;
    setBuying(true);
    setBuyError(null);
    try {
      const done = await buy({ ...order, idempotency_key: key });
      setKey(crypto.randomUUID());
      // paid online: to the payment page; back here, the card shows as paid or not
      if (done.payment_url) return leave(done.payment_url);
      setBought(done.card);
    } catch (err) {
      const fields = err instanceof ApiRequestError ? err.fields : {};
      setBuyError({ message: messageOf(err), fields });
      // a refusal is kept as the key's answer: a corrected form is a new purchase
      if (err instanceof ApiRequestError && err.status < 500) setKey(crypto.randomUUID());
    } finally {
      setBuying(false);
    }
  };

  const onRefund = async (id: number) => {
    setRefunding(id);
    try {
      await refund(id);
    } catch (err) {
      setBuyError({ message: messageOf(err) });
    } finally {
      setRefunding(null);
    }
  };

  return (
    <GiftCardBuyScreen
      {...(options.data ? { options: options.data } : {})}
      {...(balance.data ? { balance: balance.data.balance } : {})}
      {...(sent.data ? { sent: sent.data.items } : {})}
      {...(profile.data ? { defaultFromName: profile.data.name } : {})}
      loading={options.isLoading}
      error={options.error && !options.data ? messageOf(options.error) : null}
      onRetry={() => void options.mutate()}
      onBuy={(order) => void onBuy(order)}
      buying={buying || leaving}
      onlinePayments={settings.online_payments !== false}
      buyError={buyError}
      bought={bought}
      onAnother={() => setBought(null)}
      onRefund={(id) => void onRefund(id)}
      refunding={refunding}
      onTopUp={() => void navigate(paths.profileWallet)}
      onOpenNumber={(number) => void navigate(to.giftCard(number))}
      onBack={back}
      nav={<AppNav />}
      currency={settings.currency}
      locale={settings.locale}
      timeZone={settings.timezone}
    />
  );
}
