import { i18n, setupI18n, type I18n, type Messages } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import type { Decorator } from '@storybook/react-vite';
import { messages as en } from '../../src/locales/en/messages.po';
import { messages as fil } from '../../src/locales/fil/messages.po';
import { messages as id } from '../../src/locales/id/messages.po';
import { pseudoMessages } from '../pseudo';

/** Every catalogue at once (Storybook only: the app loads one, when it is used), and the pseudo-locale made from English. */
export const STORY_LANGUAGES: Record<string, Messages> = { en, fil, id, pseudo: pseudoMessages(en) };
/** One Lingui instance per language for the provider: a switch is a new instance, never an event fired while rendering. */
const INSTANCES: Record<string, I18n> = Object.fromEntries(
  Object.entries(STORY_LANGUAGES).map(([locale, messages]) => [locale, setupI18n({ locale, messages: { [locale]: messages } })]),
);

/**
 * Speaks the toolbar's language (global `language`: en, fil, id, or the pseudo-locale whose text is 40 %
 * longer) in the story, before it renders; `<html lang>` follows, as in the app (pseudo is shown as en).
 * A story that stands for one language whatever the toolbar says names it in `parameters.language`.
 */
export const withLanguage: Decorator = (Story, context) => {
  const chosen = (context.parameters.language ?? context.globals.language) as string | undefined;
  const language = chosen && chosen in STORY_LANGUAGES ? chosen : 'en';
  // the shared instance too, for what reads it outside React (the `plural` of a wait's words)
  if (i18n.locale !== language) i18n.loadAndActivate({ locale: language, messages: STORY_LANGUAGES[language]! });
  document.documentElement.lang = language === 'pseudo' ? 'en' : language;
  return (
    <I18nProvider i18n={INSTANCES[language]!}>
      <Story />
    </I18nProvider>
  );
};
