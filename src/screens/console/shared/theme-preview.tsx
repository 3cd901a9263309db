import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural, t as say } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { i18n } from '#i18n/i18n';
import type { Category, Customer, Reward, SiteSettings } from '#contract';
import type { StampCard } from '#contract/stamps';
import type { TierStatusData } from '#contract/tiers';
import { formatMoney } from '#contract/money';
import { paths, to } from '#contract/routes';
import { offeredLanguages, shopDefaultLanguage } from '#contract/languages';
import { BottomNav, GiftIcon, HomeIcon, LanguageSwitch, ShopIcon, SpinIcon, Tabs, themeFromSettings, UserIcon, type RenderLink } from '../../../ui';
import { LoginScreen } from '../../auth/login-screen';
import { HomeScreen } from '../../home/home-screen';
import { ShopScreen } from '../../shop/shop-screen';
import { RewardRedeemScreen } from '../../rewards/reward-redeem-screen';
import { DESKTOP, PHONE, PhoneFrame } from './phone-frame';
import { spoken } from './spoken';

export type PreviewPage = 'login' | 'home' | 'shop' | 'reward';

const PAGE_IDS: readonly PreviewPage[] = ['login', 'home', 'shop', 'reward'];
/** Each page's tab, and its name inside the phone's accessible name ("Lite version, sign-in page"). */
const PAGE_LABEL = spoken<PreviewPage>({ login: msg`Sign-in`, home: msg`Home`, shop: msg`Shop`, reward: msg`A reward` });

export interface ThemePreviewProps {
  /** the draft as the customer app would read it from settings/main-setting */
  settings: SiteSettings;
  /** the shop's own menu and rewards */
  categories: Category[];
  rewards: Reward[];
  /** which page both phones show first */
  defaultPage?: PreviewPage;
  /** the versions shown side by side: both while choosing (the studio), the shop's own to see it as customers do */
  versions?: ReadonlyArray<'Lite' | 'Full'>;
  /** the sample customer's tier and stamp cards on Home, when the shop has them on */
  tier?: TierStatusData | null;
  stampCards?: StampCard[];
  /** a desktop's window beside the phones, in the shop's own version (the app's desktop layout) */
  desktop?: boolean;
}

/** Inside a preview nothing goes anywhere: links are drawn, not followed. */
const inertLink: RenderLink = ({ children, className, ...rest }) => (
  <span className={className} aria-current={rest['aria-current']}>
    {children}
  </span>
);

type NavItem = 'home' | 'shop' | 'spin' | 'rewards' | 'profile';
const NAV_ITEMS: ReadonlyArray<{ item: NavItem; href: string; label: MessageDescriptor; icon: ReactNode }> = [
  { item: 'home', href: paths.home, label: msg`Home`, icon: <HomeIcon /> },
  { item: 'shop', href: paths.shop, label: msg`Shop`, icon: <ShopIcon /> },
  { item: 'spin', href: paths.spin, label: msg`Spin`, icon: <SpinIcon /> },
  { item: 'rewards', href: to.rewardStorage('active'), label: msg`Rewards`, icon: <GiftIcon /> },
  { item: 'profile', href: paths.profileHome, label: msg`Profile`, icon: <UserIcon /> },
];

/** A customer to show the signed-in pages with (the preview shows the shop's look, not a real account). */
const SAMPLE_CUSTOMER: Customer = {
  id: 0,
  name: 'Maria Clara',
  phone: '+639171234567',
  email: null,
  email_verified: false,
  points: 420,
  wallet_balance: 125_000,
  birthday: null,
};

function nav(active: NavItem) {
  return (
    <BottomNav items={NAV_ITEMS.map(({ href, label, icon, item }) => ({ href, label: i18n._(label), icon, active: item === active }))} renderLink={inertLink} />
  );
}

/** The sign-in page's choice of language as the app shows it (src/app/language-choice.tsx): the shop's languages, its default chosen. */
function PreviewLanguageSwitch({ settings }: { settings: SiteSettings }) {
  return <LanguageSwitch languages={offeredLanguages(settings)} value={shopDefaultLanguage(settings)} onChange={() => {}} className="mt-4" />;
}

type PreviewData = Pick<ThemePreviewProps, 'settings' | 'categories' | 'rewards' | 'tier' | 'stampCards'>;

function PreviewPageView({ page, settings, categories, rewards, tier, stampCards }: { page: PreviewPage } & PreviewData) {
  const money = { currency: settings.currency, locale: settings.locale };
  switch (page) {
    case 'login':
      return (
        <LoginScreen
          companyName={settings.setting_company}
          logo={settings.post_file}
          defaultCountryCode={settings.default_country_code ?? '63'}
          onSendCode={() => {}}
          languageSwitch={<PreviewLanguageSwitch settings={settings} />}
        />
      );
    case 'home':
      return (
        <HomeScreen
          customer={SAMPLE_CUSTOMER}
          featuredRewards={rewards.slice(0, 4)}
          latestOrder={null}
          unreadNotifications={2}
          nav={nav('home')}
          tier={tier ?? null}
          {...(stampCards ? { stampCards } : {})}
          {...money}
        />
      );
    case 'shop':
      return <ShopScreen categories={categories} cart={[]} nav={nav('shop')} {...money} />;
    default:
      // the app's reward page has its back arrow (drawn here, going nowhere)
      return <RewardRedeemScreen reward={rewards[0] ?? null} points={SAMPLE_CUSTOMER.points} nav={nav('rewards')} onBack={() => {}} {...money} />;
  }
}

