// @vitest-environment jsdom
/**
 * The app's fetcher (src/api/client.ts) sends the language it speaks (`<html lang>`, set by speakLanguage) with every
 * call, so the provider words a refusal in it (docs/languages.md, "The API's errors"); none before one is spoken.
 */
import { afterEach, expect, it, vi } from 'vitest';
import { wheelApi } from '#contract/wheel.calls';
import { apiGet, apiPost, ApiRequestError } from '../../../src/api/client';

const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  document.documentElement.lang = '';
});

function fetched() {
  const fetch = vi.fn(async () => answer(409, { status: 409, message: 'Sudah habis.', data: null, error: { code: 'NO_SPINS_LEFT' } }));
  vi.stubGlobal('fetch', fetch);
  return () => new Headers((fetch.mock.calls.at(-1) as unknown as [string, RequestInit])[1].headers);
}

it('sends the language spoken as Accept-Language on reads and changes, and shows the refusal as worded', async () => {
  const headers = fetched();
  document.documentElement.lang = 'id';
  const refused = await apiPost(wheelApi.spin.path, { idempotency_key: 'a' }).catch((e: unknown) => e);
  expect(refused).toBeInstanceOf(ApiRequestError);
  expect((refused as ApiRequestError).message).toBe('Sudah habis.');
  expect(headers().get('accept-language')).toBe('id');
  expect(headers().get('content-type')).toBe('application/json');
  document.documentElement.lang = 'fil';
  await apiGet(wheelApi.config.path).catch(() => null);
  expect(headers().get('accept-language')).toBe('fil');
  expect(headers().get('accept')).toBe('application/json');
});

it('sends no language before one is spoken', async () => {
  const headers = fetched();
  await apiGet(wheelApi.config.path).catch(() => null);
  expect(headers().has('accept-language')).toBe(false);
});
