import { useLayoutEffect } from 'react';
import { i18n, type Messages } from '@lingui/core';
import type { Decorator } from '@storybook/react-vite';
import { messages as en } from '../../src/locales/en/messages.po';
import { messages as fil } from '../../src/locales/fil/messages.po';
import { messages as id } from '../../src/locales/id/messages.po';
import { pseudoMessages } from '../pseudo';

/** Every catalogue at once (Storybook only: the app loads one, when it is used), and the pseudo-locale made from English. */
export const STORY_LANGUAGES: Record<string, Messages> = { en, fil, id, pseudo: pseudoMessages(en) };

/** The language a story asks for (`parameters.language`, else the toolbar's), en when it names none the stories have. */
export function storyLanguage(parameters: Record<string, unknown>, globals: Record<string, unknown>): string {
  const chosen = (parameters.language ?? globals.language) as string | undefined;
  return chosen && chosen in STORY_LANGUAGES ? chosen : 'en';
}

export function speak(language: string) {
  if (i18n.locale !== language) i18n.loadAndActivate({ locale: language, messages: STORY_LANGUAGES[language]! });
  document.documentElement.lang = language === 'pseudo' ? 'en' : language;
}

/**
 * Speaks the toolbar's language (global `language`: en, fil, id, or the pseudo-locale whose text is 40 %
 * longer) in the story, as the app does (src/i18n: one Lingui instance, `<html lang>` following it).
 * A story that stands for one language whatever the toolbar says names it in `parameters.language`.
 * Each story speaks it from its first render (the preview's beforeEach, speakForStory); a change of the
 * toolbar re-renders the mounted story (a layout effect: never an update while React renders), before the
 * browser paints.
 */
export const withLanguage: Decorator = (Story, context) => {
  const language = storyLanguage(context.parameters, context.globals);
  useLayoutEffect(() => speak(language), [language]);
  return <Story />;
};
