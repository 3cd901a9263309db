import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from '../lib/cx';

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  /** Optional heading shown at the top of the card. */
  title?: ReactNode;
  /** Heading level for `title` (default h2). */
  headingLevel?: 2 | 3 | 4;
  /** Render as a section (landmark-free) or a plain div. */
  as?: 'div' | 'section' | 'article' | 'li';
  padding?: 'none' | 'md';
}

export function Card({ title, headingLevel = 2, as: Tag = 'div', padding = 'md', className, children, ...rest }: CardProps) {
  const H = `h${headingLevel}` as const;
  return (
    <Tag className={cx('rounded-2xl border border-border bg-surface-raised text-ink shadow-sm', padding === 'md' && 'p-4', className)} {...rest}>
      {title && <H className="mb-2 text-lg font-semibold">{title}</H>}
      {children}
    </Tag>
  );
}
