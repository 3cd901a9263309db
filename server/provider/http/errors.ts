import type { MessageDescriptor } from '@lingui/core';
import { ERROR_STATUS, type ErrorCode } from '#contract';
import { SOURCE_LANGUAGE, type Language } from '#contract/languages';
import { errors, notFoundWords } from '../i18n/errors';
import { sayIn } from '../i18n/translate';

/** The refusals' words, for the provider's root files, which import nothing of the areas but http/ (payment-port.ts). */
export { errors } from '../i18n/errors';

/**
 * A refusal's words: a descriptor of the errors table (i18n/errors.ts, with its `values`), worded in the
 * language the app speaks (docs/languages.md, "The API's errors"); or a plain English string, for a
 * refusal only the merchant's console or an API client meets.
 */
export type Words = string | MessageDescriptor;

/**
 * A descriptor of the errors table with the values of its placeholders; a value may be a function of the
 * language the refusal is worded in (a weekday's name).
 */
export const said = (message: MessageDescriptor, values: Record<string, unknown>): MessageDescriptor => ({ ...message, values });

/** The words of a descriptor in `language`, its values that are functions of the language given theirs. */
function say(language: Language, message: MessageDescriptor): string {
  const values = Object.fromEntries(
    Object.entries(message.values ?? {}).map(([k, v]) => [k, typeof v === 'function' ? (v as (l: Language) => unknown)(language) : v]),
  );
  return sayIn(language)(message, values);
}

/**
 * A failure a caller can act on: becomes the contract's error envelope with this code, and the HTTP
 * status the contract pairs with it (ERROR_STATUS), never one chosen here. `message` is always the
 * English words (logs, tests); `wordedIn` gives them in another language.
 */
export class AppError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly fields?: Record<string, string>;
  readonly data: unknown;
  readonly headers?: Record<string, string>;
  readonly words: Words;
  constructor(code: ErrorCode, message: Words, fields?: Record<string, string>, data: unknown = null, headers?: Record<string, string>) {
    super(typeof message === 'string' ? message : say(SOURCE_LANGUAGE, message));
    this.words = message;
    this.code = code;
    this.fields = fields;
    this.data = data;
    this.headers = headers;
    this.status = ERROR_STATUS[code];
  }

  /** The message in `language` (a plain string stays English). */
  wordedIn(language: Language): string {
    return typeof this.words === 'string' || language === SOURCE_LANGUAGE ? this.message : say(language, this.words);
  }
}

/** 404 NOT_FOUND: "Order was not found." (a thing the errors table names is translated; any other stays English). */
export const notFound = (what = 'That') => new AppError('NOT_FOUND', notFoundWords[what] ?? `${what} was not found.`);
export const validation = (fields: Record<string, string>, message: Words = errors.checkFields) => new AppError('VALIDATION', message, fields);
export const sessionExpired = () => new AppError('SESSION_EXPIRED', errors.sessionExpired);
