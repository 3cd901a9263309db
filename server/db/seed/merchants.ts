import type { Database } from '..';
import { LANGUAGES } from '#contract/languages';

/** Two merchant themes: the demo coffee shop in Full, and a tea bar in Lite (colour only, no image). */
export const MERCHANTS = [
  {
    id: 'kopi-senja',
    settings: {
      setting_company: 'Kopi Senja',
      post_title: '/demo/kopi-senja/favicon.svg',
      post_file: '/demo/kopi-senja/logo.svg',
      landing_body_background_image: '/demo/kopi-senja/landing.svg',
      landing_body_background_color: '#3b2418',
      version: 'Full',
      brand_color: '#9a4a1c',
      accent_color: '#f2b33d',
      pickup_address: '12 Calle Mabini, Makati City',
    },
    // the demo offers every language the app ships (docs/languages.md)
    rules: { languages: [...LANGUAGES] },
  },
  {
    id: 'teh-lite',
    settings: {
      setting_company: 'Teh Lite',
      post_title: '/demo/teh-lite/favicon.svg',
      post_file: '/demo/teh-lite/logo.svg',
      landing_body_background_image: '/demo/teh-lite/landing.svg',
      landing_body_background_color: '#0f5c4d',
      version: 'Lite',
      brand_color: '#1f8a70',
      accent_color: '#ffd166',
      pickup_address: '8 Jalan Teh, Quezon City',
    },
    // the demo offers every language the app ships (docs/languages.md)
    rules: { languages: [...LANGUAGES] },
  },
];

export async function seedMerchants(db: Database): Promise<void> {
  for (const m of MERCHANTS) {
    await db
      .insertInto('merchants')
      .values({ id: m.id, settings: JSON.stringify(m.settings), rules: JSON.stringify(m.rules) })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
}
