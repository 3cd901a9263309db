/**
 * receiptTotals (src/contract/receipt-rules.ts), which the receipt page and the e-mail both print: the
 * lines in order, a discount negative, the tip, and the taxes: added ones before the total, included ones
 * after it ("Includes VAT 12 %"). And what a top-up's or a gift card's receipt says was bought.
 */
import { describe, expect, it } from 'vitest';
import { purchaseWords, receiptTotals } from '#contract/receipt-rules';

const order = { subtotal: 42_500, discount: 5_000, discount_label: 'Code KOPI10', fulfilment: 'delivery' as const, delivery_fee: 4_900, tip: 2_000 };

describe("a receipt's totals", () => {
  it('prints added taxes before the total', () => {
    const taxes = { included: false, lines: [{ name: 'VAT', rate: 1200, amount: 5_088 }] };
    expect(receiptTotals({ ...order, taxes, total: 49_488 }).map((t) => [t.label, t.amount])).toEqual([
      ['Subtotal', 42_500],
      ['Discount (Code KOPI10)', -5_000],
      ['Delivery fee', 4_900],
      ['Tip', 2_000],
      ['VAT 12 %', 5_088],
      ['Total', 49_488],
    ]);
  });

  it('prints included taxes after the total, and none without taxes', () => {
    const taxes = { included: true, lines: [{ name: 'VAT', rate: 1200, amount: 4_543 }] };
    expect(
      receiptTotals({ ...order, taxes, total: 44_400 })
        .slice(-2)
        .map((t) => t.label),
    ).toEqual(['Total', 'Includes VAT 12 %']);
    expect(receiptTotals({ ...order, taxes: null, total: 44_400 }).at(-1)!.label).toBe('Total');
  });
});

describe('what a purchase receipt says was bought', () => {
  it('a top-up, or a gift card by the last four characters of its number only', () => {
    expect(purchaseWords({ kind: 'topup', card_last4: null })).toBe('Wallet top-up');
    expect(purchaseWords({ kind: 'gift_card', card_last4: 'K7QX' })).toBe('Gift card …K7QX');
  });
});
