import { useState, type ReactNode } from 'react';
import { cx } from '../lib/cx';

export interface PictureProps {
  /** the picture; empty when there is none */
  src: string;
  width: number;
  height: number;
  /** size, shape and fit, for the picture and its placeholder alike */
  className?: string;
  /** what the placeholder shows (an icon, an initial) when there is no picture or it cannot be loaded */
  placeholder: ReactNode;
  /** load it when it scrolls near */
  lazy?: boolean;
}

/**
 * A decorative picture, or, when there is none or it cannot be loaded, a neutral placeholder of the
 * same size (the page's surface colour and `placeholder`), never an empty box. What it shows is named
 * beside it, so both are hidden from screen readers.
 */
export function Picture({ src, width, height, className, placeholder, lazy = false }: PictureProps) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!src.trim() || failed === src) {
    return (
      <span aria-hidden="true" data-placeholder="" className={cx('flex items-center justify-center bg-surface text-muted', className)}>
        {placeholder}
      </span>
    );
  }
  return <img src={src} alt="" width={width} height={height} loading={lazy ? 'lazy' : undefined} onError={() => setFailed(src)} className={className} />;
}
