import { offeredLanguages, shopDefaultLanguage, type Language } from '#contract/languages';
import { useSettings } from '../../../api/settings';
import { otherLanguages } from './translations-field';

/**
 * The languages an owner writes the shop's words in besides its default: the languages the shop offers
 * (its settings) but the default one, whose words are the originals. Until the settings are read: none.
 */
export function useTranslationLanguages(): Language[] {
  const { data } = useSettings();
  if (!data) return [];
  return otherLanguages(offeredLanguages(data), shopDefaultLanguage(data));
}
