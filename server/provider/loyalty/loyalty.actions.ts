import { RULE_ACTIONS, type RuleAction } from '#contract/loyalty-earn';
import type { Database } from '../../db';
import type { Logger } from 'pino';
import type { Clock } from '../../lib/clock';
import type { ActionPoints } from '../action-points-port';
import { lockCustomer } from '../accounts/accounts.repo';
import { earnPoints } from '../points/points.ledger';
import { getMerchant } from '../settings/settings.service';
import { placeCustomer } from '../tiers/tiers.service';
import { activeRules, earningRuleOf, insertAward } from './loyalty.repo';

/**
 * Points for actions: each active `action` rule gives its points once per customer (the award's unique
 * key), in the transaction that made the customer earn them, with the rule's name as the history's
 * reason. A completed profile is a name, a verified e-mail and a birth date (everything the profile asks).
 */
async function award(
  trx: Database,
  clock: Clock,
  logger: Logger | undefined,
  merchantId: string,
  customerId: number,
  event: 'signed_up' | 'email_verified' | 'birthday_added',
): Promise<void> {
  const rules = (await activeRules(trx, ['action'])).map(earningRuleOf);
  if (rules.length === 0) return;
  const c = await lockCustomer(trx, customerId);
  const verified = c.email !== null && c.email_verified_at !== null;
  const earned: Record<RuleAction, boolean> = {
    sign_up: event === 'signed_up',
    verified_email: verified,
    completed_profile: verified && c.name.trim() !== '' && c.birth_month !== null && c.birth_day !== null,
  };
  const { rules: shop } = await getMerchant(trx, merchantId);
  const now = clock.now();
  for (const action of RULE_ACTIONS) {
    // the first made of the action's active rules
    const rule = rules.find((r) => r.kind === 'action' && r.action === action);
    if (!earned[action] || !rule || rule.kind !== 'action') continue;
    if (await insertAward(trx, { customerId, action, ruleId: rule.id, points: rule.points, now })) {
      await earnPoints(trx, clock, customerId, rule.points, { reason: rule.name, ref: `action:${action}` }, shop.points_expiry_days);
      // points earned count towards the customer's tier
      await placeCustomer(trx, { clock, logger, merchantId }, customerId);
    }
  }
}

/** The port auth gives action points through (action-points-port.ts). */
export function actionPoints(clock: Clock, merchantId: string, logger?: Logger): ActionPoints {
  return { award: (trx, customerId, event) => award(trx, clock, logger, merchantId, customerId, event) };
}