/** One phone (or desktop): the customer app's real screen at that device's width, themed by the draft, for one version. */
function Phone({
  version,
  page,
  scale,
  device = 'phone',
  ...data
}: { version: 'Lite' | 'Full'; page: PreviewPage; scale: number; device?: 'phone' | 'desktop' } & PreviewData) {
  const settings = { ...data.settings, version };
  const theme = themeFromSettings(settings);
  const landing = page === 'login';
  const style: Record<string, string> = {
    ...theme.vars,
    ...(landing
      ? {
          backgroundColor: theme.landing.color,
          ...(theme.landing.image ? { backgroundImage: `url("${theme.landing.image}")`, backgroundSize: 'cover', backgroundPosition: 'center' } : {}),
        }
      : {}),
  };
  const pageName = PAGE_LABEL[page].toLowerCase();
  const phone = device === 'phone';
  return (
    <figure className="flex flex-col items-center gap-2">
      <figcaption className="text-sm font-semibold">{phone ? version : say`${version} on a desktop`}</figcaption>
      <PhoneFrame
        title={phone ? say`${version} version, ${pageName} page` : say`${version} version on a desktop, ${pageName} page`}
        scale={scale}
        pageStyle={style}
        version={version}
        device={device}
      >
        <PreviewPageView page={page} {...data} settings={settings} />
      </PhoneFrame>
    </figure>
  );
}

const GAP = 24;
/**
 * the phones' scale: as large as fits, two side by side when both fit at half size or more, never above 0.62
 * (both phones whole beside the form on a 800 px high screen)
 */
function phoneScale(width: number): number {
  const border = 16;
  const pair = (width - GAP - 2 * border) / (2 * PHONE.width);
  const one = (width - border) / PHONE.width;
  return Math.max(0.4, Math.min(0.62, pair >= 0.5 ? pair : one));
}

/** the desktop's scale: the preview's whole width, never above a half (a desktop is three phones wide) */
function desktopScale(width: number): number {
  const border = 8;
  return Math.max(0.2, Math.min(0.5, (width - border) / DESKTOP.width));
}

/** Which figures on a page are the sample customer's: said in words under the phones. */
function SampleNote({ page, settings, tier, stampCards }: { page: PreviewPage } & Pick<PreviewData, 'settings' | 'tier' | 'stampCards'>) {
  if (page !== 'home' && page !== 'reward') return null;
  const cards = Boolean(stampCards?.length);
  const { name, points } = SAMPLE_CUSTOMER;
  const wallet = formatMoney(SAMPLE_CUSTOMER.wallet_balance, settings.currency, settings.locale);
  // whole sentences: the reward page shows her points; Home her wallet too, and which of its parts are samples
  const note =
    page !== 'home'
      ? say`Sample customer: ${name}, with ${plural(points, { one: '# point', other: '# points' })}. Your customers see their own.`
      : tier && cards
        ? say`Sample customer: ${name}, with ${plural(points, { one: '# point', other: '# points' })} and ${wallet} in the wallet; her tier and stamp cards are samples too. Your customers see their own.`
        : tier
          ? say`Sample customer: ${name}, with ${plural(points, { one: '# point', other: '# points' })} and ${wallet} in the wallet; her tier is a sample too. Your customers see their own.`
          : cards
            ? say`Sample customer: ${name}, with ${plural(points, { one: '# point', other: '# points' })} and ${wallet} in the wallet; her stamp cards are samples too. Your customers see their own.`
            : say`Sample customer: ${name}, with ${plural(points, { one: '# point', other: '# points' })} and ${wallet} in the wallet. Your customers see their own.`;
  return <p className="text-center text-sm text-muted">{note}</p>;
}

/**
 * The theme studio's preview: the customer app's real screens with the draft settings and the shop's
 * own menu and rewards, each in a phone of its own (an iframe at a phone's width, drawn smaller, with the
 * app's own stylesheet), Lite and Full side by side, and with `desktop` a desktop's window beside them
 * in the shop's version. It changes as the draft changes. The signed-in pages show a sample customer,
 * said so under the phones.
 */
export function ThemePreview({ defaultPage = 'login', versions = ['Lite', 'Full'], desktop = false, ...data }: ThemePreviewProps): ReactNode {
  const { t } = useLingui();
  const box = useRef<HTMLElement>(null);
  const [scale, setScale] = useState(0.6);
  const [wide, setWide] = useState(0.4);
  const shopVersion = data.settings.version === 'Lite' ? 'Lite' : 'Full';
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => {
      setScale(phoneScale(el.clientWidth));
      setWide(desktopScale(el.clientWidth));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return (
    <section ref={box} aria-label={t`Preview`} className="flex min-w-0 flex-col gap-4">
      <Tabs
        label={t`Page to preview`}
        defaultValue={defaultPage}
        items={PAGE_IDS.map((id) => ({
          value: id,
          label: PAGE_LABEL[id],
          content: (
            <div className="flex flex-col gap-4">
              <div className="flex flex-wrap justify-center gap-6">
                {versions.map((v) => (
                  <Phone key={v} version={v} page={id} scale={scale} {...data} />
                ))}
              </div>
              <SampleNote page={id} settings={data.settings} tier={data.tier} stampCards={data.stampCards} />
              {desktop && <Phone version={shopVersion} page={id} scale={wide} device="desktop" {...data} />}
            </div>
          ),
        }))}
      />
    </section>
  );
}
