import type { SiteSettings } from '#contract';
import { simulateRule, useLoyaltyRules, useRuleStatus, useSaveRule } from '../../api/loyalty';
import { useMenuEditor } from '../../api/menu';
import { useCatalog } from '../../api/shop';
import { useSettings } from '../../api/settings';
import { useStaffMe } from '../../api/staff';
import { messageOf } from '../../shared/errors';
import { LoyaltyScreen } from './loyalty-screen';
import type { RuleMenu } from './loyalty-words';
import { saved } from './save.container';

/** /merchant/loyalty (staff read, owners change): the earning rules from merchant/loyalty/rules; the owner's menu (staff: the shop's) to name and choose products. */
export default function LoyaltyContainer() {
  const rules = useLoyaltyRules();
  const role = useStaffMe().data?.staff.role;
  const owner = role === 'owner';
  // the owner's menu has every product not archived; staff may not read it and name them from the shop's
  const editorMenu = useMenuEditor(owner);
  const catalog = useCatalog();
  const settings = useSettings().data as SiteSettings | undefined;
  const save = useSaveRule();
  const setStatus = useRuleStatus();
  const menu: RuleMenu | undefined = owner
    ? editorMenu.data && { categories: editorMenu.data.categories.map((c) => ({ id: c.id, name: c.name, products: c.products.filter((p) => p.archived_at === null) })) }
    : catalog.data;
  return (
    <LoyaltyScreen
      rules={rules.data?.rules}
      loading={rules.isLoading}
      error={rules.error ? messageOf(rules.error) : null}
      onRetry={() => void rules.mutate()}
      canEdit={owner}
      menu={menu}
      pointsPerAmount={settings?.points_per_amount ?? 0}
      locale={settings?.locale ?? 'en'}
      currency={settings?.currency ?? 'PHP'}
      onSave={(id, rule) => saved(() => save(id, rule))}
      onStatus={async (id, status) => {
        try {
          await setStatus(id, status);
          return null;
        } catch (err) {
          return messageOf(err);
        }
      }}
      onSimulate={async (rule) => {
        try {
          return { result: await simulateRule(rule) };
        } catch (err) {
          return { error: messageOf(err) };
        }
      }}
    />
  );
}
