import type { ServerResponse } from 'node:http';
import { errorEnvelope, type ErrorCode } from '#contract';

/**
 * Errors the gateway answers itself (415, 502, a refused path) use the provider's envelope, so the app's
 * one client reads them like any other API error.
 */
export function sendGatewayError(res: ServerResponse, code: ErrorCode, message: string, fields?: Record<string, string>): void {
  const answer = errorEnvelope(code, message, { fields });
  const body = JSON.stringify(answer);
  res.statusCode = answer.status;
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.setHeader('cache-control', 'no-store');
  res.setHeader('content-length', Buffer.byteLength(body));
  res.end(body);
}
