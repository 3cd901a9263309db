/** The calls of the owner's shop settings, declared once (api.ts); their schemas are in shop-settings.ts, their words in shop-settings.spec.ts. */
import { call, consoleCalls } from './api';
import type { ShopSettingsData, ShopSettingsUpdateInput } from './shop-settings';

/** console calls: the customer app's build drops them (it reads the shop's settings through settings/main-setting) */
export const shopSettingsApi = consoleCalls(() => ({
  read: call.owner.get<ShopSettingsData>('merchant/settings'),
  update: call.owner.post<ShopSettingsData, ShopSettingsUpdateInput>('merchant/settings/update'),
}));
