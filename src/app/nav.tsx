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

const ITEMS = [
  { href: paths.home, label: 'Home', icon: <HomeIcon />, match: ['/home'] },
  { href: paths.shop, label: 'Shop', icon: <ShopIcon />, match: ['/shop', '/delivery', '/set-location', '/add-new-address', '/order-confirmation'] },
  { href: paths.spin, label: 'Spin', icon: <SpinIcon />, match: ['/spin'] },
  { href: to.rewardStorage('active'), label: 'Rewards', icon: <GiftIcon />, match: ['/reward'] },
  { href: paths.profileHome, label: 'Profile', icon: <UserIcon />, match: ['/profile', '/order'] },
];

/** A guest at a table: the menu, its orders, and joining (sign-in) in place of the member's sections. */
const GUEST_ITEMS = [
  ITEMS[1]!,
  { href: paths.orderHome, label: 'Orders', icon: <GiftIcon />, match: ['/order'] },
  { href: paths.login, label: 'Join to collect points', icon: <UserIcon />, match: [] },
];

/** The app's main navigation, with the current section marked. */
export function AppNav() {
  const { pathname } = useLocation();
  const guest = useGuest() !== null;
  const items = (guest ? GUEST_ITEMS : ITEMS).map(({ match, ...item }) => ({
    ...item,
    active: match.some((m) => pathname === m || pathname.startsWith(`${m}/`)),
  }));
  return <BottomNav items={items} renderLink={routerLink} />;
}
