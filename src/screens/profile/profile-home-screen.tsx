import { useLingui } from '@lingui/react/macro';
import { useId, type ReactNode } from 'react';
import type { Customer } from '#contract';
import {
  AsOfNote,
  AppShell,
  Badge,
  BellIcon,
  Button,
  ChevronRightIcon,
  ErrorState,
  GiftIcon,
  LocationIcon,
  Money,
  Points,
  QrIcon,
  ReceiptIcon,
  Skeleton,
  SkeletonGroup,
  StarIcon,
  TopBar,
  UserIcon,
  WalletIcon,
  cardClass,
  cardSurface,
  cx,
  focusRing,
} from '../../ui';
import type { TierStatusData } from '#contract/tiers';
import { BirthdayCard, type BirthdayCardProps } from './birthday-card';
import { formatPhone } from '../auth/format-phone';
import { TierCard } from './tier-card';
import { EditNameButton, NameForm, type ProfileNameProps } from './profile-name';
import { asOfWords } from '../../ui/lib/dates';

export interface ProfileHomeScreenProps {
  customer?: Customer | null;
  /** Unread notifications, shown as a badge on the Notifications row. */
  unreadNotifications?: number;
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  onOpenWallet?: () => void;
  onOpenPoints?: () => void;
  /** Opens the member card (its QR code for the counter). */
  onOpenMemberCard?: () => void;
  /** the customer's tier (issue 30): its card with what each tier gives; nothing when the shop has none */
  tier?: TierStatusData | null;
  /** Opens "Invite a friend" (the referral link); the row is there only with it. */
  onInviteFriend?: () => void;
  onOpenNotifications?: () => void;
  onOpenOrders?: () => void;
  onChangeEmail?: () => void;
  /** changing the name: its form and what it does */
  name?: ProfileNameProps;
  onOpenAddresses?: () => void;
  /** the birthday card's form and what it does (the birth date itself is the customer's) */
  birthday?: Omit<BirthdayCardProps, 'birthday'>;
  /** "Notifications on this phone" (web push, where the shop sends them and this browser can receive them) and "Offers and reminders" (campaigns) */
  messageSettings?: ReactNode;
  /** The choice of language (shown when the shop offers more than one), under Settings. */
  languageSetting?: ReactNode;
  /** "Your data": download everything the shop keeps, or delete the account (after Settings, before Log out) */
  yourData?: ReactNode;
  onLogout?: () => void;
  /** True while logging out. */
  loggingOut?: boolean;
  nav?: ReactNode;
  currency: string;
  locale: string;
  /** The merchant's time zone for dates (default UTC). */
  timeZone?: string;
  /** offline: when the kept copy of the balances was read (ISO); "As of …" under them */
  balancesAsOf?: string | null;
  /** now (ISO), for "As of 9:41 AM" today rather than a date */
  now?: string;
}

interface Row {
  label: string;
  icon: ReactNode;
  onClick?: () => void;
  /** Shown at the right of the row, also part of the button's name. */
  extra?: ReactNode;
}

