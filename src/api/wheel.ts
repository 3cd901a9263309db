/**
 * The spin-and-win wheel: the customer's wheel and spins; and the owner's wheel in the merchant console
 * (its hooks are functions only, so the customer app's build, which never calls them, drops them).
 */
import type { Language } from '#contract/languages';
import { staffApi } from '#contract/staff.calls';
import type { WheelConfig } from '#contract';
import { wheelApi, wheelEditorApi } from '#contract/wheel.calls';
import { shows } from './shows';
import { callApi } from './client';
import { useCall } from './use-call';
import { useMutation } from './mutation';

export const useWheel = () => useCall(wheelApi.config);

const spinWheel = (idempotencyKey: string, lang?: Language) => callApi(wheelApi.spin, { idempotency_key: idempotencyKey, ...(lang ? { lang } : {}) });

/**
 * One spin: it may cost points, win points or win a voucher, and it uses up a spin (the wheel's
 * counts). Refused for no spins left or a closed wheel, the wheel's counts were out of date: read again. A voucher won
 * is answered in `lang` (the customer app passes useLanguage(), as for the vouchers).
 */
export const useSpinWheel = (lang?: Language) =>
  useMutation((idempotencyKey: string) => spinWheel(idempotencyKey, lang), {
    refreshes: [...shows.points, ...shows.vouchers],
    refusals: { NO_SPINS_LEFT: { refreshes: [wheelApi.config.path] }, CONFLICT: { refreshes: [wheelApi.config.path] } },
  });

// ---------------------------------------------------------------------------------------------
// The owner's wheel (the merchant console)
// ---------------------------------------------------------------------------------------------

export const useWheelEditor = () => useCall(wheelEditorApi.editor, undefined, { revalidateOnFocus: false });

export const usePublishWheel = () =>
  useMutation((draft: WheelConfig) => callApi(wheelEditorApi.publish, draft), {
    refreshes: [wheelEditorApi.editor.path, wheelApi.config.path, staffApi.audit.path],
    wait: true,
  });
