import { CAMPAIGN_HOURS, fillPlaceholders, type CampaignData, type CampaignKind } from '#contract/campaigns';
import { voucherWords } from '#contract/reward-words';
import { wallClock } from '../../../ui/lib/dates';

/** Who a campaign reaches and when, in words: the console's summary of each campaign. */
export function campaignSummary(c: Pick<CampaignData, 'kind' | 'enabled' | 'timing' | 'reward'>, locale = 'en'): string {
  const n = c.timing.toLocaleString(locale);
  const plural = (k: number, one: string, many: string) => (k === 1 ? one : many);
  const who: Record<CampaignKind, string> = {
    welcome: c.timing === 0 ? 'New customers, right after they sign up' : `New customers, ${n} ${plural(c.timing, 'hour', 'hours')} after they sign up`,
    win_back: `Customers who have not ordered for ${n} ${plural(c.timing, 'day', 'days')}, once until they order again`,
    nearly_there: `Customers within ${n} ${plural(c.timing, 'point', 'points')} of a reward, once per reward every 30 days`,
    points_expiring: `Customers whose points expire within ${n} ${plural(c.timing, 'day', 'days')}, once per batch of points`,
    birthday: 'Customers on their birthday, once a year, beside the birthday treat',
  };
  const reward = c.reward ? `, with ${voucherWords(c.reward.title)}` : '';
  return `${c.enabled ? '' : 'Off. When on: '}${who[c.kind]}${reward}.`;
}

/** Sample values for the preview: a customer called Ana, and what {points} and {reward} stand for in this kind. */
export function previewValues(kind: CampaignKind, rewardTitle: string | null): { name: string; points: number; reward: string | null } {
  const points = kind === 'nearly_there' ? 20 : kind === 'points_expiring' ? 35 : 240;
  const reward = kind === 'nearly_there' ? (rewardTitle ?? 'Free butter croissant') : rewardTitle;
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
  return `between ${hourOf(CAMPAIGN_HOURS.from, locale)} and ${hourOf(CAMPAIGN_HOURS.until, locale)}`;
}

/**
 * The welcome campaign's "right after they sign up" holds at night: the hourly run sends nothing outside
 * CAMPAIGN_HOURS in the shop's zone (server/provider/campaigns/campaigns.run.ts), so its card says when.
 */
export function welcomeHoursNote(timeZone: string, locale: string): string {
  const from = hourOf(CAMPAIGN_HOURS.from, locale);
  return `Sent from ${from} to ${hourOf(CAMPAIGN_HOURS.until, locale)} only (${timeZone} time): someone who signs up at night gets it after ${from}.`;
}
