import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { isPreviewVisit, useSettings } from '../api/settings';
import type { SiteSettings } from '#contract';
import { currentLanguage, deviceLanguage, pickLanguage, speakLanguage } from '../i18n/language';
import { applyTheme, SettingsLoading, themeFromSettings, type Theme } from '../ui';

/** Neutral defaults when the settings cannot be loaded: the app still renders (SPEC section 8). */
export const NEUTRAL_SETTINGS: SiteSettings = {
  setting_company: '',
  post_title: '',
  post_file: '',
  landing_body_background_image: '',
  landing_body_background_color: '#f8f7f5',
  version: 'Lite',
  currency: 'PHP',
  locale: 'en-PH',
};

interface SiteContextValue {
  settings: SiteSettings;
  theme: Theme;
}

const SiteContext = createContext<SiteContextValue | null>(null);

function setFavicon(href: string) {
  if (!href) return;
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.appendChild(link);
  }
  link.href = href;
}

/** Shows "Loading site settings..." until the settings load or fail, then themes the app from them. */
export function SiteSettingsProvider({ children }: { children: ReactNode }) {
  const { data, error, isLoading } = useSettings();
  useEffect(() => {
    // a failed re-read (every 10 s) keeps the settings already shown: only a first load that fails is worth saying
    if (error && !data) console.error('Site settings could not be loaded; using neutral defaults.', error);
  }, [error, data]);
  const settings = data ?? NEUTRAL_SETTINGS;
  const theme = useMemo(() => themeFromSettings(settings), [settings]);
  useEffect(() => {
    applyTheme(theme.vars, document.documentElement);
    // without a favicon of its own (an empty start, or none uploaded): the app's icon, drawn from the logo or
    // the initial (unversioned: cached a minute, so a new logo shows soon)
    setFavicon(settings.post_title || '/api/app/icon?size=192');
    if (settings.post_file) localStorage.setItem('siteLogo', settings.post_file);
  }, [theme, settings]);
  // settings read after the first paint (no boot data, or a change of the shop's offer): speak what they allow
  useEffect(() => {
    if (!data) return;
    const language = pickLanguage({ offered: data.languages, shopDefault: data.language_default, device: deviceLanguage(), browser: navigator.languages });
    if (language !== currentLanguage()) void speakLanguage(language).catch(() => {});
  }, [data]);
  const value = useMemo(() => ({ settings, theme }), [settings, theme]);
  const preview = useMemo(isPreviewVisit, []);
  if (isLoading && !data && !error) return <SettingsLoading />;
  return (
    <SiteContext.Provider value={value}>
      {preview && (
        // a share-preview link (from the merchant console) shows a draft: never to be taken for the shop
        <p className="sticky top-0 z-50 bg-ink px-4 py-2 text-center text-sm font-semibold text-surface">Preview — not the live shop</p>
      )}
      {children}
    </SiteContext.Provider>
  );
}

export function useSite(): SiteContextValue {
  const v = useContext(SiteContext);
  if (!v) throw new Error('useSite needs <SiteSettingsProvider>');
  return v;
}

/** The merchant's landing background (Full: image over colour; Lite: colour only) behind sign-in pages. */
export function LandingBackground({ children }: { children: ReactNode }) {
  const { theme } = useSite();
  return (
    <div
      className="min-h-dvh bg-cover bg-center"
      style={{ backgroundColor: theme.landing.color, backgroundImage: theme.landing.image ? `url("${theme.landing.image}")` : undefined }}
    >
      {children}
    </div>
  );
}
