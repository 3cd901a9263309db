/**
 * Installing the app (issue 31), through real HTTP: a gateway in front of the real embedded provider.
 * The manifest at /manifest.webmanifest in the merchant's brand, following a theme change; the icons real
 * PNGs of their sizes (read back with sharp), from the uploaded logo or, without one, the initial on the
 * brand colour; versioned and cached; bad sizes 400; nothing private in the manifest; every page names
 * the manifest, the apple-touch-icon and the theme colour.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { appIconVersion, webAppManifest, type WebAppManifest } from '#contract/app-install';
import { appShortName } from '#contract/short-name';
import { systemClock } from '../../server/lib/clock';
import { clearMerchantCache } from '../../server/provider/settings/settings.service';
import { installHead } from '../../server/gateway/page-html';
import { describeDb, useStack } from '../security/support';
import { makeDist } from './gateway.helpers';
import { newStaff } from './merchant.helpers';
import { mediaApi } from '#contract/media.calls';
import { themeApi } from '#contract/theme.calls';
import { gatewayCall, undeclared } from '../support/calls';

/** the app's icon: a file beside the calls, which no declaration has */
const ICON = undeclared('app/icon');

const build = makeDist();
writeFileSync(
  join(build.dist, 'index.html'),
  '<!doctype html><html><head><meta name="theme-color" content="#f8f7f5" /><title>x</title></head><body><div id="root"></div></body></html>',
);
mkdirSync(join(build.dist, 'assets'), { recursive: true });
afterAll(() => build.cleanup());

/** A logo: a 300×200 PNG, red on the left half and blue on the right, transparent nowhere. */
const logoPng = () =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: '#d11111' } })
    .composite([{ input: { create: { width: 150, height: 200, channels: 3, background: '#1111d1' } }, left: 150, top: 0 }])
    .png()
    .toBuffer();

