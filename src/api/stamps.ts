/** The customer's stamp cards ("buy 9, the 10th is free"), shown on Home and on the Points page. */
import { stampsApi } from '#contract/stamps.calls';
import { useCall } from './use-call';

export const useStampCards = () => useCall(stampsApi.cards);
