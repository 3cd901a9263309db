import { useNavigate } from 'react-router-dom';
import { useProfile } from '../../api/customers';
import { useNotifications } from '../../api/notifications';
import { useOrders } from '../../api/orders';
import { useRewards } from '../../api/rewards';
import { messageOf } from '../../shared/errors';
import { AppNav } from '../../app/nav';
import { paths, to } from '#contract/routes';
import { useOrdering } from '../../app/ordering';
import { useSite } from '../../app/settings';
import { HomeScreen } from './home-screen';

export default function HomePage() {
  const { settings } = useSite();
  const navigate = useNavigate();
  const profile = useProfile();
  const rewards = useRewards();
  const orders = useOrders(1);
  const notifications = useNotifications(1);
  const { ordering } = useOrdering();
  // The profile is the page; the other tiles simply stay empty if they fail.
  const go = (path: string) => () => void navigate(path);

  return (
    <HomeScreen
      customer={profile.data ?? null}
      featuredRewards={rewards.data?.rewards}
      latestOrder={orders.data?.orders[0] ?? null}
      unreadNotifications={notifications.data?.unread ?? 0}
      loading={profile.isLoading}
      error={profile.error && !profile.data ? messageOf(profile.error) : null}
      onRetry={() => {
        void profile.mutate();
        void rewards.mutate();
        void orders.mutate();
        void notifications.mutate();
      }}
      onOpenNotifications={go(paths.profileNotification)}
      onOpenShop={go(paths.shop)}
      onOpenSpin={go(paths.spin)}
      onOpenRewards={go(to.rewardStorage('active'))}
      onOpenOrders={go(paths.orderHome)}
      onOpenPoints={go(paths.profilePoint)}
      onOpenWallet={go(paths.profileWallet)}
      onOpenReward={(name) => void navigate(to.rewardRedeem(name))}
      onOpenOrder={(name) => void navigate(to.order(name))}
      nav={<AppNav />}
      currency={settings.currency}
      locale={settings.locale}
      now={new Date().toISOString()}
      ordering={ordering}
    />
  );
}
