/**
 * Baselines are kept small: written through oxipng (@napi-rs/image, lossless), about a fifth smaller than
 * Chromium's own PNGs. A compressed baseline is not the bytes of the screenshot it was made from, and the
 * runner's quick path is a comparison of bytes (docs/decisions/011-baselines-compressed-in-git.md): so each
 * compressed baseline carries the SHA-256 of the screenshot's own bytes in a text chunk, and a screenshot
 * with that digest is the baseline's picture without being decoded.
 */
import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import { losslessCompressPngSync } from '@napi-rs/image';

const KEYWORD = 'screenshot-sha256';
const SIGNATURE = 8;

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(data, zlib.crc32(head.subarray(4))) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** The digest of the screenshot a compressed baseline was made from, or null (a baseline as Chromium wrote it). */
export function screenshotDigest(png: Buffer): string | null {
  for (let at = SIGNATURE; at + 8 <= png.length; ) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    if (type === 'IDAT' || type === 'IEND') return null; // the tEXt chunk goes before the picture's data
    if (type === 'tEXt') {
      const text = png.toString('latin1', at + 8, at + 8 + length);
      if (text.startsWith(`${KEYWORD}\0`)) return text.slice(KEYWORD.length + 1);
    }
    at += 12 + length;
  }
  return null;
}

/** Whether `screenshot` is the picture `baseline` holds, known from bytes alone (no decoding). */
export function sameScreenshot(baseline: Buffer, screenshot: Buffer): boolean {
  if (baseline.equals(screenshot)) return true;
  const digest = screenshotDigest(baseline);
  return digest !== null && digest === sha256(screenshot);
}

/**
 * `screenshot` (a PNG as Chromium wrote it, or a compressed baseline) compressed losslessly, with the digest
 * of the screenshot's own bytes in a text chunk before the picture's data. `digest`: the screenshot's,
 * when `screenshot` is already a baseline made from it.
 */
export function compressPng(screenshot: Buffer, digest = screenshotDigest(screenshot) ?? sha256(screenshot)): Buffer {
  const small = losslessCompressPngSync(screenshot, { strip: true, force: true });
  const ihdrEnd = SIGNATURE + 12 + small.readUInt32BE(SIGNATURE);
  const text = chunk('tEXt', Buffer.from(`${KEYWORD}\0${digest}`, 'latin1'));
  return Buffer.concat([small.subarray(0, ihdrEnd), text, small.subarray(ihdrEnd)]);
}
