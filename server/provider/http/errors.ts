import type { ErrorCode } from '../../../src/api/contract';

/** A failure a caller can act on: becomes the contract's error envelope with this status and code. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly data: unknown = null,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (what = 'That') => new AppError(404, 'NOT_FOUND', `${what} was not found.`);
export const validation = (fields: Record<string, string>, message = 'Please check the highlighted fields.') =>
  new AppError(400, 'VALIDATION', message, fields);
export const sessionExpired = () => new AppError(401, 'SESSION_EXPIRED', 'Your session has expired. Please sign in again.');
