import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { shopLink } from './shop-link';
import { cx, focusRing } from '../../ui';

export interface SignUpTermsProps {
  /** the shop's privacy notice (an https:// address the owner set); absent, empty or any other address: not linked */
  privacyUrl?: string | undefined;
  /** the shop's terms; absent or empty: not linked */
  termsUrl?: string | undefined;
  /** what creates the account: "By signing up" (default), or "By continuing with Google" */
  lead?: string;
}

/** A link to one of the shop's pages, in a new tab (said to screen readers too). */
function ShopPageLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={cx('whitespace-nowrap rounded-sm font-semibold text-brand-ink underline underline-offset-4 hover:no-underline', focusRing)}
    >
      {children}
      <span className="sr-only">
        {' '}
        <Trans>(opens in a new tab)</Trans>
      </span>
    </a>
  );
}

/**
 * "By signing up you agree to the shop's Terms and Privacy notice.", under the button that creates the
 * account (issue 45): the name step's, and Google's on the sign-in page (a new customer's account is
 * made there). Only the links the owner set (Settings → Contact); nothing when neither is.
 */
export function SignUpTerms({ privacyUrl: privacyGiven, termsUrl: termsGiven, lead }: SignUpTermsProps) {
  // checked here, where they are linked: the sign-in page loads the check only with Google's button
  const privacyUrl = shopLink(privacyGiven);
  const termsUrl = shopLink(termsGiven);
  const { t } = useLingui();
  const by = lead ?? t`By signing up`;
  const links: ReactNode[] = [];
  if (termsUrl)
    links.push(
      <ShopPageLink key="terms" href={termsUrl}>
        {t`Terms`}
      </ShopPageLink>,
    );
  if (privacyUrl)
    links.push(
      <ShopPageLink key="privacy" href={privacyUrl}>
        {t`Privacy notice`}
      </ShopPageLink>,
    );
  if (links.length === 0) return null;
  const [first, second] = links;
  return (
    <p className="text-center text-sm text-muted">
      {second ? (
        <Trans>
          {by} you agree to the shop's {first} and {second}.
        </Trans>
      ) : (
        <Trans>
          {by} you agree to the shop's {first}.
        </Trans>
      )}
    </p>
  );
}
