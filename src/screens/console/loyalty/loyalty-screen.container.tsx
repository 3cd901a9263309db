import type { SiteSettings } from '#contract';
import { simulateRule, trySamplePricing, useLoyaltyRules, useRuleStatus, useSaveRule } from '../../../api/loyalty';
import { useConsoleOffers } from '../../../api/offers';
import { useRewardsEditor } from '../../../api/rewards';
import { useSaveStampProgram, useStampProgramStatus, useStampPrograms } from '../../../api/stamp-programs';
import { useSettings } from '../../../api/settings';
import { useStaffMe } from '../../../api/staff';
import { messageOf } from '../../../shared/errors';
import { LoyaltyScreen } from './loyalty-screen';
import { useRuleMenu } from '../shared/menu-choice.container';
import { saved } from '../shared/save.container';

/**
 * /merchant/loyalty (staff read, owners change): the earning rules from merchant/loyalty/rules and the
 * stamp cards from merchant/loyalty/stamps; the owner's menu (staff: the shop's) to name and choose
 * products, and the owner's reward catalogue for a full card's reward; a sample order priced with an offer
 * (merchant/pricing/try), its codes from merchant/offers.
 */
export default function LoyaltyContainer() {
  const rules = useLoyaltyRules();
  const role = useStaffMe().data?.staff.role;
  const owner = role === 'owner';
  const menu = useRuleMenu(owner);
  const settings = useSettings().data as SiteSettings | undefined;
  const save = useSaveRule();
  const setStatus = useRuleStatus();
  const programs = useStampPrograms();
  const rewards = useRewardsEditor(owner);
  const saveProgram = useSaveStampProgram();
  const setProgramStatus = useStampProgramStatus();
  const offers = useConsoleOffers();
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
      onStatus={(id, status) => refusal(() => setStatus(id, status))}
      onSimulate={async (rule) => {
        try {
          return { result: await simulateRule(rule) };
        } catch (err) {
          return { error: messageOf(err) };
        }
      }}
      sampleOrder={{
        codes: (offers.data?.offers ?? []).flatMap((o) => (o.code !== null && o.status !== 'archived' ? [{ code: o.code, title: o.title }] : [])),
        onPrice: async (lines, code) => {
          try {
            return { quote: await trySamplePricing(lines, code) };
          } catch (err) {
            return { error: messageOf(err) };
          }
        },
      }}
      stamps={{
        programs: programs.data?.programs,
        loading: programs.isLoading,
        error: programs.error ? messageOf(programs.error) : null,
        onRetry: () => void programs.mutate(),
        rewards: rewards.data?.rewards.filter((r) => r.active).map((r) => ({ id: r.id, title: r.title })),
        onSave: (id, program) => saved(() => saveProgram(id, program)),
        onStatus: (id, status) => refusal(() => setProgramStatus(id, status)),
      }}
    />
  );
}

/** null when done, else why not */
async function refusal(act: () => Promise<unknown>): Promise<string | null> {
  try {
    await act();
    return null;
  } catch (err) {
    return messageOf(err);
  }
}
