/** The call of image uploads, declared once (api.ts); its schema is in media.ts, its words in media.spec.ts (with the row of `media/{file}`, a file). */
import { call } from './api';
import type { ImageData, ImageUploadInput } from './media';

export const mediaApi = {
  upload: call.owner.post<ImageData, ImageUploadInput>('merchant/images', { status: 201 }),
};
