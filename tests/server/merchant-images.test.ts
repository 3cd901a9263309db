/**
 * Image uploads for the theme, through real HTTP: a gateway in front of the real embedded provider
 * (PGlite, and PostgreSQL when TEST_DATABASE_URL is set). PNG, JPEG and WebP up to 2 MB, checked by
 * their content (first bytes and a full decode), re-encoded so no metadata survives, kept in the
 * database by the SHA-256 of their bytes and served at that content-hashed URL with a year of caching.
 * Wrong type, a renamed file, SVG, 5 MB, a truncated file and a script in the metadata; every other
 * call keeps its 64 KiB limit.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { systemClock } from '../../server/lib/clock';
import { describeDb, useStack } from '../security/support';
import { newStaff } from './merchant.helpers';
import { mediaApi } from '#contract/media.calls';
import { gatewayCall, undeclared } from '../support/calls';
import { themeApi } from '#contract/theme.calls';
import { staffApi } from '#contract/staff.calls';

const SCRIPT = '<script>alert(1)</script>';
const solid = (w = 32, h = 32) => sharp({ create: { width: w, height: h, channels: 3, background: '#9a4a1c' } });
/** An image with a script in its EXIF description (and so in its bytes). */
const withScript = (img: ReturnType<typeof sharp>) => img.withMetadata({ exif: { IFD0: { ImageDescription: SCRIPT, Artist: SCRIPT } } });

