import type { ServerResponse } from 'node:http';
import type { ErrorCode } from '../../src/api/contract';

/**
 * Errors the gateway answers itself (415, 502, a refused path) use the provider's envelope, so the app's
 * one client reads them like any other API error.
 */
export function sendGatewayError(res: ServerResponse, status: number, code: ErrorCode, message: string): void {
  const body = JSON.stringify({ status, message, data: null, error: { code } });
  res.statusCode = status;
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.setHeader('cache-control', 'no-store');
  res.setHeader('content-length', Buffer.byteLength(body));
  res.end(body);
}
