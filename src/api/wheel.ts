import useSWR from 'swr';
import type { SpinData, WheelConfigData } from '#contract';
import { cached, shows } from './cached';
import { apiPost, fetcher } from './client';
import { useMutation } from './mutation';

export const wheelKey = cached.wheel;
export const useWheel = () => useSWR<WheelConfigData>(wheelKey, fetcher);

const spinWheel = (idempotencyKey: string) => apiPost<SpinData>('wheel/spin', { idempotency_key: idempotencyKey });

/**
 * One spin: it may cost points, win points or win a voucher, and it uses up a spin (the wheel's
 * counts). Refused for no spins left or a closed wheel, the wheel's counts were out of date: read again.
 */
export const useSpinWheel = () =>
  useMutation(spinWheel, {
    refreshes: [...shows.points, ...shows.vouchers],
    refusals: { NO_SPINS_LEFT: { refreshes: [cached.wheel] }, CONFLICT: { refreshes: [cached.wheel] } },
  });
