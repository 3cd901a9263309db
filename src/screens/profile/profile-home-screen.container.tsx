import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useProfile } from '../../api/customers';
import { useNotifications } from '../../api/notifications';
import { useAuth } from '../../app/auth/auth-context';
import { messageOf } from '../../shared/errors';
import { AppNav } from '../../app/nav';
import { paths } from '#contract/routes';
import { useSite } from '../../app/settings';
import { lazyPage } from '../../shared/lazy-page';
import { ProfileHomeScreen } from './profile-home-screen';

/** The member card, a chunk of its own (the same one Home opens), loaded the first time it is opened. */
const MemberCardSheet = lazyPage(() => import('./member-card.container'), { fullScreen: false });

/** /profile/home: the customer, their balances, the unread count, the profile pages, and Log out. */
export default function ProfileHomePage() {
  const { settings } = useSite();
  const navigate = useNavigate();
  const { logout } = useAuth();
  const profile = useProfile();
  const notifications = useNotifications(1);
  const [loggingOut, setLoggingOut] = useState(false);
  // null until first opened; then it stays mounted, so closing it returns focus to the row that opened it
  const [cardOpen, setCardOpen] = useState<boolean | null>(null);

  const onLogout = async () => {
    if (loggingOut) return;
    setLoggingOut(true);
    await logout();
    void navigate(paths.login, { replace: true });
  };

  return (
    <>
      <ProfileHomeScreen
        customer={profile.data}
        unreadNotifications={notifications.data?.unread ?? 0}
        loading={profile.isLoading}
        error={profile.error ? messageOf(profile.error) : null}
        onRetry={() => void profile.mutate()}
        onOpenWallet={() => void navigate(paths.profileWallet)}
        onOpenPoints={() => void navigate(paths.profilePoint)}
        onOpenMemberCard={() => setCardOpen(true)}
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
      {cardOpen !== null && <MemberCardSheet open={cardOpen} onOpenChange={setCardOpen} />}
    </>
  );
}
