import { useLingui } from '@lingui/react/macro';
import type { CSSProperties, ReactNode } from 'react';
import { cx } from '../lib/cx';

export interface SkeletonProps {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  rounded?: 'sm' | 'md' | 'full';
  className?: string;
}

/** A placeholder block; hidden from assistive tech (wrap groups in SkeletonGroup to announce loading). */
export function Skeleton({ width = '100%', height = '1rem', rounded = 'md', className }: SkeletonProps) {
  return (
    <span
      aria-hidden="true"
      style={{ width, height }}
      className={cx(
        'block animate-pulse bg-border/70 motion-reduce:animate-none',
        rounded === 'full' ? 'rounded-full' : rounded === 'sm' ? 'rounded' : 'rounded-lg',
        className,
      )}
    />
  );
}

export interface SkeletonGroupProps {
  /** What is loading, read by screen readers, e.g. "Loading rewards". */
  label?: string;
  children: ReactNode;
  className?: string;
}

export function SkeletonGroup({ label, children, className }: SkeletonGroupProps) {
  const { t } = useLingui();
  return (
    <div role="status" aria-busy="true" aria-label={label ?? t`Loading`} className={className}>
      {children}
    </div>
  );
}

/** A few lines of text-shaped skeletons, the last one shorter. */
export function SkeletonText({ lines = 3, className }: { lines?: number; className?: string }) {
  return (
    <span className={cx('flex flex-col gap-2', className)} aria-hidden="true">
      {Array.from({ length: lines }, (_, i) => (
        <Skeleton key={i} width={i === lines - 1 && lines > 1 ? '60%' : '100%'} />
      ))}
    </span>
  );
}
