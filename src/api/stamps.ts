/** The customer's stamp cards ("buy 9, the 10th is free"), shown on Home and on the Points page. */
import useSWR from 'swr';
import type { StampCardsData } from '#contract/stamps';
import { stampsApi } from '#contract/stamps.calls';
import { fetcher, keyOf } from './client';

export const useStampCards = () => useSWR<StampCardsData>(keyOf(stampsApi.cards), fetcher);
