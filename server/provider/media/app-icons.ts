/**
 * The app's icons for installing it (issue 31), made from the merchant's uploaded logo with sharp: the
 * logo on the brand colour, square (`any`: 192, 512; iOS's apple-touch-icon: 180) or inside the central
 * safe zone a launcher may crop to a circle (`maskable`: 512). While no logo is uploaded (or it cannot be
 * read), the shop name's initial on the brand colour. Drawn on the first ask and kept in memory by their
 * version (the hash of what they are drawn from, #contract/app-install), so a new logo or colour makes
 * new icons at once and the old ones are never asked for again.
 */
import { LRUCache } from 'lru-cache';
import { readableTextOn } from '#contract/contrast';
import { appIconVersion, appInitial, DEFAULT_BRAND, hexColour, type AppIconPurpose, type AppIconSize, type InstallSettings } from '#contract/app-install';
import type { ProviderContext } from '../context';
import { getMerchant } from '../settings/settings.service';
import { readMedia } from './media.repo';
import { MEDIA_PATH } from './media.service';

/** Of the icon's side, the logo's box: iOS rounds the corners a little, a maskable icon keeps to the circle of 80 % (0.8/√2 ≈ 0.566). */
const LOGO_BOX: Record<AppIconPurpose | 'apple', number> = { any: 0.8, apple: 0.76, maskable: 0.56 };
/** Drawing an icon may take this long; then the initial is drawn instead. */
const WORK_SECONDS = 5;

export interface AppIcon {
  bytes: Buffer;
  version: string;
}

const drawn = new LRUCache<string, Buffer>({ max: 32 });

/** The sha256 of the settings' logo when it is an image uploaded here (`/api/media/<sha256>.<ext>`), else null. */
function uploadedLogo(ctx: ProviderContext, logo: string): string | null {
  const m = new RegExp(`^${ctx.publicApiPrefix.replace(/[/.]/g, '\\$&')}${MEDIA_PATH}([0-9a-f]{64})\\.(png|jpg|webp)$`).exec(logo);
  return m ? m[1]! : null;
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** The initial on the brand colour, as SVG (colours are `#rrggbb` and the letter escaped: nothing else gets in). */
export function initialSvg(side: number, background: string, text: string, initial: string, box: number): string {
  const letter = initial.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
  const size = Math.round(side * box * 0.78);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}" viewBox="0 0 ${side} ${side}">` +
    `<rect width="${side}" height="${side}" fill="${background}"/>` +
    `<text x="50%" y="50%" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif" font-weight="700" font-size="${size}" fill="${text}">${letter}</text>` +
    `</svg>`
  );
}

async function draw(ctx: ProviderContext, s: InstallSettings, side: number, kind: AppIconPurpose | 'apple'): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const background = hexColour(s.brand_color, DEFAULT_BRAND);
  const box = LOGO_BOX[kind];
  const sha = uploadedLogo(ctx, s.post_file);
  const logo = sha ? await readMedia(ctx.db, sha) : undefined;
  if (logo) {
    try {
      const inner = Math.round(side * box);
      const fitted = await sharp(Buffer.from(logo.bytes), { failOn: 'warning', animated: false })
        .resize({ width: inner, height: inner, fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
        .png()
        .timeout({ seconds: WORK_SECONDS })
        .toBuffer();
      return await sharp({ create: { width: side, height: side, channels: 4, background } })
        .composite([{ input: fitted, gravity: 'centre' }])
        .png({ compressionLevel: 9 })
        .timeout({ seconds: WORK_SECONDS })
        .toBuffer();
    } catch (err) {
      ctx.logger.warn({ reason: (err as Error).message }, 'app icon: the logo could not be drawn; the initial is used');
    }
  }
  const text = hexColour(s.brand_text_color, readableTextOn(background));
  const svg = initialSvg(side, background, text, appInitial(s.setting_company), box);
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).timeout({ seconds: WORK_SECONDS }).toBuffer();
}

/** The icon of this size and purpose for the merchant's current logo and colours, with its version. */
export async function appIcon(ctx: ProviderContext, size: AppIconSize, purpose: AppIconPurpose): Promise<AppIcon> {
  const settings = (await getMerchant(ctx.db, ctx.merchantId)).settings;
  const version = appIconVersion(settings);
  // 180 is iOS's: never masked by a launcher, its corners rounded a little
  const kind = purpose === 'maskable' ? 'maskable' : size === '180' ? 'apple' : 'any';
  const key = `${ctx.merchantId}:${version}:${size}:${kind}`;
  let bytes = drawn.get(key);
  if (!bytes) {
    bytes = await draw(ctx, settings, Number(size), kind);
    drawn.set(key, bytes);
  }
  return { bytes, version };
}
