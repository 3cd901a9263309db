import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { preload } from 'swr';
import { fetcher } from './api/client';
import { settingsKey, settingsSource } from './api/settings';
import { App } from './app/app';
import { initStoredUsers } from './app/auth/storage';
import { matchRoute } from '#contract/routes';
import { preloadRoute } from './app/routes';
import { readBootData } from './app/boot';
import { deviceLanguage, pickLanguage, speakLanguage } from './i18n/language';
import './styles.css';

// SPEC section 3: the stored users are read when the app starts; garbage is reported and replaced now.
initStoredUsers();

// The first paint waits on the settings and the page's own code: ask for both before React starts
// (the settings only when the gateway did not put them in the page).
const settings = settingsSource();
if (settings !== settingsKey || !readBootData().settings) void preload(settings, fetcher);
preloadRoute(matchRoute(location.pathname));

// The service worker (src/sw.ts: offline copies, docs/app.md "Offline and updates"), once the page has
// loaded, so it never competes with the first paint; a new version waits for src/app/connection.tsx.
if ('serviceWorker' in navigator) addEventListener('load', () => void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {}));

// The language (src/i18n/language.ts) before the first paint: the shop's offer from the boot data, this
// device's choice, the browser's; a catalogue that cannot load leaves English. The signed-in customer's
// stored choice follows once their profile is read.
const boot = readBootData().settings;
const language = pickLanguage({ offered: boot?.languages, shopDefault: boot?.language_default, device: deviceLanguage(), browser: navigator.languages });
// The first render is a transition: React draws the page in slices and gives the browser its turn between
// them. Drawn at once it was one task of 40–60 ms here (160–250 ms under Lighthouse's 4× slower CPU), all of
// /login's blocking time.
void speakLanguage(language)
  .catch(() => {})
  .finally(() =>
    startTransition(() =>
      createRoot(document.getElementById('root')!).render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    ),
  );
