import express, { type RequestHandler, type Router } from 'express';
import { mediaParams } from '#contract/media';
import { mediaFileEndpoint, mediaSpec } from '#contract/media.spec';
import { appIconQuery, webAppManifest } from '#contract/app-install';
import { appInstallEndpoints } from '#contract/app-install.spec';
import { IMAGE_UPLOAD_BODY_MAX, type ImagePurpose } from '#contract/staff-checks';
import type { Endpoint } from '#contract/endpoints';
import type { ProviderContext } from '../context';
import { notFound } from '../http/errors';
import { guard, mount } from '../http/mount';
import type { RawBodyRequest } from '../http/raw-body';
import { parse } from '../http/validate';
import { getMerchant, SETTINGS_MAX_AGE_S } from '../settings/settings.service';
import { appIcon } from './app-icons';
import { readImage, storeImage, tooLarge } from './media.service';

/** The one call whose body may be larger than 64 KiB: an image of 2 MB in base64, with room for the JSON around it. */
const upload = mediaSpec.endpoints.upload;
const UPLOAD_PATH = `/${upload.path}`;
const UPLOAD_BODY_LIMIT = IMAGE_UPLOAD_BODY_MAX;

/**
 * The body parser of the upload call, run before the provider's 64 KiB parser (which then leaves the
 * parsed body alone); every other call keeps the 64 KiB limit. The caller is known first, by the call's
 * own guard (mount.ts's, from its declared `auth`): no owner session (401, 403) or a `content-length`
 * over the limit (413 naming `file`) is answered before one byte of the body is read (issue #24, item
 * 4); a body that grows past the limit as it streams: 413. A plain middleware, not a route, so the call
 * is registered once (mediaRoutes mounts it, and its guard checks the session again).
 */
export function imageUploadParser(ctx: ProviderContext): RequestHandler {
  const checks = guard(ctx, upload.auth);
  const parser = express.json({ limit: UPLOAD_BODY_LIMIT, verify: (req, _res, buf) => ((req as RawBodyRequest).rawBody = buf) });
  return (req, res, next) => {
    if (req.method !== 'POST' || req.path !== UPLOAD_PATH) return next();
    const pass = (i: number): void => {
      const check = checks[i];
      if (check) return void check(req, res, (refused?: unknown) => (refused ? next(refused) : pass(i + 1)));
      if (Number(req.get('content-length') ?? 0) > UPLOAD_BODY_LIMIT) return next(tooLarge());
      parser(req, res, (err?: unknown) => next((err as { type?: string } | undefined)?.type === 'entity.too.large' ? tooLarge() : err));
    };
    pass(0);
  };
}

export function mediaRoutes(ctx: ProviderContext): Router {
  // the body was read by imageUploadParser, once the session was checked
  const r = mount(ctx, mediaSpec, {
    upload: async (body, at) => storeImage(ctx, at.staff(), body.file, (body.purpose ?? 'background') as ImagePurpose),
  });

  // a file, not an envelope: public and immutable, the name is the hash of the bytes
  r.get(`/${mediaFileEndpoint.path.replace('{file}', ':file')}`, ...guard(ctx, mediaFileEndpoint.auth), async (req, res) => {
    // a name that is no image's (any other shape included) is simply not found
    const file = mediaParams.shape.file.safeParse(req.params.file);
    const image = file.success ? await readImage(ctx, file.data) : null;
    if (!image) throw notFound('This image');
    res.set({
      'content-type': image.contentType,
      'content-length': String(image.bytes.length),
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      // should a browser ever render it as a document: nothing runs
      'content-security-policy': "default-src 'none'; sandbox",
    });
    res.status(200).end(image.bytes);
  });

  // installing the app (#contract/app-install): the manifest and the icons, public, the same for everyone
  const [manifestEndpoint, iconEndpoint] = appInstallEndpoints as [Endpoint, Endpoint];
  r.get(`/${manifestEndpoint.path}`, ...guard(ctx, manifestEndpoint.auth), async (_req, res) => {
    const manifest = webAppManifest(ctx.publicApiPrefix, (await getMerchant(ctx.db, ctx.merchantId)).settings);
    res.set({ 'content-type': 'application/manifest+json; charset=utf-8', 'cache-control': `public, max-age=${SETTINGS_MAX_AGE_S}` });
    res.status(200).end(JSON.stringify(manifest));
  });
  r.get(`/${iconEndpoint.path}`, ...guard(ctx, iconEndpoint.auth), async (req, res) => {
    const query = parse(appIconQuery, req.query);
    const icon = await appIcon(ctx, query.size, query.purpose);
    const etag = `"${icon.version}-${query.size}-${query.purpose}"`;
    res.set({
      'content-type': 'image/png',
      etag,
      // the manifest's URL names the current version: that answer never changes; any other is the current icon for a minute
      'cache-control': query.v === icon.version ? 'public, max-age=31536000, immutable' : 'public, max-age=60',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    });
    const known = (req.get('if-none-match') ?? '').split(',').map((t) => t.trim().replace(/^W\//, ''));
    if (known.includes(etag)) return void res.status(304).end();
    res.status(200).end(icon.bytes);
  });

  return r;
}
