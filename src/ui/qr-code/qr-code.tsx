import { encode } from 'uqr';
import { useMemo } from 'react';
import { cx } from '../lib/cx';

export interface QrCodeProps {
  /** The text to encode (a voucher code, an order number). */
  value: string;
  /** Accessible name, e.g. "QR code for voucher KOPI-1234". */
  label: string;
  /** Rendered size in px (the SVG scales crisply). */
  size?: number;
  errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H';
  className?: string;
}

const QUIET_ZONE = 4; // modules of white border scanners need

/** One SVG path of dark modules (no canvas): dark on the raised surface, which stays white. */
export function qrPath(value: string, errorCorrectionLevel: QrCodeProps['errorCorrectionLevel'] = 'M') {
  const { data, size: n } = encode(value, { ecc: errorCorrectionLevel, border: 0 });
  let d = '';
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) {
      if (data[row]![col]) d += `M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
    }
  }
  return { d, extent: n + QUIET_ZONE * 2 };
}

export function QrCode({ value, label, size = 200, errorCorrectionLevel = 'M', className }: QrCodeProps) {
  const { d, extent } = useMemo(() => qrPath(value, errorCorrectionLevel), [value, errorCorrectionLevel]);
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${extent} ${extent}`}
      shapeRendering="crispEdges"
      className={cx('bg-surface-raised text-ink', className)}
    >
      <rect width={extent} height={extent} fill="var(--color-surface-raised)" />
      <path d={d} fill="currentColor" />
    </svg>
  );
}
