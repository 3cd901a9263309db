import { t } from '@lingui/core/macro';
import { NAME_RULE } from '#contract/customer-name';

/**
 * What is wrong with a customer's name as typed (the provider's rule, customer-name.ts), in a whole sentence, or
 * undefined when it will do: the sign-up's name step and the profile's name say the same.
 */
export function nameProblem(name: string): string | undefined {
  const trimmed = name.trim();
  const most = NAME_RULE.max;
  if (trimmed.length < NAME_RULE.min) return t`Enter your name.`;
  if (trimmed.length > most) return t`Your name can be at most ${most} characters.`;
  return undefined;
}
