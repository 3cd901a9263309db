import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { envelope, errorEnvelope } from '#contract';
import { isDatabaseUnavailable, UNAVAILABLE_RETRY_AFTER_SECONDS } from '../../db/unavailable';
import { requestLanguage } from '../../lib/catalogue';
import { errors } from '../i18n/errors';
import { fieldsIn } from '../i18n/field-words';
import { AppError, type Words } from './errors';

export function send<T>(res: Response, status: number, message: string, data: T): void {
  res.status(status).json(envelope(status, message, data));
}

/**
 * A refusal in the contract's envelope, worded in the language asked: its message, and each field's problem the
 * table knows as a whole sentence (i18n/field-words.ts; in English the fragments as they are).
 */
export function sendError(res: Response, err: AppError): void {
  if (err.headers) res.set(err.headers);
  const language = requestLanguage(res.req?.get('accept-language'));
  res.status(err.status).json(errorEnvelope(err.code, err.wordedIn(language), { fields: fieldsIn(language, err.fields), data: err.data }));
}

export const notFoundHandler: RequestHandler = (_req, res) => {
  sendError(res, new AppError('NOT_FOUND', 'There is no such API call.'));
};

/** The one error handler: every failure leaves in the contract's envelope, never as a stack trace. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    if (res.headersSent) return;
    if (err instanceof AppError) return sendError(res, err);
    // body-parser failures carry a status and a type
    const e = err as { status?: number; type?: string };
    if (e.type === 'entity.too.large') return sendError(res, new AppError('PAYLOAD_TOO_LARGE', 'The request body is larger than 64 KiB.'));
    if (e.type === 'entity.parse.failed')
      return sendError(res, new AppError('VALIDATION', 'The request body is not valid JSON.', { body: 'must be valid JSON' }));
    if (e.status && e.status >= 400 && e.status < 500) return sendError(res, new AppError('VALIDATION', 'The request could not be read.'));
    // the database away (restarting, stopped, read-only, a lock held too long): the request's
    // transaction rolled back; the caller is told to come back shortly, never a 500
    if (isDatabaseUnavailable(err)) {
      logger.warn({ path: req.path, code: (err as { code?: string }).code, message: (err as Error).message }, 'the database is unavailable: answered 503');
      return sendError(res, databaseUnavailable());
    }
    logger.error({ err, path: req.path }, 'unhandled provider error');
    sendError(res, new AppError('INTERNAL', errors.internal));
  };
}

/** The contract's PROVIDER_UNAVAILABLE, with the Retry-After a client waits before trying again. */
export function databaseUnavailable(message: Words = errors.unavailable): AppError {
  return new AppError('PROVIDER_UNAVAILABLE', message, undefined, null, { 'retry-after': String(UNAVAILABLE_RETRY_AFTER_SECONDS) });
}
