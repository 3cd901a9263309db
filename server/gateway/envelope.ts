import type { ServerResponse } from 'node:http';
import type { MessageDescriptor } from '@lingui/core';
import { errorEnvelope, type ErrorCode } from '#contract';
import { requestLanguage, sayIn } from '../lib/catalogue';

/**
 * Errors the gateway answers itself (415, 502, a refused path) use the provider's envelope, so the app's
 * one client reads them like any other API error. Words of the gateway's table (errors.ts, with their
 * `values`) are worded in the request's Accept-Language like the provider's refusals (docs/languages.md,
 * "The API's errors"); a plain string (a developer's page, a field's problem) stays English.
 */
export function sendGatewayError(res: ServerResponse, code: ErrorCode, words: string | MessageDescriptor, fields?: Record<string, string>): void {
  const message = typeof words === 'string' ? words : sayIn(requestLanguage(res.req?.headers['accept-language']))(words, words.values);
  const answer = errorEnvelope(code, message, { fields });
  const body = JSON.stringify(answer);
  res.statusCode = answer.status;
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.setHeader('cache-control', 'no-store');
  res.setHeader('content-length', Buffer.byteLength(body));
  res.end(body);
}
