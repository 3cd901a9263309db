import { msg } from '@lingui/core/macro';
import { IMAGE_MAX_BYTES, IMAGE_TYPES } from '#contract/staff-checks';
import { i18n } from '#i18n/i18n';

/** The longest side an image is sent at when it has to be made smaller: more than any place the app shows it. */
export const FIT_LONGEST_SIDE = 2048;

/** Said when the browser cannot decode the file as an image (a HEIC it cannot read, a broken file). */
export const UNREADABLE_IMAGE = msg`This file could not be read as an image. Choose a PNG, JPEG or WebP photo.`;

/** The bitmap drawn at most `side` pixels on its longest side, encoded as `type` (null: the browser cannot). */
async function encode(bitmap: ImageBitmap, side: number, type: string, quality: number): Promise<Blob | null> {
  const scale = Math.min(1, side / Math.max(bitmap.width, bitmap.height));
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    canvas.getContext('2d')!.drawImage(bitmap, 0, 0, width, height);
    const blob = await canvas.convertToBlob({ type, quality });
    return blob.type === type ? blob : null;
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0, width, height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, quality));
  return blob && blob.type === type ? blob : null;
}

/**
 * A photo as it can be uploaded: the file itself when it is a PNG, JPEG or WebP within the upload
 * limit (a logo keeps its transparency); otherwise (a 25 MB phone photo, a format the provider does
 * not take) it is decoded in the browser and made smaller (longest side at most 2048 px) as WebP, or
 * JPEG where the browser cannot write WebP, less and less finely until it fits. Throws
 * UNREADABLE_IMAGE when the browser cannot read it as an image.
 */
export async function fitImage(file: File): Promise<File> {
  if (IMAGE_TYPES.includes(file.type) && file.size <= IMAGE_MAX_BYTES) return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new Error(i18n._(UNREADABLE_IMAGE));
  }
  try {
    const base = file.name.replace(/\.[^.]*$/, '') || 'image';
    for (const [side, quality] of [
      [FIT_LONGEST_SIDE, 0.85],
      [FIT_LONGEST_SIDE, 0.7],
      [1600, 0.7],
      [1200, 0.6],
    ] as const) {
      for (const type of ['image/webp', 'image/jpeg']) {
        const blob = await encode(bitmap, side, type, quality);
        if (blob && blob.size <= IMAGE_MAX_BYTES) return new File([blob], `${base}.${type === 'image/webp' ? 'webp' : 'jpg'}`, { type });
        if (blob) break; // this type is written: a smaller try, not the other type
      }
    }
    throw new Error(i18n._(UNREADABLE_IMAGE));
  } finally {
    bitmap.close();
  }
}
