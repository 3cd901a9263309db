/**
 * The customer's member card: its rotating codes, the points balance and the latest counter earn,
 * asked again every few seconds while the card is open, so points given at the counter show within 5 s.
 */
import useSWR from 'swr';
import type { MemberCardData } from '#contract/members';
import { membersApi } from '#contract/members.calls';
import { fetcher, keyOf } from './client';

/** while the card is open it is asked again this often */
export const MEMBER_CARD_POLL_MS = 3000;

/** `open`: the card is on screen (else nothing is asked) */
export const useMemberCard = (open: boolean) =>
  useSWR<MemberCardData>(open ? keyOf(membersApi.card) : null, fetcher, { refreshInterval: MEMBER_CARD_POLL_MS, revalidateOnFocus: true, keepPreviousData: false });
