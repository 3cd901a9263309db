/**
 * The customer's member card: its rotating codes, the points balance and the latest counter earn,
 * asked again every few seconds while the card is open, so points given at the counter show within 5 s.
 */
import { membersApi } from '#contract/members.calls';
import { useCall } from './use-call';
import { useProfile } from './customers';
import { useRefreshWhen } from './mutation';
import { shows } from './shows';

/** while the card is open it is asked again this often */
export const MEMBER_CARD_POLL_MS = 3000;

/**
 * `open`: the card is on screen (else nothing is asked). When the card's points differ from the
 * profile's (a counter just gave some, or took them back), everything that shows points is read again:
 * the balance on Home and in the profile, the history, and the bell for the notification that came with it.
 */
export const useMemberCard = (open: boolean) => {
  const card = useCall(open ? membersApi.card : null, undefined, { refreshInterval: MEMBER_CARD_POLL_MS, revalidateOnFocus: true, keepPreviousData: false });
  const profilePoints = useProfile().data?.points;
  const points = card.data?.points;
  useRefreshWhen(points !== undefined && profilePoints !== undefined && points !== profilePoints ? `${points}` : null, shows.points);
  return card;
};
