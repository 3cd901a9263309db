// the sign-in pages' icons are in base-icons.tsx (the forms chunk); these are the signed-in pages'
import { AlertIcon, CheckIcon, ChevronDownIcon, InfoIcon, make } from './base-icons';

export const HomeIcon = make(
  'Home',
  <>
    <path d="M3 10.5 12 3l9 7.5" />
    <path d="M5 9.5V21h14V9.5" />
    <path d="M10 21v-6h4v6" />
  </>,
);
export const ShopIcon = make(
  'Shop',
  <>
    <path d="M5 8h14l-1 13H6L5 8Z" />
    <path d="M9 8V6a3 3 0 0 1 6 0v2" />
  </>,
);
export const SpinIcon = make(
  'Spin',
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 3v18M3 12h18M5.6 5.6l12.8 12.8M18.4 5.6 5.6 18.4" />
  </>,
);
export const GiftIcon = make(
  'Gift',
  <>
    <rect x="3" y="8" width="18" height="4" rx="1" />
    <path d="M5 12v9h14v-9M12 8v13" />
    <path d="M12 8S10.5 3 8 3a2.5 2.5 0 0 0 0 5M12 8s1.5-5 4-5a2.5 2.5 0 0 1 0 5" />
  </>,
);
export const UserIcon = make(
  'User',
  <>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </>,
);
export const ChevronLeftIcon = make('ChevronLeft', <path d="m15 18-6-6 6-6" />);
export const ChevronRightIcon = make('ChevronRight', <path d="m9 18 6-6-6-6" />);
export const CloseIcon = make('Close', <path d="M18 6 6 18M6 6l12 12" />);
export const WalletIcon = make(
  'Wallet',
  <>
    <rect x="3" y="6" width="18" height="14" rx="2" />
    <path d="M3 10h18M16 15h2" />
  </>,
);
export const StarIcon = make('Star', <path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9L12 3Z" />);
export const PlusIcon = make('Plus', <path d="M12 5v14M5 12h14" />);
export const MinusIcon = make('Minus', <path d="M5 12h14" />);
export const BellIcon = make(
  'Bell',
  <>
    <path d="M6 16V11a6 6 0 0 1 12 0v5l2 2H4l2-2Z" />
    <path d="M10 20a2 2 0 0 0 4 0" />
  </>,
);
export const InboxIcon = make(
  'Inbox',
  <>
    <path d="M3 13h5l1 3h6l1-3h5" />
    <path d="M5 5h14l2 8v6H3v-6l2-8Z" />
  </>,
);
export const RefreshIcon = make(
  'Refresh',
  <>
    <path d="M20 11a8 8 0 1 0-2.3 5.7" />
    <path d="M20 4v7h-7" />
  </>,
);
export const LocationIcon = make(
  'Location',
  <>
    <path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21Z" />
    <circle cx="12" cy="9.5" r="2.5" />
  </>,
);
export const QrIcon = make(
  'Qr',
  <>
    <rect x="3" y="3" width="7" height="7" />
    <rect x="14" y="3" width="7" height="7" />
    <rect x="3" y="14" width="7" height="7" />
    <path d="M14 14h3v3h-3zM20 14v.01M14 20h.01M17 20h4v-3" />
  </>,
);
export const ReceiptIcon = make(
  'Receipt',
  <>
    <path d="M6 3h12v18l-3-2-3 2-3-2-3 2V3Z" />
    <path d="M9 8h6M9 12h6" />
  </>,
);
export const MenuIcon = make('Menu', <path d="M4 6h16M4 12h16M4 18h16" />);
export const CopyIcon = make(
  'Copy',
  <>
    <rect x="9" y="9" width="12" height="12" rx="2" />
    <path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />
  </>,
);
/** A price tag: offers and promo codes. */
export const TagIcon = make(
  'Tag',
  <>
    <path d="M3 12.2V4a1 1 0 0 1 1-1h8.2a1 1 0 0 1 .7.3l8 8a1 1 0 0 1 0 1.4l-8.2 8.2a1 1 0 0 1-1.4 0l-8-8a1 1 0 0 1-.3-.7Z" />
    <circle cx="8" cy="8" r="1.5" />
  </>,
);

export const icons = {
  home: HomeIcon,
  shop: ShopIcon,
  spin: SpinIcon,
  gift: GiftIcon,
  user: UserIcon,
  chevronLeft: ChevronLeftIcon,
  chevronRight: ChevronRightIcon,
  chevronDown: ChevronDownIcon,
  close: CloseIcon,
  alert: AlertIcon,
  check: CheckIcon,
  info: InfoIcon,
  wallet: WalletIcon,
  star: StarIcon,
  plus: PlusIcon,
  minus: MinusIcon,
  bell: BellIcon,
  inbox: InboxIcon,
  refresh: RefreshIcon,
  location: LocationIcon,
  qr: QrIcon,
  receipt: ReceiptIcon,
  menu: MenuIcon,
  copy: CopyIcon,
  tag: TagIcon,
} as const;
