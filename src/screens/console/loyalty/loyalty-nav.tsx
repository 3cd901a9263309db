import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { consoleHref } from '#contract/console-routes';
import { cx, focusRing, type RenderLink } from '../../../ui';
import { plainLink } from '../../../ui/lib/link';

/** The Loyalty area's pages: one entry in the console's menu, these links between them. */
const PAGES = [
  { page: 'loyalty', label: msg`Earning rules` },
  { page: 'tiers', label: msg`Tiers` },
  { page: 'referrals', label: msg`Referrals` },
] as const;
type LoyaltyPage = (typeof PAGES)[number]['page'];

/** The Loyalty area's page of that name; null: a page of another area. */
export const loyaltyPageOf = (name: string): LoyaltyPage | null => PAGES.find((p) => p.page === name)?.page ?? null;

/** The links between the Loyalty area's pages (earning rules, tiers, referrals), the current one marked. */
export function LoyaltyNav({ current, renderLink = plainLink }: { current: LoyaltyPage; renderLink?: RenderLink }) {
  const { t } = useLingui();
  return (
    <nav aria-label={t`Loyalty`} className="mb-4">
      <ul className="flex gap-1 overflow-x-auto border-b border-border">
        {PAGES.map((p) => (
          <li key={p.page} className="shrink-0">
            {renderLink({
              href: consoleHref(p.page),
              className: cx(
                '-mb-px flex min-h-11 items-center border-b-2 px-4 font-medium',
                p.page === current ? 'border-brand-ink text-brand-ink' : 'border-transparent text-muted hover:text-ink',
                focusRing,
              ),
              ...(p.page === current ? { 'aria-current': 'page' as const } : {}),
              children: t(p.label),
            })}
          </li>
        ))}
      </ul>
    </nav>
  );
}
