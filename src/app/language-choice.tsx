import { useLingui } from '../i18n/use-lingui';
import { offeredLanguages, type Language } from '#contract/languages';
import { useSite } from './settings';
import { LanguageSwitch } from '../ui';
import { currentLanguage, keepDeviceLanguage, speakLanguage } from '../i18n/language';

/** The languages the shop offers (its settings; none set: English only). */
export function useOfferedLanguages(): Language[] {
  const { settings } = useSite();
  return offeredLanguages(settings);
}

let chosenOnSignIn = false;
/** Whether the customer chose a language on the sign-in pages during this visit (followCustomerLanguage saves it to their account). */
export const choseOnSignIn = () => chosenOnSignIn;

/** Speaks `language` and keeps it as this device's choice. */
export function chooseLanguage(language: Language) {
  chosenOnSignIn = true;
  keepDeviceLanguage(language);
  void speakLanguage(language).catch(() => {});
}

/** The sign-in pages' choice of language, kept on this device (a signed-in customer's is kept on their account). */
export function SignInLanguageSwitch() {
  useLingui(); // re-rendered when the language changes
  const languages = useOfferedLanguages();
  return <LanguageSwitch languages={languages} value={currentLanguage()} onChange={chooseLanguage} className="mt-4" />;
}