function MenuList({ rows, label }: { rows: Row[]; label: string }) {
  return (
    <ul aria-label={label} className={cx(cardSurface, 'divide-y divide-border')}>
      {rows.map((row) => (
        <li key={row.label} className="first:[&>button]:rounded-t-2xl last:[&>button]:rounded-b-2xl">
          <button
            type="button"
            onClick={row.onClick}
            disabled={!row.onClick}
            className={cx('flex min-h-14 w-full items-center gap-3 px-4 py-3 text-left text-ink hover:bg-surface disabled:opacity-60', focusRing)}
          >
            <span className="text-brand-ink" aria-hidden="true">
              {row.icon}
            </span>
            <span className="flex-1 font-medium">{row.label}</span>
            {row.extra}
            <ChevronRightIcon size={18} className="text-muted" />
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Who is signed in: initial, name (with Edit), phone and e-mail (and whether it is verified). */
function Identity({ customer, name = {} }: { customer: Customer; name?: ProfileNameProps }) {
  const { t } = useLingui();
  const formId = `${useId()}-name`;
  return (
    <section aria-labelledby="profile-name" className="flex flex-col gap-3">
      <div className="flex items-center gap-4">
        <span
          className="inline-flex size-16 shrink-0 items-center justify-center rounded-full bg-brand text-2xl font-bold text-brand-contrast"
          aria-hidden="true"
        >
          {customer.name.trim().charAt(0).toUpperCase() || <UserIcon />}
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="profile-name" className="truncate text-xl font-bold text-ink">
            {customer.name}
          </h2>
          <dl className="text-sm text-muted">
            <div className="flex gap-1">
              <dt className="sr-only">{t`Phone`}</dt>
              <dd>{customer.phone ? formatPhone(customer.phone) : t`No phone number`}</dd>
            </div>
            <div className="flex min-w-0 flex-wrap items-center gap-x-2">
              <dt className="sr-only">{t`E-mail`}</dt>
              <dd className="min-w-0 break-all">{customer.email ?? t`No e-mail address yet`}</dd>
              {customer.email && !customer.email_verified && (
                <dd className="shrink-0">
                  <Badge tone="warning" className="px-2 py-0 text-xs">
                    {t`Not verified`}
                  </Badge>
                </dd>
              )}
            </div>
          </dl>
        </div>
        <EditNameButton open={name.open} onOpenChange={name.onOpenChange} formId={formId} />
      </div>
      {name.open && <NameForm {...name} name={customer.name} formId={formId} />}
    </section>
  );
}

function Balances({
  customer,
  asOf,
  onOpenPoints,
  onOpenWallet,
  currency,
  locale,
}: {
  customer: Customer;
  /** offline: "As of …", under the two */
  asOf: string | null;
  onOpenPoints?: () => void;
  onOpenWallet?: () => void;
  currency: string;
  locale: string;
}) {
  const { t } = useLingui();
  return (
    <section aria-label={t`Balances`} className="flex flex-col gap-2">
      <div className="grid grid-cols-2 gap-3">
        <button
          type="button"
          onClick={onOpenPoints}
          className={cx('flex flex-col items-start gap-1 rounded-2xl bg-brand p-4 text-left text-brand-contrast shadow-sm hover:brightness-95', focusRing)}
        >
          <span className="text-sm">{t`Points`}</span>
          <Points value={customer.points} locale={locale} unit="" showIcon className="text-2xl font-bold" />
        </button>
        <button type="button" onClick={onOpenWallet} className={cx(cardClass(), 'flex flex-col items-start gap-1 text-left hover:bg-surface', focusRing)}>
          <span className="text-sm text-muted">{t`Wallet`}</span>
          <Money amount={customer.wallet_balance} currency={currency} locale={locale} className="text-2xl font-bold" />
        </button>
      </div>
      {asOf && <AsOfNote asOf={asOf} />}
    </section>
  );
}

export function ProfileHomeScreen({
  customer,
  unreadNotifications = 0,
  loading = false,
  error,
  onRetry,
  onOpenWallet,
  onOpenPoints,
  onOpenMemberCard,
  tier,
  onInviteFriend,
  onOpenNotifications,
  onOpenOrders,
  onChangeEmail,
  name,
  onOpenAddresses,
  birthday,
  messageSettings,
  languageSetting,
  yourData,
  onLogout,
  loggingOut = false,
  nav,
  currency,
  locale,
  timeZone = 'UTC',
  balancesAsOf = null,
  now,
}: ProfileHomeScreenProps) {
  const { t } = useLingui();
  let body: ReactNode;
  if (error) {
    body = <ErrorState title={t`We couldn't load your profile`} message={error} onRetry={onRetry} />;
  } else if (loading || !customer) {
    body = (
      <SkeletonGroup label={t`Loading your profile`} className="flex flex-col gap-4">
        <Skeleton height="5rem" />
        <div className="grid grid-cols-2 gap-3">
          <Skeleton height="5rem" />
          <Skeleton height="5rem" />
        </div>
        <Skeleton height="14rem" />
      </SkeletonGroup>
    );
  } else {
    const unread =
      unreadNotifications > 0 ? (
        <Badge tone="brand">
          {unreadNotifications > 99 ? '99+' : unreadNotifications}
          <span className="sr-only"> {t`unread`}</span>
        </Badge>
      ) : null;
    body = (
      <div className="flex flex-col gap-6">
        <Identity customer={customer} name={name} />
        <Balances
          customer={customer}
          asOf={balancesAsOf ? asOfWords(balancesAsOf, now, locale, timeZone) : null}
          onOpenPoints={onOpenPoints}
          onOpenWallet={onOpenWallet}
          currency={currency}
          locale={locale}
        />
        <TierCard status={tier} variant="full" locale={locale} timeZone={timeZone} />
        <BirthdayCard {...birthday} birthday={customer.birthday} />
        {messageSettings}

        <section aria-labelledby="account-heading" className="flex flex-col gap-2">
          <h2 id="account-heading" className="text-lg font-semibold text-ink">
            {t`My account`}
          </h2>
          <MenuList
            label={t`My account`}
            rows={[
              { label: t`Member card`, icon: <QrIcon />, onClick: onOpenMemberCard },
              ...(onInviteFriend ? [{ label: t`Invite a friend`, icon: <GiftIcon />, onClick: onInviteFriend }] : []),
              { label: t`Wallet`, icon: <WalletIcon />, onClick: onOpenWallet },
              { label: t`Points`, icon: <StarIcon />, onClick: onOpenPoints },
              { label: t`Notifications`, icon: <BellIcon />, onClick: onOpenNotifications, extra: unread },
              { label: t`Order history`, icon: <ReceiptIcon />, onClick: onOpenOrders },
            ]}
          />
        </section>

        <section aria-labelledby="settings-heading" className="flex flex-col gap-2">
          <h2 id="settings-heading" className="text-lg font-semibold text-ink">
            {t`Settings`}
          </h2>
          <MenuList
            label={t`Settings`}
            rows={[
              { label: customer.email ? t`Change e-mail` : t`Add e-mail`, icon: <UserIcon />, onClick: onChangeEmail },
              { label: t`Addresses`, icon: <LocationIcon />, onClick: onOpenAddresses },
            ]}
          />
          {languageSetting}
        </section>

        {yourData}

        <Button variant="secondary" fullWidth onClick={onLogout} loading={loggingOut}>
          {t`Log out`}
        </Button>
      </div>
    );
  }

  return (
    <AppShell header={<TopBar title={t`Profile`} />} nav={nav}>
      {body}
    </AppShell>
  );
}
