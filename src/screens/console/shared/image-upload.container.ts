import { useCallback, useState } from 'react';
import { t } from '@lingui/core/macro';
import type { ImagePurpose } from '#contract/staff-checks';
import { useUploadImage } from '../../../api/media';
import { fieldErrorsOf, messageOf } from '../../../shared/errors';
import { fitImage } from './fit-image';

/** A file's bytes as base64, without the `data:…;base64,` prefix. */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(new Error(t`The file could not be read.`));
    reader.readAsDataURL(file);
  });
}

/** Where the app shows each image field: the provider stores it no larger than that. */
const PURPOSE: Record<string, ImagePurpose> = {
  product: 'product',
  reward: 'reward',
  post_file: 'logo',
  post_title: 'favicon',
  landing_body_background_image: 'background',
};

/**
 * Image uploads for a page with image fields (the theme studio, a product, a reward): which field is
 * uploading, each field's problem, and `upload(field, file)` → the image's URL, or null when refused.
 */
export function useImageUpload<F extends string>() {
  const upload = useUploadImage();
  const [uploading, setUploading] = useState<F | null>(null);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const setError = useCallback((field: F, message: string | undefined) => setErrors((e) => ({ ...e, [field]: message })), []);
  const run = useCallback(
    async (field: F, file: File): Promise<string | null> => {
      setError(field, undefined);
      // an SVG is never drawn into a canvas (it can hold scripts): refused as the provider refuses it
      if (file.type === 'image/svg+xml') return (setError(field, t`Choose a PNG, JPEG or WebP image (not SVG).`), null);
      setUploading(field);
      try {
        // a phone's 25 MB photo is made smaller here rather than refused; the provider checks the content
        let fitted: File;
        try {
          fitted = await fitImage(file);
        } catch (err) {
          setError(field, (err as Error).message);
          return null;
        }
        return (await upload({ base64: await base64Of(fitted), name: fitted.name, type: fitted.type, purpose: PURPOSE[field] ?? 'background' })).url;
      } catch (err) {
        const problem = fieldErrorsOf(err).file;
        setError(field, problem ? t`This file ${problem}.` : messageOf(err));
        return null;
      } finally {
        setUploading(null);
      }
    },
    [upload, setError],
  );
  return { uploading, errors, upload: run, clear: useCallback((field: F) => setError(field, undefined), [setError]) };
}
