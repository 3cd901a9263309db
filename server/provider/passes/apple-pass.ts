import type * as passkit from 'passkit-generator';
import type sharpLib from 'sharp';
import { lazyPackage } from '../../lib/lazy-package';
import type { AppleWalletConfig } from './passes-config';
import type { PassContent } from './pass-content';

/** passkit-generator and sharp, loaded on the first Apple Wallet pass. */
const loadPasskit = lazyPackage<typeof passkit>('passkit-generator');
const loadSharp = lazyPackage<typeof sharpLib>('sharp');

/** The media type of a pass (Safari on iOS opens it in Wallet). */
export const PKPASS_TYPE = 'application/vnd.apple.pkpass';

/** `#1f2937` → `rgb(31, 41, 55)`: the colours pass.json takes. */
export function rgbOf(hex: string): string {
  const h = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim())?.[1] ?? '000000';
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

/** The images a store card shows: the logo (at most 160×50 points) and the icon (29×29), each at 1×, 2× and 3×. */
async function images(logo: Buffer | null, background: string): Promise<Record<string, Buffer>> {
  const sharp = loadSharp();
  const square = (size: number) =>
    logo
      ? sharp(logo).resize(size, size, { fit: 'contain', background }).flatten({ background }).png().toBuffer()
      : sharp({ create: { width: size, height: size, channels: 3, background } })
          .png()
          .toBuffer();
  const wide = (scale: number) =>
    logo
      ? sharp(logo)
          .resize(160 * scale, 50 * scale, { fit: 'inside', withoutEnlargement: false })
          .png()
          .toBuffer()
      : square(50 * scale);
  const [icon, icon2, icon3, logo1, logo2, logo3] = await Promise.all([square(29), square(58), square(87), wide(1), wide(2), wide(3)]);
  return { 'icon.png': icon, 'icon@2x.png': icon2, 'icon@3x.png': icon3, 'logo.png': logo1, 'logo@2x.png': logo2, 'logo@3x.png': logo3 };
}

/**
 * The signed .pkpass (a zip: pass.json, the images, manifest.json with each file's SHA-1, and
 * `signature`, a detached PKCS#7 over manifest.json made with the Pass Type ID certificate and Apple's
 * WWDR intermediate), built by passkit-generator. The barcode is the customer's static member code,
 * never a rotating voucher or member code (a pass cannot change every 30 seconds).
 */
export async function buildApplePass(
  config: AppleWalletConfig,
  c: PassContent,
  auth: { serial: string; token: string; webServiceUrl: string },
): Promise<Buffer> {
  const passJson = {
    formatVersion: 1,
    passTypeIdentifier: config.passTypeId,
    teamIdentifier: config.teamId,
    serialNumber: auth.serial,
    authenticationToken: auth.token,
    webServiceURL: auth.webServiceUrl,
    organizationName: c.shopName,
    description: `${c.shopName} member card`,
    logoText: c.shopName,
    backgroundColor: rgbOf(c.background),
    foregroundColor: rgbOf(c.foreground),
    labelColor: rgbOf(c.foreground),
    sharingProhibited: true,
    storeCard: {
      headerFields: c.stamps ? [{ key: 'stamps', label: 'STAMPS', value: `${c.stamps.stamps}/${c.stamps.needed}` }] : [],
      primaryFields: [{ key: 'points', label: 'POINTS', value: c.points, changeMessage: 'You now have %@ points.' }],
      secondaryFields: [
        { key: 'member', label: 'MEMBER', value: c.name },
        ...(c.tier ? [{ key: 'tier', label: 'TIER', value: c.tier, changeMessage: 'You are now %@.' }] : []),
      ],
      auxiliaryFields: c.stamps ? [{ key: 'card', label: c.stamps.name.toUpperCase(), value: `${c.stamps.needed - c.stamps.stamps} to go` }] : [],
      backFields: [
        { key: 'how', label: 'At the counter', value: 'Show this code to earn points. Vouchers and rewards are in the app.' },
        { key: 'code', label: 'Member code', value: c.memberCode },
      ],
    },
    barcodes: [{ format: 'PKBarcodeFormatQR', message: c.memberCode, messageEncoding: 'iso-8859-1' }],
  };
  const files = await images(c.logo, c.background);
  const { PKPass } = loadPasskit();
  const pass = new PKPass(
    { 'pass.json': Buffer.from(JSON.stringify(passJson)), ...files },
    {
      wwdr: config.wwdr,
      signerCert: config.signerCert,
      signerKey: config.signerKey,
      ...(config.signerKeyPassphrase ? { signerKeyPassphrase: config.signerKeyPassphrase } : {}),
    },
  );
  return pass.getAsBuffer();
}
