import { describe, expect, it } from 'vitest';
import { fieldIn, fieldsIn, fieldWords } from '../../../server/provider/i18n/field-words';
import { sayIn } from '../../../server/provider/i18n/translate';
import { fieldMessage } from '../../../src/ui/field-message/field-message';

/** A field's problem in the language the app speaks (server/provider/i18n/field-words.ts, docs/languages.md "The API's errors"). */
describe("the provider's words for a field's problem", () => {
  const values = { max: 80, min: 1, example: '+63 917 123 4567', digits: 6, year: 1990, month: 'April', most: 30, days: 90 };

  it.each(['fil', 'id'] as const)('every entry of the table has its own whole sentence in %s, which the app shows as it is', (language) => {
    for (const { fragment, words } of fieldWords) {
      const said = sayIn(language)(words, values);
      expect(said, `${fragment} in ${language}`).not.toBe(sayIn('en')(words, values));
      expect(said, `${fragment} in ${language}`).not.toBe(words.id);
      // no English verb first: fieldMessage glues no label to it
      expect(fieldMessage('Name', said), `${fragment} in ${language}`).toBe(said);
    }
  });

  it('matches the parameterised fragments with their values, and leaves English and unknown fragments as they are', () => {
    expect(fieldIn('fil', 'is required')).toBe('Kailangan ito.');
    expect(fieldIn('id', 'must be at most 1000 characters')).toBe('Maksimal 1.000 karakter.');
    expect(fieldIn('fil', 'must be at most 1000 characters')).toBe('Hanggang 1,000 character lang ang puwede.');
    expect(fieldIn('id', 'must be at most 100,000,000')).toBe('Maksimal 100.000.000.');
    expect(fieldIn('fil', 'must be between -90 and 90')).toBe('Maglagay ng numero mula -90 hanggang 90.');
    expect(fieldIn('id', 'must be at most 28: February 2023 had 28 days')).toBe('Bulan Februari 2023 hanya punya 28 hari.');
    expect(fieldIn('fil', 'must be a phone number such as +63 917 123 4567')).toBe('Maglagay ng phone number, gaya ng +63 917 123 4567.');
    expect(fieldIn('id', 'must be a real date and time such as 2026-12-24T09:00')).toBe('Masukkan tanggal dan jam seperti 2026-12-24T09:00.');
    expect(fieldIn('fil', 'is not a field of this call')).toBe('is not a field of this call');
    expect(fieldIn('en', 'is required')).toBe('is required');
    expect(fieldsIn('en', { name: 'is required' })).toEqual({ name: 'is required' });
    expect(fieldsIn('id', { name: 'is required', lat: 'must be a number' })).toEqual({ name: 'Wajib diisi.', lat: 'Masukkan angka.' });
    expect(fieldsIn('fil', undefined)).toBeUndefined();
  });
});
