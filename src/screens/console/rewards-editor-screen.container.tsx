import type { SiteSettings } from '#contract';
import { useCreateReward, useRewardsEditor, useUpdateReward } from '../../api/rewards';
import { useSettings } from '../../api/settings';
import { messageOf } from '../../shared/errors';
import { useImageUpload } from './image-upload.container';
import { RewardsEditorScreen } from './rewards-editor-screen';
import { saved } from './save.container';

/** /merchant/rewards (owners). */
export default function RewardsEditorContainer() {
  const rewards = useRewardsEditor();
  const settings = useSettings().data as SiteSettings | undefined;
  const create = useCreateReward();
  const update = useUpdateReward();
  const images = useImageUpload<'reward'>();
  return (
    <RewardsEditorScreen
      rewards={rewards.data?.rewards}
      loading={rewards.isLoading}
      error={rewards.error ? messageOf(rewards.error) : null}
      onRetry={() => void rewards.mutate()}
      locale={settings?.locale ?? 'en'}
      currency={settings?.currency ?? 'PHP'}
      onSave={(name, form) => saved(() => (name === null ? create(form) : update(name, form)))}
      onUpload={(file) => images.upload('reward', file)}
      uploading={images.uploading === 'reward'}
      {...(images.errors.reward ? { uploadError: images.errors.reward } : {})}
    />
  );
}
