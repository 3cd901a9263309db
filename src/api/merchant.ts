/**
 * The merchant console's images (staff.ts has the sign-in and the team, theme.ts the theme).
 */
import type { ImageData } from '#contract/merchant';
import type { ImagePurpose } from '#contract/staff-checks';
import { apiPost } from './client';
import { useMutation } from './mutation';

/** An image (PNG, JPEG or WebP, at most 2 MB), sent as base64: the provider checks its content and stores it no larger than `purpose` is shown. */
export const useUploadImage = () =>
  useMutation((file: { base64: string; name: string; type: string; purpose?: ImagePurpose }) => apiPost<ImageData>('merchant/images', { file: file.base64, name: file.name, type: file.type, ...(file.purpose ? { purpose: file.purpose } : {}) }), {});
