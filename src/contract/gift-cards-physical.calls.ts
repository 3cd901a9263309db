/**
 * The calls of physical gift cards (issue 49), declared once (api.ts): the owner's batches of numbers to
 * print, and the counter's sale, balance, partial spend and adding a card to a member's wallet. Their
 * schemas are in gift-cards-physical.ts, their words in gift-cards-physical.spec.ts.
 */
import { call, consoleCalls } from './api';
import type {
  CounterGiftCardActivateInput,
  CounterGiftCardAddData,
  CounterGiftCardAddInput,
  CounterGiftCardData,
  CounterGiftCardInput,
  CounterGiftCardSpendData,
  CounterGiftCardSpendInput,
  GiftCardBatchCsvInput,
  GiftCardBatchData,
  GiftCardBatchInput,
  GiftCardBatchesData,
} from './gift-cards-physical';

/** console calls: the customer app's build drops them */
export const giftCardsPhysicalApi = consoleCalls(() => ({
  batches: call.owner.get<GiftCardBatchesData>('merchant/gift-cards/batches'),
  createBatch: call.owner.post<GiftCardBatchData, GiftCardBatchInput>('merchant/gift-cards/batches/create', { status: 201 }),
  batchCsv: call.owner.get<void, GiftCardBatchCsvInput>('merchant/gift-cards/batches.csv'),
  /** a card's balance at the counter */
  check: call.staff.post<CounterGiftCardData, CounterGiftCardInput>('merchant/counter/gift-card'),
  activate: call.staff.post<CounterGiftCardData, CounterGiftCardActivateInput>('merchant/counter/gift-card/activate', { status: 201, idempotent: true }),
  spend: call.staff.post<CounterGiftCardSpendData, CounterGiftCardSpendInput>('merchant/counter/gift-card/spend', { status: 201, idempotent: true }),
  add: call.staff.post<CounterGiftCardAddData, CounterGiftCardAddInput>('merchant/counter/gift-card/add'),
}));
