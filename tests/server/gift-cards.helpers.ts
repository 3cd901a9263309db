import type { GiftCardSettingsInput } from '#contract/gift-cards';

/** Gift cards on: two amounts and a custom range, never expiring, two of the three designs offered. */
export const GIFT_SETTINGS: GiftCardSettingsInput = {
  enabled: true,
  amounts: [50_000, 100_000],
  custom: { min: 20_000, max: 500_000 },
  expiry_months: null,
  designs: [
    { id: 'celebrate', name: 'Celebrate', message: 'Happy birthday!', enabled: true },
    { id: 'thank-you', name: 'Thank you', message: 'Thanks a latte.', enabled: true },
    { id: 'winter', name: 'Happy holidays', message: 'Warm wishes.', enabled: false },
  ],
};

/** A good purchase of a ₱500.00 eGift for Ben's phone (without its idempotency key). */
export const GIFT_PURCHASE = {
  amount: 50_000,
  design: 'celebrate',
  from_name: 'Ana',
  to_name: 'Ben',
  to_phone: '0917 555 0101',
  payment_method: 'wallet',
} as const;
