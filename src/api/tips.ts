/** Tips (issue 51): the owner's settings, the report per location and day, and its CSV (console only). */
import type { TipSettingsInput } from '#contract/tips';
import { tipsApi } from '#contract/tips.calls';
import { settingsApi } from '#contract/settings.calls';
import { staffApi } from '#contract/staff.calls';
import { apiUrl, callApi } from './client';
import { useCall } from './use-call';
import { useMutation } from './mutation';

/** The tip settings (owners). */
export const useTipSettings = () => useCall(tipsApi.settings);
/** Saves every setting at once: the settings, the shop's (the app's `tips`) and the activity log read again. */
export const useSaveTipSettings = () =>
  useMutation((fields: TipSettingsInput) => callApi(tipsApi.update, fields), {
    refreshes: [tipsApi.settings.path, settingsApi.mainSetting.path, staffApi.audit.path],
    wait: true,
  });
/** The tips of the shop's days `from`..`to`: read again every minute while the page is open. */
export const useTipsReport = (from: string, to: string) => useCall(tipsApi.report, { from, to }, { refreshInterval: 60_000 });
/** The report's CSV: a plain download. */
export const tipsExportUrl = (from: string, to: string) => apiUrl(tipsApi.exportTips.path, { from, to });
