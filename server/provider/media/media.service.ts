import { createHash } from 'node:crypto';
import type { ImageData } from '#contract/media';
import { IMAGE_MAX_BYTES, IMAGE_MAX_SIDE, IMAGE_PURPOSES, type ImagePurpose } from '#contract/staff-checks';
import type { ProviderContext } from '../context';
import { AppError, validation } from '../http/errors';
import type { StaffOfRequest } from '../http/staff-session';
import { insertAudit } from '../staff/staff.repo';
import { insertMedia, readMedia } from './media.repo';

type Format = 'png' | 'jpeg' | 'webp';
const CONTENT_TYPE: Record<Format, ImageData['content_type']> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' };
const EXTENSION: Record<Format, string> = { png: 'png', jpeg: 'jpg', webp: 'webp' };
/** A decoded image may be at most this many pixels: a small file can unpack into gigabytes. */
const MAX_PIXELS = 40_000_000;
/** Decoding, resizing and re-encoding one image may take this long; then it is refused. */
const WORK_SECONDS = 10;
/** Where the gateway serves stored images (the provider's `media/…` under the gateway's `/api/`). */
export const MEDIA_PATH = 'media/';

/** The format the first bytes say, or null: PNG, JPEG and WebP only (never SVG, GIF, HTML …). */
export function sniffImage(bytes: Uint8Array): Format | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

const notAnImage = () => validation({ file: 'must be a PNG, JPEG or WebP image' }, 'This file is not a PNG, JPEG or WebP image. Please choose another one.');
const unreadable = () =>
  validation(
    { file: 'could not be read as an image: it may be damaged or cut short' },
    'This image could not be read: it may be damaged. Please choose another one.',
  );
const tooManyPixels = () =>
  validation(
    { file: `must be at most ${IMAGE_MAX_SIDE.toLocaleString('en')} pixels wide and high` },
    `This image is too large in pixels: at most ${IMAGE_MAX_SIDE.toLocaleString('en')} wide and ${IMAGE_MAX_SIDE.toLocaleString('en')} high. Please choose a smaller one.`,
  );
export const tooLarge = () =>
  new AppError('PAYLOAD_TOO_LARGE', 'This image is larger than 2 MB. Please choose a smaller one.', { file: 'must be at most 2 MB' });

/**
 * Checks an uploaded image by its content (its first bytes, then a full decode that fails on any
 * damage, truncation included) and re-encodes it in its own format, which drops every piece of
 * metadata (EXIF, XMP, comments: whatever a file carried along, a script included). Kept in the
 * database by the SHA-256 of the re-encoded bytes, so the same image is kept once and its URL never
 * changes meaning. A refused file changes nothing. Its size in pixels is read from its header before
 * anything is decoded (at most IMAGE_MAX_SIDE a side: issue #24, item 5), the work is bounded in time,
 * and the image is stored no larger than the app shows it (IMAGE_PURPOSES, never enlarged).
 */
export async function storeImage(ctx: ProviderContext, actor: StaffOfRequest, base64: string, purpose: ImagePurpose = 'background'): Promise<ImageData> {
  const input = Buffer.from(base64, 'base64');
  if (input.length > IMAGE_MAX_BYTES) throw tooLarge();
  const format = sniffImage(input);
  if (!format) throw notAnImage();
  let output: { data: Buffer; info: { width: number; height: number } };
  // loaded on the first upload: libvips costs start-up time and memory a server that never gets one need not pay
  const { default: sharp } = await import('sharp');
  try {
    const image = sharp(input, { failOn: 'warning', limitInputPixels: MAX_PIXELS, animated: false });
    // the header only: nothing is decoded yet
    const meta = await image.metadata();
    if (meta.format !== format) throw notAnImage();
    if (!meta.width || !meta.height || meta.width > IMAGE_MAX_SIDE || meta.height > IMAGE_MAX_SIDE) throw tooManyPixels();
    const box = IMAGE_PURPOSES[purpose];
    // rotate(): applies the EXIF orientation before the EXIF is dropped, so a photo stays upright
    const encoded = image.rotate().resize({ width: box, height: box, fit: 'inside', withoutEnlargement: true }).timeout({ seconds: WORK_SECONDS });
    const out =
      format === 'png'
        ? encoded.png({ compressionLevel: 9 })
        : format === 'jpeg'
          ? encoded.jpeg({ quality: 85, mozjpeg: true })
          : encoded.webp({ quality: 85 });
    output = await out.toBuffer({ resolveWithObject: true });
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw unreadable();
  }
  const sha256 = createHash('sha256').update(output.data).digest('hex');
  const contentType = CONTENT_TYPE[format];
  const now = ctx.clock.now();
  const data: ImageData = {
    url: `${ctx.publicApiPrefix}${MEDIA_PATH}${sha256}.${EXTENSION[format]}`,
    sha256,
    content_type: contentType,
    width: output.info.width,
    height: output.info.height,
    size: output.data.length,
  };
  await ctx.db.transaction().execute(async (trx) => {
    await insertMedia(trx, { sha256, contentType, bytes: output.data, width: data.width, height: data.height, staffId: actor.id, now });
    const { url: _url, ...after } = data;
    await insertAudit(trx, { staffId: actor.id, action: 'media.upload', target: `media:${sha256}`, before: null, after, now });
  });
  return data;
}

/** A stored image by `<sha256>.<ext>` (the extension must be its format's), or null. */
export async function readImage(ctx: ProviderContext, file: string): Promise<{ contentType: string; bytes: Buffer } | null> {
  const [sha256, ext] = file.split('.') as [string, string];
  const row = await readMedia(ctx.db, sha256);
  if (!row) return null;
  const format = (Object.keys(CONTENT_TYPE) as Format[]).find((f) => CONTENT_TYPE[f] === row.content_type)!;
  if (EXTENSION[format] !== ext) return null;
  return { contentType: row.content_type, bytes: Buffer.from(row.bytes) };
}
