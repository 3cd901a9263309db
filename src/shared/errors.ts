import { t } from '@lingui/core/macro';
import { ApiRequestError } from '../api/client';

/** A sentence for the customer from any failure. */
export function messageOf(err: unknown): string {
  if (err instanceof ApiRequestError) return err.message;
  return t`Something went wrong. Please try again.`;
}

/** A call that could not be made (offline, or the server out of reach): the offline line says so already. */
export const isNetworkFailure = (err: unknown): boolean => err instanceof ApiRequestError && err.code === 'NETWORK';

/** Field errors from the provider's 400 answer, keyed like the form's fields. */
export function fieldErrorsOf(err: unknown): Record<string, string> {
  return err instanceof ApiRequestError ? err.fields : {};
}

/** The seconds a rate-limited call says to wait (429 RATE_LIMITED's `retry_after`), or null for any other failure. */
export function retryAfterOf(err: unknown): number | null {
  return err instanceof ApiRequestError && err.code === 'RATE_LIMITED' ? Number((err.data as { retry_after?: number } | null)?.retry_after ?? 60) : null;
}
