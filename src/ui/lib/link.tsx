import type { ReactNode } from 'react';

/** What a primitive hands to `renderLink`, so the app can render its router's Link instead of <a>. */
export interface LinkRenderProps {
  href: string;
  className: string;
  children: ReactNode;
  'aria-current'?: 'page';
  'aria-label'?: string;
}
export type RenderLink = (props: LinkRenderProps) => ReactNode;

export const plainLink: RenderLink = ({ children, ...props }) => <a {...props}>{children}</a>;
