import { Trans, useLingui } from '@lingui/react/macro';
import type { VoucherCodeData } from '#contract/rewards';
import { Skeleton } from '../../ui';
import { CodesUnavailable, RotatingCode } from './rotating-code';

export interface VoucherCodePanelProps {
  /** the voucher's fixed code: shown as a reference only, never accepted at a counter */
  reference: string;
  /** the voucher's rotating code from the shop; absent while it loads */
  code?: VoucherCodeData;
  error?: string | null;
  onRetry?: () => void;
  /** the code on screen has run out: the container fetches fresh ones */
  onStale?: () => void;
  /** stories: keep the countdown still, so a screenshot is the same every time */
  frozen?: boolean;
  size?: number;
}

/** A voucher's rotating QR code and short code (RotatingCode), and its fixed reference under them. */
export function VoucherCodePanel({ reference, code, error, onRetry, onStale, frozen = false, size = 220 }: VoucherCodePanelProps) {
  const { t } = useLingui();
  let body;
  if (error && !code) {
    body = <CodesUnavailable what="code" onRetry={onRetry} />;
  } else if (!code) {
    body = <Skeleton width={`${size}px`} height={`${size}px`} />;
  } else {
    body = <RotatingCode codes={code} label={t`QR code of your voucher, for the counter to scan`} onStale={onStale} frozen={frozen} size={size} />;
  }
  return (
    <div className="flex flex-col items-center gap-3 text-center">
      {body}
      {/* the fixed code identifies the voucher when the customer asks the shop about it; the counter refuses it */}
      <p className="text-xs text-muted">
        <Trans>
          Reference <span className="tabular-nums">{reference}</span>, if you need help with this voucher
        </Trans>
      </p>
    </div>
  );
}

/** A voucher that can no longer be used (used, expired, cancelled): its reference, struck through, and no code. */
export function SpentReference({ reference }: { reference: string }) {
  return (
    <p className="flex flex-col gap-1">
      <span className="text-sm text-muted">
        <Trans>Voucher reference</Trans>
      </span>
      <span className="text-2xl font-bold tracking-wider text-muted tabular-nums line-through">{reference}</span>
    </p>
  );
}
