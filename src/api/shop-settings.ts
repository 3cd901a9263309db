/**
 * The owner's shop settings in the merchant console. A save refreshes the form, the shop's settings
 * (this tab's app preview and the console's money format read them) and the activity log.
 */
import type { ShopSettingsUpdateInput } from '#contract/shop-settings';
import { shopSettingsApi } from '#contract/shop-settings.calls';
import { settingsApi } from '#contract/settings.calls';
import { staffApi } from '#contract/staff.calls';
import { callApi, keyOf } from './client';
import { useCall } from './use-call';
import { useMutation } from './mutation';

export const useShopSettings = () => useCall(shopSettingsApi.read);

export const useUpdateShopSettings = () =>
  useMutation((changes: ShopSettingsUpdateInput) => callApi(shopSettingsApi.update, changes), {
    writes: (answer) => [{ key: keyOf(shopSettingsApi.read), data: answer }],
    refreshes: [settingsApi.mainSetting.path, staffApi.audit.path],
  });
