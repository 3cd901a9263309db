import express, { type RequestHandler, type Router } from 'express';
import { imageUploadBody, mediaParams } from '#contract/merchant';
import { IMAGE_UPLOAD_BODY_MAX, type ImagePurpose } from '#contract/staff-checks';
import type { ProviderContext } from '../context';
import { apiRouter } from '../http/api-router';
import { send } from '../http/envelope';
import { notFound } from '../http/errors';
import type { RawBodyRequest } from '../http/raw-body';
import { requireStaff, staffOf } from '../http/staff-session';
import { parse } from '../http/validate';
import { readImage, storeImage, tooLarge } from './media.service';

/** The one call whose body may be larger than 64 KiB: an image of 2 MB in base64, with room for the JSON around it. */
const UPLOAD_PATH = '/merchant/images';
const UPLOAD_BODY_LIMIT = IMAGE_UPLOAD_BODY_MAX;

/**
 * The body parser of the upload call, run before the provider's 64 KiB parser (which then leaves the
 * parsed body alone); every other call keeps the 64 KiB limit. The caller is known first: no owner
 * session (401, 403) or a `content-length` over the limit (413 naming `file`) is answered before one
 * byte of the body is read (issue #24, item 4); a body that grows past the limit as it streams: 413.
 * A plain middleware, not a route, so the call is registered once (mediaRoutes).
 */
export function imageUploadParser(ctx: ProviderContext): RequestHandler {
  const owner = requireStaff(ctx, 'owner');
  const parser = express.json({ limit: UPLOAD_BODY_LIMIT, verify: (req, _res, buf) => ((req as RawBodyRequest).rawBody = buf) });
  return (req, res, next) => {
    if (req.method !== 'POST' || req.path !== UPLOAD_PATH) return next();
    void owner(req, res, (refused?: unknown) => {
      if (refused) return next(refused);
      if (Number(req.get('content-length') ?? 0) > UPLOAD_BODY_LIMIT) return next(tooLarge());
      parser(req, res, (err?: unknown) => next((err as { type?: string } | undefined)?.type === 'entity.too.large' ? tooLarge() : err));
    });
  };
}

export function mediaRoutes(ctx: ProviderContext): Router {
  const r = apiRouter();

  // the session was checked by imageUploadParser, before the body was read
  r.post(UPLOAD_PATH, async (req, res) => {
    const body = parse(imageUploadBody, req.body);
    send(res, 201, 'Image uploaded.', await storeImage(ctx, staffOf(res), body.file, (body.purpose ?? 'background') as ImagePurpose));
  });

  // public and immutable: the name is the hash of the bytes
  r.get('/media/:file', async (req, res) => {
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

  return r;
}
