import { useEffect, useRef, useState } from 'react';
import type { VoucherCodeData } from '#contract/rewards';
import { Button, QrCode, Skeleton, cx } from '../../ui';

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

/** "K7QM2XHD" → "K7QM 2XHD": easier to read aloud and to type. */
export const spacedCode = (code: string) => code.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * A voucher's QR code and the short code under it, both changing every 30 seconds, with a countdown to
 * the next. A screenshot of it is refused at the counter a minute later. The shop's answer says how
 * many seconds the code on screen has left (not when: the phone's clock may be wrong), and carries the
 * next code, so the change happens on time even while the next answer is on its way.
 */
export function VoucherCodePanel({ reference, code, error, onRetry, onStale, frozen = false, size = 220 }: VoucherCodePanelProps) {
  const [left, setLeft] = useState(code?.seconds_left ?? 0);
  const staleRef = useRef(onStale);
  useEffect(() => {
    staleRef.current = onStale;
  });
  // the countdown restarts only when a new answer arrives
  useEffect(() => {
    if (!code) return;
    setLeft(code.seconds_left);
    if (frozen) return;
    const deadline = Date.now() + code.seconds_left * 1000;
    let staleSent = false;
    const timer = setInterval(() => {
      const s = Math.ceil((deadline - Date.now()) / 1000);
      setLeft(s);
      if (s <= 0 && !staleSent) {
        staleSent = true;
        staleRef.current?.();
      }
    }, 250);
    return () => clearInterval(timer);
  }, [code, frozen]);

  const step = code?.step_seconds ?? 30;
  // past the first code's time, the next one (already here) until fresh codes arrive
  const shown = code && (left > 0 ? code.current : code.next);
  const countdown = left > 0 ? left : step + left;

  let body;
  if (error && !code) {
    body = (
      <div role="alert" className="flex flex-col items-center gap-2 p-4">
        <p className="text-ink">We couldn’t get your code from the shop. Check your connection.</p>
        {onRetry && (
          <Button size="sm" variant="secondary" onClick={onRetry}>
            Try again
          </Button>
        )}
      </div>
    );
  } else if (!code || !shown) {
    body = <Skeleton width={`${size}px`} height={`${size}px`} />;
  } else {
    body = (
      <>
        <div className="rounded-2xl border border-border p-2">
          <QrCode value={shown.qr} label="QR code of your voucher, for the counter to scan" size={size} />
        </div>
        <p className="flex flex-col gap-1">
          <span className="text-sm text-muted">Or tell them this code</span>
          <span className="font-mono text-3xl font-bold tracking-widest text-ink" aria-label={`Code ${shown.short_code.split('').join(' ')}`}>
            {spacedCode(shown.short_code)}
          </span>
        </p>
        <div className="flex w-full max-w-60 flex-col gap-1" aria-hidden="true">
          <div className="h-1.5 overflow-hidden rounded-full bg-border">
            <div className={cx('h-full rounded-full bg-brand', !frozen && 'transition-[width] duration-300')} style={{ width: `${Math.max(0, Math.min(100, (countdown / step) * 100))}%` }} />
          </div>
          <span className="text-sm text-muted tabular-nums">New code in {Math.max(0, countdown)} s</span>
        </div>
        <p className="sr-only">The code changes every {step} seconds, so a photo of it cannot be used again.</p>
      </>
    );
  }
  return (
    <div className="flex flex-col items-center gap-3 text-center">
      {body}
      {/* the fixed code identifies the voucher when the customer asks the shop about it; the counter refuses it */}
      <p className="text-xs text-muted">
        Reference <span className="tabular-nums">{reference}</span>, if you need help with this voucher
      </p>
    </div>
  );
}
