import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { MemberCardData } from '#contract/members';
import { CheckIcon, Dialog, Points, Skeleton, SkeletonGroup, formatPoints } from '../../ui';
import { CodesUnavailable, RotatingCode } from '../rewards/rotating-code';

export interface MemberCardProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** the card from the shop; absent while it loads */
  card?: MemberCardData;
  error?: string | null;
  onRetry?: () => void;
  /** the code on screen has run out: the container asks for fresh ones */
  onStale?: () => void;
  /** stories: keep the countdown still */
  frozen?: boolean;
  /** no connection: the points as last read, and no code (RotatingCode) */
  offline?: boolean;
  locale: string;
  /** under the card: "Add to Apple Wallet", "Save to Google Wallet" (wallet-buttons.tsx), when offered */
  wallet?: ReactNode;
}

const QR_SIZE = 264;

/** "+18 points at Makati — thank you!" */
export function earnText(earn: NonNullable<MemberCardData['last_earn']>, locale: string): string {
  const n = formatPoints(earn.points, locale, true);
  const where = earn.location_name;
  const points = earn.points;
  return where
    ? plural(points, { one: `${n} point at ${where} — thank you!`, other: `${n} points at ${where} — thank you!` })
    : plural(points, { one: `${n} point — thank you!`, other: `${n} points — thank you!` });
}

/**
 * The customer's member card, big and bright for the counter to scan: the rotating QR code, the short
 * code to say aloud, the points, and the points a counter just gave (announced politely, since the
 * customer is looking at the staff, not the phone). A bottom sheet on a phone, a dialog on wider
 * screens; Escape closes it and focus goes back to what opened it.
 */
export function MemberCard({ open, onOpenChange, card, error, onRetry, onStale, frozen, offline, locale, wallet }: MemberCardProps) {
  const { t } = useLingui();
  const earn = card?.last_earn;
  let body;
  if (error && !card) {
    body = <CodesUnavailable what="member card" onRetry={onRetry} />;
  } else if (!card) {
    body = (
      <SkeletonGroup label={t`Loading your member card`} className="flex flex-col items-center gap-3">
        <Skeleton width={`${QR_SIZE}px`} height={`${QR_SIZE}px`} />
        <Skeleton width="12rem" height="2.5rem" />
      </SkeletonGroup>
    );
  } else {
    body = (
      <>
        <RotatingCode
          codes={card}
          label={t`QR code of your member card, for the counter to scan`}
          onStale={onStale}
          frozen={frozen}
          offline={offline}
          size={QR_SIZE}
          codeClassName="text-4xl tracking-[0.2em]"
        />
        <p className="flex flex-col">
          <span className="text-sm text-muted">{earn ? t`Your points now` : t`Your points`}</span>
          <Points value={card.points} locale={locale} className="justify-center text-2xl font-bold" />
        </p>
      </>
    );
  }
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t`Member card`} description={t`Show this at the counter to earn points.`} placement="sheet">
      <div className="flex flex-col items-center gap-3 text-center">
        {/* always there, so a screen reader hears an earn that arrives while the card is open */}
        <div role="status" aria-live="polite" className="w-full empty:hidden">
          {earn && (
            <p className="flex items-center justify-center gap-2 rounded-xl bg-success/10 p-3 font-semibold text-success">
              <CheckIcon size={20} className="shrink-0" />
              {earnText(earn, locale)}
            </p>
          )}
        </div>
        {body}
        {wallet}
      </div>
    </Dialog>
  );
}
