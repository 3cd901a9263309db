import useSWR from 'swr';
import { apiPost, fetcher } from './client';
import type { SpinData, WheelConfigData } from '#contract';

export const wheelKey = 'wheel/config';
export const useWheel = () => useSWR<WheelConfigData>(wheelKey, fetcher);
export const spinWheel = (idempotencyKey: string) => apiPost<SpinData>('wheel/spin', { idempotency_key: idempotencyKey });
