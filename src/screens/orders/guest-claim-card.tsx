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
  const count = points.toLocaleString(locale);
  if (expired) {
    return (
      <Notice tone="info" title="Too late to claim these points">
        Points for a guest order can be claimed for a day after it was paid. Join now to collect them on your next order.
      </Notice>
    );
  }
  return (
    <Notice
      tone="info"
      title={`This order earns ${count} points`}
      action={
        <Button onClick={onJoin} fullWidth>
          {`Join and claim ${count} points by ${formatDateTime(claimBy, locale, timeZone)}`}
        </Button>
      }
    >
      Sign in or join with your phone, and they are yours. Guests don't earn points otherwise.
    </Notice>
  );
}

/** The deadline passed: by the clock, not only by the provider leaving the offer out. */
export const claimExpired = (claimBy: string, now: number = Date.now()) => Date.parse(claimBy) <= now;
