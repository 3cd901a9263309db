import type { HTMLAttributes, ReactNode } from 'react';
import { cx, focusRing } from '../lib/cx';

interface ScrollRegionProps extends Omit<HTMLAttributes<HTMLDivElement>, 'role' | 'tabIndex' | 'aria-label'> {
  /** What scrolls, as a screen reader announces the region: "Points history", "Revenue, day by day". */
  label: string;
  /**
   * Out of sight, still read by screen readers (a chart's table while the chart is drawn): no region and no
   * tab stop then. The same element either way, so what it holds is not mounted afresh when it shows.
   */
  srOnly?: boolean;
  children: ReactNode;
}

/**
 * A box that scrolls sideways what does not fit (a wide table on a phone) instead of the page. It takes
 * keyboard focus, so the arrow keys scroll it (WCAG 2.1.1, axe's `scrollable-region-focusable`), is a named
 * region so a screen reader says what that stop is, and draws the focus ring every control does.
 */
export function ScrollRegion({ label, srOnly = false, className, children, ...rest }: ScrollRegionProps) {
  const region = srOnly
    ? { className: cx('sr-only', className) }
    : { role: 'region', 'aria-label': label, tabIndex: 0, className: cx('overflow-x-auto', focusRing, className) };
  return (
    <div {...rest} {...region}>
      {children}
    </div>
  );
}
