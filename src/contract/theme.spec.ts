/**
 * The spec of the theme calls: their declarations (theme.calls.ts) joined to their schemas
 * (theme.ts), error codes and OpenAPI words by `describe` (api-spec.ts). The provider mounts its
 * handlers from it (server/provider/http/mount.ts); endpoints.ts documents it.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { describe } from './api-spec';
import { siteSettingsAnswer } from './settings';
import { themeDraftBody, themeRestoreBody, previewQuery, themeDraftAnswer, themeVersionOnlyAnswer, themeVersionsAnswer, previewLinkAnswer } from './theme';
import { themeApi } from './theme.calls';

export const themeSpec = /* @__PURE__ */ describe('Merchant console', themeApi, {
  draft: {
    summary: 'The draft theme and its contrast checks',
    description: 'With no draft saved, the live theme (`saved_at: null`).',
    inContract: false,
    data: themeDraftAnswer,
    answer: 'The draft.',
    message: 'The draft theme.',
  },
  saveDraft: {
    summary: 'Save the whole draft theme',
    description: 'Customers see nothing of it until it is published. Unknown fields are refused. A draft may fail the contrast checks; publishing it may not.',
    inContract: false,
    body: themeDraftBody,
    data: themeDraftAnswer,
    answer: 'The draft as saved.',
    message: 'Draft saved. Customers see it once you publish.',
  },
  publish: {
    summary: 'Publish the draft theme',
    description:
      'Refused with 400 VALIDATION (nothing changes) when body text fails WCAG AA (4.5:1) on the brand colour or, in Lite, on the landing background colour: `error.fields` names the colour and the nearest one that passes. Customers see a published theme within 10 s (5 s in the provider, 5 s in a gateway).',
    inContract: false,
    data: themeVersionOnlyAnswer,
    answer: 'The new live version.',
    message: 'Published: customers see the new theme within a few seconds.',
  },
  versions: {
    summary: 'Every published theme, newest first, with who published it and when',
    inContract: false,
    data: themeVersionsAnswer,
    answer: 'The versions.',
    message: 'Published versions.',
  },
  restore: {
    summary: 'Make an earlier version live again (and the draft)',
    inContract: false,
    body: themeRestoreBody,
    data: themeVersionOnlyAnswer,
    answer: 'The new live version.',
    message: 'Restored: customers see this version within a few seconds.',
    errors: ['NOT_FOUND'],
  },
  previewLink: {
    summary: 'A share-preview link: the customer app with the draft, read-only, for 24 h',
    inContract: false,
    data: previewLinkAnswer,
    answer: 'The link.',
    message: 'Preview link ready: it shows the draft for 24 hours.',
  },
  preview: {
    summary: 'The settings with the draft theme, for a share-preview link',
    description: 'The same shape as `settings/main-setting`; never cached. An unknown or expired link: 404.',
    tag: 'Settings',
    inContract: false,
    query: previewQuery,
    data: siteSettingsAnswer,
    answer: 'The settings with the draft.',
    message: 'The draft settings.',
    errors: ['NOT_FOUND'],
  },
});
