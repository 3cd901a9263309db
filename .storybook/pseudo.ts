import type { Messages } from '@lingui/core';

/**
 * The pseudo-locale (docs/languages.md): every message of the source catalogue, its words at least 40 %
 * longer (each vowel doubled and accented, the rest padded with "~"), in brackets, so a screen that
 * clips or overflows a longer language shows it (Storybook's Language toolbar, the story pass of
 * .storybook/test-runner.ts). Placeholders, plural forms and Trans's tags stay as they are.
 */
const ACCENTED: Record<string, string> = { a: 'á', e: 'é', i: 'í', o: 'ó', u: 'ú', A: 'Á', E: 'É', I: 'Í', O: 'Ó', U: 'Ú' };

export function pseudoText(text: string): string {
  if (text.trim() === '') return text;
  // Trans's tags (<0>, </0>, <1/>) are kept whole
  const longer = text.replace(/<\/?\d+\/?>|[aeiouAEIOU]/g, (m) => (m.length === 1 ? ACCENTED[m]!.repeat(2) : m));
  const letters = text.replace(/<\/?\d+\/?>/g, '').length;
  const pad = Math.max(0, Math.ceil(letters * 1.4) - (longer.replace(/<\/?\d+\/?>/g, '').length + 2));
  return `[${longer}${'~'.repeat(pad)}]`;
}

/** A compiled message with its text longer (strings; the cases of a plural or select). */
function pseudoCompiled(message: unknown): unknown {
  if (typeof message === 'string') return pseudoText(message);
  if (!Array.isArray(message)) return message;
  return message.map((part) => {
    if (typeof part === 'string') return pseudoText(part);
    if (Array.isArray(part) && part.length === 3 && part[2] && typeof part[2] === 'object') {
      const cases = Object.fromEntries(Object.entries(part[2] as Record<string, unknown>).map(([k, v]) => [k, k === 'offset' ? v : pseudoCompiled(v)]));
      return [part[0], part[1], cases];
    }
    return part;
  });
}

export function pseudoMessages(source: Messages): Messages {
  return Object.fromEntries(Object.entries(source).map(([id, m]) => [id, pseudoCompiled(m) as Messages[string]]));
}
