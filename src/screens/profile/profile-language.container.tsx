import { useEffect } from 'react';
import { useLingui } from '@lingui/react/macro';
import { customersApi } from '#contract/customers.calls';
import { isLanguage, type Language } from '#contract/languages';
import { callApi } from '../../api/client';
import { profileKey, useProfile } from '../../api/customers';
import { useMutation } from '../../api/mutation';
import { chooseLanguage, useOfferedLanguages } from '../../app/language-choice';
import { currentLanguage, speakLanguage } from '../../i18n/language';
import { messageOf } from '../../shared/errors';
import { LanguageSwitch, toast } from '../../ui';

const saveLanguage = (language: Language) => callApi(customersApi.language, { language });

/**
 * The profile's choice of language, saved to the customer's account (every device they sign in on
 * speaks it). A profile read with another language the shop offers (chosen on another device) is spoken here too.
 */
export function ProfileLanguageContainer() {
  const { t } = useLingui();
  const offered = useOfferedLanguages();
  const profile = useProfile();
  const save = useMutation(saveLanguage, { writes: ({ customer }) => [{ key: profileKey, data: customer }] });
  const stored = profile.data?.language;
  useEffect(() => {
    if (isLanguage(stored) && offered.includes(stored) && stored !== currentLanguage()) void speakLanguage(stored).catch(() => {});
  }, [stored, offered]);
  const onChange = (language: Language) => {
    chooseLanguage(language);
    save(language).catch((err: unknown) => toast.error(messageOf(err)));
  };
  if (offered.length < 2) return null;
  return (
    <div className="flex items-center justify-between gap-3 rounded-xl bg-surface px-4 py-3">
      <span className="text-ink" aria-hidden="true">
        {t`Language`}
      </span>
      <LanguageSwitch languages={offered} value={currentLanguage()} onChange={onChange} className="mx-0" />
    </div>
  );
}
