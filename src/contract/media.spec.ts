/**
 * The spec of the media calls: their declarations (media.calls.ts) joined to their schemas
 * (media.ts), error codes and OpenAPI words by `describe` (api-spec.ts). The provider mounts its
 * handlers from it (server/provider/http/mount.ts); endpoints.ts documents it.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { describe, type Endpoint } from './api-spec';
import { imageUploadBody, mediaParams, imageAnswer } from './media';
import { mediaApi } from './media.calls';

export const mediaSpec = /* @__PURE__ */ describe('Merchant console', mediaApi, {
  upload: {
    summary: 'Upload an image: PNG, JPEG or WebP, at most 2 MB',
    description:
      'The file in base64 (`file`); its type is read from its content, never from its name or declared type. Checked by its first bytes and a full decode (a damaged or cut-short file is refused), never SVG, then re-encoded, which drops all metadata. Kept in the database and served at `url`. A wrong file: 400 VALIDATION naming `file`; over 2 MB: 413 naming `file`. This call alone takes a body over 64 KiB.',
    inContract: false,
    body: imageUploadBody,
    data: imageAnswer,
    answer: 'The stored image.',
    message: 'Image uploaded.',
  },
});

/** `media/{file}`: a file, not an envelope, served by a plain route (media.routes.ts) to anyone. */
export const mediaFileEndpoint: Endpoint = {
  method: 'get',
  path: 'media/{file}',
  tag: 'Merchant console',
  summary: 'An uploaded image, by the SHA-256 of its bytes',
  description: 'Public and immutable: `cache-control: public, max-age=31536000, immutable`, `x-content-type-options: nosniff`. Any other name: 404.',
  auth: 'none',
  inContract: false,
  params: mediaParams,
  answer: { kind: 'image', statuses: [200], description: 'The image.' },
  errors: ['NOT_FOUND'],
};
