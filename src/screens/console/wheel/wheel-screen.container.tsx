import type { SiteSettings } from '#contract';
import { useRewardsEditor } from '../../../api/rewards';
import { usePublishWheel, useWheelEditor } from '../../../api/wheel';
import { useSettings } from '../../../api/settings';
import { messageOf } from '../../../shared/errors';
import { saved } from '../shared/save.container';
import { WheelEditorScreen } from './wheel-screen';

/** /merchant/wheel (owners). */
export default function WheelEditorContainer() {
  const wheel = useWheelEditor();
  const rewards = useRewardsEditor();
  const settings = useSettings().data as SiteSettings | undefined;
  const publish = usePublishWheel();
  return (
    <WheelEditorScreen
      {...(wheel.data ? { current: wheel.data.current, versions: wheel.data.versions } : {})}
      {...(rewards.data ? { rewards: rewards.data.rewards } : {})}
      loading={wheel.isLoading}
      error={wheel.error ? messageOf(wheel.error) : null}
      onRetry={() => void wheel.mutate()}
      locale={settings?.locale ?? 'en'}
      timeZone={settings?.timezone}
      {...(settings?.brand_color ? { brand: { brand: settings.brand_color, accent: settings.accent_color ?? settings.brand_color } } : {})}
      onPublish={(config) => saved(() => publish(config))}
    />
  );
}
