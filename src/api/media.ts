/** Images uploaded from the console (logo, favicon, landing background, products, rewards). */
import { mediaApi } from '#contract/media.calls';
import type { ImagePurpose } from '#contract/staff-checks';
import { callApi } from './client';
import { useMutation } from './mutation';

/** An image (PNG, JPEG or WebP, at most 2 MB), sent as base64: the provider checks its content and stores it no larger than `purpose` is shown. */
export const useUploadImage = () =>
  useMutation(
    (file: { base64: string; name: string; type: string; purpose?: ImagePurpose }) =>
      callApi(mediaApi.upload, { file: file.base64, name: file.name, type: file.type, ...(file.purpose ? { purpose: file.purpose } : {}) }),
    {},
  );
