import type { ShopWords } from '#contract/translations';

/**
 * A row's values with `translations` (the shop's words in other languages, translations.ts) as its jsonb
 * column takes them: JSON text, or left out when undefined (an update keeps them; a new row gets none).
 */
export function withWordsColumn<T extends { translations?: ShopWords }>(values: T): Omit<T, 'translations'> & { translations?: string } {
  const { translations, ...rest } = values;
  return translations === undefined ? rest : { ...rest, translations: JSON.stringify(translations) };
}
