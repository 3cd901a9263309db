import { describe, expect, it } from 'vitest';
import { AppError, notFound, said, validation } from '../../../server/provider/http/errors';
import { requestLanguage } from '../../../server/lib/catalogue';
import { gatewayErrors } from '../../../server/gateway/errors';
import { errors, notFoundWords } from '../../../server/provider/i18n/errors';
import { sayIn } from '../../../server/provider/i18n/translate';

/** The refusals a customer meets (server/provider/i18n/errors.ts), in the language the app speaks (docs/languages.md, "The API's errors"). */
describe("the provider's refusals", () => {
  const table = [...Object.entries(errors), ...Object.entries(notFoundWords).map(([what, d]) => [`notFound ${what}`, d!] as const)];

  it.each(['fil', 'id'] as const)('every refusal of the table has its own words in %s', (language) => {
    const say = sayIn(language);
    const values = { left: 2, max: 3, minutes: 10, total: '₱1', expected: '₱2', minimum: '₱3', missing: 4, name: 'Latte', location: 'Makati' };
    for (const [key, descriptor] of table) {
      const english = sayIn('en')(descriptor, values);
      expect(say(descriptor, values), `${key} in ${language}`).not.toBe(english);
      expect(say(descriptor, values), `${key} in ${language}`).not.toBe(descriptor.id);
    }
  });

  it('keeps the English words as the message, and words them in the language asked', () => {
    const err = new AppError('INVALID_CODE', { ...errors.codeWrong, values: { left: 1 } });
    expect(err.message).toBe('That code is not right. 1 try left.');
    expect(err.wordedIn('en')).toBe('That code is not right. 1 try left.');
    expect(err.wordedIn('id')).toBe('Kodenya salah. Sisa 1 kali percobaan.');
    expect(notFound('Order').wordedIn('fil')).toBe('Hindi mahanap ang order.');
    expect(notFound('Webhook endpoint').wordedIn('id')).toBe('Webhook endpoint was not found.');
    expect(validation({ name: 'is required' }).wordedIn('id')).toBe('Periksa kembali kolom yang ditandai.');
    expect(new AppError('CONFLICT', 'A merchant-only refusal.').wordedIn('fil')).toBe('A merchant-only refusal.');
  });

  it('names a weekday in the language the refusal is worded in; today and tomorrow are one sentence each', () => {
    const weekday = (language: string) => ({ en: 'Monday', fil: 'Lunes', id: 'Senin' })[language];
    const closed = new AppError('LOCATION_CLOSED', said(errors.closedUntil, { day: 'other', time: '7:00 AM', weekday }));
    expect(closed.message).toBe("We're closed right now. We open again Monday at 7:00 AM.");
    expect(closed.wordedIn('id')).toBe('Kami sedang tutup. Kami buka lagi hari Senin pukul 7:00 AM.');
    expect(closed.wordedIn('fil')).toBe('Sarado kami ngayon. Magbubukas ulit kami sa Lunes nang 7:00 AM.');
    const paused = new AppError('ORDERING_PAUSED', said(errors.pausedUntil, { name: 'Kopi', day: 'today', time: '2:30 PM', weekday }));
    expect(paused.message).toBe('Kopi is not taking orders right now — back at 2:30 PM.');
    expect(paused.wordedIn('fil')).toBe('Hindi tumatanggap ng order ang Kopi ngayon — balik mamayang 2:30 PM.');
  });

  it("picks the request's language when the app ships it, else English", () => {
    expect(requestLanguage('id')).toBe('id');
    expect(requestLanguage('fil-PH,en;q=0.8')).toBe('fil');
    expect(requestLanguage('tl')).toBe('fil');
    expect(requestLanguage('in-ID')).toBe('id');
    expect(requestLanguage('de-DE,id;q=0.5')).toBe('en');
    expect(requestLanguage('')).toBe('en');
    expect(requestLanguage(undefined)).toBe('en');
  });
});

/** The refusals the gateway answers itself (server/gateway/errors.ts), in the same catalogue. */
describe("the gateway's refusals", () => {
  it.each(['fil', 'id'] as const)('every refusal of its table has its own words in %s', (language) => {
    for (const [key, descriptor] of Object.entries(gatewayErrors)) {
      const values = { seconds: 7 };
      expect(sayIn(language)(descriptor, values), `${key} in ${language}`).not.toBe(sayIn('en')(descriptor, values));
      expect(sayIn(language)(descriptor, values), `${key} in ${language}`).not.toBe(descriptor.id);
    }
  });

  it('counts the seconds to wait in each language', () => {
    const tooMany = (language: 'en' | 'fil' | 'id', seconds: number) => sayIn(language)(gatewayErrors.searchTooMany, { seconds });
    expect(tooMany('en', 12)).toBe('Too many searches. Try again in 12 seconds, or drag the pin.');
    expect(tooMany('en', 1)).toBe('Too many searches. Try again in 1 second, or drag the pin.');
    expect(tooMany('fil', 12)).toBe('Sobrang dami ng search. Subukan ulit pagkalipas ng 12 segundo, o i-drag ang pin.');
    expect(tooMany('id', 1)).toBe('Terlalu banyak pencarian. Coba lagi dalam 1 detik, atau geser pinnya.');
  });
});
