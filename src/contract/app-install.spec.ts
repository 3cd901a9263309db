/**
 * The rows of installing the app (app-install.ts): the web app manifest and its icons, files rather
 * than calls, documented beside the calls (endpoints.ts).
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import type { Endpoint } from './api-spec';
import { MANIFEST_CALL, appIconQuery, webAppManifestAnswer } from './app-install';

/** `app/manifest` and `app/icon`: a document and files, not envelopes (plain routes, app-icons.ts). */
export const appInstallEndpoints: Endpoint[] = [
  {
    method: 'get',
    path: MANIFEST_CALL,
    tag: 'Settings',
    summary: "The web app manifest in the merchant's brand",
    description:
      "Not enveloped: `application/manifest+json`, the same for everyone (`Cache-Control: public, max-age=5`, as the settings). The gateway serves it at `/manifest.webmanifest`. The shop's name and short name (the owner's, else derived to at most 12 characters), the brand colour as `theme_color`, the landing background as `background_color`, and versioned `app/icon` URLs: 192 and 512 `any`, 512 `maskable`.",
    auth: 'none',
    inContract: false,
    answer: { kind: 'manifest', statuses: [200], description: 'The manifest.', data: webAppManifestAnswer },
    errors: [],
  },
  {
    method: 'get',
    path: 'app/icon',
    tag: 'Settings',
    summary: "An app icon made from the merchant's logo",
    description:
      "A PNG of `size`×`size`: the uploaded logo on the brand colour (`maskable`: inside the central safe zone), or the shop name's initial on the brand colour while no logo is uploaded. `ETag` of its version; with `v` the current version (the manifest's URLs) it is kept a year (`public, max-age=31536000, immutable`), without it 60 s. A size other than 180, 192 or 512: 400 VALIDATION naming `size`.",
    auth: 'none',
    inContract: false,
    query: appIconQuery,
    answer: { kind: 'image', statuses: [200], description: 'The icon, image/png.' },
    errors: [],
  },
];
