import { Trans, useLingui } from '@lingui/react/macro';
import { LANGUAGE_NAMES, LANGUAGES, SOURCE_LANGUAGE, type Language } from '#contract/languages';
import type { ShopWords } from '#contract/translations';
import { TextField } from '../../../ui';
import { TextAreaField, fieldProblem, type SaveProblem } from './editor-fields';

/** One field of a thing the owner may write in other languages: its key, label, limit and original words. */
export interface TranslatedField {
  key: string;
  label: string;
  max: number;
  /** the words in the shop's default language, shown beside as a hint */
  original: string;
  multiline?: boolean;
  /** where the provider names this field's problem, `{lang}` for the language (default `translations.{lang}.<key>`) */
  problemPath?: string;
}

const lower = (label: string) => label.charAt(0).toLowerCase() + label.slice(1);

/** The languages the owner writes in besides the default: the offered ones (the shop's settings) but the default. */
export const otherLanguages = (offered: readonly Language[] = LANGUAGES, defaultLanguage: Language = SOURCE_LANGUAGE): Language[] =>
  offered.filter((l) => l !== defaultLanguage);

/** The words without empty fields and languages with none left (what is sent; empty means "use the original"). */
export function wordsToSend(words: ShopWords): ShopWords {
  const out: ShopWords = {};
  for (const [language, fields] of Object.entries(words)) {
    const kept = Object.entries(fields).filter(([, text]) => text.trim() !== '');
    if (kept.length > 0) out[language] = Object.fromEntries(kept.map(([k, text]) => [k, text.trim()]));
  }
  return out;
}

/**
 * "Translations": a group per language other than the default, each field beside its original words. A
 * field left empty shows customers the original; the provider's refusal names the field (`translations.fil.name`).
 */
export function TranslationsField({
  languages,
  fields,
  value,
  onChange,
  problem,
}: {
  languages: readonly Language[];
  fields: readonly TranslatedField[];
  value: ShopWords;
  onChange: (words: ShopWords) => void;
  problem: SaveProblem | null;
}) {
  const { t } = useLingui();
  if (languages.length === 0) return null;
  const set = (language: Language, key: string, text: string) => onChange({ ...value, [language]: { ...value[language], [key]: text } });
  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-border p-3">
      <legend className="px-1 text-sm font-semibold">
        <Trans>Translations</Trans>
      </legend>
      <p className="text-sm text-muted">
        <Trans>Customers who use the app in another language see these words. Leave a field empty to show the original.</Trans>
      </p>
      {languages.map((language) => (
        <fieldset key={language} className="flex flex-col gap-3" lang={language}>
          <legend className="text-sm font-medium">{LANGUAGE_NAMES[language]}</legend>
          {fields.map((f) => {
            const Field = f.multiline ? TextAreaField : TextField;
            const { label, original } = f;
            const languageName = LANGUAGE_NAMES[language];
            const field = lower(label);
            return (
              <Field
                key={f.key}
                label={t`${label} in ${languageName} (optional)`}
                value={value[language]?.[f.key] ?? ''}
                onChange={(e) => set(language, f.key, e.target.value)}
                maxLength={f.max}
                hint={original.trim() ? t`Original: ${original}` : t`No original words yet.`}
                error={
                  fieldProblem(problem, (f.problemPath ?? `translations.{lang}.${f.key}`).replace('{lang}', language), t`The ${languageName} ${field}`) ??
                  fieldProblem(problem, `translations.${language}`, t`The language`)
                }
              />
            );
          })}
        </fieldset>
      ))}
    </fieldset>
  );
}
