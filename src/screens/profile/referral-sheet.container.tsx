import { t } from '@lingui/core/macro';
import { useState } from 'react';
import { useReferralStatus } from '../../api/referrals';
import { messageOf } from '../../shared/errors';
import { useSite } from '../../app/settings';
import { ReferralSheet } from './referral-sheet';

export interface ReferralSheetContainerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The browser has the Web Share API (phones mostly): the sheet offers Share, else Copy link. */
const canShare = () => typeof navigator !== 'undefined' && typeof navigator.share === 'function';

/**
 * The invite sheet's container, over the profile: a chunk of its own (lazyPage), loaded the first time
 * the customer opens it, like the member card. The link is the app's own origin and the status's path.
 */
export default function ReferralSheetContainer({ open, onOpenChange }: ReferralSheetContainerProps) {
  const { settings } = useSite();
  const referral = useReferralStatus(open);
  const link = referral.data ? `${window.location.origin}${referral.data.path}` : undefined;

  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  const share = async () => {
    if (!link) return;
    const shop = settings.setting_company;
    const code = referral.data?.code ?? '';
    try {
      await navigator.share({
        title: shop ? t`Join ${shop}` : t`Join us`,
        text: shop ? t`Sign up at ${shop} with my code ${code}` : t`Sign up with my code ${code}`,
        url: link,
      });
    } catch (err) {
      // closing the share sheet is not a failure; anything else falls back to copying
      if ((err as { name?: string })?.name !== 'AbortError') await copy();
    }
  };

  return (
    <ReferralSheet
      open={open}
      onOpenChange={onOpenChange}
      status={referral.data}
      error={referral.error ? messageOf(referral.error) : null}
      onRetry={() => void referral.mutate()}
      link={link}
      canShare={canShare()}
      onShare={() => void share()}
      onCopy={() => void copy()}
      copied={copied}
    />
  );
}
