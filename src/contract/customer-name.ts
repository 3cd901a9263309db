/**
 * The rule of a customer's name, as they give it at sign-up or change it in their profile: the provider's
 * schema (fields.ts) and the app's check (src/screens/auth/name-problem.ts) both read it. A module of its
 * own, apart from checks.ts, so the pages that check a name do not carry every other rule with it.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import type { TextRule } from './checks';

export const NAME_RULE: TextRule = { min: 1, max: 80, tooShort: 'is required', tooLong: 'must be at most 80 characters' };
