import { ApiRequestError } from '../api/client';

/** A sentence for the customer from any failure. */
export function messageOf(err: unknown): string {
  if (err instanceof ApiRequestError) return err.message;
  return 'Something went wrong. Please try again.';
}

/** Field errors from the provider's 400 answer, keyed like the form's fields. */
export function fieldErrorsOf(err: unknown): Record<string, string> {
  return err instanceof ApiRequestError ? err.fields : {};
}
