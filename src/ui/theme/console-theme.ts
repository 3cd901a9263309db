import { themeFromSettings, type Theme } from './theme';

/**
 * The merchant console's own look: neutral slate, never the merchant's colours, so a brand colour that
 * reads badly (the very thing the theme studio checks) cannot make the console itself hard to read.
 */
export const CONSOLE_THEME: Theme = themeFromSettings({
  setting_company: '',
  post_title: '',
  post_file: '',
  landing_body_background_image: '',
  landing_body_background_color: '#f4f5f7',
  version: 'Full',
  currency: 'PHP',
  locale: 'en',
  brand_color: '#1e293b',
  accent_color: '#0f766e',
});
