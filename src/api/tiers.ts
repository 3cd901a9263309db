/** The customer's tier (issue 30): where they stand, the next tier and what every tier gives. */
import useSWR from 'swr';
import type { TierStatusData } from '#contract/tiers';
import { tiersApi } from '#contract/tiers.calls';
import { fetcher, keyOf } from './client';

export const tierStatusKey = keyOf(tiersApi.status);
export const useTierStatus = () => useSWR<TierStatusData>(tierStatusKey, fetcher);
