import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { copiedAt } from '../../api/client';
import { profileKey, useProfile } from '../../api/customers';
import { useOffline } from '../../api/reachable';
import { useNotifications } from '../../api/notifications';
import { useOrders } from '../../api/orders';
import { useRewards } from '../../api/rewards';
import { useStampCards } from '../../api/stamps';
import { useAllSettled } from '../../api/settled';
import { useTierStatus } from '../../api/tiers';
import { messageOf } from '../../shared/errors';
import { useLanguage } from '../../i18n/language';
import { AppNav } from '../../app/nav';
import { paths, to } from '#contract/routes';
import { useOrdering } from '../../app/ordering';
import { useOrderAgain } from '../../app/order-again';
import { useSite } from '../../app/settings';
import { lazyPage } from '../../shared/lazy-page';
import { useInstallPrompt } from '../../app/install-prompt';
import { appShortName } from '#contract/short-name';
import { HomeScreen } from './home-screen';

/** The member card is a chunk of its own, loaded the first time it is opened: Home does not grow. */
const MemberCardSheet = lazyPage(() => import('../profile/member-card.container'), { fullScreen: false });

/** Home's offer to install the app, in its own small chunk: loaded only when it is the moment. */
const InstallPrompt = lazy(() => import('./install-prompt').then((m) => ({ default: m.InstallPrompt })));

export default function HomePage() {
  const { settings } = useSite();
  const navigate = useNavigate();
  const profile = useProfile();
  const rewards = useRewards(useLanguage());
  const orders = useOrders(1);
  const notifications = useNotifications(1);
  const stamps = useStampCards();
  const tier = useTierStatus();
  const { ordering } = useOrdering();
  const again = useOrderAgain();
  // offline, the balances are the worker's kept copy: they say when they were read
  const offline = useOffline();
  const balancesAsOf = offline && profile.data ? copiedAt(profileKey) : null;
  // null until first opened; then it stays mounted, so closing it returns focus to the entry
  const [cardOpen, setCardOpen] = useState<boolean | null>(null);
  // after a first order only (orders.data says so), never on a first visit, never once installed
  const offer = useInstallPrompt((orders.data?.orders.length ?? 0) > 0);
  // The profile is the page; the other tiles simply stay empty if they fail. The page waits for every
  // tile's first answer (useAllSettled, 2.5 s at most), so nothing moves as they arrive: a tier card or a
  // stamp card appearing above the quick actions pushed them 140 px down (a layout shift of 0.1).
  const tilesPending = !useAllSettled([rewards, orders, stamps, tier]);
  const go = (path: string) => () => void navigate(path);

  return (
    <>
      <HomeScreen
        customer={profile.data ?? null}
        balancesAsOf={balancesAsOf}
        featuredRewards={rewards.data?.rewards}
        latestOrder={orders.data?.orders[0] ?? null}
        ordersUnavailable={!orders.data && !!orders.error}
        unreadNotifications={notifications.data?.unread ?? 0}
        loading={profile.isLoading || tilesPending}
        error={profile.error && !profile.data ? messageOf(profile.error) : null}
        onRetry={() => {
          void profile.mutate();
          void rewards.mutate();
          void orders.mutate();
          void notifications.mutate();
          void stamps.mutate();
        }}
        onOpenNotifications={go(paths.profileNotification)}
        onOpenShop={go(paths.shop)}
        onOpenSpin={go(paths.spin)}
        onOpenOffers={go(paths.offers)}
        onOpenRewards={go(to.rewardStorage('active'))}
        onOpenOrders={go(paths.orderHome)}
        onOpenPoints={go(paths.profilePoint)}
        onOpenWallet={go(paths.profileWallet)}
        onOpenMemberCard={() => setCardOpen(true)}
        onOpenReward={(name) => void navigate(to.rewardRedeem(name))}
        onOpenOrder={(name) => void navigate(to.order(name))}
        onOrderAgain={again.orderAgain}
        orderingAgain={again.busy !== null}
        nav={<AppNav />}
        currency={settings.currency}
        locale={settings.locale}
        timeZone={settings.timezone}
        now={new Date().toISOString()}
        ordering={ordering}
        stampCards={stamps.data?.cards}
        tier={tier.data}
        installPrompt={
          offer.state && (
            <Suspense fallback={null}>
              <InstallPrompt mode={offer.state} shopName={appShortName(settings)} onInstall={offer.install} onDismiss={offer.dismiss} />
            </Suspense>
          )
        }
      />
      {cardOpen !== null && <MemberCardSheet open={cardOpen} onOpenChange={setCardOpen} />}
    </>
  );
}