async function pixel(png: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return [data[i]!, data[i + 1]!, data[i + 2]!];
}
const hex = ([r, g, b]: [number, number, number]) => `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;

describeDb('installing the app: manifest and icons', (kind) => {
  // no answer cache in this gateway: a theme change shows in the next manifest (the cache's own test below)
  const stack = useStack(() => ({ kind, config: { distDir: build.dist, apiCacheEntries: 0 } }));
  let owner: string;
  beforeAll(async () => {
    owner = `staff=${(await newStaff(stack.db, systemClock, { role: 'owner' })).token}`;
  });

  const manifest = async (): Promise<{ res: Response; body: WebAppManifest }> => {
    clearMerchantCache();
    const res = await fetch(`${stack.url}/manifest.webmanifest`);
    return { res, body: (await res.json()) as WebAppManifest };
  };
  const publishTheme = async (change: Record<string, string>) => {
    const draft = (await (await gatewayCall(stack, themeApi.draft, { cookie: owner })).json()) as { data: { theme: Record<string, string> } };
    expect((await gatewayCall(stack, themeApi.saveDraft, { cookie: owner, body: { ...draft.data.theme, ...change } })).status).toBe(200);
    expect((await gatewayCall(stack, themeApi.publish, { cookie: owner })).status).toBe(200);
  };
  const icon = async (src: string) => {
    const res = await fetch(`${stack.url}${src}`);
    expect(res.status, src).toBe(200);
    return { res, bytes: Buffer.from(await res.arrayBuffer()) };
  };

  it("serves the manifest in the merchant's brand, with nothing but public settings", async () => {
    const { res, body } = await manifest();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/manifest+json; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=5');
    const v = body.icons[0]!.src.split('v=')[1];
    expect(body).toEqual({
      id: '/home',
      name: 'Kopi Senja',
      short_name: 'Kopi Senja',
      lang: 'en-PH',
      start_url: '/home',
      scope: '/',
      display: 'standalone',
      theme_color: '#9a4a1c',
      background_color: '#3b2418',
      icons: [
        { src: `/api/${ICON}?size=192&v=${v}`, sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: `/api/${ICON}?size=512&v=${v}`, sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: `/api/${ICON}?size=512&purpose=maskable&v=${v}`, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    });
    // no set-cookie (a device id) from the provider, no secret, no contact detail, no rule
    const text = JSON.stringify(body);
    for (const secret of ['merchant_id', 'kopi-senja', 'contact', 'api_key', 'token', 'points_per_amount', 'timezone']) expect(text).not.toContain(secret);
  });

  it('draws the initial on the brand colour while no logo is uploaded: real PNGs of each size', async () => {
    const { body } = await manifest();
    for (const [src, side] of [...body.icons.map((i) => [i.src, Number(i.sizes.split('x')[0])] as const), [`/api/${ICON}?size=180`, 180] as const]) {
      const { res, bytes } = await icon(src);
      expect(res.headers.get('content-type')).toBe('image/png');
      const meta = await sharp(bytes).metadata();
      expect([meta.format, meta.width, meta.height], src).toEqual(['png', side, side]);
      // a corner is the brand colour; the centre is not (the letter is drawn there, in white)
      expect(hex(await pixel(bytes, 2, 2))).toBe('#9a4a1c');
      const stats = await sharp(bytes).stats();
      expect(stats.channels[0]!.max, `${src}: something light is drawn`).toBeGreaterThan(200);
    }
  });

  it('answers a bad size or purpose with 400 naming the field', async () => {
    for (const [query, field] of [
      ['size=64', 'size'],
      ['size=5120', 'size'],
      ['size=192x192', 'size'],
      ['', 'size'],
      ['size=192&purpose=monochrome', 'purpose'],
      ['size=192&v=../x', 'v'],
    ] as const) {
      const res = await fetch(`${stack.url}/api/${ICON}?${query}`);
      expect(res.status, query).toBe(400);
      const body = (await res.json()) as { error: { code: string; fields: Record<string, string> } };
      expect(body.error.code).toBe('VALIDATION');
      expect(Object.keys(body.error.fields), query).toEqual([field]);
    }
  });

  it('follows a theme change: new colours, a new logo, new versioned icon URLs; cached a year by version', async () => {
    const before = (await manifest()).body;
    const upload = await gatewayCall(stack, mediaApi.upload, { cookie: owner, body: { file: (await logoPng()).toString('base64'), purpose: 'logo' } });
    expect(upload.status).toBe(201);
    const logo = ((await upload.json()) as { data: { url: string } }).data.url;
    await publishTheme({ brand_color: '#1f5f8b', landing_body_background_color: '#f0f4f8', setting_company: 'Kopi Senja Coffee Roasters', post_file: logo });

    const { body } = await manifest();
    expect(body).toMatchObject({ name: 'Kopi Senja Coffee Roasters', short_name: 'Kopi Senja', theme_color: '#1f5f8b', background_color: '#f0f4f8' });
    expect(body.icons[0]!.src).not.toBe(before.icons[0]!.src);

    // the logo on the brand colour: its red and blue halves either side of the centre, the brand colour around
    const any = await icon(body.icons[1]!.src);
    expect(any.res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await sharp(any.bytes).metadata()).width).toBe(512);
    expect(hex(await pixel(any.bytes, 2, 2))).toBe('#1f5f8b');
    expect(hex(await pixel(any.bytes, 180, 256))).toBe('#d11111');
    expect(hex(await pixel(any.bytes, 330, 256))).toBe('#1111d1');
    // maskable: the logo inside the safe zone (the square in the circle of 40 % of the side, 287 px): the rest is brand colour
    const maskable = await icon(body.icons[2]!.src);
    expect(hex(await pixel(maskable.bytes, 256, Math.round(512 * 0.2)))).toBe('#1f5f8b');
    expect(hex(await pixel(maskable.bytes, 100, 256))).toBe('#1f5f8b');
    expect(hex(await pixel(maskable.bytes, 200, 256))).toBe('#d11111');

    // an ETag of the version: asked again with it, 304; an old version's URL gets the current icon for a minute
    const etag = any.res.headers.get('etag')!;
    expect(etag).toContain(body.icons[1]!.src.split('v=')[1]);
    expect((await fetch(`${stack.url}${body.icons[1]!.src}`, { headers: { 'if-none-match': etag } })).status).toBe(304);
    const stale = await icon(before.icons[1]!.src);
    expect(stale.res.headers.get('cache-control')).toBe('public, max-age=60');
    expect(stale.bytes.equals(any.bytes)).toBe(true);
  });

  it('names the manifest, the apple-touch-icon and the theme colour in every page', async () => {
    const html = await (await fetch(`${stack.url}/home`, { headers: { accept: 'text/html' } })).text();
    const { body } = await manifest();
    const version = body.icons[0]!.src.split('v=')[1];
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    expect(html).toContain(`<link rel="apple-touch-icon" sizes="180x180" href="/api/app/icon?size=180&amp;v=${version}">`);
    expect(html.match(/<meta name="theme-color"[^>]*>/g)).toEqual([`<meta name="theme-color" content="${body.theme_color}">`]);
  });
});

describeDb('installing the app: the gateway keeps the public answers', (kind) => {
  const stack = useStack(() => ({ kind, config: { distDir: build.dist } }));
  it('answers the manifest and a versioned icon from its cache the second time', async () => {
    const first = await fetch(`${stack.url}/manifest.webmanifest`);
    const body = (await first.json()) as WebAppManifest;
    const again = await fetch(`${stack.url}/manifest.webmanifest`);
    expect(again.headers.get('age')).not.toBeNull();
    await fetch(`${stack.url}${body.icons[0]!.src}`);
    const icon = await fetch(`${stack.url}${body.icons[0]!.src}`);
    expect(icon.headers.get('age')).not.toBeNull();
    expect((await sharp(Buffer.from(await icon.arrayBuffer())).metadata()).width).toBe(192);
  });
});

it('derives a short name of at most 12 characters; the owner’s own wins', () => {
  const s = { setting_company: 'Kopi Senja', post_file: '', landing_body_background_color: '', locale: 'en' };
  expect(appShortName(s)).toBe('Kopi Senja');
  expect(appShortName({ ...s, setting_company: 'The Big Bakery Company' })).toBe('The Big');
  expect(appShortName({ ...s, setting_company: 'Supercalifragilistic Tea' })).toBe('Supercalifra');
  expect(appShortName({ ...s, setting_company: 'Kopi', short_name: 'KS' })).toBe('KS');
  expect(appShortName({ ...s, setting_company: '  ' })).toBe('Rewards');
  // a colour that is not #rrggbb never reaches the manifest or a page
  const m = webAppManifest('/api/', { ...s, brand_color: 'red" onload="x', landing_body_background_color: 'url(x)' });
  expect([m.theme_color, m.background_color]).toEqual(['#374151', '#f8f7f5']);
  expect(installHead({ ...s, brand_color: '#ABCDEF' }).themeColor).toBe('#abcdef');
  expect(installHead(undefined)).toEqual({ links: expect.stringContaining(`/api/${ICON}?size=180"`), themeColor: null });
  expect(appIconVersion({ ...s, brand_color: '#000000' })).not.toBe(appIconVersion({ ...s, brand_color: '#000001' }));
});
