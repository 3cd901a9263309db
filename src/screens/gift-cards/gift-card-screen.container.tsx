import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useClaimGiftCard, useGiftCard } from '../../api/gift-cards';
import { useGoBack } from '../../app/go-back';
import { AppNav } from '../../app/nav';
import { useSite } from '../../app/settings';
import { paths } from '#contract/routes';
import { messageOf } from '../../shared/errors';
import { GiftCardScreen } from './gift-card-screen';

/**
 * /gift/:name: the gift card behind the link its recipient got (`name` is its number). "Add to my wallet"
 * claims it; the provider says plainly why when it cannot (added already, refunded, expired).
 */
export default function GiftCardPage() {
  const { settings } = useSite();
  const navigate = useNavigate();
  const back = useGoBack(paths.profileWallet);
  const { name = null } = useParams();
  const card = useGiftCard(name);
  const claim = useClaimGiftCard();
  const [claiming, setClaiming] = useState(false);
  const [claimError, setClaimError] = useState<string | null>(null);
  const [claimed, setClaimed] = useState<{ amount: number; balance: number } | null>(null);

  const onClaim = async () => {
    if (!name || claiming) return;
    setClaiming(true);
    setClaimError(null);
    try {
      const done = await claim(name);
      setClaimed({ amount: done.amount, balance: done.balance });
    } catch (err) {
      setClaimError(messageOf(err));
    } finally {
      setClaiming(false);
    }
  };

  return (
    <GiftCardScreen
      {...(card.data ? { card: card.data.card } : {})}
      loading={card.isLoading}
      error={card.error && !card.data ? messageOf(card.error) : null}
      onRetry={() => void card.mutate()}
      onClaim={() => void onClaim()}
      claiming={claiming}
      claimError={claimError}
      claimed={claimed}
      onWallet={() => void navigate(paths.profileWallet)}
      onShop={() => void navigate(paths.shop)}
      onBack={back}
      nav={<AppNav />}
      currency={settings.currency}
      locale={settings.locale}
      timeZone={settings.timezone}
    />
  );
}
