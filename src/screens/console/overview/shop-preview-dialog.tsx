import { useLingui } from '@lingui/react/macro';
import type { Category, Reward, SiteSettings } from '#contract';
import type { StampCard } from '#contract/stamps';
import type { TierStatusData } from '#contract/tiers';
import { Button, Dialog, ShopIcon } from '../../../ui';
import { ThemePreview } from '../shared/theme-preview';

export interface ShopPreviewProps {
  /** the live settings, as customers read them */
  settings: SiteSettings;
  categories: Category[];
  rewards: Reward[];
  /** a sample customer's tier and stamp cards (preview-samples.ts), when the shop has them on */
  tier?: TierStatusData | null;
  stampCards?: StampCard[];
  /** open from the start (stories) */
  defaultOpen?: boolean;
}

/**
 * "View my shop as a customer": the customer app's real screens with the live brand, menu and rewards,
 * in a phone of its own (the theme studio's preview: an iframe at a phone's width, drawn smaller, its
 * content rendered from memory, so the console's Content-Security-Policy stays `frame-src 'none'`).
 */
export function ShopPreviewDialog({ defaultOpen, ...data }: ShopPreviewProps) {
  const { t } = useLingui();
  const version = data.settings.version === 'Lite' ? 'Lite' : 'Full';
  return (
    <Dialog
      title={t`Your shop as a customer sees it`}
      description={t`The app’s own screens with your published brand, menu and rewards. Nothing here is clickable.`}
      defaultOpen={defaultOpen}
      trigger={
        <Button variant="secondary" icon={<ShopIcon size={18} />} className="self-start">
          {t`View my shop as a customer`}
        </Button>
      }
    >
      <ThemePreview {...data} versions={[version]} defaultPage="home" />
    </Dialog>
  );
}
