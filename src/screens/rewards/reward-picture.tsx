import { GiftIcon, Picture, cx } from '../../ui';

export interface RewardPictureProps {
  /** The reward's picture; empty when the shop gave it none. */
  src: string;
  width: number;
  height: number;
  /** Size, shape and fit, as for the picture itself. */
  className?: string;
  /** Out of reach or no longer usable: drawn in grey. */
  dim?: boolean;
}

/**
 * A reward's picture, or, when it has none or it cannot be loaded, a neutral placeholder of the same
 * size (a gift on the page's surface colour), never an empty box. Decorative: the title names the reward.
 */
export function RewardPicture({ src, width, height, className, dim = false }: RewardPictureProps) {
  const placeholder = <GiftIcon size={Math.max(20, Math.min(40, Math.round(Math.min(width, height) / 2.5)))} />;
  return <Picture src={src} width={width} height={height} placeholder={placeholder} className={cx(className, dim && src.trim() && 'opacity-70 grayscale')} />;
}
