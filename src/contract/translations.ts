/**
 * The shop's own words in other languages: a product's name and description, a category's name, an option's
 * name. Each thing keeps its words in the shop's default language in its main fields (the fallback);
 * `translations` holds the others, per language and per field: `{ "fil": { "name": "…" }, "id": { … } }`.
 * A language, or a field of it, left out or empty: the main field's words (docs/decisions/012-translated-shop-words.md).
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { z } from 'zod';
import { isLanguage, LANGUAGE_ERROR, LANGUAGES, type Language } from './languages';

/** Each language's words (by code) for some fields of one thing, as stored and answered; every language and field is optional. */
export type ShopWords = Record<string, Record<string, string>>;

/** A translated field: trimmed, as long as the main field may be; empty means "use the original". */
export const translatedText = (max: number) => z.string({ error: 'must be text' }).trim().max(max, `must be at most ${max} characters`);

/**
 * What the owner sends for a thing's translations: languages of LANGUAGES only (another code: LANGUAGE_ERROR),
 * these fields only, each within its limit. Empty fields, and languages left with none, are dropped.
 */
export function translationsInput<F extends string>(fields: Record<F, z.ZodType<string>>) {
  const words = z.strictObject(
    Object.fromEntries(Object.entries<z.ZodType<string>>(fields).map(([k, s]) => [k, s.optional()])) as Record<F, z.ZodOptional<z.ZodType<string>>>,
  );
  return z
    .record(z.string(), z.unknown())
    .superRefine((value, ctx) => {
      for (const key of Object.keys(value)) if (!isLanguage(key)) ctx.addIssue({ code: 'custom', path: [key], message: LANGUAGE_ERROR });
    })
    .pipe(z.partialRecord(z.enum(LANGUAGES), words))
    .transform((value) => compactWords(value as ShopWords));
}

/** Without empty fields and languages with no words left. */
function compactWords(value: ShopWords): ShopWords {
  const out: ShopWords = {};
  for (const language of LANGUAGES) {
    const kept = Object.entries(value[language] ?? {}).filter(([, text]) => typeof text === 'string' && text !== '');
    if (kept.length > 0) out[language] = Object.fromEntries(kept);
  }
  return out;
}

/** How the answers show a thing's translations (the owner's reads). */
export const translationsAnswer = () =>
  z.record(z.string(), z.record(z.string(), z.string())).meta({
    description: 'its words in other languages, per language code and field (`{ "fil": { "name": "…" } }`); a missing one: the main field',
  });

/**
 * The thing as a reader of `language` sees it: each of these fields in that language where it has words,
 * else the main field's (field by field). The shop's default language, or none: the main fields.
 */
export function inLanguage<T extends Record<F, string>, F extends string>(
  thing: T,
  translations: unknown,
  language: Language | undefined,
  fields: readonly F[],
): T {
  const words = language ? (translations as ShopWords | null | undefined)?.[language] : undefined;
  if (!words) return thing;
  const out = { ...thing };
  for (const field of fields) {
    const text = words[field];
    if (typeof text === 'string' && text.trim() !== '') out[field] = text as T[F];
  }
  return out;
}

/** A thing's title (a reward's) as a reader of `language` sees it: inLanguage for the one field. */
export const titleIn = (thing: { title: string; translations: unknown }, language: Language | undefined): string =>
  inLanguage({ title: thing.title }, thing.translations, language, ['title']).title;

/** The optional `lang` of a customer's read: a language the app ships (another code: 400, LANGUAGE_ERROR). */
export const languageQuery = z
  .string()
  .refine((v) => isLanguage(v), LANGUAGE_ERROR)
  .transform((v) => v as Language)
  .optional()
  .meta({ description: `the reader's language (${LANGUAGES.join(', ')}): the shop's words in it where the owner wrote them, else in the default language` });
