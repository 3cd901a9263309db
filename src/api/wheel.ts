/**
 * The spin-and-win wheel: the customer's wheel and spins; and the owner's wheel in the merchant console
 * (its hooks are functions only, so the customer app's build, which never calls them, drops them).
 */
import useSWR from 'swr';
import { staffApi } from '#contract/staff.calls';
import type { WheelConfig, WheelConfigData, WheelEditorData } from '#contract';
import { wheelApi, wheelEditorApi } from '#contract/wheel.calls';
import { shows } from './shows';
import { callApi, fetcher, keyOf } from './client';
import { useMutation } from './mutation';

export const wheelKey = keyOf(wheelApi.config);
export const useWheel = () => useSWR<WheelConfigData>(wheelKey, fetcher);

const spinWheel = (idempotencyKey: string) => callApi(wheelApi.spin, { idempotency_key: idempotencyKey });

/**
 * One spin: it may cost points, win points or win a voucher, and it uses up a spin (the wheel's
 * counts). Refused for no spins left or a closed wheel, the wheel's counts were out of date: read again.
 */
export const useSpinWheel = () =>
  useMutation(spinWheel, {
    refreshes: [...shows.points, ...shows.vouchers],
    refusals: { NO_SPINS_LEFT: { refreshes: [wheelApi.config.path] }, CONFLICT: { refreshes: [wheelApi.config.path] } },
  });

// ---------------------------------------------------------------------------------------------
// The owner's wheel (the merchant console)
// ---------------------------------------------------------------------------------------------

export const useWheelEditor = () => useSWR<WheelEditorData>(keyOf(wheelEditorApi.editor), fetcher, { revalidateOnFocus: false });

export const usePublishWheel = () => useMutation((draft: WheelConfig) => callApi(wheelEditorApi.publish, draft), { refreshes: [wheelEditorApi.editor.path, wheelApi.config.path, staffApi.audit.path], wait: true });
