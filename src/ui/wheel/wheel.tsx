import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { bestTextOn, parseColor, toHex } from '../theme/color';
import { cx } from '../lib/cx';
import { rotationToLand, slicePath, slices, type WheelSegmentInput } from './geometry';
import { prefersReducedMotion } from '../lib/motion';
import { numberFormat } from '#contract/intl';

export interface WheelProps<S extends WheelSegmentInput = WheelSegmentInput> {
  segments: S[];
  /** Where the spin must land (from the server). Setting it while `spinning` starts the landing. */
  targetSegmentId?: S['id'] | null;
  /** True while a spin is under way; without a target yet the wheel turns slowly, waiting. */
  spinning?: boolean;
  /** Called once the wheel has come to rest on the target. */
  onSpinEnd?: () => void;
  /** Landing animation length. */
  durationMs?: number;
  /** Pixel size of the wheel. */
  size?: number;
  /** Locale for the odds percentages. */
  locale?: string;
  /** The sentence announced once landed. */
  resultText?: (segment: S) => string;
  className?: string;
}

const FALLBACK_FILLS = [
  { fill: 'var(--color-brand)', text: 'var(--color-brand-contrast)' },
  { fill: 'var(--color-surface-raised)', text: 'var(--color-ink)' },
  { fill: 'var(--color-accent)', text: 'var(--color-accent-contrast)' },
  { fill: 'var(--color-surface)', text: 'var(--color-ink)' },
];

/**
 * The odds table's rows: one per prize as customers read it (the label), slices of the same prize
 * added together ("5 pts" on three slices is one row), in the order each first appears on the wheel.
 */
export function oddsByPrize(
  parts: ReadonlyArray<{ segment: WheelSegmentInput; start: number; end: number }>,
): Array<{ label: string; share: number; slices: number }> {
  const rows = new Map<string, { label: string; share: number; slices: number }>();
  for (const p of parts) {
    const row = rows.get(p.segment.label) ?? { label: p.segment.label, share: 0, slices: 0 };
    row.share += (p.end - p.start) / 360;
    row.slices += 1;
    rows.set(p.segment.label, row);
  }
  return [...rows.values()];
}

type Part = ReturnType<typeof slices>[number];

/** One slice: its colour (the segment's, else the theme's in turn) and its label along the middle. */
function Slice({ part: p, index: i, r }: { part: Part; index: number; r: number }) {
  const parsed = parseColor(p.segment.color);
  const palette = FALLBACK_FILLS[i % FALLBACK_FILLS.length]!;
  const fill = parsed ? toHex(parsed) : palette.fill;
  const text = parsed ? toHex(bestTextOn(parsed)) : palette.text;
  const sweep = p.end - p.start;
  // the label runs along the slice's middle, from near the rim toward the centre, so a thin
  // slice has the whole radius for it; on the left half it is turned round to read upright
  const rad = ((p.center - 90) * Math.PI) / 180;
  const tx = r + r * 0.56 * Math.cos(rad);
  const ty = r + r * 0.56 * Math.sin(rad);
  const upright = p.center % 360 > 180;
  // as tall as the slice is wide at that radius, 5 to 9 units; a sliver too thin for 5 shows none
  // (the odds table below names every prize)
  const width = 2 * r * 0.56 * Math.sin(((Math.min(sweep, 180) / 2) * Math.PI) / 180);
  const fontSize = Math.min(9, width * 0.8);
  const label = p.segment.label.length > 14 ? `${p.segment.label.slice(0, 13)}…` : p.segment.label;
  return (
    <g>
      <path d={slicePath(r, p.start, p.end)} fill={fill} stroke="var(--color-border)" strokeWidth={0.75} />
      {fontSize >= 5 && (
        <text
          x={tx}
          y={ty}
          fill={text}
          fontSize={fontSize}
          fontWeight={600}
          textAnchor="middle"
          dominantBaseline="middle"
          transform={`rotate(${p.center + (upright ? 90 : -90)} ${tx} ${ty})`}
        >
          {label}
        </text>
      )}
    </g>
  );
}

