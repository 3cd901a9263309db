import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { cx, focusRing } from '../lib/cx';
import { plainLink, type RenderLink } from '../lib/link';

export interface NavItem {
  href: string;
  label: string;
  /** Decorative icon (the label names the link). */
  icon: ReactNode;
  active?: boolean;
}

export interface BottomNavProps {
  items: NavItem[];
  /** Renders each link; pass the router's Link. Defaults to a plain <a>. */
  renderLink?: RenderLink;
  label?: string;
  className?: string;
}

/**
 * Phones: a bar fixed to the bottom with icon-over-label items. From `md`: a horizontal top nav
 * with icon-beside-label items (place it above the content; AppShell does this).
 */
export function BottomNav({ items, renderLink = plainLink, label, className }: BottomNavProps) {
  const { t } = useLingui();
  return (
    <nav
      aria-label={label ?? t`Main`}
      className={cx(
        'fixed inset-x-0 bottom-0 z-30 border-t border-border bg-surface-raised pb-[env(safe-area-inset-bottom)]',
        'md:static md:border-t-0 md:border-b md:pb-0',
        className,
      )}
    >
      <ul className="mx-auto flex max-w-3xl justify-around md:justify-center md:gap-2 md:px-4">
        {items.map((item) => (
          <li key={item.href} className="flex-1 md:flex-none">
            {renderLink({
              href: item.href,
              'aria-current': item.active ? 'page' : undefined,
              className: cx(
                'flex min-h-14 flex-col items-center justify-center gap-0.5 px-2 text-xs font-medium',
                'md:min-h-12 md:flex-row md:gap-2 md:rounded-xl md:px-4 md:text-base',
                item.active ? 'text-brand-ink' : 'text-muted hover:text-ink',
                focusRing,
              ),
              children: (
                <>
                  <span aria-hidden="true" className="[&_svg]:size-6 md:[&_svg]:size-5">
                    {item.icon}
                  </span>
                  <span>{item.label}</span>
                </>
              ),
            })}
          </li>
        ))}
      </ul>
    </nav>
  );
}
