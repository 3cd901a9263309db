import { ERROR_STATUS, type ErrorCode } from '#contract';

/**
 * A failure a caller can act on: becomes the contract's error envelope with this code, and the HTTP
 * status the contract pairs with it (ERROR_STATUS), never one chosen here.
 */
export class AppError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly fields?: Record<string, string>;
  readonly data: unknown;
  readonly headers?: Record<string, string>;
  constructor(code: ErrorCode, message: string, fields?: Record<string, string>, data: unknown = null, headers?: Record<string, string>) {
    super(message);
    this.code = code;
    this.fields = fields;
    this.data = data;
    this.headers = headers;
    this.status = ERROR_STATUS[code];
  }
}

export const notFound = (what = 'That') => new AppError('NOT_FOUND', `${what} was not found.`);
export const validation = (fields: Record<string, string>, message = 'Please check the highlighted fields.') => new AppError('VALIDATION', message, fields);
export const sessionExpired = () => new AppError('SESSION_EXPIRED', 'Your session has expired. Please sign in again.');
