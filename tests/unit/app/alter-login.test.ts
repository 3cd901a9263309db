import { describe, expect, it } from 'vitest';
import { decodeAlterLoginId, encodeAlterLoginId } from '../../../src/app/alter-login';

describe('alternative login link', () => {
  it('reads phone and merchant from base64 of "phone|mid"', () => {
    expect(decodeAlterLoginId(btoa('+639171234567|kopi-senja'))).toEqual({ ok: true, phone: '+639171234567', merchantId: 'kopi-senja' });
  });

  it('round-trips through encode', () => {
    expect(decodeAlterLoginId(encodeAlterLoginId('+639171234567', 'teh-lite'))).toMatchObject({ ok: true, merchantId: 'teh-lite' });
  });

  it('accepts URL-safe base64 without padding', () => {
    const id = btoa('+639171234567|kopi-senja?').replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
    expect(decodeAlterLoginId(id)).toMatchObject({ ok: true, phone: '+639171234567' });
  });

  it.each([
    [null, 'missing'],
    ['', 'missing'],
    ['%%%not-base64%%%', 'malformed'],
    [btoa('+639171234567'), 'incomplete'],
    [btoa('|kopi-senja'), 'incomplete'],
    [btoa('+639171234567|'), 'incomplete'],
    [btoa('a|b|c'), 'incomplete'],
    [btoa('hello there|kopi'), 'malformed'],
    ['/w==', 'malformed'],
  ])('refuses %s as %s without throwing', (id, reason) => {
    expect(decodeAlterLoginId(id)).toEqual({ ok: false, reason });
  });
});
