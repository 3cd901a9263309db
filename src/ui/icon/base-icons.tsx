import type { SVGProps } from 'react';

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'children'> {
  /** Pixel size of the square icon. */
  size?: number;
  /** When given, the icon is announced with this name; otherwise it is decorative (aria-hidden). */
  title?: string;
}

/** An icon component drawn with these paths (24 × 24, stroked in the current colour). */
export function make(name: string, paths: React.ReactNode) {
  function Icon({ size = 24, title, ...rest }: IconProps) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        focusable="false"
        {...(title ? { role: 'img', 'aria-label': title } : { 'aria-hidden': true })}
        {...rest}
      >
        {paths}
      </svg>
    );
  }
  Icon.displayName = `${name}Icon`;
  return Icon;
}

// The icons of the sign-in pages, apart from the others (icon.tsx): /login's download carries only these.
export const AlertIcon = make(
  'Alert',
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v6M12 16.5v.5" />
  </>,
);
export const CheckIcon = make('Check', <path d="m5 12 5 5L20 7" />);
export const InfoIcon = make(
  'Info',
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v6M12 7.5v.5" />
  </>,
);
export const ChevronDownIcon = make('ChevronDown', <path d="m6 9 6 6 6-6" />);
