import { t } from '@lingui/core/macro';
import { ProfileLanguageContainer } from './profile-language.container';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { copiedAt } from '../../api/client';
import { profileKey, useChangeName, useProfile, useRemoveBirthday, useSaveBirthday } from '../../api/customers';
import { useOffline } from '../../api/reachable';
import { useNotifications } from '../../api/notifications';
import { useCampaignPreferences } from '../../api/campaigns';
import { usePushStatus } from '../../api/push';
import { useAllSettled } from '../../api/settled';
import { useTierStatus } from '../../api/tiers';
import { useAuth } from '../../app/auth/auth-context';
import { saveStoredName } from '../../app/auth/stored-name';
import { useAction } from '../../shared/action';
import { fieldErrorsOf, messageOf } from '../../shared/errors';
import { toast } from '../../ui';
import type { BirthdayInput } from './birthday-card';
import { AppNav } from '../../app/nav';
import { paths } from '#contract/routes';
import { useSite } from '../../app/settings';
import { lazyPage } from '../../shared/lazy-page';
import { ProfileHomeScreen } from './profile-home-screen';
import { CampaignSwitchContainer } from './campaign-switch.container';
import { ReceiptChoiceContainer } from './receipt-choice.container';
import { PushSettingsContainer } from './push.container';
import { YourDataContainer } from './your-data.container';
import { dateTimeFormat } from '#contract/intl';

/** The member card, a chunk of its own (the same one Home opens), loaded the first time it is opened. */
const MemberCardSheet = lazyPage(() => import('./member-card.container'), { fullScreen: false });
/** "Invite a friend": a chunk of its own too, loaded the first time it is opened. */
const ReferralSheet = lazyPage(() => import('./referral-sheet.container'), { fullScreen: false });

/** /profile/home: the customer, their balances, the unread count, the profile pages, and Log out. */
export default function ProfileHomePage() {
  const { settings } = useSite();
  const navigate = useNavigate();
  const { logout } = useAuth();
  const profile = useProfile();
  // offline, the balances are the worker's kept copy: they say when they were read, as on Home
  const offline = useOffline();
  const balancesAsOf = offline && profile.data ? copiedAt(profileKey) : null;
  const notifications = useNotifications(1);
  // the tier card is a bonus: while it loads, or if it fails, the profile simply has none
  const tier = useTierStatus();
  // the parts below the name that read on their own (the tier card, the push and offers switches, the
  // same reads as their containers'): the page shows once they have answered, so nothing moves as they do
  const pushStatus = usePushStatus();
  const offers = useCampaignPreferences();
  const partsPending = !useAllSettled([tier, pushStatus, offers]);
  const [loggingOut, setLoggingOut] = useState(false);
  // null until first opened; then it stays mounted, so closing it returns focus to the row that opened it
  const [cardOpen, setCardOpen] = useState<boolean | null>(null);
  const [inviteOpen, setInviteOpen] = useState<boolean | null>(null);
  const [birthdayOpen, setBirthdayOpen] = useState(false);
  const [nameOpen, setNameOpen] = useState(false);
  const changeName = useChangeName();
  const nameSave = useAction(async (name: string) => {
    const { customer } = await changeName(name);
    saveStoredName(customer.name);
    setNameOpen(false);
    toast.success(t`Your name is saved.`, { toastId: 'name-saved' });
  });
  const nameFields = fieldErrorsOf(nameSave.error);
  const saveBirthday = useSaveBirthday();
  const removeBirthday = useRemoveBirthday();
  const birthdaySave = useAction(async (birthday: BirthdayInput) => {
    await saveBirthday(birthday);
    setBirthdayOpen(false);
    toast.success(t`Your birthday is saved.`, { toastId: 'birthday-saved' });
  });
  const birthdayRemove = useAction(async () => {
    await removeBirthday();
    setBirthdayOpen(false);
    toast.success(t`Your birthday is removed.`, { toastId: 'birthday-removed' });
  });
  const birthdayFailure = birthdaySave.error ?? birthdayRemove.error;
  const birthdayFields = fieldErrorsOf(birthdayFailure);

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
        loading={profile.isLoading || partsPending}
        // a re-read that failed (offline) leaves the profile it has on screen, as Home does
        error={profile.error && !profile.data ? messageOf(profile.error) : null}
        onRetry={() => void profile.mutate()}
        onOpenWallet={() => void navigate(paths.profileWallet)}
        onOpenPoints={() => void navigate(paths.profilePoint)}
        onOpenMemberCard={() => setCardOpen(true)}
        tier={tier.data}
        onInviteFriend={() => setInviteOpen(true)}
        onOpenNotifications={() => void navigate(paths.profileNotification)}
        onOpenOrders={() => void navigate(paths.orderHome)}
        onChangeEmail={() => void navigate(paths.profileChangeEmail)}
        name={{
          open: nameOpen,
          onOpenChange: (open) => {
            nameSave.reset();
            setNameOpen(open);
          },
          onSave: (name) => void nameSave.run(name),
          saving: nameSave.pending,
          fieldError: nameFields.name,
          error: nameSave.error && !nameFields.name ? messageOf(nameSave.error) : null,
        }}
        onOpenAddresses={() => void navigate(paths.profileAddAddress)}
        birthday={{
          treat: settings.birthday_treat ?? false,
          // the shop's day, as the provider counts the 30 days before a birthday
          today: dateTimeFormat('en-CA', { timeZone: settings.timezone }).format(new Date()),
          open: birthdayOpen,
          onOpenChange: (open) => {
            birthdaySave.reset();
            birthdayRemove.reset();
            setBirthdayOpen(open);
          },
          onSave: (birthday) => void birthdaySave.run(birthday),
          onRemove: () => void birthdayRemove.run(),
          saving: birthdaySave.pending || birthdayRemove.pending,
          fieldErrors: birthdayFields,
          error: birthdayFailure && Object.keys(birthdayFields).length === 0 ? messageOf(birthdayFailure) : null,
        }}
        messageSettings={
          <>
            <PushSettingsContainer />
            <CampaignSwitchContainer />
            <ReceiptChoiceContainer />
          </>
        }
        languageSetting={<ProfileLanguageContainer />}
        yourData={<YourDataContainer />}
        onLogout={() => void onLogout()}
        loggingOut={loggingOut}
        nav={<AppNav />}
        currency={settings.currency}
        locale={settings.locale}
        timeZone={settings.timezone}
        balancesAsOf={balancesAsOf}
        now={new Date().toISOString()}
      />
      {cardOpen !== null && <MemberCardSheet open={cardOpen} onOpenChange={setCardOpen} />}
      {inviteOpen !== null && <ReferralSheet open={inviteOpen} onOpenChange={setInviteOpen} />}
    </>
  );
}
