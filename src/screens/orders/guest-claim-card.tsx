import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Notice } from '../../ui';
import { formatDateTime } from '../../ui/lib/dates';

export interface GuestClaimCardProps {
  /** the points the order would have earned a member */
  points: number;
  /** until when they may be claimed (24 hours after the payment) */
  claimBy: string;
  /** the time to claim them passed while the page was open */
  expired?: boolean;
  /** to sign-in (or joining), carrying the claim token; the app claims once signed in */
  onJoin?: () => void;
  locale: string;
  timeZone?: string;
}

/**
 * A guest's paid order (and its receipt): join (sign in with a phone) and claim the points it would have
 * earned, until its deadline. Past it, says so plainly.
 */
export function GuestClaimCard({ points, claimBy, expired = false, onJoin, locale, timeZone }: GuestClaimCardProps) {
  const { t } = useLingui();
  const count = points.toLocaleString(locale);
  if (expired) {
    return (
      <Notice tone="info" title={t`Too late to claim these points`}>
        <Trans>Points for a guest order can be claimed for a day after it was paid. Join now to collect them on your next order.</Trans>
      </Notice>
    );
  }
  const by = formatDateTime(claimBy, locale, timeZone);
  return (
    <Notice
      tone="info"
      title={plural(points, { one: `This order earns ${count} point`, other: `This order earns ${count} points` })}
      action={
        <Button onClick={onJoin} fullWidth>
          {plural(points, { one: `Join and claim ${count} point by ${by}`, other: `Join and claim ${count} points by ${by}` })}
        </Button>
      }
    >
      <Trans>Sign in or join with your phone, and they are yours. Guests don't earn points otherwise.</Trans>
    </Notice>
  );
}

/** The deadline passed: by the clock, not only by the provider leaving the offer out. */
export const claimExpired = (claimBy: string, now: number = Date.now()) => Date.parse(claimBy) <= now;
