import { msg } from '@lingui/core/macro';
import { useLingui } from '../i18n/use-lingui';
import { Link, useLocation } from 'react-router-dom';
import { BottomNav, GiftIcon, HomeIcon, ShopIcon, SpinIcon, UserIcon, type RenderLink } from '../ui';
import { paths, to } from '#contract/routes';
import { useGuest } from './auth/guest';

/** The router's Link for primitives that take `renderLink`. */
export const routerLink: RenderLink = ({ href, children, ...rest }) => (
  <Link to={href} {...rest}>
    {children}
  </Link>
);

// the labels are said in the language spoken: msg marks them for the catalogues, AppNav translates them
const ITEMS = [
  { href: paths.home, label: msg`Home`, icon: <HomeIcon />, match: ['/home'] },
  { href: paths.shop, label: msg`Shop`, icon: <ShopIcon />, match: ['/shop', '/delivery', '/set-location', '/add-new-address', '/order-confirmation'] },
  { href: paths.spin, label: msg`Spin`, icon: <SpinIcon />, match: ['/spin'] },
  { href: to.rewardStorage('active'), label: msg`Rewards`, icon: <GiftIcon />, match: ['/reward'] },
  { href: paths.profileHome, label: msg`Profile`, icon: <UserIcon />, match: ['/profile', '/order'] },
];

/** A guest at a table: the menu, its orders, and joining (sign-in) in place of the member's sections. */
const GUEST_ITEMS = [
  ITEMS[1]!,
  { href: paths.orderHome, label: msg`Orders`, icon: <GiftIcon />, match: ['/order'] },
  { href: paths.login, label: msg`Join to collect points`, icon: <UserIcon />, match: [] },
];

/** The app's main navigation, with the current section marked. */
export function AppNav() {
  const { pathname } = useLocation();
  const { _ } = useLingui();
  const guest = useGuest() !== null;
  const items = (guest ? GUEST_ITEMS : ITEMS).map(({ match, label, ...item }) => ({
    ...item,
    label: _(label),
    active: match.some((m) => pathname === m || pathname.startsWith(`${m}/`)),
  }));
  return <BottomNav items={items} renderLink={routerLink} label={_(msg`Main`)} />;
}