describeDb('merchant console: images', (kind) => {
  const stack = useStack({ kind });
  let cookie: string;
  let staffCookie: string;
  beforeAll(async () => {
    cookie = `staff=${(await newStaff(stack.db, systemClock, { role: 'owner' })).token}`;
    staffCookie = `staff=${(await newStaff(stack.db, systemClock, { role: 'staff' })).token}`;
  });

  const upload = (bytes: Buffer, o: { name?: string; type?: string; cookie?: string } = {}) =>
    gatewayCall(stack, mediaApi.upload, {
      cookie: o.cookie ?? cookie,
      body: { file: bytes.toString('base64'), ...(o.name ? { name: o.name } : {}), ...(o.type ? { type: o.type } : {}) },
    });
  const stored = async () =>
    Number(
      (
        await stack.db
          .selectFrom('media')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  async function expectRefused(res: Response, status: number, fieldMessage: RegExp): Promise<void> {
    const body = (await res.json()) as { status: number; error: { code: string; fields: Record<string, string> } };
    expect(res.status).toBe(status);
    expect(body.error.code).toBe(status === 413 ? 'PAYLOAD_TOO_LARGE' : 'VALIDATION');
    expect(body.error.fields.file).toMatch(fieldMessage);
  }

  it('keeps a PNG and serves it at its content-hashed URL: a year of caching, its type, nosniff', async () => {
    const res = await upload(await solid().png().toBuffer(), { name: 'logo.png', type: 'image/png' });
    expect(res.status).toBe(201);
    const { data } = (await res.json()) as { data: { url: string; sha256: string; content_type: string; width: number; height: number; size: number } };
    expect(data).toMatchObject({ content_type: 'image/png', width: 32, height: 32, url: `/api/${undeclared(`media/${data.sha256}.png`)}` });

    const served = await fetch(`${stack.url}${data.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.length).toBe(data.size);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(data.sha256);
    expect((await sharp(bytes).metadata()).format).toBe('png');

    // the same image again: one row
    const before = await stored();
    expect((await upload(await solid().png().toBuffer())).status).toBe(201);
    expect(await stored()).toBe(before);
    // another extension, or no such hash: not found
    expect((await fetch(`${stack.url}${data.url.replace('.png', '.jpg')}`)).status).toBe(404);
    // (the files are not declared calls)
    expect((await fetch(`${stack.url}/api/${undeclared(`media/${'0'.repeat(64)}.png`)}`)).status).toBe(404);
    expect((await fetch(`${stack.url}/api/${undeclared('media/..%2fsecrets.png')}`)).status).toBe(404);
  });

  it('takes JPEG and WebP too, and an image of almost 2 MB (this call alone passes 64 KiB)', async () => {
    for (const [img, type] of [
      [solid().jpeg(), 'image/jpeg'],
      [solid().webp(), 'image/webp'],
    ] as const) {
      const res = await upload(await img.toBuffer());
      expect(res.status, type).toBe(201);
      const { data } = (await res.json()) as { data: { url: string; content_type: string } };
      expect(data.content_type).toBe(type);
      expect((await fetch(`${stack.url}${data.url}`)).headers.get('content-type')).toBe(type);
    }
    const big = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(1_500_000);
    expect(big.length).toBeLessThanOrEqual(2 * 1024 * 1024);
    expect((await upload(big)).status).toBe(201);
  });

  it('reads the type from the content: a PNG named .jpg and declared image/jpeg is kept and served as a PNG', async () => {
    const res = await upload(await solid(16, 16).png().toBuffer(), { name: 'photo.jpg', type: 'image/jpeg' });
    expect(res.status).toBe(201);
    const { data } = (await res.json()) as { data: { url: string; content_type: string } };
    expect(data.content_type).toBe('image/png');
    expect(data.url).toMatch(/\.png$/);
    expect((await fetch(`${stack.url}${data.url}`)).headers.get('content-type')).toBe('image/png');
  });

  it('refuses what is not a PNG, JPEG or WebP, whatever its name: SVG, GIF, HTML, text; nothing is kept', async () => {
    const before = await stored();
    const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>`);
    const gif = await solid().gif().toBuffer();
    const cases: [Buffer, string, string][] = [
      [svg, 'logo.svg', 'image/svg+xml'],
      [svg, 'logo.png', 'image/png'],
      [gif, 'logo.gif', 'image/gif'],
      [Buffer.from('<!doctype html><html><script>alert(1)</script></html>'), 'logo.png', 'image/png'],
      [Buffer.from('just some text, not an image at all'), 'notes.webp', 'image/webp'],
      [Buffer.from('RIFF\u0000\u0000\u0000\u0000WAVEfmt '), 'sound.webp', 'image/webp'],
    ];
    for (const [bytes, name, type] of cases) await expectRefused(await upload(bytes, { name, type }), 400, /^must be a PNG, JPEG or WebP image$/);
    expect(await stored()).toBe(before);
  });

  it('refuses a truncated or damaged image after a full decode', async () => {
    const before = await stored();
    for (const img of [solid(64, 64).png(), solid(64, 64).jpeg(), solid(64, 64).webp()]) {
      const whole = await img.toBuffer();
      await expectRefused(await upload(whole.subarray(0, Math.floor(whole.length * 0.6))), 400, /could not be read as an image/);
    }
    // the right first bytes, then garbage
    const png = await solid().png().toBuffer();
    const damaged = Buffer.concat([png.subarray(0, 16), Buffer.alloc(png.length - 16, 0x41)]);
    await expectRefused(await upload(damaged), 400, /could not be read as an image/);
    expect(await stored()).toBe(before);
  });

  it('refuses a 5 MB file with 413 naming the file, and keeps nothing', async () => {
    const before = await stored();
    const big = Buffer.alloc(5 * 1024 * 1024, 0);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    await expectRefused(await upload(big), 413, /^must be at most 2 MB$/);
    // just over 2 MB: refused as well
    const over = Buffer.alloc(2 * 1024 * 1024 + 1, 0);
    over.set([0xff, 0xd8, 0xff]);
    const res = await upload(over);
    expect([400, 413]).toContain(res.status);
    const body = (await res.json()) as { error: { fields: Record<string, string> } };
    expect(body.error.fields.file).toBe('must be at most 2 MB');
    expect(await stored()).toBe(before);
  });

  it('strips the metadata: a script in the EXIF of a PNG, JPEG or WebP is not in the stored or served bytes', async () => {
    for (const img of [withScript(solid().png()), withScript(solid().jpeg()), withScript(solid().webp())]) {
      const original = await img.toBuffer();
      expect(original.includes(SCRIPT), 'the test image carries the script').toBe(true);
      const res = await upload(original);
      expect(res.status).toBe(201);
      const { data } = (await res.json()) as { data: { url: string; sha256: string } };
      const row = await stack.db.selectFrom('media').select('bytes').where('sha256', '=', data.sha256).executeTakeFirstOrThrow();
      expect(Buffer.from(row.bytes).includes('<script')).toBe(false);
      const served = Buffer.from(await (await fetch(`${stack.url}${data.url}`)).arrayBuffer());
      expect(served.includes('<script')).toBe(false);
      expect((await sharp(served).metadata()).exif).toBeUndefined();
    }
  });

  it('is an owner call; every other call keeps the 64 KiB limit', async () => {
    const png = await solid().png().toBuffer();
    expect((await upload(png, { cookie: staffCookie })).status).toBe(403);
    expect((await upload(png, { cookie: 'staff=not-a-session-token-00000000000' })).status).toBe(401);
    const padding = 'x'.repeat(70 * 1024);
    for (const call of [staffApi.invite, themeApi.saveDraft, staffApi.login]) {
      const res = await gatewayCall(stack, call, { cookie, body: { role: 'staff', padding } });
      expect(res.status, call.path).toBe(413);
    }
  });
});
