import { describe, expect, it } from 'vitest';
import { birthday, order, points, sms } from '../../../server/provider/i18n/messages';
import { recipientLanguage, sayIn } from '../../../server/provider/i18n/translate';

/** What the provider sends, in each language (docs/app.md, "What the shop sends"): ICU placeholders and plurals through the compiled catalogues. */
describe("the provider's messages", () => {
  it("English: '1 minute', '5 minutes'", () => {
    const say = sayIn('en');
    expect(say(sms.otp, { shop: 'Kopi', code: '123456', minutes: 1 })).toBe('Your Kopi code is 123456. It expires in 1 minute.');
    expect(say(sms.otp, { shop: 'Kopi', code: '123456', minutes: 5 })).toBe('Your Kopi code is 123456. It expires in 5 minutes.');
    expect(say(points.earnedTitle, { points: 1 })).toBe('You earned 1 point');
  });

  it("Filipino: '1 minuto', '5 minuto'; '1 point', '2 points' (=1: CLDR's 'one' of Filipino also holds 2 and 3)", () => {
    const say = sayIn('fil');
    expect(say(sms.otp, { shop: 'Kopi', code: '123456', minutes: 1 })).toBe('Ang iyong Kopi code ay 123456. Mag-e-expire ito sa loob ng 1 minuto.');
    expect(say(sms.otp, { shop: 'Kopi', code: '123456', minutes: 5 })).toContain('5 minuto.');
    expect(say(points.earnedTitle, { points: 2 })).toBe('Nakakuha ka ng 2 points');
    expect(say(points.earnedTitle, { points: 1 })).toBe('Nakakuha ka ng 1 point');
    expect(say(order.readyTitle, { order: 'K-12' })).toBe('Ready na ang order K-12');
  });

  it("Bahasa Indonesia has no plural forms: '1 menit', '5 menit', '1 poin'", () => {
    const say = sayIn('id');
    expect(say(sms.otp, { shop: 'Kopi', code: '123456', minutes: 1 })).toBe('Kode Kopi Anda adalah 123456. Berlaku selama 1 menit.');
    expect(say(sms.otp, { shop: 'Kopi', code: '123456', minutes: 5 })).toContain('5 menit.');
    expect(say(points.earnedTitle, { points: 1 })).toBe('Anda mendapat 1 poin');
    expect(say(points.comingHeldBody, { order: 'K-1', days: 3 })).toBe('Untuk pesanan K-1. Poin bisa dipakai setelah pesanan selesai dan lewat 3 hari.');
  });

  it('the birthday treat: the name, the points counted in each language, the reward by its own title', () => {
    expect(sayIn('en')(birthday.pointsTitle, { name: 'Ana', points: 1 })).toBe('Happy birthday, Ana! 1 point is yours');
    expect(sayIn('en')(birthday.pointsTitle, { name: 'Ana', points: 1000 })).toBe('Happy birthday, Ana! 1,000 points are yours');
    expect(sayIn('fil')(birthday.pointsTitle, { name: 'Ana', points: 3 })).toBe('Happy birthday, Ana! Sa iyo na ang 3 points');
    expect(sayIn('id')(birthday.pointsTitle, { name: 'Sari', points: 1000 })).toBe('Selamat ulang tahun, Sari! 1.000 poin untuk Anda');
    const voucher = { name: 'Sari', voucher: 'A Birthday cake slice voucher', reward: 'Birthday cake slice' };
    expect(sayIn('en')(birthday.voucherTitle, voucher)).toBe('Happy birthday, Sari! A Birthday cake slice voucher is waiting');
    expect(sayIn('id')(birthday.voucherTitle, voucher)).toBe('Selamat ulang tahun, Sari! Voucher Birthday cake slice menunggu Anda');
  });

  it("speaks the customer's language while the shop offers it, else the shop's default", () => {
    const shop = { language_default: 'fil', languages: ['en', 'fil'] } as const;
    expect(recipientLanguage('en', shop)).toBe('en');
    expect(recipientLanguage(null, shop)).toBe('fil');
    expect(recipientLanguage('id', shop)).toBe('fil');
  });
});
