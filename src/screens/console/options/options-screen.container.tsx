import type { SiteSettings } from '#contract';
import { useMenuEditor } from '../../../api/menu';
import { useDeleteOptionGroup, useOptionGroups, useSaveOptionGroup, useSetOptionAvailable } from '../../../api/options';
import { useSettings } from '../../../api/settings';
import { messageOf } from '../../../shared/errors';
import { OptionsEditorScreen } from './options-screen';
import { saved, useRowActions } from '../shared/save.container';
import { useTranslationLanguages } from '../shared/translation-languages.container';

/** /merchant/menu/options (owners). */
export default function OptionsEditorContainer() {
  const languages = useTranslationLanguages();
  const groups = useOptionGroups();
  const menu = useMenuEditor();
  const settings = useSettings().data as SiteSettings | undefined;
  const save = useSaveOptionGroup();
  const remove = useDeleteOptionGroup();
  const setAvailable = useSetOptionAvailable();
  const rows = useRowActions<string>();
  const productNames = Object.fromEntries((menu.data?.categories ?? []).flatMap((c) => c.products.map((p) => [p.id, p.name])));

  return (
    <OptionsEditorScreen
      languages={languages}
      groups={groups.data?.groups}
      productNames={productNames}
      loading={groups.isLoading}
      error={groups.error ? messageOf(groups.error) : null}
      onRetry={() => void groups.mutate()}
      locale={settings?.locale ?? 'en'}
      currency={settings?.currency ?? 'PHP'}
      onSave={(id, group) => saved(() => save(id, group))}
      onDelete={(group) => void rows.act(`group-${group.id}`, () => remove(group.id))}
      onSetAvailable={(id, available) => void rows.act(`option-${id}`, () => setAvailable(id, available))}
      actionError={rows.error}
      busy={rows.busy}
    />
  );
}
