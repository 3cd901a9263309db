import { Link, useLocation } from './router';
import { BottomNav, GiftIcon, HomeIcon, ShopIcon, SpinIcon, UserIcon, type RenderLink } from '../ui';
import { paths, to } from '#contract/routes';

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

/** The app's main navigation, with the current section marked. */
export function AppNav() {
  const { pathname } = useLocation();
  const items = ITEMS.map(({ match, ...item }) => ({ ...item, active: match.some((m) => pathname === m || pathname.startsWith(`${m}/`)) }));
  return <BottomNav items={items} renderLink={routerLink} />;
}
