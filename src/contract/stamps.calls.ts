/** The calls of stamp cards, declared once (api.ts); their schemas are in stamps.ts, their words in stamps.spec.ts. */
import { call, consoleCalls } from './api';
import type { StampCardsData, StampProgramData, StampProgramInput, StampProgramsData, StampProgramStatusInput, StampProgramUpdateInput } from './stamps';

/** The customer's cards. */
export const stampsApi = {
  cards: call.customer.get<StampCardsData>('stamp/cards'),
};

/** console calls: the customer app's build drops them */
export const stampsConsoleApi = consoleCalls(() => ({
  programs: call.staff.get<StampProgramsData>('merchant/loyalty/stamps'),
  create: call.owner.post<StampProgramData, StampProgramInput>('merchant/loyalty/stamps/create', { status: 201 }),
  update: call.owner.post<StampProgramData, StampProgramUpdateInput>('merchant/loyalty/stamps/update'),
  status: call.owner.post<StampProgramData, StampProgramStatusInput>('merchant/loyalty/stamps/status'),
}));
