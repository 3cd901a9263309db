import { useCallback, useState } from 'react';
import { IMAGE_MAX_BYTES, IMAGE_TYPES, type ImagePurpose } from '#contract/staff-checks';
import { useUploadImage } from '../../../api/media';
import { fieldErrorsOf, messageOf } from '../../../shared/errors';

/** A file's bytes as base64, without the `data:…;base64,` prefix. */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(new Error('The file could not be read.'));
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
      // the provider checks the content; these only spare a long upload that would be refused
      if (!IMAGE_TYPES.includes(file.type)) return (setError(field, 'Choose a PNG, JPEG or WebP image (not SVG).'), null);
      if (file.size > IMAGE_MAX_BYTES) return (setError(field, 'This image is larger than 2 MB. Choose a smaller one.'), null);
      setUploading(field);
      try {
        return (await upload({ base64: await base64Of(file), name: file.name, type: file.type, purpose: PURPOSE[field] ?? 'background' })).url;
      } catch (err) {
        const problem = fieldErrorsOf(err).file;
        setError(field, problem ? `This file ${problem}.` : messageOf(err));
        return null;
      } finally {
        setUploading(null);
      }
    },
    [upload, setError],
  );
  return { uploading, errors, upload: run, clear: useCallback((field: F) => setError(field, undefined), [setError]) };
}
