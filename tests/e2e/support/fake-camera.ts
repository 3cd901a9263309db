/**
 * A camera for Chromium to use: `--use-fake-device-for-media-stream --use-file-for-fake-video-capture=<file>`
 * plays a Y4M (YUV4MPEG2) file in a loop as the device camera. `writeCameraVideo` makes that file from a
 * picture (a screenshot of the customer's QR code): the picture centred on white, as a camera held in
 * front of a phone would see it, in 4:2:0 YUV (full range, BT.601).
 */
import { writeFileSync } from 'node:fs';
import sharp from 'sharp';

export const FAKE_CAMERA_ARGS = (file: string) => ['--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${file}`];

export async function writeCameraVideo(file: string, picture: Buffer, { width = 640, height = 480, frames = 5 } = {}): Promise<void> {
  const side = Math.round(Math.min(width, height) * 0.8);
  const rgb = await sharp(picture)
    .resize({ width: side, height: side, fit: 'contain', background: '#ffffff' })
    .flatten({ background: '#ffffff' })
    .extend({
      top: (height - side) >> 1,
      bottom: height - side - ((height - side) >> 1),
      left: (width - side) >> 1,
      right: width - side - ((width - side) >> 1),
      background: '#ffffff',
    })
    .removeAlpha()
    .raw()
    .toBuffer();
  const y = Buffer.alloc(width * height);
  const u = Buffer.alloc((width / 2) * (height / 2));
  const v = Buffer.alloc((width / 2) * (height / 2));
  for (let row = 0; row < height; row++) {
    for (let col = 0; col < width; col++) {
      const i = (row * width + col) * 3;
      y[row * width + col] = Math.round(0.299 * rgb[i]! + 0.587 * rgb[i + 1]! + 0.114 * rgb[i + 2]!);
    }
  }
  for (let row = 0; row < height / 2; row++) {
    for (let col = 0; col < width / 2; col++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (const [dy, dx] of [
        [0, 0],
        [0, 1],
        [1, 0],
        [1, 1],
      ] as const) {
        const i = ((row * 2 + dy) * width + col * 2 + dx) * 3;
        r += rgb[i]!;
        g += rgb[i + 1]!;
        b += rgb[i + 2]!;
      }
      r /= 4;
      g /= 4;
      b /= 4;
      const k = row * (width / 2) + col;
      u[k] = Math.max(0, Math.min(255, Math.round(128 - 0.168736 * r - 0.331264 * g + 0.5 * b)));
      v[k] = Math.max(0, Math.min(255, Math.round(128 + 0.5 * r - 0.418688 * g - 0.081312 * b)));
    }
  }
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, u, v]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F${frames}:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}
