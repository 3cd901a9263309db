/**
 * The provider's field errors are fragments ("is required", "must be a postal code"), written to
 * follow the field's name. This turns one into a sentence a customer reads under the field.
 */
export function fieldMessage(label: string, message: string | null | undefined): string | undefined {
  if (!message) return undefined;
  const text = message.trim();
  if (/^(is|must|has|give|add|should|can)\b/.test(text)) return `${label} ${text}${/[.!?]$/.test(text) ? '' : '.'}`;
  return text;
}
