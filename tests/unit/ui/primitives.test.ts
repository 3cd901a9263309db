import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '#contract/money';
import { CALLING_CODES, splitCallingCode, toE164 } from '../../../src/ui/phone-field/countries';
import { formatPoints } from '../../../src/ui/points/points';
import { qrPath } from '../../../src/ui/qr-code/qr-code';
import { rotationToLand, slices } from '../../../src/ui/wheel/geometry';

describe('formatMoney', () => {
  it('shows rupiah without decimals (IDR has none in Intl)', () => {
    expect(formatMoney(45000, 'IDR', 'id-ID').replace(/\s/g, ' ')).toBe('Rp 45.000');
  });
  it('scales minor units by the currency’s fraction digits', () => {
    expect(formatMoney(1234, 'USD', 'en-US')).toBe('$12.34');
    expect(formatMoney(1500, 'JPY', 'en-US')).toBe('¥1,500');
  });
});

describe('toE164', () => {
  it('drops separators and the national trunk 0', () => {
    expect(toE164('62', '0812-3456 7890')).toBe('+6281234567890');
  });
  it('keeps a number typed without the trunk 0', () => {
    expect(toE164('65', '9123 4567')).toBe('+6591234567');
  });
  it('answers empty for an empty number', () => {
    expect(toE164('62', ' - ')).toBe('');
  });
  it('reads a number pasted with its country code as that number, not the code twice', () => {
    expect(toE164('63', '+639175550123')).toBe('+639175550123');
    expect(toE164('63', '639175550123')).toBe('+639175550123');
    expect(toE164('63', '0917 555 0123')).toBe('+639175550123');
  });
  it('answers what was typed when it is not a phone number, so a form can say so', () => {
    expect(toE164('63', '12')).toBe('12');
    expect(toE164('63', '0917 abc')).toBe('0917 abc');
    // letters alone are not "nothing typed" (issue 46: "abc" was told "Enter your phone number.")
    expect(toE164('63', 'abc')).toBe('abc');
  });
});

describe('splitCallingCode (issue 46: a pasted +44 number kept the +63 select)', () => {
  it('takes an offered calling code off a number typed or pasted with it', () => {
    expect(splitCallingCode('+44 7911 123456', CALLING_CODES)).toEqual({ code: '44', national: '7911 123456' });
    expect(splitCallingCode('0044 7911 123456', CALLING_CODES)).toEqual({ code: '44', national: '7911 123456' });
    expect(splitCallingCode('+1 415 555 0100', CALLING_CODES)).toEqual({ code: '1', national: '415 555 0100' });
    expect(splitCallingCode('+63 (0) 917-123-4567', CALLING_CODES)).toEqual({ code: '63', national: '917-123-4567' });
  });
  it('leaves a national number, an unknown code and a code still being typed alone', () => {
    expect(splitCallingCode('0917 123 4567', CALLING_CODES)).toBeNull();
    expect(splitCallingCode('+49 151 1234567', CALLING_CODES)).toBeNull();
    expect(splitCallingCode('+4', CALLING_CODES)).toBeNull();
    expect(splitCallingCode('+44', CALLING_CODES)).toBeNull();
  });
});

describe('formatPoints', () => {
  it('groups by locale and signs history rows', () => {
    expect(formatPoints(12500, 'id-ID')).toBe('12.500');
    expect(formatPoints(150, 'en', true)).toBe('+150');
    expect(formatPoints(-1200, 'en', true)).toBe('-1,200');
  });
});

describe('wheel geometry', () => {
  const segments = [
    { id: 1, label: 'A', probability: 0.3 },
    { id: 2, label: 'B', probability: 0.05 },
    { id: 3, label: 'C', probability: 0.65 },
  ];
  it('gives each slice an angle proportional to its probability', () => {
    const s = slices(segments);
    expect(s.map((x) => x.end - x.start)).toEqual([108, 18, 234].map((n) => expect.closeTo(n, 9)));
    expect(s[1]!.center).toBeCloseTo(117);
  });
  it('normalises probabilities that do not add up to 1', () => {
    const s = slices([
      { id: 1, label: 'A', probability: 2 },
      { id: 2, label: 'B', probability: 2 },
    ]);
    expect(s[1]!.start).toBeCloseTo(180);
  });
  it('lands the target centre under the pointer after whole turns, always forward', () => {
    for (const from of [0, 45, 1917, -30]) {
      const to = rotationToLand(from, 117, 5);
      expect(to).toBeGreaterThanOrEqual(from + 5 * 360);
      expect((((to + 117) % 360) + 360) % 360).toBeCloseTo(0);
    }
  });
});

describe('qrPath', () => {
  it('draws the modules with a 4-module quiet zone', () => {
    const { d, extent } = qrPath('KOPI-7F3A-2C9D');
    expect(extent).toBe(21 + 8); // version 1 is 21×21
    expect(d.startsWith('M4 4h1v1h-1z')).toBe(true); // the finder pattern's top-left corner
  });

  it('draws a code a scanner reads back: the counter’s own decoder (zxing) on the rendered picture', async () => {
    const { default: sharp } = await import('sharp');
    const { prepareZXingModule, readBarcodes } = await import('zxing-wasm/reader');
    const wasm = readFileSync(fileURLToPath(import.meta.resolve('zxing-wasm/reader/zxing_reader.wasm')));
    await prepareZXingModule({ overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) }, fireImmediately: true });
    // a voucher's signed code is long (version 5 or more); an order number is short
    for (const value of ['KS-240917-0042', `v1.${'A'.repeat(86)}.${'b'.repeat(43)}`]) {
      const { d, extent } = qrPath(value);
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${extent * 8}" height="${extent * 8}" viewBox="0 0 ${extent} ${extent}" shape-rendering="crispEdges"><rect width="${extent}" height="${extent}" fill="#fff"/><path d="${d}" fill="#000"/></svg>`;
      const png = await sharp(Buffer.from(svg)).png().toBuffer();
      const [read] = await readBarcodes(new Uint8Array(png), { formats: ['QRCode'] });
      expect(read?.text).toBe(value);
    }
  });
});