/** The disclosed odds, one row per prize. */
function OddsTable({ parts, locale }: { parts: Part[]; locale: string }) {
  const captionId = useId();
  const { t } = useLingui();
  const percent = numberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  const sliceWords = (slices: number) => plural(slices, { one: '(# slice)', other: '(# slices)' });
  return (
    <table className="w-full max-w-sm border-collapse text-left text-sm">
      <caption id={captionId} className="mb-1 text-left font-semibold text-ink">
        {t`Odds of each prize`}
      </caption>
      <thead>
        <tr className="border-b border-border text-muted">
          <th scope="col" className="py-1 font-medium">
            {t`Prize`}
          </th>
          <th scope="col" className="py-1 text-right font-medium">
            {t`Chance`}
          </th>
        </tr>
      </thead>
      <tbody>
        {oddsByPrize(parts).map((row) => (
          <tr key={row.label} className="border-b border-border last:border-b-0">
            <td className="py-1 text-ink">
              {row.label}
              {row.slices > 1 && <span className="text-muted"> {sliceWords(row.slices)}</span>}
            </td>
            <td className="py-1 text-right tabular-nums text-ink">{percent.format(row.share)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * An SVG prize wheel whose slices are proportional to the disclosed odds, which are also listed
 * in a table. With prefers-reduced-motion the wheel jumps straight to the result.
 */
export function Wheel<S extends WheelSegmentInput>({
  segments,
  targetSegmentId,
  spinning = false,
  onSpinEnd,
  durationMs = 4000,
  size = 300,
  locale = 'en',
  resultText,
  className,
}: WheelProps<S>) {
  const parts = useMemo(() => slices(segments), [segments]);
  const { t } = useLingui();
  const landedOn = (prize: string) => t`You landed on ${prize}`;
  const [rotation, setRotation] = useState(0);
  const [animate, setAnimate] = useState(false);
  const [landed, setLanded] = useState<S | null>(null);
  const onSpinEndRef = useRef(onSpinEnd);
  onSpinEndRef.current = onSpinEnd;

  useEffect(() => {
    if (!spinning || targetSegmentId == null) {
      if (spinning) setLanded(null);
      return;
    }
    const target = parts.find((p) => p.segment.id === targetSegmentId);
    if (!target) return;
    setLanded(null);
    const reduced = prefersReducedMotion();
    setAnimate(!reduced);
    setRotation((from) => rotationToLand(from, target.center, reduced ? 0 : 5));
    // A timer, not transitionend: it still fires when transitions are disabled (tests, screenshots).
    const timer = setTimeout(
      () => {
        setLanded(target.segment);
        onSpinEndRef.current?.();
      },
      reduced ? 0 : durationMs,
    );
    return () => clearTimeout(timer);
  }, [spinning, targetSegmentId, parts, durationMs]);

  const waiting = spinning && targetSegmentId == null;
  const r = 100;

  return (
    <div className={cx('flex flex-col items-center gap-4', className)}>
      <div className="relative" style={{ width: size, height: size }}>
        <svg
          viewBox={`0 0 ${r * 2} ${r * 2}`}
          width={size}
          height={size}
          aria-hidden="true"
          className={cx(waiting && 'animate-spin [animation-duration:1.5s] motion-reduce:animate-none')}
        >
          <g
            style={{
              transform: `rotate(${rotation}deg)`,
              transformOrigin: '50% 50%',
              transition: animate ? `transform ${durationMs}ms cubic-bezier(0.15, 0.85, 0.25, 1)` : 'none',
            }}
          >
            {parts.map((p, i) => (
              <Slice key={String(p.segment.id)} part={p} index={i} r={r} />
            ))}
          </g>
          <circle cx={r} cy={r} r={9} fill="var(--color-surface-raised)" stroke="var(--color-border)" strokeWidth={2} />
        </svg>
        {/* The pointer, fixed at the top. */}
        <svg viewBox="0 0 20 20" width={28} height={28} aria-hidden="true" className="absolute -top-2 left-1/2 -translate-x-1/2 text-ink">
          <path d="M2 2h16L10 18Z" fill="currentColor" stroke="var(--color-surface-raised)" strokeWidth={1.5} />
        </svg>
      </div>

      <p aria-live="polite" role="status" className="min-h-6 text-center text-lg font-semibold text-ink">
        {landed ? (resultText ? resultText(landed) : landedOn(landed.label)) : ''}
      </p>

      <OddsTable parts={parts} locale={locale} />
    </div>
  );
}
