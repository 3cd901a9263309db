import { plural, t } from '@lingui/core/macro';
import { CAMPAIGN_HOURS, fillPlaceholders, type CampaignData, type CampaignKind } from '#contract/campaigns';
import { voucherWords } from '#contract/reward-words';
import { wallClock } from '../../../ui/lib/dates';

/** Whom a campaign of this kind reaches, and when ("New customers, 2 hours after they sign up"). */
function whoWords(kind: CampaignKind, timing: number, locale: string): string {
  const n = timing.toLocaleString(locale);
  switch (kind) {
    case 'welcome':
      return timing === 0
        ? t`New customers, right after they sign up`
        : plural(timing, { one: `New customers, ${n} hour after they sign up`, other: `New customers, ${n} hours after they sign up` });
    case 'win_back':
      return plural(timing, {
        one: `Customers who have not ordered for ${n} day, once until they order again`,
        other: `Customers who have not ordered for ${n} days, once until they order again`,
      });
    case 'nearly_there':
      return plural(timing, {
        one: `Customers within ${n} point of a reward, once per reward every 30 days`,
        other: `Customers within ${n} points of a reward, once per reward every 30 days`,
      });
    case 'points_expiring':
      return plural(timing, {
        one: `Customers whose points expire within ${n} day, once per batch of points`,
        other: `Customers whose points expire within ${n} days, once per batch of points`,
      });
    case 'birthday':
      return t`Customers on their birthday, once a year, beside the birthday treat`;
  }
}

/** Who a campaign reaches and when, in words: the console's summary of each campaign. */
export function campaignSummary(c: Pick<CampaignData, 'kind' | 'enabled' | 'timing' | 'reward'>, locale = 'en'): string {
  const who = whoWords(c.kind, c.timing, locale);
  const voucher = c.reward ? voucherWords(c.reward.title) : null;
  if (c.enabled) return voucher ? t`${who}, with ${voucher}.` : t`${who}.`;
  return voucher ? t`Off. When on: ${who}, with ${voucher}.` : t`Off. When on: ${who}.`;
}

/** Sample values for the preview: a customer called Ana, and what {points} and {reward} stand for in this kind. */
export function previewValues(kind: CampaignKind, rewardTitle: string | null): { name: string; points: number; reward: string | null } {
  const points = kind === 'nearly_there' ? 20 : kind === 'points_expiring' ? 35 : 240;
  const reward = kind === 'nearly_there' ? (rewardTitle ?? t`Free butter croissant`) : rewardTitle;
  return { name: 'Ana', points, reward };
}

/** The message as the customer would get it, filled for the sample customer. */
export function previewOf(kind: CampaignKind, title: string, body: string, rewardTitle: string | null, locale = 'en') {
  const values = previewValues(kind, rewardTitle);
  return { title: fillPlaceholders(title, values, locale), body: fillPlaceholders(body, values, locale) };
}

const hourOf = (h: number, locale: string) => wallClock(`${String(h).padStart(2, '0')}:00`, locale);

/** When campaigns go out (CAMPAIGN_HOURS) on the shop's clock: "between 9:00 AM and 9:00 PM", "between 09:00 and 21:00". */
export function campaignHours(locale: string): string {
  const [from, until] = [hourOf(CAMPAIGN_HOURS.from, locale), hourOf(CAMPAIGN_HOURS.until, locale)];
  return t`between ${from} and ${until}`;
}

/**
 * The welcome campaign's "right after they sign up" holds at night: the hourly run sends nothing outside
 * CAMPAIGN_HOURS in the shop's zone (server/provider/campaigns/campaigns.run.ts), so its card says when.
 */
export function welcomeHoursNote(timeZone: string, locale: string): string {
  const from = hourOf(CAMPAIGN_HOURS.from, locale);
  const until = hourOf(CAMPAIGN_HOURS.until, locale);
  return t`Sent from ${from} to ${until} only (${timeZone} time): someone who signs up at night gets it after ${from}.`;
}
