import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from '../lib/cx';

/** What every card looks like: its shape, border and raised surface. */
export const cardSurface = 'rounded-2xl border border-border bg-surface-raised';

export type CardPadding = 'none' | 'sm' | 'md';
const paddings: Record<CardPadding, string | false> = { none: false, sm: 'p-3', md: 'p-4' };

/**
 * A whole card's classes (the surface, ink, a soft shadow, padding), for an element that is a card
 * but cannot be a <Card>: a button or a link that opens something.
 */
export function cardClass(padding: CardPadding = 'md'): string {
  return cx(cardSurface, 'text-ink shadow-sm', paddings[padding]);
}

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  /** Optional heading shown at the top of the card. */
  title?: ReactNode;
  /** Heading level for `title` (default h2). */
  headingLevel?: 2 | 3 | 4;
  /** The element it is: a plain div, a section, an article, a list item or a description list. */
  as?: 'div' | 'section' | 'article' | 'li' | 'dl';
  /** Inner space: md (default), sm, or none. */
  padding?: CardPadding;
}

export function Card({ title, headingLevel = 2, as: Tag = 'div', padding = 'md', className, children, ...rest }: CardProps) {
  const H = `h${headingLevel}` as const;
  return (
    <Tag className={cx(cardClass(padding), className)} {...rest}>
      {title && <H className="mb-2 text-lg font-semibold">{title}</H>}
      {children}
    </Tag>
  );
}
