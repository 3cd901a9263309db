import type { SiteSettings } from '#contract';
import { useMenuEditor } from '../../../api/menu';
import { useCreateReward, useRewardsEditor, useUpdateReward } from '../../../api/rewards';
import { useSettings } from '../../../api/settings';
import { messageOf } from '../../../shared/errors';
import { useImageUpload } from '../shared/image-upload.container';
import { RewardsEditorScreen } from './rewards-screen';
import { saved } from '../shared/save.container';
import { useTranslationLanguages } from '../shared/translation-languages.container';

/** /merchant/rewards (owners). */
export default function RewardsEditorContainer() {
  const languages = useTranslationLanguages();
  const rewards = useRewardsEditor();
  const settings = useSettings().data as SiteSettings | undefined;
  const create = useCreateReward();
  const update = useUpdateReward();
  const images = useImageUpload<'reward'>();
  // the products a reward can give: those on the menu
  const menu = useMenuEditor();
  const products = (menu.data?.categories ?? []).flatMap((c) =>
    c.products.filter((p) => !p.archived_at).map((p) => ({ id: p.id, name: p.name, category: c.name })),
  );
  return (
    <RewardsEditorScreen
      languages={languages}
      rewards={rewards.data?.rewards}
      loading={rewards.isLoading}
      error={rewards.error ? messageOf(rewards.error) : null}
      onRetry={() => void rewards.mutate()}
      locale={settings?.locale ?? 'en'}
      currency={settings?.currency ?? 'PHP'}
      onSave={(name, form) => saved(() => (name === null ? create(form) : update(name, form)))}
      onUpload={(file) => images.upload('reward', file)}
      products={products}
      uploading={images.uploading === 'reward'}
      {...(images.errors.reward ? { uploadError: images.errors.reward } : {})}
    />
  );
}
