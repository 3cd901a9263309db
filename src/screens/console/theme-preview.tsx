import type { ReactNode } from 'react';
import type { Category, Customer, Reward, SiteSettings } from '#contract';
import { paths, to } from '#contract/routes';
import { BottomNav, GiftIcon, HomeIcon, ShopIcon, SpinIcon, Tabs, themeFromSettings, UserIcon, cx, focusRing, type RenderLink } from '../../ui';
import { LoginScreen } from '../auth/login-screen';
import { HomeScreen } from '../home/home-screen';
import { ShopScreen } from '../shop/shop-screen';
import { RewardRedeemScreen } from '../rewards/reward-redeem-screen';

export type PreviewPage = 'login' | 'home' | 'shop' | 'reward';

const PAGES: ReadonlyArray<{ id: PreviewPage; label: string }> = [
  { id: 'login', label: 'Sign-in' },
  { id: 'home', label: 'Home' },
  { id: 'shop', label: 'Shop' },
  { id: 'reward', label: 'A reward' },
];

export interface ThemePreviewProps {
  /** the draft as the customer app would read it from settings/main-setting */
  settings: SiteSettings;
  /** the shop's own menu and rewards */
  categories: Category[];
  rewards: Reward[];
  /** which page both phones show first */
  defaultPage?: PreviewPage;
}

/** Inside a preview nothing goes anywhere: links are drawn, not followed. */
const inertLink: RenderLink = ({ children, className, ...rest }) => (
  <span className={className} aria-current={rest['aria-current']}>
    {children}
  </span>
);

const NAV_ITEMS = [
  { href: paths.home, label: 'Home', icon: <HomeIcon /> },
  { href: paths.shop, label: 'Shop', icon: <ShopIcon /> },
  { href: paths.spin, label: 'Spin', icon: <SpinIcon /> },
  { href: to.rewardStorage('active'), label: 'Rewards', icon: <GiftIcon /> },
  { href: paths.profileHome, label: 'Profile', icon: <UserIcon /> },
];

/** A customer to show the signed-in pages with (the preview shows the shop's look, not a real account). */
const SAMPLE_CUSTOMER: Customer = { id: 0, name: 'Maria Clara', phone: '+639171234567', email: null, email_verified: false, points: 420, wallet_balance: 125_000 };

function nav(active: string) {
  return <BottomNav items={NAV_ITEMS.map((i) => ({ ...i, active: i.label === active }))} renderLink={inertLink} />;
}

function PreviewPageView({ page, settings, categories, rewards }: { page: PreviewPage } & Omit<ThemePreviewProps, 'defaultPage'>) {
  const money = { currency: settings.currency, locale: settings.locale };
  switch (page) {
    case 'login':
      return <LoginScreen companyName={settings.setting_company} logo={settings.post_file} defaultCountryCode={settings.default_country_code ?? '63'} onSendCode={() => {}} />;
    case 'home':
      return <HomeScreen customer={SAMPLE_CUSTOMER} featuredRewards={rewards.slice(0, 4)} latestOrder={null} unreadNotifications={2} nav={nav('Home')} {...money} />;
    case 'shop':
      return <ShopScreen categories={categories} cart={[]} nav={nav('Shop')} {...money} />;
    default:
      return <RewardRedeemScreen reward={rewards[0] ?? null} points={SAMPLE_CUSTOMER.points} nav={nav('Rewards')} {...money} />;
  }
}

/** One phone: the customer app's real screen, themed by the draft, for one version (Lite or Full). */
function Phone({ version, page, ...data }: { version: 'Lite' | 'Full'; page: PreviewPage } & Omit<ThemePreviewProps, 'defaultPage'>) {
  const settings = { ...data.settings, version };
  const theme = themeFromSettings(settings);
  const landing = page === 'login';
  const background: Record<string, string> = landing
    ? { backgroundColor: theme.landing.color, ...(theme.landing.image ? { backgroundImage: `url("${theme.landing.image}")`, backgroundSize: 'cover', backgroundPosition: 'center' } : {}) }
    : {};
  return (
    <figure className="flex flex-col items-center gap-2">
      <figcaption className="text-sm font-semibold">{version}</figcaption>
      {/* a phone's 360 × 640 CSS pixels, drawn at 80 %; the frame scrolls (focusable, so the keyboard can
          scroll it); what is inside is only shown */}
      <div
        tabIndex={0}
        role="region"
        aria-label={`${version} version, ${PAGES.find((p) => p.id === page)!.label.toLowerCase()} page`}
        className={cx('h-[40rem] w-[22.5rem] overflow-y-auto overscroll-contain rounded-[2rem] border-[10px] border-slate-800 bg-surface shadow-lg [transform:translateZ(0)] [zoom:0.8]', focusRing)}
      >
        <div inert style={{ ...theme.vars, ...background }} className={cx('min-h-full text-ink', landing ? '' : 'bg-surface')} data-version={version}>
          <PreviewPageView page={page} settings={settings} categories={data.categories} rewards={data.rewards} />
        </div>
      </div>
    </figure>
  );
}

/**
 * The theme studio's preview: the customer app's real screens with the draft settings and the shop's
 * own menu and rewards, in two phones side by side, Lite and Full. It changes as the draft changes.
 */
export function ThemePreview({ defaultPage = 'login', ...data }: ThemePreviewProps): ReactNode {
  return (
    <section aria-label="Preview" className="flex flex-col gap-4">
      <Tabs
        label="Page to preview"
        defaultValue={defaultPage}
        items={PAGES.map((p) => ({
          value: p.id,
          label: p.label,
          content: (
            <div className="flex flex-wrap justify-center gap-6">
              <Phone version="Lite" page={p.id} {...data} />
              <Phone version="Full" page={p.id} {...data} />
            </div>
          ),
        }))}
      />
    </section>
  );
}
