/** The calls of the member card, declared once (api.ts); their schemas are in members.ts, their words in members.spec.ts. */
import { call } from './api';
import type { MemberCardData } from './members';

export const membersApi = {
  card: call.customer.get<MemberCardData>('member/card'),
};
