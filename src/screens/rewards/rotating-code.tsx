import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { Button, QrCode, Skeleton, cx } from '../../ui';

/** One code of a rotating pair: the QR code's text and the short code to type by hand. */
export interface RotatingCodeStep {
  qr: string;
  short_code: string;
}

/** What the shop answers for a voucher's code and for the member card alike (the same scheme). */
export interface RotatingCodes {
  step_seconds: number;
  /** seconds until `current` gives way to `next` (relative: the phone's clock may be wrong) */
  seconds_left: number;
  current: RotatingCodeStep | null;
  next: RotatingCodeStep | null;
}

export interface RotatingCodeProps {
  codes: RotatingCodes;
  /** the QR code's accessible name */
  label: string;
  /** the code on screen has run out: the container fetches fresh ones */
  onStale?: () => void;
  /** stories: keep the countdown still, so a screenshot is the same every time */
  frozen?: boolean;
  /**
   * No connection (api/reachable.ts): the codes may be a kept copy from before, which the counter would
   * refuse, so none is shown; the page says the code comes back with the connection.
   */
  offline?: boolean;
  size?: number;
  /** the short code's type (the member card shows it bigger) */
  codeClassName?: string;
}

/** "K7QM2XHD" → "K7QM 2XHD": easier to read aloud and to type. */
export const spacedCode = (code: string) => code.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * A QR code and the short code under it, both changing every step (30 seconds), with a countdown to the
 * next: a voucher's code and the member card's. A screenshot of it is refused at the counter a minute
 * later. The shop's answer says how many seconds the code on screen has left (not when: the phone's
 * clock may be wrong), and carries the next code, so the change happens on time even while the next
 * answer is on its way.
 */
export function RotatingCode({ codes, label, onStale, frozen = false, offline = false, size = 220, codeClassName = 'text-3xl' }: RotatingCodeProps) {
  const { t } = useLingui();
  const [left, setLeft] = useState(codes.seconds_left);
  const staleRef = useRef(onStale);
  useEffect(() => {
    staleRef.current = onStale;
  });
  // the countdown restarts only when a new answer arrives
  useEffect(() => {
    setLeft(codes.seconds_left);
    if (frozen) return;
    const deadline = Date.now() + codes.seconds_left * 1000;
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
  }, [codes, frozen]);

  const step = codes.step_seconds;
  // past the first code's time, the next one (already here) until fresh codes arrive
  const shown = left > 0 ? codes.current : codes.next;
  const countdown = left > 0 ? left : step + left;
  if (offline) return <CodeNeedsConnection step={step} />;
  // both codes ran out and no fresh ones came (the shop did not answer): an old code would be refused
  if (left <= -step) return <CodesUnavailable what="new code" onRetry={onStale} />;
  // a voucher no longer active has no code: the space stays, quiet
  if (!shown) return <Skeleton width={`${size}px`} height={`${size}px`} />;
  const spelled = shown.short_code.split('').join(' ');
  const seconds = Math.max(0, countdown);
  return (
    <>
      <div className="rounded-2xl border border-border p-2">
        <QrCode value={shown.qr} label={label} size={size} />
      </div>
      <p className="flex flex-col gap-1">
        <span className="text-sm text-muted">
          <Trans>Or tell them this code</Trans>
        </span>
        <span className={cx('font-mono font-bold tracking-widest text-ink', codeClassName)} aria-label={t`Code ${spelled}`}>
          {spacedCode(shown.short_code)}
        </span>
      </p>
      <div className="flex w-full max-w-60 flex-col gap-1" aria-hidden="true">
        <div className="h-1.5 overflow-hidden rounded-full bg-border">
          <div
            className={cx('h-full rounded-full bg-brand', !frozen && 'transition-[width] duration-300')}
            style={{ width: `${Math.max(0, Math.min(100, (countdown / step) * 100))}%` }}
          />
        </div>
        <span className="text-sm text-muted tabular-nums">
          <Trans>New code in {seconds} s</Trans>
        </span>
      </div>
      <p className="sr-only">
        <Trans>The code changes every {step} seconds, so a photo of it cannot be used again.</Trans>
      </p>
    </>
  );
}

/** The shop did not answer with the codes: say so (one whole sentence for each thing asked for), and offer to ask again. */
export function CodesUnavailable({ what, onRetry }: { what: 'code' | 'new code' | 'member card'; onRetry?: () => void }) {
  const { t } = useLingui();
  const sentence = {
    code: t`We couldn’t get your code from the shop. Check your connection.`,
    'new code': t`We couldn’t get your new code from the shop. Check your connection.`,
    'member card': t`We couldn’t get your member card from the shop. Check your connection.`,
  }[what];
  return (
    <div role="alert" className="flex flex-col items-center gap-2 p-4">
      <p className="text-ink">{sentence}</p>
      {onRetry && (
        <Button size="sm" variant="secondary" onClick={onRetry}>
          <Trans>Try again</Trans>
        </Button>
      )}
    </div>
  );
}

/** Offline: the code is not shown (a kept one would be refused), and the page says when it comes back. */
function CodeNeedsConnection({ step }: { step: number }) {
  return (
    <div role="status" className="flex flex-col items-center gap-1 p-4">
      <p className="font-semibold text-ink">
        <Trans>Your code shows when you're back online.</Trans>
      </p>
      <p className="text-sm text-muted">
        <Trans>It changes every {step} seconds, so an old one would not work at the counter.</Trans>
      </p>
    </div>
  );
}
