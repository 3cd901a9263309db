/**
 * The spec of the loyalty calls: their declarations (loyalty.calls.ts) joined to their schemas
 * (loyalty.ts), error codes and OpenAPI words by `describe` (api-spec.ts). The provider mounts its
 * handlers from it (server/provider/http/mount.ts); endpoints.ts documents it.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { describe } from './api-spec';
import {
  RULES_MAX,
  SIMULATE_DAYS,
  loyaltyRuleBody,
  loyaltyRuleUpdateBody,
  loyaltyRuleStatusBody,
  loyaltySimulateBody,
  loyaltyRulesAnswer,
  loyaltyRuleOnlyAnswer,
  loyaltySimulateAnswer,
} from './loyalty';
import { loyaltyConsoleApi } from './loyalty.calls';

export const loyaltyConsoleSpec = /* @__PURE__ */ describe('Merchant console', loyaltyConsoleApi, {
  rules: {
    summary: 'The earning rules',
    description: 'Staff. Every rule (active, paused, ended), newest first, with the points it has given and to how many customers.',
    inContract: false,
    data: loyaltyRulesAnswer,
    answer: 'The rules.',
    message: 'Rules loaded.',
  },
  create: {
    summary: 'Add an earning rule',
    description: `Owners only. One rule of a kind (multiplier, bonus, window, first_order, action) with its fields, active at once; at most ${RULES_MAX} rules not ended. A product or category it names must exist (400 naming the field). Audited (\`loyalty.rule.create\`).`,
    inContract: false,
    body: loyaltyRuleBody,
    data: loyaltyRuleOnlyAnswer,
    answer: 'The new rule.',
    message: 'Rule added.',
    errors: ['LIMIT_REACHED'],
  },
  update: {
    summary: 'Change an earning rule',
    description:
      "Owners only. The rule's fields, whole; its kind cannot change (400 on `rule.kind`), nor an ended rule (409 INVALID_TRANSITION). Orders already placed keep the points they were quoted. Audited (`loyalty.rule.update`).",
    inContract: false,
    body: loyaltyRuleUpdateBody,
    data: loyaltyRuleOnlyAnswer,
    answer: 'The rule as it is now.',
    message: 'Rule saved.',
    errors: ['NOT_FOUND', 'INVALID_TRANSITION'],
  },
  status: {
    summary: 'Pause, resume or end an earning rule',
    description:
      'Owners only. `active` or `paused` any time; `ended` for good (an ended rule cannot be resumed: 409 INVALID_TRANSITION). Audited (`loyalty.rule.status`).',
    inContract: false,
    body: loyaltyRuleStatusBody,
    data: loyaltyRuleOnlyAnswer,
    answer: 'The rule as it is now.',
    message: 'Rule updated.',
    errors: ['NOT_FOUND', 'INVALID_TRANSITION'],
  },
  simulate: {
    summary: 'What a rule would have given over the last 30 days',
    description: `Owners only. The rule (new or changed) run with earnBreakdown over the paid, not cancelled orders of the last ${SIMULATE_DAYS} days, in order, its limits applied: the points it would have added and to how many customers. Nothing is written.`,
    inContract: false,
    body: loyaltySimulateBody,
    data: loyaltySimulateAnswer,
    answer: 'What the rule would have given.',
    message: 'Simulated.',
  },
});
