import { Picture, cx } from '../../ui';

/**
 * A product's photo, or, when it has none or it cannot be loaded, its initial on a neutral tile of the
 * same size, never a grey square. Decorative: the name is written beside it.
 */
export function ProductPicture({ src, name, size, className, lazy = false }: { src: string; name: string; size: number; className?: string; lazy?: boolean }) {
  const initial = <span className={cx('font-semibold', size >= 80 ? 'text-4xl' : 'text-xl')}>{name.trim().charAt(0).toLocaleUpperCase() || '·'}</span>;
  return <Picture src={src} width={size} height={size} placeholder={initial} lazy={lazy} className={className} />;
}
