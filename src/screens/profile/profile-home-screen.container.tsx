import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useProfile } from '../../api/customers';
import { useNotifications } from '../../api/notifications';
import { useAuth } from '../../app/auth/auth-context';
import { messageOf } from '../../shared/errors';
import { AppNav } from '../../app/nav';
import { paths } from '#contract/routes';
import { useSite } from '../../app/settings';
import { ProfileHomeScreen } from './profile-home-screen';

/** /profile/home: the customer, their balances, the unread count, the profile pages, and Log out. */
export default function ProfileHomePage() {
  const { settings } = useSite();
  const navigate = useNavigate();
  const { logout } = useAuth();
  const profile = useProfile();
  const notifications = useNotifications(1);
  const [loggingOut, setLoggingOut] = useState(false);

  const onLogout = async () => {
    if (loggingOut) return;
    setLoggingOut(true);
    await logout();
    void navigate(paths.login, { replace: true });
  };

  return (
    <ProfileHomeScreen
      customer={profile.data}
      unreadNotifications={notifications.data?.unread ?? 0}
      loading={profile.isLoading}
      error={profile.error ? messageOf(profile.error) : null}
      onRetry={() => void profile.mutate()}
      onOpenWallet={() => void navigate(paths.profileWallet)}
      onOpenPoints={() => void navigate(paths.profilePoint)}
      onOpenNotifications={() => void navigate(paths.profileNotification)}
      onOpenOrders={() => void navigate(paths.orderHome)}
      onChangeEmail={() => void navigate(paths.profileChangeEmail)}
      onOpenAddresses={() => void navigate(paths.profileAddAddress)}
      onLogout={() => void onLogout()}
      loggingOut={loggingOut}
      nav={<AppNav />}
      currency={settings.currency}
      locale={settings.locale}
    />
  );
}
