/** The calls of the member card, declared once (api.ts); their schemas and words are in members.ts. */
import { call } from './api';
import type { MemberCardData } from './members';

export const membersApi = {
  card: call.customer.get<MemberCardData>('member/card'),
};
