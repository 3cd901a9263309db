import { useLingui } from '@lingui/react/macro';
import { LANGUAGE_NAMES, type Language } from '#contract/languages';
import { cx, focusRing } from '../lib/cx';

export interface LanguageSwitchProps {
  /** the languages offered, in the shop's order; fewer than two: nothing is shown */
  languages: readonly Language[];
  value: Language;
  onChange: (language: Language) => void;
  className?: string;
}

/**
 * The choice of language: each offered language in its own name (someone who cannot read the current
 * one still finds theirs), as a native select named "Language" in the language spoken.
 */
export function LanguageSwitch({ languages, value, onChange, className }: LanguageSwitchProps) {
  const { t } = useLingui();
  if (languages.length < 2) return null;
  return (
    <select
      aria-label={t`Language`}
      value={value}
      onChange={(e) => onChange(e.target.value as Language)}
      className={cx('mx-auto block min-h-11 rounded-lg border border-border bg-surface px-3 text-sm text-ink', focusRing, className)}
    >
      {languages.map((l) => (
        <option key={l} value={l} lang={l}>
          {LANGUAGE_NAMES[l]}
        </option>
      ))}
    </select>
  );
}
